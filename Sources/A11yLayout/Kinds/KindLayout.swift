import A11yModel

/// The geometry of one kind of component (docs/spec-format.md: layout per kind). Each kind's
/// layout sits here beside the others, registered in `KindLayouts.all`.
public protocol KindLayout: Sendable {
    var kind: ComponentKind { get }
    /// The parts the kind adds to the contract's layout JSON, in order.
    var extraParts: [String] { get }
    func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> ComponentLayout
    /// The lines of the label `layout` makes (0 without one), worked out without the rest of
    /// the layout: the text-clipped rule asks at each Dynamic Type size, and lays out in full
    /// only the size it reports. Throws as `layout` does.
    func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int
    /// How a laid-out variant is drawn: shapes with theme colour roles.
    func drawing(_ layout: ComponentLayout, _ variant: Variant) -> [DrawPart]
    /// The colour role of the label's text.
    func textRole(_ variant: Variant) -> String
}

extension KindLayout {
    public var extraParts: [String] { [] }
    public func drawing(_ layout: ComponentLayout, _ variant: Variant) -> [DrawPart] { [] }
    public func textRole(_ variant: Variant) -> String { variant.isEnabled ? "textEnabled" : "textDisabled" }
    public func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int {
        try layout(spec, variant, input).lineCount
    }
}

public enum KindLayouts {
    /// Every kind's layout, in the order of `Kinds.all` (a kind's layout is registered here,
    /// next to its definition's line there; `RuleMetadataTests` holds the two lists in step).
    /// A list of the layouts themselves, not a cast of each definition to a protocol: such a
    /// cast searches the binary's conformance records (about 0.1 ms) the first time each
    /// kind is laid out, on the one-spec path.
    public static let all: [any KindLayout] = [
        CheckboxLayout(), RadioLayout(), SwitchLayout(), ButtonLayout(), GenericLayout(),
    ]

    /// The layout of a kind (it runs on every layout): by the kind's place in `Kinds.all`.
    public static func layout(for kind: ComponentKind) -> any KindLayout {
        byKindIndex[Kinds.index(of: kind)]
    }

    /// `all` in the order of `Kinds.all`, each layout found once by its kind.
    private static let byKindIndex: [any KindLayout] = ComponentKind.allCases.map { kind in
        guard let layout = all.first(where: { $0.kind == kind }) else {
            preconditionFailure("kind '\(kind.rawValue)' has no layout: add its layout in A11yLayout/Kinds/ to KindLayouts.all")
        }
        return layout
    }
}

/// What a kind's layout starts from: the spec, the variant, Dynamic Type already applied
/// to the font size and line height, and the text engine.
public struct LayoutInput {
    public private(set) var contentSize: ContentSize
    public private(set) var fontSize: Double
    public private(set) var lineHeight: Double
    public let geometry: Geometry
    let engine: LayoutEngine
    /// The variant's visible text, worked out once (it checks every character for white space).
    public let text: String?
    /// The label's language: the variant's, else the spec's, else English.
    public let lang: String

    // The spec and the variant are passed beside this (borrowed), not stored in it: a layout
    // is a few microseconds, and copying them in and out was most of it.
    init(spec: ComponentSpec, variant: Variant, contentSize: ContentSize, engine: LayoutEngine) {
        self.contentSize = contentSize
        (fontSize, lineHeight) = Self.scaled(spec.typography.size, spec.typography.lineHeight, contentSize)
        self.geometry = spec.geometry
        self.engine = engine
        self.text = variant.visibleText
        self.lang = variant.lang ?? spec.lang ?? "en"
    }

    /// The same input at another Dynamic Type size: the spec's font size and line height
    /// scaled by it, as `init` scales them.
    mutating func resize(to contentSize: ContentSize, _ typography: Typography) {
        self.contentSize = contentSize
        (fontSize, lineHeight) = Self.scaled(typography.size, typography.lineHeight, contentSize)
    }

    /// Dynamic Type applied: the font size and the line height multiplied by the category's scale.
    private static func scaled(_ size: Double, _ lineHeight: Double, _ category: ContentSize) -> (Double, Double) {
        (size * category.scale, lineHeight * category.scale)
    }

    /// The font, when the variant has text (an error then if it cannot be found); a
    /// textless variant still reports the font when it resolves.
    public func font(_ spec: ComponentSpec) throws(LayoutError) -> ResolvedFont? {
        if text != nil { return try engine.resolveFont(spec.typography, specFile: spec.file) }
        return try? engine.resolveFont(spec.typography, specFile: spec.file)
    }

    /// The label in `available` points (section 4): its lines, its width (the text's when
    /// it fits on one line, else all of `available`) and height (lines × line height).
    public func label(font: ResolvedFont?, available: Double) -> (lines: [LabelLine], width: Double, height: Double)? {
        guard let text, let font else { return nil }
        let lines = engine.wrap(text, font: font, size: fontSize, maxWidth: available, lang: lang)
        let fitsOneLine = lines.count == 1 && lines[0].width <= available
        return (lines, fitsOneLine ? lines[0].width : available, Double(lines.count) * lineHeight)
    }

