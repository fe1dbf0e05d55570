import A11yLayout
import A11yModel
import A11yReport

/// The HTML report's drawings of translated labels: each variant that has a finding in a
/// language (and plural form) other than the one drawn above, in that language's text, so
/// the page shows what "[de, other] needs 3 lines" looks like. Called by `HTMLReporter` at
/// the end of a component's variants.
enum HTMLTranslations {
    static func write(_ details: ComponentReport, id: String, into out: inout String) {
        guard !details.translations.isEmpty else { return }
        let spec = details.spec
        out += "<h3 id=\"\(id)-translations\">Translations with findings</h3>\n"
        for (index, translated) in details.translations.enumerated() {
            let variant = translated.variant
            let words = [variant.lang, variant.plural].compactMap { $0 }.joined(separator: ", ")
            out += "<section class=\"variant\">\n"
            out += "<h4 id=\"\(id)-t\(index + 1)\">Variant <code>\(Markup.escape(variant.name))</code> "
                + "[\(Markup.escape(words))]</h4>\n"
            out += "<p class=\"meta\">text “\(Markup.escape(variant.visibleText ?? ""))”</p>\n"
            guard let layout = translated.layout else {
                out += "<p>Cannot be laid out: \(Markup.escape(translated.error ?? "no layout at its Dynamic Type size")).</p>\n</section>\n"
                continue
            }
            let theme = spec.themes(for: variant).first
            let figures = "\(HTMLReporter.number(layout.width)) × \(HTMLReporter.number(layout.height)) pt, "
                + (layout.label == nil ? "no visible text" : "\(layout.lineCount) line\(layout.lineCount == 1 ? "" : "s")")
            let label = "\(spec.name), variant \(variant.name) in [\(words)]: \(figures)"
            out += "<div class=\"drawings\">\n<figure class=\"drawing\">\n"
            out += LayoutRendering.reportSVG(layout, variant: variant, spec: spec, theme: theme, minimumTarget: details.touchTarget,
                                             scale: HTMLReporter.drawingScale, annotated: true, label: label)
            out += "<figcaption>[\(Markup.escape(words))] · \(Markup.escape(figures))</figcaption>\n</figure>\n</div>\n"
            out += "</section>\n"
        }
    }
}
