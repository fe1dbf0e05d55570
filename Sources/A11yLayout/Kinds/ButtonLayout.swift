import A11yModel

/// The button (docs/spec-format.md: component kinds): an optional icon (`iconSize`, `gap` before the
/// text) and the label, centred horizontally and vertically in a container padded by
/// `paddingHorizontal` / `paddingVertical`, at least `minHeight` tall, as wide as its
/// content (`hug`, at most `width`) or as `width` (`fill`). `reversed` puts the icon after
/// the text; RTL mirrors. The button's indicator is its container.
struct ButtonLayout: KindLayout {
    var kind: ComponentKind { .button }

    /// The icon and the gap after it (none without an icon).
    static func iconSpace(_ geometry: Geometry) -> Double {
        geometry.iconSize > 0 ? geometry.iconSize + geometry.gap : 0
    }

    /// The width the label may take: the button's, less its padding and the icon's space.
    static func labelWidth(_ variant: Variant, _ geometry: Geometry) -> Double {
        max(0, variant.width - 2 * geometry.paddingHorizontal - iconSpace(geometry))
    }

    func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int {
        input.lineCount(font: try input.font(spec), available: Self.labelWidth(variant, input.geometry))
    }

    func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> ComponentLayout {
        let geometry = input.geometry
        let font = try input.font(spec)
        let hasIcon = geometry.iconSize > 0
        let iconSpace = Self.iconSpace(geometry)
        let text = input.label(font: font, available: Self.labelWidth(variant, geometry))
        let contentWidth: Double
        if let text {
            contentWidth = iconSpace + text.width
        } else {
            contentWidth = hasIcon ? geometry.iconSize : 0
        }
        let contentHeight = max(text?.height ?? 0, geometry.iconSize)
        let height = max(geometry.minHeight, contentHeight + 2 * geometry.paddingVertical)
        let width = geometry.sizing == .fill ? variant.width
            : min(contentWidth + 2 * geometry.paddingHorizontal, variant.width)
        let contentX = (width - contentWidth) / 2
        let reversed = variant.layout == .reversed
        var icon: LayoutRect?
        var label: LabelLayout?
        if hasIcon {
            let x = reversed && text != nil ? contentX + contentWidth - geometry.iconSize : contentX
            icon = LayoutRect(x: x, y: (height - geometry.iconSize) / 2, width: geometry.iconSize,
                              height: geometry.iconSize)
        }
        if let text {
            let x = reversed ? contentX : contentX + iconSpace
            label = LabelLayout(frame: LayoutRect(x: x, y: (height - text.height) / 2, width: text.width,
                                                  height: text.height), lines: text.lines)
        }
        if variant.direction == .rtl {
            icon = icon?.mirrored(in: width)
            if let frame = label?.frame { label?.frame = frame.mirrored(in: width) }
        }
        let container = LayoutRect(x: 0, y: 0, width: width, height: height)
        var layout = input.base(spec, variant, font: font, width: width, height: height, alignment: .center, label: label)
        layout.indicator = container
        layout.icon = icon
        layout.cornerRadius = geometry.cornerRadius
        layout.borderWidth = geometry.borderWidth
        layout.hitArea = input.hitArea(width: width, height: height, indicator: container)
        return layout
    }

    var extraParts: [String] { ["icon"] }

    func textRole(_ variant: Variant) -> String { variant.isEnabled ? "text" : "textDisabled" }

    /// The container (fill, and border when it has a width) and the icon's square.
    func drawing(_ layout: ComponentLayout, _ variant: Variant) -> [DrawPart] {
        guard let container = layout.indicator else { return [] }
        var parts = [DrawPart(.rect(container, cornerRadius: layout.cornerRadius),
                              fill: variant.isEnabled ? "fill" : "fillDisabled",
                              stroke: layout.borderWidth > 0 ? "border" : nil, strokeWidth: layout.borderWidth)]
        if let icon = layout.icon {
            parts.append(DrawPart(.rect(icon, cornerRadius: 2), fill: variant.isEnabled ? "text" : "textDisabled"))
        }
        return parts
    }
}