    /// The number of lines of `label(font:available:)`: 0 without a label.
    public func lineCount(font: ResolvedFont?, available: Double) -> Int {
        guard let text, let font else { return 0 }
        return engine.wrap(text, font: font, size: fontSize, maxWidth: available, lang: lang).count
    }

    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in !bytes.contains(where: { $0 >= 0x80 }) }
    }

    /// A layout with the shared fields filled in.
    public func base(_ spec: ComponentSpec, _ variant: Variant, font: ResolvedFont?, width: Double, height: Double,
                     alignment: LabelAlignment, label: consuming LabelLayout?) -> ComponentLayout {
        // Everything worked out first and the layout made once, in its place: built and then
        // changed field by field, the (large) value was copied twice on every layout.
        var lineRuns: [[TextRun]] = []
        var fallbacks: [String] = []
        if let font, let label, !(font.coversASCII && label.lines.allSatisfy({ Self.isASCII($0.text) })) {
            // Which fonts draw the label, for the layout JSON and drawings (a Latin label in a
            // font that has ASCII needs no look).
            lineRuns = engine.runs(ofLines: label.lines, in: text ?? "", font: font, size: fontSize, lang: lang)
            fallbacks = font.fallbackFiles
            for runs in lineRuns {
                for run in runs where run.file != font.file && !fallbacks.contains(run.file) { fallbacks.append(run.file) }
            }
            if !lineRuns.contains(where: { !$0.isEmpty }) { lineRuns = [] }
        } else if let font, !font.fallbacks.isEmpty {
            fallbacks = font.fallbackFiles
        }
        let scale = font.map { fontSize / Double($0.unitsPerEm) } ?? 0
        return ComponentLayout(
            kind: spec.kind ?? .checkbox, component: spec.name, variant: variant.name, direction: variant.direction,
            order: variant.layout, contentSize: contentSize, fontFile: font?.file, fontSize: fontSize,
            lineHeight: lineHeight, width: width, height: height, alignment: alignment, label: label,
            hitArea: LayoutRect(x: 0, y: 0, width: width, height: height), isOn: variant.isChecked,
            ascent: Double(font?.ascender ?? 0) * scale, descent: Double(font?.descender ?? 0) * scale,
            fontFallbacks: fallbacks, lineRuns: lineRuns)
    }

    /// The tappable area (`geometry.hitArea`): the whole frame, the state mark only, or
    /// the frame grown symmetrically to a minimum size.
    public func hitArea(width: Double, height: Double, indicator: LayoutRect?) -> LayoutRect {
        switch geometry.hitArea {
        case .component:
            return LayoutRect(x: 0, y: 0, width: width, height: height)
        case .indicator:
            return indicator ?? LayoutRect(x: 0, y: 0, width: width, height: height)
        case .minimum(let minWidth, let minHeight):
            let w = max(width, minWidth)
            let h = max(height, minHeight)
            return LayoutRect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
        }
    }
}

/// The checkbox's and the radio's row: an `outerSize` indicator leading its label (or
/// trailing it when reversed), both centred on one line and top-aligned on several, the
/// whole mirrored in RTL (docs/spec-format.md: layout per kind).
enum IndicatorRow {
    /// The width the label may take: the row's, less the indicator and the gap.
    static func labelWidth(_ variant: Variant, _ geometry: Geometry) -> Double {
        max(0, variant.width - geometry.outerSize - geometry.gap)
    }

    /// `layout(...).lineCount`, without the rest of the layout.
    static func lineCount(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput) throws(LayoutError) -> Int {
        input.lineCount(font: try input.font(spec), available: labelWidth(variant, input.geometry))
    }

    static func layout(_ spec: ComponentSpec, _ variant: Variant, _ input: LayoutInput,
                       boxRadius: Double) throws(LayoutError) -> ComponentLayout {
        let geometry = input.geometry
        let outer = geometry.outerSize
        let font = try input.font(spec)
        var width = outer
        var height = outer
        var alignment = LabelAlignment.center
        var indicator = LayoutRect(x: 0, y: 0, width: outer, height: outer)
        var label: LabelLayout?
        if let text = input.label(font: font, available: labelWidth(variant, geometry)) {
            width = outer + geometry.gap + text.width
            height = max(outer, text.height)
            alignment = text.lines.count > 1 ? .top : .center
            let centered = alignment == .center
            var frame = LayoutRect(x: outer + geometry.gap, y: centered ? (height - text.height) / 2 : 0,
                                   width: text.width, height: text.height)
            indicator.y = centered ? (height - outer) / 2 : 0
            if variant.layout == .reversed {
                frame.x = 0
                indicator.x = text.width + geometry.gap
            }
            if variant.direction == .rtl { frame = frame.mirrored(in: width) }
            label = LabelLayout(frame: frame, lines: text.lines)
        }
        if variant.direction == .rtl { indicator = indicator.mirrored(in: width) }
        let inset = (outer - geometry.innerSize) / 2
        var layout = input.base(spec, variant, font: font, width: width, height: height, alignment: alignment, label: label)
        layout.indicator = indicator
        layout.box = LayoutRect(x: indicator.x + inset, y: indicator.y + inset,
                                width: geometry.innerSize, height: geometry.innerSize)
        layout.cornerRadius = boxRadius
        layout.borderWidth = geometry.borderWidth
        layout.hitArea = input.hitArea(width: width, height: height, indicator: indicator)
        return layout
    }

    static func textRole(_ variant: Variant) -> String {
        variant.isError ? "textError" : (variant.isEnabled ? "textEnabled" : "textDisabled")
    }

    static func borderRole(_ variant: Variant) -> String {
        variant.isError ? "borderError" : (variant.isEnabled ? "borderEnabled" : "borderDisabled")
    }

    /// A border drawn inside `rect` (the stroke is centred on its path).
    static func border(_ rect: LayoutRect, radius: Double, width: Double, role: String) -> DrawPart {
        let inset = width / 2
        let inner = LayoutRect(x: rect.x + inset, y: rect.y + inset, width: max(0, rect.width - width),
                               height: max(0, rect.height - width))
        return DrawPart(.rect(inner, cornerRadius: max(0, radius - inset)), stroke: role, strokeWidth: width)
    }
}
