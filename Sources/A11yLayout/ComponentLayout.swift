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
    func mirrored(in containerWidth: Double) -> LayoutRect {
        LayoutRect(x: containerWidth - x - width, y: y, width: width, height: height)
    }

    var json: JSONOutput {
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

/// The computed geometry of one variant (spec-format.md section 4), in points.
public struct ComponentLayout: Sendable, Hashable {
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
    public var ascent: Double
    public var descent: Double
    public var width: Double
    public var height: Double
    public var alignment: LabelAlignment
    public var shape: CheckboxShape
    public var indicator: LayoutRect
    public var box: LayoutRect
    public var cornerRadius: Double
    public var borderWidth: Double
    /// nil when the variant has no visible text.
    public var label: LabelLayout?
    public var hitArea: LayoutRect

    public init(component: String, variant: String, direction: LayoutDirection, order: LayoutOrder,
                contentSize: ContentSize, fontFile: String?, fontSize: Double, lineHeight: Double,
                width: Double, height: Double, alignment: LabelAlignment, shape: CheckboxShape,
                indicator: LayoutRect, box: LayoutRect, cornerRadius: Double, borderWidth: Double,
                label: LabelLayout?, hitArea: LayoutRect, ascent: Double = 0, descent: Double = 0) {
        self.component = component
        self.variant = variant
        self.direction = direction
        self.order = order
        self.contentSize = contentSize
        self.fontFile = fontFile
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.ascent = ascent
        self.descent = descent
        self.width = width
        self.height = height
        self.alignment = alignment
        self.shape = shape
        self.indicator = indicator
        self.box = box
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
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

    /// The contract's Layout JSON (cli-and-report.md), keys in the contract's order,
    /// numbers unrounded.
    public var json: JSONOutput {
        let labelJSON: JSONOutput
        if let label {
            labelJSON = .object([
                ("x", .number(label.frame.x)), ("y", .number(label.frame.y)),
                ("width", .number(label.frame.width)), ("height", .number(label.frame.height)),
                ("lines", .int(label.lines.count)),
                ("lineWidths", .array(label.lines.map { .number($0.width) })),
            ])
        } else {
            labelJSON = .null
        }
        return .object([
            ("component", .string(component)),
            ("variant", .string(variant)),
            ("direction", .string(direction.rawValue)),
            ("layout", .string(order.rawValue)),
            ("contentSize", .string(contentSize.rawValue)),
            ("font", .object([
                ("file", fontFile.map(JSONOutput.string) ?? .null),
                ("size", .number(fontSize)),
                ("lineHeight", .number(lineHeight)),
            ])),
            ("size", .object([("width", .number(width)), ("height", .number(height))])),
            ("alignment", .string(alignment.rawValue)),
            ("indicator", indicator.json),
            ("box", .object([
                ("x", .number(box.x)), ("y", .number(box.y)),
                ("width", .number(box.width)), ("height", .number(box.height)),
                ("cornerRadius", .number(cornerRadius)), ("borderWidth", .number(borderWidth)),
            ])),
            ("label", labelJSON),
            ("hitArea", hitArea.json),
        ])
    }
}
