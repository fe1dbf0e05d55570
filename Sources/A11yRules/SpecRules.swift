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
    /// Which rules check a spec of each registered kind, and of none: worked out once, as
    /// every spec asks (a kind's rules were filtered by hashing its name for each rule).
    /// A `HashKeyedTable`: a dictionary keyed by `ComponentKind` would search the binary's
    /// conformance records when it is made, on the one-spec path.
    private let byKind: HashKeyedTable<ComponentKind, KindRules>
    private let noKind: KindRules
    /// The place in `rules` of `contrast-unverified` (which takes the run's tally), if enabled.
    private let unverifiedIndex: Int?

    /// The rules that check one kind of spec.
    struct KindRules: Sendable {
        /// Their places in `rules`, in order.
        var indices: [Int] = []
        /// Their ids, in the same order.
        var ids: [String] = []
        /// Whether one of them reads the contrast measurements.
        var readsContrast = false
    }

    public init(catalogue: RuleCatalogue, options: RuleOptions, layoutEngine: LayoutEngine?,
                isEnabled: (String) -> Bool) {
        self.options = options
        let rules: [(rule: any SpecRule, context: SpecRuleContext)] = SpecRules.all.compactMap { rule in
            guard isEnabled(rule.id), let description = catalogue.description(rule.id) else { return nil }
            guard rule.readsSourceRule else {
                return (rule, SpecRuleContext(options: options, description: description, layoutEngine: layoutEngine))
            }
            let id = rule.id
            return (rule, SpecRuleContext(options: options, description: description, layoutEngine: layoutEngine,
                                          sourceRule: { try? catalogue.sourceRule(id) }))
        }
        self.rules = rules
        unverifiedIndex = rules.firstIndex { $0.rule is ContrastUnverifiedRule }
        var byKind = HashKeyedTable<ComponentKind, KindRules>()
        for kind in ComponentKind.allCases { byKind.set(Self.kindRules(rules, kind), for: kind) }
        self.byKind = byKind
        noKind = Self.kindRules(rules, nil)
    }

    private static func kindRules(_ rules: [(rule: any SpecRule, context: SpecRuleContext)],
                                  _ kind: ComponentKind?) -> KindRules {
        var result = KindRules()
        for (index, entry) in rules.enumerated() where entry.context.description.applies(to: kind) {
            result.indices.append(index)
            result.ids.append(entry.rule.id)
            result.readsContrast = result.readsContrast || entry.rule.readsContrast
        }
        return result
    }

    /// The rules of `kind` (a kind the table lacks, not registered, is worked out now).
    private func kindRules(_ kind: ComponentKind?) -> KindRules {
        guard let kind else { return noKind }
        return byKind[kind] ?? Self.kindRules(rules, kind)
    }

    public var ruleIDs: [String] { rules.map(\.rule.id) }

    /// The rules that check a spec of `kind` (their YAML's `kinds:`).
    public func ruleIDs(for kind: ComponentKind?) -> [String] {
        kindRules(kind).ids
    }

    /// Every enabled rule that applies to the spec's kind: the engine filters by kind, the
    /// rules never ask. `contrast`: the spec's pairs as `ContrastMeasurements.measure`
    /// gives them, measured once by the caller (nil: measured here, once, when a rule
    /// that reads them runs); `tally`: the checks counted while measuring them, on this spec.
    public func run(_ spec: ComponentSpec, contrast given: [ContrastMeasurement]? = nil,
                    tally: ContrastTally? = nil) -> [Finding] {
        var contrast = given
        // Every rule appends to this one array (`SpecRule.check(_:in:into:)`).
        var findings: [Finding] = []
        // Each rule and its context are used where they lie in `rules`: copying an entry
        // retains and releases every field of its context, for every rule on every spec.
        rules.withUnsafeBufferPointer { rules in
            for index in kindRules(spec.kind).indices {
                if let tally, index == unverifiedIndex {
                    var context = rules[index].context
                    context.contrastTally = tally
                    rules[index].rule.check(spec, in: context, into: &findings)
                } else if rules[index].rule.readsContrast {
                    if contrast == nil { contrast = ContrastMeasurements.measure(spec, options: options) }
                    var context = rules[index].context
                    context.contrast = contrast
                    rules[index].rule.check(spec, in: context, into: &findings)
                } else {
                    rules[index].rule.check(spec, in: rules[index].context, into: &findings)
                }
            }
        }
        return findings
    }

    /// Whether a rule that reads contrast measurements runs on a spec of `kind`.
    public func readsContrast(_ kind: ComponentKind?) -> Bool {
        kindRules(kind).readsContrast
    }
}
