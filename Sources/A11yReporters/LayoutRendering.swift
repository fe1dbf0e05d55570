import A11yJSON
import A11yLayout
import A11yModel

/// The three forms of `a11ylint layout … --format json|svg|text`. The SVG fragment is
/// also what the HTML report embeds for each variant.
public enum LayoutRendering {
    /// The contract's Layout JSON, pretty-printed.
    public static func json(_ layout: ComponentLayout) -> String {
        layout.json.serialized(pretty: true)
    }

    /// A standalone SVG file (XML prolog, then the drawing).
    public static func svg(_ layout: ComponentLayout, variant: Variant, spec: ComponentSpec) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svgFragment(layout, variant: variant, spec: spec)
    }

    /// A true-scale drawing (1 unit = 1 pt) as one `<svg>` element: the component
    /// frame, the indicator and its box (tick when checked, dash when indeterminate),
    /// the label lines on their baselines, the hit area dashed, and the dimensions.
    /// Uses no ids, so several can share one HTML page.
    public static func svgFragment(_ layout: ComponentLayout, variant: Variant, spec: ComponentSpec) -> String {
        let palette = Palette(spec: spec, variant: variant)
        let hit = layout.hitArea
        // Room around the drawing: the width dimension above, the height dimension
        // to the right, the caption below.
        let left = min(0, hit.x) - 12
        let top = min(0, hit.y) - 30
        let right = max(layout.width, hit.maxX) + 52
        let captionY = max(layout.height, hit.maxY) + 18
        let bottom = captionY + 32
        // Wide enough for the two caption lines even when the component is only an indicator.
        let viewRight = max(right, left + 250)
        let viewWidth = viewRight - left
        let viewHeight = bottom - top

        var out = ""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(left)) \(n(top)) \(n(viewWidth)) \(n(viewHeight))\" "
        out += "width=\"\(n(viewWidth))\" height=\"\(n(viewHeight))\" role=\"img\" "
        out += "font-family=\"sans-serif\" font-size=\"10\">\n"
        out += "<title>\(Markup.escape("\(layout.component) · \(layout.variant): \(size(layout.width, layout.height)) pt"))</title>\n"
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(viewWidth))\" height=\"\(n(viewHeight))\" fill=\"\(palette.background)\"/>\n"

        // Component frame and, dotted, the indicator (the state mark's square, a track, a
        // button's container); then the kind's own drawing.
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(layout.width))\" height=\"\(n(layout.height))\" fill=\"none\" stroke=\"#9AA0A6\" stroke-width=\"0.5\"/>\n"
        if let indicator = layout.indicator {
            out += "<rect x=\"\(n(indicator.x))\" y=\"\(n(indicator.y))\" width=\"\(n(indicator.width))\" height=\"\(n(indicator.height))\" fill=\"none\" stroke=\"#C5CAD0\" stroke-width=\"0.5\" stroke-dasharray=\"1 1\"/>\n"
        }
        for part in layout.drawing(for: variant) { out += draw(part, palette: palette) }
        out += label(layout, variant: variant, spec: spec, palette: palette)

        // Hit area, dashed, drawn over everything so it stays visible.
        out += "<rect x=\"\(n(hit.x))\" y=\"\(n(hit.y))\" width=\"\(n(hit.width))\" height=\"\(n(hit.height))\" fill=\"none\" stroke=\"#D93025\" stroke-width=\"1\" stroke-dasharray=\"4 2\"/>\n"

        out += dimensions(layout, top: top, right: right)
        let caption = "\(layout.component) · \(layout.variant)"
        let details = "\(layout.direction.rawValue) \(layout.order.rawValue) · \(layout.contentSize.rawValue) "
            + "\(short(layout.fontSize))/\(short(layout.lineHeight)) pt · hit area \(size(hit.width, hit.height))"
        out += "<text x=\"\(n(left + 4))\" y=\"\(n(captionY + 10))\" fill=\"#3C4043\">\(Markup.escape(caption))</text>\n"
        out += "<text x=\"\(n(left + 4))\" y=\"\(n(captionY + 23))\" fill=\"#5F6368\">\(Markup.escape(details))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// How the HTML report draws a variant: the same parts as `svgFragment`, in the colours
    /// of `theme`, `scale` CSS pixels per point, with the touch-target minimum outlined (a
    /// `minimumTarget`-point square centred on the hit area). `annotated`: with the
    /// dimensions; otherwise just the component (the Dynamic Type strip). `label` names the
    /// drawing for assistive technology.
    ///
    /// With `slots`, every colour from the theme is written `var(--tcN, colour)` (N its slot):
    /// the drawing takes another theme's colours where the page sets those variables
    /// (`themeValues`), and `theme`'s where it does not.
    public static func reportSVG(_ layout: ComponentLayout, variant: Variant, spec: ComponentSpec, theme: Theme?,
                                 minimumTarget: Double, scale: Double, annotated: Bool, label: String,
                                 slots: ThemeSlots? = nil) -> String {
        var palette = Palette(spec: spec, variant: variant)
        if let theme { palette = Palette(theme) }
        palette.slots = slots
        let hit = layout.hitArea
        let target = LayoutRect(x: hit.x + hit.width / 2 - minimumTarget / 2, y: hit.y + hit.height / 2 - minimumTarget / 2,
                                width: minimumTarget, height: minimumTarget)
        let margin = annotated ? 8.0 : 4.0
        let left = min(0, hit.x, target.x) - margin
        let top = min(0, hit.y, target.y) - margin - (annotated ? 22 : 0)
        let right = max(layout.width, hit.maxX, target.maxX) + margin + (annotated ? 40 : 0)
        let bottom = max(layout.height, hit.maxY, target.maxY) + margin
        let viewWidth = right - left, viewHeight = bottom - top

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(left)) \(n(top)) \(n(viewWidth)) \(n(viewHeight))\" "
        out += "width=\"\(n(viewWidth * scale))\" height=\"\(n(viewHeight * scale))\" role=\"img\" "
        out += "aria-label=\"\(Markup.escape(label))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        // The theme's background behind the component and its targets; the dimensions
        // stand on white, readable whatever the theme.
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(viewWidth))\" height=\"\(n(viewHeight))\" fill=\"#FFFFFF\"/>\n"
        let backdropTop = min(0, hit.y, target.y) - margin
        let backdropRight = max(layout.width, hit.maxX, target.maxX) + margin
        out += "<rect x=\"\(n(left))\" y=\"\(n(backdropTop))\" width=\"\(n(backdropRight - left))\" height=\"\(n(bottom - backdropTop))\""
            + Palette.attributes(fill: palette.paint([Palette.backgroundKey]), stroke: nil) + " stroke=\"#9AA0A6\" stroke-width=\"0.5\"/>\n"
        // The touch-target minimum behind the component, broken where it would cross the
        // label, so it never covers the text.
        out += targetOutline(target, avoiding: layout.label?.frame)
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(layout.width))\" height=\"\(n(layout.height))\" fill=\"none\" stroke=\"#9AA0A6\" stroke-width=\"0.5\"/>\n"
        if let indicator = layout.indicator {
            out += "<rect x=\"\(n(indicator.x))\" y=\"\(n(indicator.y))\" width=\"\(n(indicator.width))\" height=\"\(n(indicator.height))\" fill=\"none\" stroke=\"#80868B\" stroke-width=\"0.5\" stroke-dasharray=\"1 1\"/>\n"
        }
        for part in layout.drawing(for: variant) { out += draw(part, palette: palette) }
        out += self.label(layout, variant: variant, spec: spec, palette: palette)
        out += "<rect x=\"\(n(hit.x))\" y=\"\(n(hit.y))\" width=\"\(n(hit.width))\" height=\"\(n(hit.height))\" fill=\"none\" stroke=\"#D93025\" stroke-width=\"1\" stroke-dasharray=\"4 2\"/>\n"
        if annotated { out += dimensions(layout, top: top, right: right) }
        out += "</svg>\n"
        return out
    }

    /// A compact frame table.
    public static func text(_ layout: ComponentLayout) -> String {
        var lines: [String] = []
        lines.append("\(layout.component) / \(layout.variant)  \(layout.direction.rawValue) \(layout.order.rawValue)  contentSize \(layout.contentSize.rawValue)")
        lines.append("font       \(layout.fontFile ?? "(none)")  \(n(layout.fontSize)) pt, line height \(n(layout.lineHeight)) pt")
        lines.append("size       \(size(layout.width, layout.height))  alignment \(layout.alignment.rawValue)")
        lines.append(row("", "x", "y", "width", "height"))
        lines.append(row("indicator", layout.indicator))
        if let box = layout.box {
            lines.append(row("box", box) + "  radius \(n(layout.cornerRadius)), border \(n(layout.borderWidth))")
        }
        for name in layout.extraParts { lines.append(row(name, layout.part(name))) }
        if let label = layout.label {
            lines.append(row("label", label.frame) + "  \(label.lines.count) line\(label.lines.count == 1 ? "" : "s")")
            for (index, line) in label.lines.enumerated() {
                lines.append(row("  line \(index + 1)", "", "", n(line.width), "") + "  \(quoted(line.text))")
            }
        } else {
            lines.append(row("label", "-", "-", "-", "-") + "  no visible text")
        }
        lines.append(row("hitArea", layout.hitArea))
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Drawing parts

    /// One part of a kind's drawing, its colours resolved through the palette.
    private static func draw(_ part: DrawPart, palette: Palette) -> String {
        let fill = part.fill.flatMap { palette.paint([$0]) }
        let stroke = part.strokeWidth > 0 ? part.stroke.flatMap { palette.paint([$0]) } : nil
        guard fill != nil || stroke != nil else { return "" }
        var paint = Palette.attributes(fill: fill, stroke: stroke)
        if stroke != nil { paint += " stroke-width=\"\(n(part.strokeWidth))\"" }
        switch part.shape {
        case .rect(let rect, let radius):
            return "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\" rx=\"\(n(radius))\"\(paint)/>\n"
        case .polyline(let c) where c.count == 4:
            return "<line x1=\"\(n(c[0]))\" y1=\"\(n(c[1]))\" x2=\"\(n(c[2]))\" y2=\"\(n(c[3]))\"\(paint) stroke-linecap=\"round\"/>\n"
        case .polyline(let coordinates):
            var points: [String] = []
            var index = 0
            while index + 1 < coordinates.count {
                points.append("\(n(coordinates[index])),\(n(coordinates[index + 1]))")
                index += 2
            }
            return "<polyline points=\"\(points.joined(separator: " "))\"\(paint) stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        }
    }

    private static func label(_ layout: ComponentLayout, variant: Variant, spec: ComponentSpec, palette: Palette) -> String {
        guard let label = layout.label else { return "" }
        let frame = label.frame
        var out = "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"#1A73E8\" fill-opacity=\"0.06\" stroke=\"#1A73E8\" stroke-opacity=\"0.5\" stroke-width=\"0.5\"/>\n"
        let rtl = layout.direction == .rtl
        let x = rtl ? frame.maxX : frame.x
        // Right-to-left lines hug the label's trailing (right) edge.
        let anchor = rtl ? " text-anchor=\"end\"" : ""
        let weight = spec.typography.isBold ? " font-weight=\"bold\"" : ""
        let family = Markup.escape(fontFamily(spec.typography))
        let text = palette.paint([layout.textRole(for: variant), "textEnabled", "#000000"])
        out += "<g font-family=\"\(family), sans-serif\" font-size=\"\(n(layout.fontSize))\"\(weight)"
            + Palette.attributes(fill: text, stroke: nil) + "\(anchor)>\n"
        for (index, line) in label.lines.enumerated() where !line.text.isEmpty {
            out += "<text x=\"\(n(x))\" y=\"\(n(layout.baseline(ofLine: index)))\" xml:space=\"preserve\">\(Markup.escape(line.text))</text>\n"
        }
        out += "</g>\n"
        return out
    }

    static func dimensions(_ layout: ComponentLayout, top: Double, right: Double) -> String {
        let color = "#5F6368"
        var out = "<g stroke=\"\(color)\" stroke-width=\"0.75\">\n"
        // Width, above the drawing.
        let y = top + 16
        out += "<line x1=\"0\" y1=\"\(n(y))\" x2=\"\(n(layout.width))\" y2=\"\(n(y))\"/>\n"
        out += "<line x1=\"0\" y1=\"\(n(y - 4))\" x2=\"0\" y2=\"\(n(y + 4))\"/>\n"
        out += "<line x1=\"\(n(layout.width))\" y1=\"\(n(y - 4))\" x2=\"\(n(layout.width))\" y2=\"\(n(y + 4))\"/>\n"
        // Height, right of the drawing.
        let x = right - 40
        out += "<line x1=\"\(n(x))\" y1=\"0\" x2=\"\(n(x))\" y2=\"\(n(layout.height))\"/>\n"
        out += "<line x1=\"\(n(x - 4))\" y1=\"0\" x2=\"\(n(x + 4))\" y2=\"0\"/>\n"
        out += "<line x1=\"\(n(x - 4))\" y1=\"\(n(layout.height))\" x2=\"\(n(x + 4))\" y2=\"\(n(layout.height))\"/>\n"
        out += "</g>\n"
        out += "<text x=\"\(n(layout.width / 2))\" y=\"\(n(y - 4))\" text-anchor=\"middle\" fill=\"\(color)\">\(short(layout.width))</text>\n"
        out += "<text x=\"\(n(x + 4))\" y=\"\(n(layout.height / 2 + 3.5))\" fill=\"\(color)\">\(short(layout.height))</text>\n"
        return out
    }

    /// The family to draw with: the spec's family, or a font file's name without extension.
    private static func fontFamily(_ typography: Typography) -> String {
        guard let font = typography.font, !font.isEmpty else { return Typography.defaultFamily }
        guard font.contains("/") || font.contains(".") else { return font }
        let name = font.split(separator: "/").last.map(String.init) ?? font
        return name.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// The touch-target square as a dash-dot outline, without the parts of its edges that
    /// cross `avoiding` (the label's frame).
    static func targetOutline(_ target: LayoutRect, avoiding frame: LayoutRect?) -> String {
        // Each edge as (fixed coordinate, from, to, horizontal).
        let edges = [(target.y, target.x, target.maxX, true), (target.maxY, target.x, target.maxX, true),
                     (target.x, target.y, target.maxY, false), (target.maxX, target.y, target.maxY, false)]
        var path = ""
        for (at, from, to, horizontal) in edges {
            var pieces = [(from, to)]
            if let frame {
                let (across, low, high) = horizontal ? (frame.y < at && at < frame.maxY, frame.x, frame.maxX)
                                                     : (frame.x < at && at < frame.maxX, frame.y, frame.maxY)
                if across && low < to && high > from { pieces = [(from, max(from, low)), (min(to, high), to)] }
            }
            for (start, end) in pieces where end - start > 0.01 {
                path += horizontal ? "M\(n(start)) \(n(at))H\(n(end))" : "M\(n(at)) \(n(start))V\(n(end))"
            }
        }
        guard !path.isEmpty else { return "" }
        return "<path d=\"\(path)\" fill=\"none\" stroke=\"#B35C00\" stroke-width=\"1\" stroke-dasharray=\"6 2 1 2\"/>\n"
    }

    /// Colors of the variant's first theme, falling back to built-in defaults for the
    /// roles it does not set.
    struct Palette {
        struct Paint {
            var hex: String
            var alpha: Double
            /// The theme switcher's slot of this colour, when the drawing has one.
            var slot: Int?
            func opacity(_ attribute: String) -> String { alpha >= 1 ? "" : " \(attribute)=\"\(n(alpha))\"" }
            /// The colour as CSS: `var(--tcN, #RRGGBB[AA])`.
            var css: String {
                let colour = alpha >= 1 ? hex : hex + String(String(Int(256 + (max(0, alpha) * 255).rounded()), radix: 16).uppercased().dropFirst())
                return slot.map { "var(--tc\($0),\(colour))" } ?? colour
            }
        }

        /// The slot key of the background.
        static let backgroundKey = "\u{0}background"
        var background = "#FFFFFF"
        var colors: [String: RGBA] = [:]
        var slots: ThemeSlots?

        init(_ theme: Theme) {
            background = theme.opaqueBackground.hexRGB
            colors = theme.colors.mapValues(\.color)
        }

        /// The first colour of `chain` the palette has: roles, or a literal `#RRGGBB`.
        func paint(_ chain: [String]) -> Paint? {
            for key in chain {
                let found: Paint?
                if key == Self.backgroundKey {
                    found = Paint(hex: background, alpha: 1)
                } else if key.hasPrefix("#") {
                    found = RGBA(hex: key).map { Paint(hex: $0.hexRGB, alpha: $0.alpha) }
                } else {
                    found = color(key)
                }
                if var found {
                    found.slot = slots?.slot(chain)
                    return found
                }
            }
            return nil
        }

        /// ` fill="…" stroke="…"` (with their opacities), or, in a drawing with slots,
        /// ` style="fill:var(…);stroke:var(…)"`.
        static func attributes(fill: Paint?, stroke: Paint?) -> String {
            guard (fill ?? stroke)?.slot != nil else {
                var out = fill.map { " fill=\"\($0.hex)\"\($0.opacity("fill-opacity"))" } ?? " fill=\"none\""
                if let stroke { out += " stroke=\"\(stroke.hex)\"\(stroke.opacity("stroke-opacity"))" }
                return out
            }
            var style: [String] = []
            if let fill { style.append("fill:\(fill.css)") }
            if let stroke { style.append("stroke:\(stroke.css)") }
            return (fill == nil ? " fill=\"none\"" : "") + " style=\"\(style.joined(separator: ";"))\""
        }

        /// What a drawing shows for roles no theme sets: every kind's `drawingColors` (the
        /// checkbox's built-in scheme, UISwitch's colours, a blue button), and the roles that
        /// take another's colour (`colorFallbacks`: a radio's dot, its ring's).
        static let defaults: [String: RGBA] = Kinds.all.reduce(into: [:]) { defaults, kind in
            defaults.merge(kind.drawingColors) { first, _ in first }
        }
        static let fallbacks: [String: String] = Kinds.all.reduce(into: [:]) { fallbacks, kind in
            fallbacks.merge(kind.colorFallbacks) { first, _ in first }
        }

        init(spec: ComponentSpec, variant: Variant) {
            guard let theme = spec.themes(for: variant).first else { return }
            background = theme.opaqueBackground.hexRGB
            colors = theme.colors.mapValues(\.color)
        }

        func color(_ role: String) -> Paint? {
            let fallback = Self.fallbacks[role]
            let color = colors[role] ?? fallback.flatMap { colors[$0] } ?? Self.defaults[role]
                ?? fallback.flatMap { Self.defaults[$0] }
            return color.map { Paint(hex: $0.hexRGB, alpha: $0.alpha) }
        }
    }

    /// The value of each of `slots` in `theme` (for `variant`, with its own colours), as CSS:
    /// `none` where the theme has no colour for it.
    static func themeValues(_ slots: ThemeSlots, theme: Theme) -> [String] {
        let palette = Palette(theme)
        return slots.keys.map { chain in palette.paint(chain)?.css ?? "none" }
    }

    // MARK: Formatting

    /// SVG coordinates: unrounded enough to be exact at any zoom, without float noise.
    private static func n(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return whole(rounded) ?? String(rounded)
    }

    /// Annotation labels: two decimals at most.
    private static func short(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return whole(rounded) ?? String(rounded)
    }

    /// An integral value without ".0". Only below 1e15: converting a huge spec value
    /// (say a `minWidth` of 1e20) to Int would trap, and Swift's exponent form ("1e+20")
    /// is a valid SVG number anyway.
    private static func whole(_ value: Double) -> String? {
        guard value == value.rounded(), abs(value) < 1e15 else { return nil }
        return String(Int(value))
    }

    private static func size(_ width: Double, _ height: Double) -> String { "\(short(width)) × \(short(height))" }

    private static func row(_ name: String, _ rect: LayoutRect?) -> String {
        guard let rect else { return row(name, "-", "-", "-", "-") }
        return row(name, n(rect.x), n(rect.y), n(rect.width), n(rect.height))
    }

    private static func row(_ name: String, _ x: String, _ y: String, _ width: String, _ height: String) -> String {
        func pad(_ s: String, _ count: Int) -> String { s.count >= count ? s + " " : s + String(repeating: " ", count: count - s.count) }
        var line = pad(name, 11) + pad(x, 10) + pad(y, 10) + pad(width, 10) + height
        while line.last == " " { line.removeLast() }
        return line
    }

    private static func quoted(_ text: String) -> String {
        var out = ""
        JSONOutput.writeString(text, to: &out)
        return out
    }
}

/// The colours of one component's drawings that change with the page's theme switcher:
/// each distinct chain of colour roles (the roles a part is painted with, in the order they
/// are tried) gets a slot, written `--tcN` in the drawings.
public final class ThemeSlots {
    /// Each slot's chain of roles, in slot order.
    private(set) var keys: [[String]] = []
    private var index: [[String]: Int] = [:]

    public init() {}

    public var count: Int { keys.count }

    func slot(_ chain: [String]) -> Int {
        if let found = index[chain] { return found }
        index[chain] = keys.count
        keys.append(chain)
        return keys.count - 1
    }
}
