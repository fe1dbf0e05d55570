import A11yModel
import A11yLayout

/// The spec rules a11ylint ships. Their metadata and examples are in `Rules/spec/`.
public enum SpecRules {
    public static let all: [any SpecRule] = [
        TextContrastRule(),
        NonTextContrastRule(),
        ForbiddenStateRule(),
        MissingLabelRule(),
        LabelInNameRule(),
        MissingValueRule(),
        MissingTraitRule(),
        ErrorWithoutMessageRule(),
        MissingGroupLabelRule(),
        LayoutFontMissingRule(),
        TouchTargetRule(),
        TextClippedRule(),
        GlyphMissingRule(),
        MissingTranslationRule(),
    ]

    /// Rules whose findings come from reading the input rather than from a check.
    public static let reportedByReader = [ModelRuleID.unknownKey, ModelRuleID.unknownKind, ModelRuleID.indexConsistency]
}

/// Runs the enabled spec rules over a spec, with each rule's catalogue entry.
public struct SpecRuleRunner: Sendable {
    private let rules: [(rule: any SpecRule, context: SpecRuleContext)]

    public init(catalogue: RuleCatalogue, options: RuleOptions, layoutEngine: LayoutEngine?,
                isEnabled: (String) -> Bool) {
        rules = SpecRules.all.compactMap { rule in
            guard isEnabled(rule.id), let description = catalogue.description(rule.id) else { return nil }
            return (rule, SpecRuleContext(options: options, description: description, layoutEngine: layoutEngine))
        }
    }

    public var ruleIDs: [String] { rules.map(\.rule.id) }

    /// The rules that check a spec of `kind` (their YAML's `kinds:`).
    public func ruleIDs(for kind: ComponentKind?) -> [String] {
        rules.filter { $0.context.description.applies(to: kind) }.map(\.rule.id)
    }

    /// Every enabled rule that applies to the spec's kind: the engine filters by kind, the
    /// rules never ask.
    public func run(_ spec: ComponentSpec) -> [Finding] {
        rules.flatMap { $0.context.description.applies(to: spec.kind) ? $0.rule.check(spec, in: $0.context) : [] }
    }
}
