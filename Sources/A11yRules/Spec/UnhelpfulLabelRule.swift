import A11yModel
import A11yPattern

/// WCAG 2.4.6 / 4.1.2: a spec's literal accessibility label that does not help a VoiceOver
/// user: empty, ending with a role word VoiceOver already says, or an identifier. The Swift
/// half of the rule is data (`Rules/source/unhelpful-label.yml`, whose `reasons:` read the
/// same three shapes from string literals).
public struct UnhelpfulLabelRule: SpecRule {
    public let id = "unhelpful-label"
    public init() {}

    /// The shapes in the order the Swift rule tries them (a spec has no element type, so
    /// only the role words of every element count).
    static let shapes: [(reason: String, pattern: Pattern)] = [
        ("empty", #"^[\s[:punct:]]*$"#),
        ("role-word", #"(?i)(?:^|[\s[:punct:]])(?:button|check\s?box|radio\s+button|toggle|switch)[\s.!]*$"#),
        ("identifier", #"^(?:[a-z][a-z0-9]*+(?:\.[a-z0-9]+)*\.(?:fill|circle|square|slash|rectangle|badge|left|right|up|"#
            + #"down|forward|backward|horizontal|vertical|inverse|plus|minus|xmark|checkmark|ellipsis|bubble|portrait|"#
            + #"landscape|rtl|ltr|\d+)|[A-Za-z0-9]++(?:_[A-Za-z0-9]++)++|"#
            + #"[a-z]{2,}[a-z0-9]*+(?:[A-Z][a-z0-9]++)++|(?:[A-Z][a-z0-9]+)+"#
            + #"(?:Button|View|Field|Container|Icon|Image|Cell|Label|Toggle|Switch|Controller))$"#),
    ].map { ($0.0, try! Pattern($0.1)) }

    /// Why `label` does not help, nil when it is fine.
    static func reason(for label: String) -> String? {
        shapes.first { (try? $0.pattern.isMatch(label)) == true }?.reason
    }

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        spec.variants.compactMap { variant in
            let a11y = spec.effectiveAccessibility(for: variant)
            guard let label = a11y.labelSource, label != "text", label != UsageVariantReader.dynamicValue,
                  let reason = Self.reason(for: label) else { return nil }
            return context.finding(message: reason, ["label": label], spec: spec, variant: variant,
                                   measured: Measured([("reason", .string(reason)), ("label", .string(label))]))
        }
    }
}
