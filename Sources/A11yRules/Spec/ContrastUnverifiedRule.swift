import A11yModel

/// WCAG 1.4.3 / 1.4.11: a pair the spec's kind checks that cannot be measured because the
/// theme gives no colour for one of its roles. Said, never skipped in silence.
public struct ContrastUnverifiedRule: SpecRule {
    public let id = "contrast-unverified"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        // Counted while measuring: every check could be measured, nothing to say.
        if let tally = context.contrastTally, !tally.hasUnverified { return [] }
        var findings: [Finding] = []
        ContrastCoverage.eachCheck(spec) { variant, theme, check in
            guard let (request, missing, reason) = Self.unmeasurable(check, variant, theme) else { return }
            let background: String
            if case .role(let role) = request.background { background = role } else { background = "background" }
            let text = request.kind == .text
            let location = variant.origin == .defaults ? theme.location ?? variant.location : variant.location
            let colour = missing == "background" ? theme.background : theme.colors[missing]
            findings.append(context.finding(
                message: reason == "missing-color" ? "default" : reason,
                ["subject": request.subject, "theme": theme.name, "role": missing, "ref": colour?.reference ?? ""],
                spec: spec, variant: variant, theme: theme, location: location,
                wcag: [text ? context.options.level.textCriterion : WCAG.nonTextContrastCriterion],
                measured: Measured([("reason", .string(reason)),
                                    ("foregroundRole", .string(request.role)),
                                    ("backgroundRole", .string(background)),
                                    ("missingRole", .string(missing))])))
        }
        return findings
    }

    /// The check's first pair and the role the theme lacks, when no alternative of the check
    /// can be measured for want of a colour; nil when one can, or when the pair is not drawn
    /// (text on a variant with none; error text on a variant that shows none).
    /// The reason is `missing-color`, or why a resolved reference cannot be measured
    /// (`unknown-system-color`, `translucent-backdrop`).
    static func unmeasurable(_ check: ContrastCheck, _ variant: Variant,
                             _ theme: Theme) -> (ColorPairRequest, String, String)? {
        var first: (ColorPairRequest, String, String)?
        for request in check.alternatives {
            if request.kind == .text, variant.visibleText == nil { return nil }
            if request.role == "textError", variant.errorText == nil { return nil }
            var missing: (String, String)?
            func check(_ role: String, _ color: ThemeColor?) {
                guard missing == nil else { return }
                if let color { missing = color.unverified.map { (role, $0) } } else { missing = (role, "missing-color") }
            }
            check(request.role, theme.colors[request.role])
            if case .role(let role) = request.background { check(role, theme.colors[role]) }
            check("background", theme.background)
            guard let missing else { return nil }
            if first == nil { first = (request, missing.0, missing.1) }
        }
        return first
    }
}

/// How many of the contrast checks a spec's kind needs were measured, and how many could
/// not be and why: the pairs of the report's `coverage` entry. A check counts once however
/// many alternatives it has (a button's fill or border), per enabled variant and theme, as
/// `ContrastMeasurements.measure` measures them; a pair that is not drawn (text on a
/// variant with none) is not counted.
public struct ContrastCoverage: Sendable, Hashable {
    public var checked = 0
    /// Unmeasurable checks by reason (`missing-color`, `unknown-system-color`, `translucent-backdrop`).
    public var unverified: [String: Int] = [:]

    public init() {}

    /// The checks of `spec` whose kind (text or non-text, as the first alternative's) is
    /// counted (`text`, `nonText`): those of the contrast rules that run.
    /// (`ContrastMeasurements.measure` counts the same in its own pass, `ContrastTally`, when
    /// it measures the spec anyway.)
    public init(_ spec: ComponentSpec, text: Bool, nonText: Bool) {
        var tally = ContrastTally()
        ContrastCoverage.eachCheck(spec) { variant, theme, check in
            tally.add(check, variant, theme,
                      measurable: check.alternatives.contains(where: { Self.isMeasurable($0, variant, theme) }))
        }
        self = tally.coverage(text: text, nonText: nonText)
    }

    public var unverifiedCount: Int { unverified.values.reduce(0, +) }

    /// Every check the kind makes: enabled variants only, in every theme they use (as
    /// `ContrastMeasurements.measure`).
    static func eachCheck(_ spec: ComponentSpec, _ body: (Variant, Theme, ContrastCheck) -> Void) {
        guard let definition = spec.definition else { return }
        for variant in spec.variants where variant.isEnabled {
            for theme in spec.themes(for: variant) {
                for check in definition.contrastChecks(for: variant, in: theme, spec: spec) { body(variant, theme, check) }
            }
        }
    }

    /// The pair is drawn and the theme has both its colours.
    static func isMeasurable(_ request: ColorPairRequest, _ variant: Variant, _ theme: Theme) -> Bool {
        if request.kind == .text, variant.visibleText == nil { return false }
        if theme.colors[request.role]?.unverified != nil || theme.colors[request.role] == nil { return false }
        if case .role(let role) = request.background, theme.colors[role] == nil || theme.colors[role]?.unverified != nil {
            return false
        }
        return theme.background.unverified == nil
    }
}

/// The contrast checks of a spec counted by kind (text or non-text, as the first
/// alternative's) while they are walked: measured, or unmeasurable and why.
/// `coverage(text:nonText:)` keeps the kinds whose rules run. (Two fields per count rather
/// than tables keyed by the kind: a table keyed by a type of ours costs a search of the
/// binary's conformance records at its first use, on the one-spec path.)
public struct ContrastTally: Sendable {
    private var checkedText = 0
    private var checkedNonText = 0
    /// Unmeasurable checks by reason, text and non-text.
    private var unverifiedText: [String: Int] = [:]
    private var unverifiedNonText: [String: Int] = [:]

    public init() {}

    /// One check of `variant` in `theme`; `measurable`: one of its alternatives can be measured
    /// (then none lacks a colour: `unmeasurable` is nil, and is not asked).
    mutating func add(_ check: ContrastCheck, _ variant: Variant, _ theme: Theme, measurable: Bool) {
        guard let kind = check.alternatives.first?.kind else { return }
        if measurable {
            if kind == .text { checkedText += 1 } else { checkedNonText += 1 }
        } else if let (_, _, reason) = ContrastUnverifiedRule.unmeasurable(check, variant, theme) {
            if kind == .text { unverifiedText[reason, default: 0] += 1 } else { unverifiedNonText[reason, default: 0] += 1 }
        }
    }

    /// Whether any check was unmeasurable (of any kind).
    public var hasUnverified: Bool { !unverifiedText.isEmpty || !unverifiedNonText.isEmpty }

    /// The counts of the text checks (`text`) and the non-text ones (`nonText`), added up.
    public func coverage(text: Bool, nonText: Bool) -> ContrastCoverage {
        var result = ContrastCoverage()
        if text {
            result.checked += checkedText
            result.unverified = unverifiedText
        }
        if nonText {
            result.checked += checkedNonText
            for (reason, count) in unverifiedNonText { result.unverified[reason, default: 0] += count }
        }
        return result
    }
}
