/// The checkbox (docs/spec-format.md: the a11y object, variants from usage, layout): a
/// square or circular indicator with a checkmark, leading its label.
public struct CheckboxKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .checkbox }
    public var inferenceWords: [String] { ["checkbox"] }
    public var geometryKeys: [String] { ["outerSize", "innerSize", "borderWidth", "cornerRadius", "gap", "hitArea"] }
    public var defaultGeometry: Geometry { Geometry() }
    public var variantKeys: [String] {
        ["name", "text", "textKey", "lang", "shape", "isChecked", "isEnabled", "isError", "errorText", "isReadOnly", "layout",
         "layoutDirection", "width", "contentSize", "themes", "accessibility"]
    }
    public var colorRoles: [String]? {
        ["borderEnabled", "borderDisabled", "checkedFill", "checkmark", "textEnabled", "textDisabled", "borderError",
         "textError"]
    }
    public var usesDefaultColorScheme: Bool { true }
    public var allowsIndeterminate: Bool { true }
    public var shapes: [CheckboxShape] { CheckboxShape.allCases }
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: "state", traits: ["button"])
    }
    public var forbiddenStates: [[StateFlag]] { [[.error, .readOnly], [.error, .disabled], [.readOnly, .disabled]] }

    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        var checks = IndicatorContrast.text(variant)
        if variant.isChecked {
            checks.append(ContrastCheck(.init(.nonText, role: "checkedFill", subject: "Checked indicator fill")))
            let mark = variant.checkState == .indeterminate ? "Indeterminate dash" : "Checkmark"
            checks.append(ContrastCheck(.init(.nonText, role: "checkmark", subject: mark, on: .role("checkedFill"))))
        } else if !variant.isError {
            checks.append(ContrastCheck(.init(.nonText, role: "borderEnabled", subject: "Unchecked indicator border")))
        }
        checks += IndicatorContrast.errorBorder(variant, theme: theme)
        return checks
    }
}

/// What the checkbox and the radio share: label and error text, and the error border.
enum IndicatorContrast {
    static func text(_ variant: Variant) -> [ContrastCheck] {
        var checks = [ContrastCheck(.init(.text, role: "textEnabled", subject: "Label text"))]
        if variant.isError { checks.append(ContrastCheck(.init(.text, role: "textError", subject: "Error text"))) }
        return checks
    }

    /// In error, the border drawn in `borderError` (or, without it, the unchecked
    /// `borderEnabled`) against the background.
    static func errorBorder(_ variant: Variant, theme: Theme) -> [ContrastCheck] {
        guard variant.isError else { return [] }
        let role = theme.colors["borderError"] != nil ? "borderError" : "borderEnabled"
        guard role == "borderError" || !variant.isChecked else { return [] }
        return [ContrastCheck(.init(.nonText, role: role, subject: "Error indicator border"))]
    }
}
