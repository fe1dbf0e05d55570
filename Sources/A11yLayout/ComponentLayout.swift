import A11yJSON
import A11yModel

/// A rectangle in points, origin at the component's top-left corner.
public struct LayoutRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// This rectangle mirrored inside a container `containerWidth` wide (RTL).
    public func mirrored(in containerWidth: Double) -> LayoutRect {
        LayoutRect(x: containerWidth - x - width, y: y, width: width, height: height)
    }

    public var json: JSONOutput {
        .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
    }
}

/// How the indicator and label sit vertically.
public enum LabelAlignment: String, Sendable, Hashable {
    /// One line of text (or none): both centered vertically.
    case center
    /// Several lines: both top-aligned.
    case top
}

/// The label's frame and lines.
public struct LabelLayout: Sendable, Hashable {
    public var frame: LayoutRect
    public var lines: [LabelLine]
    public init(frame: LayoutRect, lines: [LabelLine]) {
        self.frame = frame
        self.lines = lines
    }

    public var lineCount: Int { lines.count }
    public var lineWidths: [Double] { lines.map(\.width) }
    public var lineTexts: [String] { lines.map(\.text) }
}

/// The computed geometry of one variant (docs/spec-format.md: layout, component kinds), in points.
/// Every kind has the contract's parts (`indicator`, `box`, `label`, `hitArea`; nil where
/// the kind has none) and may add its own (`dot`, `track`, `thumb`, `icon`), which its
/// `KindLayout` names in `extraParts`.
public struct ComponentLayout: Sendable, Hashable {
    public var kind: ComponentKind
    public var component: String
    public var variant: String
    public var direction: LayoutDirection
    public var order: LayoutOrder
    public var contentSize: ContentSize
    /// The resolved font file; nil only when the variant has no text and no font resolved.
    public var fontFile: String?
    /// Font size and line height after Dynamic Type scaling.
    public var fontSize: Double
    public var lineHeight: Double
    /// The font's ascent and descent at `fontSize` (for drawing baselines); 0 without a font.
    public var ascent: Double = 0
    public var descent: Double = 0
    public var width: Double
    public var height: Double
    public var alignment: LabelAlignment
    public var shape: CheckboxShape = .square
    /// The control's state mark: a checkbox's or radio's indicator square, a switch's track,
    /// a button's container; nil for a generic component.
    public var indicator: LayoutRect?
    /// The drawn box inside the indicator (checkbox, radio ring), with its corner radius and
    /// border width; nil for other kinds.
    public var box: LayoutRect?
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    /// A selected radio's dot; a switch's track and thumb; a button's icon.
    public var dot: LayoutRect?
    public var track: LayoutRect?
    public var thumb: LayoutRect?
    public var icon: LayoutRect?
    /// The parts this kind adds to the contract's (in layout JSON order).
    public var extraParts: [String] { KindLayouts.layout(for: kind).extraParts }

    /// How the kind draws `variant` laid out here (made when a renderer asks, not on every
    /// layout: the linter lays out far more than it draws).
    public func drawing(for variant: Variant) -> [DrawPart] { KindLayouts.layout(for: kind).drawing(self, variant) }

    /// The colour role the label is drawn in.
    public func textRole(for variant: Variant) -> String { KindLayouts.layout(for: kind).textRole(variant) }
    /// Checked, selected or on.
    public var isOn = false
    /// nil when the variant has no visible text.
    public var label: LabelLayout?
    public var hitArea: LayoutRect
    /// Fonts other than the main one that draw the label (`typography.fallback`, then the
    /// system's), and each line's runs when more than one font draws it (else empty).
    public var fontFallbacks: [String] = []
    public var lineRuns: [[TextRun]] = []

    @inline(__always)
    public init(kind: ComponentKind, component: String, variant: String, direction: LayoutDirection,
                order: LayoutOrder, contentSize: ContentSize, fontFile: String?, fontSize: Double, lineHeight: Double,
                width: Double, height: Double, alignment: LabelAlignment, label: LabelLayout?, hitArea: LayoutRect,
                isOn: Bool = false, ascent: Double = 0, descent: Double = 0, fontFallbacks: [String] = [],
                lineRuns: [[TextRun]] = []) {
        self.isOn = isOn
        self.ascent = ascent
        self.descent = descent
        self.fontFallbacks = fontFallbacks
        self.lineRuns = lineRuns
        self.kind = kind
        self.component = component
        self.variant = variant
        self.direction = direction
        self.order = order
        self.contentSize = contentSize
        self.fontFile = fontFile
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.width = width
        self.height = height
        self.alignment = alignment
        self.label = label
        self.hitArea = hitArea
    }

