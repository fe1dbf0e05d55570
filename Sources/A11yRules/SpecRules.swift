import A11yModel
import A11yLayout

/// The spec rules a11ylint ships. Their metadata and examples are in `Rules/spec/`.
public enum SpecRules {
    public static let all: [any SpecRule] = [
        TextContrastRule(),
        NonTextContrastRule(),
        ContrastUnverifiedRule(),
        ForbiddenStateRule(),
        MissingLabelRule(),
        LabelInNameRule(),
        UnhelpfulLabelRule(),
        MissingValueRule(),
        MissingTraitRule(),
        ErrorWithoutMessageRule(),
        MissingGroupLabelRule(),
        LayoutFontMissingRule(),
        TouchTargetRule(),
        TextClippedRule(),
        GlyphMissingRule(),
        MissingTranslationRule(),
        SpecChecksNothingRule(),
    ]

    /// Rules whose findings come from reading the input rather than from a check.
    public static let reportedByReader = [ModelRuleID.unknownKey, ModelRuleID.unknownKind, ModelRuleID.duplicateKey,
                                           ModelRuleID.indexConsistency]
}

/// Runs the enabled spec rules over a spec, with each rule's catalogue entry.
public struct SpecRuleRunner: Sendable {
    private let rules: [(rule: any SpecRule, context: SpecRuleContext)]
    public let options: RuleOptions

    public init(catalogue: RuleCatalogue, options: RuleOptions, layoutEngine: LayoutEngine?,
                isEnabled: (String) -> Bool) {
        self.options = options
        rules = SpecRules.all.compactMap { rule in
            guard isEnabled(rule.id), let description = catalogue.description(rule.id) else { return nil }
            var context = SpecRuleContext(options: options, description: description, layoutEngine: layoutEngine)
            if rule.readsSourceRule { context.sourceRule = try? catalogue.sourceRule(rule.id) }
            return (rule, context)
        }
    }

    public var ruleIDs: [String] { rules.map(\.rule.id) }

    /// The rules that check a spec of `kind` (their YAML's `kinds:`).
    public func ruleIDs(for kind: ComponentKind?) -> [String] {
        rules.filter { $0.context.description.applies(to: kind) }.map(\.rule.id)
    }

    /// Every enabled rule that applies to the spec's kind: the engine filters by kind, the
    /// rules never ask. `contrast`: the spec's pairs as `ContrastMeasurements.measure`
    /// gives them, measured once by the caller (nil: measured here, once, when a rule
    /// that reads them runs); `tally`: the checks counted while measuring them, on this spec.
    public func run(_ spec: ComponentSpec, contrast given: [ContrastMeasurement]? = nil,
                    tally: ContrastTally? = nil) -> [Finding] {
        var contrast = given
        return rules.flatMap { entry -> [Finding] in
            guard entry.context.description.applies(to: spec.kind) else { return [] }
            if let tally, entry.rule is ContrastUnverifiedRule {
                var context = entry.context
                context.contrastTally = tally
                return entry.rule.check(spec, in: context)
            }
            guard entry.rule.readsContrast else { return entry.rule.check(spec, in: entry.context) }
            if contrast == nil { contrast = ContrastMeasurements.measure(spec, options: options) }
            var context = entry.context
            context.contrast = contrast
            return entry.rule.check(spec, in: context)
        }
    }

    /// Whether a rule that reads contrast measurements runs on a spec of `kind`.
    public func readsContrast(_ kind: ComponentKind?) -> Bool {
        rules.contains { $0.rule.readsContrast && $0.context.description.applies(to: kind) }
    }
}
