/// A radio button (spec-format.md section 5): the checkbox's geometry with a circular
/// ring and a centred dot when selected; its variants form one group with a label.
public struct RadioKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .radio }
    public var inferenceWords: [String] { ["radio"] }
    public var geometryKeys: [String] { ["outerSize", "innerSize", "borderWidth", "gap", "dotSize", "hitArea"] }
    public var defaultGeometry: Geometry { Geometry() }
    public var blockKeys: [String] { ["group"] }
    public var variantKeys: [String] {
        ["name", "text", "textKey", "lang", "isChecked", "isEnabled", "isError", "errorText", "isReadOnly", "layout", "layoutDirection",
         "width", "contentSize", "themes", "accessibility"]
    }
    public var colorRoles: [String]? {
        ["borderEnabled", "borderDisabled", "checkedFill", "dot", "textEnabled", "textDisabled", "borderError", "textError"]
    }
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: "state", traits: ["button"])
    }
    public var forbiddenStates: [[StateFlag]] { [[.error, .readOnly], [.error, .disabled], [.readOnly, .disabled]] }

    /// Selected: the ring (`checkedFill`) and the dot (`dot`, default `checkedFill`) against
    /// the background; unselected: the ring (`borderEnabled`); in error, the error border.
    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        var checks = IndicatorContrast.text(variant)
        if variant.isChecked {
            checks.append(ContrastCheck(.init(.nonText, role: "checkedFill", subject: "Selected ring")))
            let dot = theme.colors["dot"] != nil ? "dot" : "checkedFill"
            checks.append(ContrastCheck(.init(.nonText, role: dot, subject: "Selected dot")))
        } else if !variant.isError {
            checks.append(ContrastCheck(.init(.nonText, role: "borderEnabled", subject: "Unselected ring")))
        }
        checks += IndicatorContrast.errorBorder(variant, theme: theme)
        return checks
    }
}
