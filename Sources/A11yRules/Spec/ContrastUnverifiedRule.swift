import A11yModel

/// WCAG 1.4.3 / 1.4.11: a pair the spec's kind checks that cannot be measured because the
/// theme gives no colour for one of its roles. Said, never skipped in silence.
public struct ContrastUnverifiedRule: SpecRule {
    public let id = "contrast-unverified"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        guard let definition = spec.definition else { return [] }
        var findings: [Finding] = []
        // As `ContrastMeasurements.measure`: enabled variants only, every theme they use.
        for variant in spec.variants where variant.isEnabled {
            for theme in spec.themes(for: variant) {
                for check in definition.contrastChecks(for: variant, in: theme, spec: spec) {
                    guard let (request, missing) = Self.unmeasurable(check, variant, theme) else { continue }
                    let background: String
                    if case .role(let role) = request.background { background = role } else { background = "background" }
                    let text = request.kind == .text
                    let location = variant.origin == .defaults ? theme.location ?? variant.location : variant.location
                    findings.append(context.finding(
                        ["subject": request.subject, "theme": theme.name, "role": missing],
                        spec: spec, variant: variant, theme: theme, location: location,
                        wcag: [text ? context.options.level.textCriterion : WCAG.nonTextContrastCriterion],
                        measured: Measured([("reason", .string("missing-color")),
                                            ("foregroundRole", .string(request.role)),
                                            ("backgroundRole", .string(background)),
                                            ("missingRole", .string(missing))])))
                }
            }
        }
        return findings
    }

    /// The check's first pair and the role the theme lacks, when no alternative of the check
    /// can be measured for want of a colour; nil when one can, or when the pair is not drawn
    /// (text on a variant with none; error text on a variant that shows none).
    static func unmeasurable(_ check: ContrastCheck, _ variant: Variant, _ theme: Theme) -> (ColorPairRequest, String)? {
        var first: (ColorPairRequest, String)?
        for request in check.alternatives {
            if request.kind == .text, variant.visibleText == nil { return nil }
            if request.role == "textError", variant.errorText == nil { return nil }
            var missing: String?
            if theme.colors[request.role] == nil { missing = request.role }
            if missing == nil, case .role(let role) = request.background, theme.colors[role] == nil { missing = role }
            guard let missing else { return nil }
            if first == nil { first = (request, missing) }
        }
        return first
    }
}
