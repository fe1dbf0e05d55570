import A11yModel

/// WCAG 4.1.2: a control must have an accessible name.
public struct MissingLabelRule: SpecRule {
    public let id = "missing-label"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        return spec.variants.compactMap { variant in
            let a11y = spec.effectiveAccessibility(for: variant)
            guard a11y.visibleText == nil, a11y.label == nil else { return nil }
            return context.finding(["variant": variant.name, "kind": Self.spokenKind(spec.kind)],
                                   spec: spec, variant: variant)
        }
    }

    /// The component's kind as a message names it ("an unnamed switch"); a generic
    /// component is an element.
    static func spokenKind(_ kind: ComponentKind?) -> String {
        guard let kind, kind != .generic else { return "element" }
        return kind.rawValue
    }
}

/// WCAG 2.5.3: the accessible name must contain the visible text (Voice Control
/// users say what they see).
public struct LabelInNameRule: SpecRule {
    public let id = "label-in-name"
    public init() {}

    static func folded(_ s: String) -> String {
        s.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        return spec.variants.compactMap { variant in
            let a11y = spec.effectiveAccessibility(for: variant)
            guard a11y.hasLiteralLabel, let label = a11y.label, label != UsageVariantReader.dynamicValue,
                  let text = a11y.visibleText else { return nil }
            guard !Self.folded(label).contains(Self.folded(text)) else { return nil }
            return context.finding(["label": label, "text": text],
                                   spec: spec, variant: variant,
                                   measured: Measured([("label", .string(label)), ("text", .string(text))]))
        }
    }
}

/// WCAG 4.1.2: the checked state must be exposed (as a value or a toggle trait).
public struct MissingValueRule: SpecRule {
    public let id = "missing-value"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        return spec.variants.compactMap { variant in
            let a11y = spec.effectiveAccessibility(for: variant)
            guard a11y.valueExplicitlyNull, !a11y.traits.contains("toggle") else { return nil }
            return context.finding(["variant": variant.name], spec: spec, variant: variant)
        }
    }
}

/// WCAG 4.1.2: a checkbox must say what it is (button or toggle).
public struct MissingTraitRule: SpecRule {
    public let id = "missing-trait"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        return spec.variants.compactMap { variant in
            let a11y = spec.effectiveAccessibility(for: variant)
            guard a11y.traitsExplicit, !a11y.traits.contains("button"), !a11y.traits.contains("toggle") else { return nil }
            let given = a11y.traits.isEmpty ? "none" : a11y.traits.joined(separator: ", ")
            return context.finding(["variant": variant.name, "traits": given], spec: spec, variant: variant)
        }
    }
}
