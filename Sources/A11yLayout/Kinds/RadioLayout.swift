import A11yModel

/// The radio: the checkbox's row with a circular ring (radius `innerSize / 2`) and, when
/// selected, a `dotSize` dot centred in the indicator.
struct RadioLayout: KindLayout {
    var kind: ComponentKind { .radio }

    func layout(_ input: LayoutInput) throws(LayoutError) -> ComponentLayout {
        let geometry = input.geometry
        var layout = try IndicatorRow.layout(input, boxRadius: geometry.innerSize / 2)
        layout.shape = .circle
        layout.extraParts = ["dot"]
        if input.variant.isChecked, let indicator = layout.indicator {
            let inset = (geometry.outerSize - geometry.dotSize) / 2
            layout.dot = LayoutRect(x: indicator.x + inset, y: indicator.y + inset,
                                    width: geometry.dotSize, height: geometry.dotSize)
        }
        if let box = layout.box {
            let ring = input.variant.isChecked ? "checkedFill" : IndicatorRow.borderRole(input.variant)
            layout.drawing = [IndicatorRow.border(box, radius: layout.cornerRadius, width: layout.borderWidth, role: ring)]
        }
        if let dot = layout.dot {
            layout.drawing.append(DrawPart(.rect(dot, cornerRadius: dot.width / 2), fill: "dot"))
        }
        return layout
    }
}
