import A11yModel

/// The radio: the checkbox's row with a circular ring (radius `innerSize / 2`) and, when
/// selected, a `dotSize` dot centred in the indicator.
struct RadioLayout: KindLayout {
    var kind: ComponentKind { .radio }

    func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int {
        try IndicatorRow.lineCount(spec, variant, input)
    }

    func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> ComponentLayout {
        let geometry = input.geometry
        var layout = try IndicatorRow.layout(spec, variant, input, boxRadius: geometry.innerSize / 2)
        layout.shape = .circle
        if variant.isChecked, let indicator = layout.indicator {
            let inset = (geometry.outerSize - geometry.dotSize) / 2
            layout.dot = LayoutRect(x: indicator.x + inset, y: indicator.y + inset,
                                    width: geometry.dotSize, height: geometry.dotSize)
        }
        return layout
    }

    var extraParts: [String] { ["dot"] }

    func textRole(_ variant: Variant) -> String { IndicatorRow.textRole(variant) }

    /// The ring (in the selected fill when selected) and the dot.
    func drawing(_ layout: ComponentLayout, _ variant: Variant) -> [DrawPart] {
        var parts: [DrawPart] = []
        if let box = layout.box {
            let ring = variant.isChecked ? "checkedFill" : IndicatorRow.borderRole(variant)
            parts.append(IndicatorRow.border(box, radius: layout.cornerRadius, width: layout.borderWidth, role: ring))
        }
        if let dot = layout.dot { parts.append(DrawPart(.rect(dot, cornerRadius: dot.width / 2), fill: "dot")) }
        return parts
    }
}
