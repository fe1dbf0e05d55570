import A11yModel

/// A spec with an `a11y` object that gives the rules nothing to check: said, so that it
/// does not pass in silence.
public struct SpecChecksNothingRule: SpecRule {
    public let id = "spec-checks-nothing"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        guard spec.hasA11yBlock, let reason = Self.reason(spec) else { return [] }
        return [context.finding(message: reason.message, ["component": spec.name], spec: spec, variant: nil,
                                measured: Measured([("reason", .string(reason.id))]))]
    }

    /// Why nothing can be checked (`measured.reason`, and the rule's message key), nil
    /// when something can.
    static func reason(_ spec: ComponentSpec) -> (id: String, message: String)? {
        if spec.variants.isEmpty { return ("no-variants", "noVariants") }
        if spec.variants.allSatisfy({ spec.themes(for: $0).isEmpty }) { return ("no-themes", "noThemes") }
        return nil
    }
}
