import A11yModel

/// The switch (docs/spec-format.md: component kinds). Default: the label leads and fills the row,
/// the track sits at its trailing edge (component width = `width`); reversed: the track
/// leads and the label hugs its text after it. Track and label are centred vertically
/// in every case; the thumb is inset `(trackHeight − thumbSize) / 2`, at the trailing end
/// when on. RTL mirrors everything. The switch's indicator is its track.
struct SwitchLayout: KindLayout {
    var kind: ComponentKind { .switch }

    /// The width the label may take: the row's, less the track and the gap.
    static func labelWidth(_ variant: Variant, _ geometry: Geometry) -> Double {
        max(0, variant.width - geometry.trackWidth - geometry.gap)
    }

    func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int {
        input.lineCount(font: try input.font(spec), available: Self.labelWidth(variant, input.geometry))
    }

    func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> ComponentLayout {
        let geometry = input.geometry
        let font = try input.font(spec)
        let reversed = variant.layout == .reversed
        let available = Self.labelWidth(variant, geometry)
        let text = input.label(font: font, available: available)
        let width: Double
        if reversed {
            width = geometry.trackWidth + (text.map { geometry.gap + $0.width } ?? 0)
        } else {
            width = variant.width
        }
        let height = max(geometry.trackHeight, text?.height ?? 0)
        var track = LayoutRect(x: reversed ? 0 : width - geometry.trackWidth, y: (height - geometry.trackHeight) / 2,
                               width: geometry.trackWidth, height: geometry.trackHeight)
        let inset = (geometry.trackHeight - geometry.thumbSize) / 2
        let thumbX = variant.isChecked ? track.maxX - inset - geometry.thumbSize : track.x + inset
        var thumb = LayoutRect(x: thumbX, y: track.y + inset, width: geometry.thumbSize, height: geometry.thumbSize)
        var label: LabelLayout?
        if let text {
            var frame = LayoutRect(x: reversed ? geometry.trackWidth + geometry.gap : 0, y: (height - text.height) / 2,
                                   width: text.width, height: text.height)
            if variant.direction == .rtl { frame = frame.mirrored(in: width) }
            label = LabelLayout(frame: frame, lines: text.lines)
        }
        if variant.direction == .rtl {
            track = track.mirrored(in: width)
            thumb = thumb.mirrored(in: width)
        }
        var layout = input.base(spec, variant, font: font, width: width, height: height, alignment: .center, label: label)
        layout.indicator = track
        layout.track = track
        layout.thumb = thumb
        layout.cornerRadius = geometry.trackHeight / 2
        layout.hitArea = input.hitArea(width: width, height: height, indicator: track)
        return layout
    }

    var extraParts: [String] { ["track", "thumb"] }

    /// The track (outlined in `borderOff` when off and the theme has one) and the thumb.
    func drawing(_ layout: ComponentLayout, _ variant: Variant) -> [DrawPart] {
        guard let track = layout.track, let thumb = layout.thumb else { return [] }
        return [DrawPart(.rect(track, cornerRadius: track.height / 2), fill: variant.isChecked ? "trackOn" : "trackOff",
                         stroke: variant.isChecked ? nil : "borderOff", strokeWidth: variant.isChecked ? 0 : 1),
                DrawPart(.rect(thumb, cornerRadius: thumb.height / 2), fill: "thumb")]
    }
}