    /// The component frame.
    public var frame: LayoutRect { LayoutRect(x: 0, y: 0, width: width, height: height) }
    /// The baseline of the label's line `index`: the font's ascent-to-descent box
    /// centered in the line height.
    public func baseline(ofLine index: Int) -> Double {
        let top = (label?.frame.y ?? 0) + Double(index) * lineHeight
        return top + (lineHeight - ascent - descent) / 2 + ascent
    }

    /// Lines of label text (0 without text).
    public var lineCount: Int { label?.lineCount ?? 0 }

    /// A part by its layout JSON name.
    public func part(_ name: String) -> LayoutRect? {
        switch name {
        case "indicator": indicator
        case "box": box
        case "dot": dot
        case "track": track
        case "thumb": thumb
        case "icon": icon
        case "label": label?.frame
        case "hitArea": hitArea
        default: nil
        }
    }

    /// The contract's Layout JSON (docs/cli.md, `a11ylint layout`), keys in the contract's order and the
    /// kind's own parts after `box`; numbers unrounded.
    public var json: JSONOutput {
        let labelJSON: JSONOutput
        if let label {
            var members: [(String, JSONOutput)] = [
                ("x", .number(label.frame.x)), ("y", .number(label.frame.y)),
                ("width", .number(label.frame.width)), ("height", .number(label.frame.height)),
                ("lines", .int(label.lines.count)),
                ("lineWidths", .array(label.lines.map { .number($0.width) })),
            ]
            if lineRuns.contains(where: { !$0.isEmpty }) {
                members.append(("runs", .array(lineRuns.map { runs in
                    .array(runs.map { run in
                        .object([("text", .string(run.text)), ("file", .string(run.file)), ("width", .number(run.width)),
                                 ("direction", .string(run.direction.rawValue))])
                    })
                })))
            }
            labelJSON = .object(members)
        } else {
            labelJSON = .null
        }
        let boxJSON: JSONOutput = box.map { box in
            .object([
                ("x", .number(box.x)), ("y", .number(box.y)),
                ("width", .number(box.width)), ("height", .number(box.height)),
                ("cornerRadius", .number(cornerRadius)), ("borderWidth", .number(borderWidth)),
            ])
        } ?? .null
        var members: [(String, JSONOutput)] = [
            ("component", .string(component)),
            ("variant", .string(variant)),
            ("direction", .string(direction.rawValue)),
            ("layout", .string(order.rawValue)),
            ("contentSize", .string(contentSize.rawValue)),
            ("font", .object([
                ("file", fontFile.map(JSONOutput.string) ?? .null),
                ("size", .number(fontSize)),
                ("lineHeight", .number(lineHeight)),
            ] + (fontFallbacks.isEmpty ? [] : [("fallbacks", .array(fontFallbacks.map(JSONOutput.string)))]))),
            ("size", .object([("width", .number(width)), ("height", .number(height))])),
            ("alignment", .string(alignment.rawValue)),
            ("indicator", indicator?.json ?? .null),
            ("box", boxJSON),
        ]
        for name in extraParts { members.append((name, part(name)?.json ?? .null)) }
        members.append(("label", labelJSON))
        members.append(("hitArea", hitArea.json))
        return .object(members)
    }
}

/// One shape of a component's drawing, in points, with its colours named by theme role:
/// each kind's layout says how it looks (`ComponentLayout.drawing`), and any renderer
/// draws it without knowing the kind.
public struct DrawPart: Sendable, Hashable {
    public enum Shape: Sendable, Hashable {
        /// A rectangle with rounded corners (a circle when the radius is half its side).
        case rect(LayoutRect, cornerRadius: Double)
        /// A polyline through points (a checkmark, a dash).
        case polyline([Double])
    }
    public var shape: Shape
    /// Colour roles of the theme; nil: not filled / not stroked.
    public var fill: String?
    public var stroke: String?
    public var strokeWidth: Double
    public init(_ shape: Shape, fill: String? = nil, stroke: String? = nil, strokeWidth: Double = 0) {
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
    }
}

/// A stretch of one line drawn in one font (see `LayoutEngine.runs(of:font:size:lang:)`).
public struct TextRun: Sendable, Hashable {
    public var text: String
    /// The font file that draws it.
    public var file: String
    public var width: Double
    public var direction: LayoutDirection
    public init(text: String, file: String, width: Double, direction: LayoutDirection) {
        self.text = text
        self.file = file
        self.width = width
        self.direction = direction
    }
}
