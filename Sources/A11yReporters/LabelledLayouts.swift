import Foundation
import A11yJSON
import A11yLayout
import A11yModel

/// `a11ylint layout` of a variant in one or several labelled forms (`--lang`, a label that
/// varies by number, `--pseudo-locale`): each form's layout named by its language, plural
/// form and pseudo-locale.
public enum LabelledLayouts {
    public enum Format: Sendable { case json, svg, text }

    /// One form's layout: the words that name it (nil for a plain variant) and its parts.
    public struct Entry: Sendable {
        public var labelled: LabelledVariant
        public var layout: ComponentLayout
        public init(labelled: LabelledVariant, layout: ComponentLayout) {
            self.labelled = labelled
            self.layout = layout
        }
    }

    /// JSON: the Layout JSON object (with `lang`, `plural`, `pseudoLocale` and `text` when
    /// the label is translated or pseudo-localized); an array of them for several forms.
    /// Text: each frame table under a `[de, other] “…”` line. SVG: the drawings one under
    /// the other, each under its label.
    public static func render(_ entries: [Entry], spec: ComponentSpec, format: Format) -> String {
        switch format {
        case .json:
            let objects = entries.map(json)
            return (objects.count == 1 ? objects[0] : .array(objects)).serialized(pretty: true)
        case .text:
            return entries.map { entry in
                let head = entry.labelled.label.map { "[\($0)] “\(entry.labelled.variant.visibleText ?? "")”\n" } ?? ""
                return head + LayoutRendering.text(entry.layout)
            }.joined(separator: "\n")
        case .svg:
            guard entries.count > 1 || entries.first?.labelled.label != nil else {
                return entries.map { LayoutRendering.svg($0.layout, variant: $0.labelled.variant, spec: spec) }.joined()
            }
            return stackedSVG(entries, spec: spec)
        }
    }

    static func json(_ entry: Entry) -> JSONOutput {
        guard entry.labelled.label != nil, case .object(var members) = entry.layout.json else { return entry.layout.json }
        let labelled = entry.labelled
        var extra: [(String, JSONOutput)] = []
        if let lang = labelled.lang { extra.append(("lang", .string(lang))) }
        if let plural = labelled.plural { extra.append(("plural", .string(plural))) }
        if let pseudo = labelled.pseudoLocale { extra.append(("pseudoLocale", .string(pseudo.rawValue))) }
        extra.append(("text", labelled.variant.visibleText.map(JSONOutput.string) ?? .null))
        let at = (members.firstIndex { $0.0 == "variant" } ?? (members.count - 1)) + 1
        members.insert(contentsOf: extra, at: at)
        return .object(members)
    }

    /// The drawings in one SVG file: each form's `svgFragment` placed under a caption.
    static func stackedSVG(_ entries: [Entry], spec: ComponentSpec) -> String {
        var body = "", y = 0.0, width = 0.0
        for entry in entries {
            var fragment = LayoutRendering.svgFragment(entry.layout, variant: entry.labelled.variant, spec: spec)
            let (w, h) = size(of: fragment)
            let caption = "[\(entry.labelled.label ?? "")] \(entry.labelled.variant.visibleText ?? "")"
            body += "<text x=\"4\" y=\"\(n(y + 14))\" fill=\"#202124\">\(Markup.escape(caption))</text>\n"
            // The fragment keeps its own viewBox; placed by x and y as a nested SVG.
            fragment = fragment.replacingOccurrences(of: "<svg ", with: "<svg x=\"0\" y=\"\(n(y + 20))\" ", options: [], range: fragment.range(of: "<svg "))
            body += fragment
            y += 20 + h + 8
            width = max(width, w)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(y))\" viewBox=\"0 0 \(n(width)) \(n(y))\" "
        out += "font-family=\"sans-serif\" font-size=\"12\">\n" + body + "</svg>\n"
        return out
    }

    /// The `width` and `height` attributes of a fragment's outer `<svg>`.
    static func size(of fragment: String) -> (Double, Double) {
        func attribute(_ name: String) -> Double {
            guard let start = fragment.range(of: " \(name)=\"") else { return 0 }
            let rest = fragment[start.upperBound...]
            return Double(rest.prefix { $0 != "\"" }) ?? 0
        }
        return (attribute("width"), attribute("height"))
    }

    static func n(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
