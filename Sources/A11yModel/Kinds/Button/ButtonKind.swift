/// A text or icon button (docs/spec-format.md: component kinds): content centred in a padded,
/// rounded container at least `minHeight` tall.
public struct ButtonKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .button }
    public var inferenceWords: [String] { ["button"] }
    public var geometryKeys: [String] {
        ["paddingHorizontal", "paddingVertical", "minHeight", "cornerRadius", "borderWidth", "iconSize", "gap", "sizing",
         "hitArea"]
    }
    public var defaultGeometry: Geometry {
        var geometry = Geometry()
        geometry.cornerRadius = 8
        geometry.borderWidth = 0
        return geometry
    }
    public var variantKeys: [String] {
        ["name", "text", "textKey", "lang", "isEnabled", "layout", "layoutDirection", "width", "contentSize", "themes", "accessibility"]
    }
    public var hasState: Bool { false }
    public var colorRoles: [String]? { ["fill", "text", "border", "fillDisabled", "textDisabled"] }
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: nil, traits: ["button"])
    }

    /// Text on the fill (or on the background without one); the fill against the
    /// background, or else the border: one of them must reach 3:1. A plain text button
    /// (neither) has no non-text check.
    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        let hasFill = theme.colors["fill"] != nil
        var checks = [ContrastCheck(.init(.text, role: "text", subject: "Label text",
                                          on: hasFill ? .role("fill") : .theme))]
        var boundary: [ColorPairRequest] = []
        if hasFill { boundary.append(.init(.nonText, role: "fill", subject: "Button fill")) }
        if theme.colors["border"] != nil {
            boundary.append(.init(.nonText, role: "border", subject: "Button border"))
        }
        if !boundary.isEmpty { checks.append(ContrastCheck(boundary)) }
        return checks
    }
}
