import A11yModel

/// A generic component has no layout solver: its frame is the `size` the spec (or the
/// variant) declares, and it has no parts. Without a size it is 0 × 0.
struct GenericLayout: KindLayout {
    var kind: ComponentKind { .generic }

    func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> ComponentLayout {
        let size = variant.size ?? spec.size ?? ComponentSize(width: 0, height: 0)
        var layout = input.base(spec, variant, font: nil, width: size.width, height: size.height, alignment: .center, label: nil)
        layout.hitArea = input.hitArea(width: size.width, height: size.height, indicator: nil)
        return layout
    }
}
