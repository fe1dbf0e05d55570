import A11yModel

/// The checkbox: the indicator row with a square (corner radius `cornerRadius`) or
/// circular (radius `innerSize / 2`) box.
struct CheckboxLayout: KindLayout {
    var kind: ComponentKind { .checkbox }

    func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int {
        try IndicatorRow.lineCount(spec, variant, input)
    }

    func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> ComponentLayout {
        let geometry = input.geometry
        let radius = variant.shape == .circle ? geometry.innerSize / 2 : geometry.cornerRadius
        var layout = try IndicatorRow.layout(spec, variant, input, boxRadius: radius)
        layout.shape = variant.shape
        return layout
    }

    func textRole(_ variant: Variant) -> String { IndicatorRow.textRole(variant) }

    /// Unchecked: the box's border; checked: the filled box with a tick (a dash when
    /// indeterminate) in the checkmark colour.
    func drawing(_ layout: ComponentLayout, _ variant: Variant) -> [DrawPart] {
        guard let box = layout.box else { return [] }
        guard variant.isChecked else {
            return [IndicatorRow.border(box, radius: layout.cornerRadius, width: layout.borderWidth,
                                        role: IndicatorRow.borderRole(variant))]
        }
        let mark: [(Double, Double)] = variant.checkState == .indeterminate
            ? [(0.25, 0.5), (0.75, 0.5)] : [(0.24, 0.52), (0.42, 0.70), (0.76, 0.32)]
        let points = mark.flatMap { [box.x + box.width * $0.0, box.y + box.height * $0.1] }
        return [DrawPart(.rect(box, cornerRadius: layout.cornerRadius), fill: "checkedFill"),
                DrawPart(.polyline(points), stroke: "checkmark", strokeWidth: max(1.5, layout.borderWidth))]
    }
}
