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
    /// A blue button with white text.
    public var drawingColors: [String: RGBA] {
        ["fill": RGBA(red: 26 / 255, green: 115 / 255, blue: 232 / 255, alpha: 1), "text": .white,
         "fillDisabled": RGBA(red: 0, green: 0, blue: 0, alpha: 0.12)]
    }
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: nil, traits: ["button"])
    }

    /// Whether the theme has a fill and a border: every variant the same.
    public var contrastChecksRead: ContrastChecksInputs { .theme }

    /// Text on the fill (or on the background without one); the fill against the
    /// background, or else the border: one of them must reach 3:1. A plain text button
    /// (neither) has no non-text check.
    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        switch (theme.colors["fill"] != nil, theme.colors["border"] != nil) {
        case (true, true): Self.filledAndBordered
        case (true, false): Self.filled
        case (false, true): Self.bordered
        case (false, false): Self.plain
        }
    }

    // The checks of each combination, made once: the kinds are asked for every variant in
    // every theme.
    private static let textOnFill = ContrastCheck(.init(.text, role: "text", subject: "Label text", on: .role("fill")))
    private static let textOnBackground = ContrastCheck(.init(.text, role: "text", subject: "Label text", on: .theme))
    private static let fill = ColorPairRequest(.nonText, role: "fill", subject: "Button fill")
    private static let border = ColorPairRequest(.nonText, role: "border", subject: "Button border")
    private static let filledAndBordered = [textOnFill, ContrastCheck([fill, border])]
    private static let filled = [textOnFill, ContrastCheck(fill)]
    private static let bordered = [textOnBackground, ContrastCheck(border)]
    private static let plain = [textOnBackground]
}

extension ComponentKind {
    public static let button = ComponentKind(named: "button")
}
