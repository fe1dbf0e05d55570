import A11yModel
import A11yPattern

/// WCAG 2.4.6 / 4.1.2: a spec's literal accessibility label that does not help a VoiceOver
/// user: empty, ending with a role word VoiceOver already says, or an identifier. The shapes
/// are data: the `reasons:` of `Rules/source/unhelpful-label.yml`, whose `literal` tests the
/// Swift half reads from string literals; a spec has no element type, so only the tests that
/// need none (the role words of every element) can hold.
public struct UnhelpfulLabelRule: SpecRule {
    public let id = "unhelpful-label"
    /// Its data is the `reasons` of the source rule of the same id.
    public var readsSourceRule: Bool { true }
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        // The source rule is asked for only for a written label: compiling it (15 patterns) is
        // then left out of runs whose labels are all the text.
        spec.variants.compactMap { variant in
            let a11y = spec.effectiveAccessibility(for: variant)
            guard let label = a11y.labelSource, label != "text", label != UsageVariantReader.dynamicValue,
                  let reason = context.sourceRule?.reason(forLiteral: label) else { return nil }
            return context.finding(message: reason, ["label": label], spec: spec, variant: variant,
                                   measured: Measured([("reason", .string(reason)), ("label", .string(label))]))
        }
    }
}

