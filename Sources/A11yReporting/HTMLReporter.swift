import A11yJSON
import A11yLayout
import A11yModel
import A11yReport

/// One self-contained HTML page (inline CSS and SVG, no scripts, no fetches) a designer can
/// act on: a summary with counts per rule; per component its findings (identical ones
/// across themes on one line), a contrast grid of states × themes with the colour as
/// written, as composited, the ratio, the verdict in words and the passing suggestion;
/// each variant drawn at 2× in every theme with a legend, and a Dynamic Type strip xS…AX5
/// with the first clipping size marked. The page meets what it checks: landmarks, headings
/// in order, table headers with scope, captions, text at 4.5:1 or more, no meaning in
/// colour alone.
public struct HTMLReporter: Reporter {
    public init() {}
    public var name: String { "html" }
    public var needs: ReportNeeds { [.contrast, .layouts] }
    public func writer(options: ReportOptions) -> any ReportWriter { WholeReportWriter { HTMLReporter.render($0, options: options) } }

    /// CSS pixels per point of the variant drawings.
    static let drawingScale = 2.0

    // MARK: Grouping

    /// One component's section: its spec as the run kept it (nil for findings of a
    /// component the report has no details of) and its findings.
    struct Section {
        var name: String
        var file: String
        var details: ComponentReport?
        var findings: [Finding] = []
        var id = ""
        /// The name, and the file when another section has the same name.
        var title = ""
        var counts: ReportCounts { ReportCounts(findings) }
    }

    /// Sections by component name, then file; findings go to the section of their
    /// component and file (else of their component).
    static func sections(_ report: LintReport) -> [Section] {
        var sections: [Section] = report.componentReports.map {
            Section(name: $0.spec.name, file: $0.spec.file, details: $0)
        }
        var byKey: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, section) in sections.enumerated() {
            byKey[section.name + "\u{1F}" + section.file] = byKey[section.name + "\u{1F}" + section.file] ?? index
            byName[section.name] = byName[section.name] ?? index
        }
        for finding in report.findings {
            guard let component = finding.component else { continue }
            if let index = byKey[component + "\u{1F}" + finding.location.file] ?? byName[component] {
                sections[index].findings.append(finding)
            } else {
                byName[component] = sections.count
                byKey[component + "\u{1F}" + finding.location.file] = sections.count
                sections.append(Section(name: component, file: finding.location.file, details: nil, findings: [finding]))
            }
        }
        sections.sort { ($0.name, $0.file) < ($1.name, $1.file) }
        let repeated = Set(Dictionary(grouping: sections, by: \.name).filter { $0.value.count > 1 }.keys)
        for index in sections.indices {
            sections[index].id = "component-\(index + 1)"
            sections[index].title = sections[index].name + (repeated.contains(sections[index].name) ? " in \(sections[index].file)" : "")
        }
        return sections
    }

    /// A finding and every theme it was reported in: findings that differ only in their
    /// theme are one line.
    struct FindingLine {
        var finding: Finding
        var themes: [String]
    }

    static func groupedAcrossThemes(_ findings: [Finding]) -> [FindingLine] {
        var lines: [FindingLine] = []
        var index: [String: Int] = [:]
        for finding in findings {
            var key = [finding.rule, finding.severity.rawValue, finding.component ?? "", finding.variant ?? "",
                       finding.location.description, finding.lang ?? "", finding.pseudoLocale ?? ""]
            let theme = finding.theme ?? ""
            key.append(theme.isEmpty ? finding.message : finding.message.replacingOccurrences(of: theme, with: "\u{0}"))
            key.append(finding.measured.entries.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1E}"))
            let joined = key.joined(separator: "\u{1F}")
            if let at = index[joined], finding.theme != nil {
                lines[at].themes.append(theme)
            } else {
                index[joined] = lines.count
                lines.append(FindingLine(finding: finding, themes: finding.theme.map { [$0] } ?? []))
            }
        }
        return lines
    }

    // MARK: Page

    static func render(_ report: LintReport, options: ReportOptions) -> String {
        let sections = sections(report)
        let looseFindings = report.findings.filter { $0.component == nil }
        let counts = ReportCounts(report.findings)

        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>a11ylint report: \(counted(counts.errors, "error")), \(counted(counts.warnings, "warning")),"
            + " \(counted(counts.notes, "note"))</title>\n"
        out += "<style>\n\(stylesheet)</style>\n</head>\n<body>\n"
        out += "<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
        out += "<header>\n<h1>a11ylint report</h1>\n"
        var meta = ["a11ylint \(report.toolVersion)", counted(report.files, "file"), counted(report.components, "component")]
        if options.strict { meta.append("strict mode: warnings fail") }
        out += "<p class=\"meta\">\(Markup.escape(meta.joined(separator: " · ")))</p>\n</header>\n"
        writeContents(sections, hasLoose: !looseFindings.isEmpty, hasInputErrors: !report.inputErrors.isEmpty, into: &out)
        out += "<main id=\"main\">\n"
        writeSummary(report, counts: counts, sections: sections, into: &out)
        for section in sections { writeSection(section, into: &out) }
        if !looseFindings.isEmpty { writeLooseFindings(looseFindings, into: &out) }
        if !report.inputErrors.isEmpty { writeInputErrors(report.inputErrors, into: &out) }
        out += "</main>\n<footer>\n<p>Generated by a11ylint \(Markup.escape(report.toolVersion)). "
            + "Ratios are WCAG 2.x contrast ratios shown to two decimals, never rounded up to a threshold they miss.</p>\n"
            + "</footer>\n</body>\n</html>\n"
        return out
    }

    private static func writeContents(_ sections: [Section], hasLoose: Bool, hasInputErrors: Bool, into out: inout String) {
        guard !sections.isEmpty || hasLoose || hasInputErrors else { return }
        out += "<nav aria-labelledby=\"contents-title\">\n<h2 id=\"contents-title\">Contents</h2>\n<ul>\n"
        out += "<li><a href=\"#summary\">Summary</a></li>\n"
        for section in sections {
            out += "<li><a href=\"#\(section.id)\">\(Markup.escape(section.title))</a> <span class=\"muted\">("
                + tally(section.counts) + ")</span></li>\n"
        }
        if hasLoose { out += "<li><a href=\"#other-findings\">Findings outside components</a></li>\n" }
        if hasInputErrors { out += "<li><a href=\"#input-errors\">Input errors</a></li>\n" }
        out += "</ul>\n</nav>\n"
    }

    private static func tally(_ counts: ReportCounts) -> String {
        var parts: [String] = []
        if counts.errors > 0 { parts.append(counted(counts.errors, "error")) }
        if counts.warnings > 0 { parts.append(counted(counts.warnings, "warning")) }
        if counts.notes > 0 { parts.append(counted(counts.notes, "note")) }
        return parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
    }

    private static func writeSummary(_ report: LintReport, counts: ReportCounts, sections: [Section], into out: inout String) {
        out += "<section aria-labelledby=\"summary\">\n<h2 id=\"summary\">Summary</h2>\n"
        out += "<ul class=\"counts\">\n"
        func tile(_ n: Int, _ singular: String, _ style: String) {
            out += "<li class=\"tile \(n > 0 ? style : "zero")\"><span class=\"n\">\(n)</span> \(n == 1 ? singular : singular + "s")</li>\n"
        }
        tile(counts.errors, "error", "error")
        tile(counts.warnings, "warning", "warning")
        tile(counts.notes, "note", "note")
        if !report.inputErrors.isEmpty { tile(report.inputErrors.count, "input error", "error") }
        if report.suppressed > 0 { out += "<li class=\"tile zero\"><span class=\"n\">\(report.suppressed)</span> suppressed</li>\n" }
        if let baselined = report.baselined {
            out += "<li class=\"tile zero\"><span class=\"n\">\(baselined)</span> baselined</li>\n"
        }
        out += "</ul>\n"
        guard !report.findings.isEmpty else {
            out += report.inputErrors.isEmpty ? "<p class=\"clean\">No findings.</p>\n</section>\n" : "</section>\n"
            return
        }
        // Counts per rule, with where each rule's findings are.
        var rules: [String: (errors: Int, warnings: Int, notes: Int, sections: [String])] = [:]
        let sectionOf = Dictionary(sections.flatMap { s in s.findings.map { ($0.location.description + $0.rule + $0.message, s) } },
                                   uniquingKeysWith: { a, _ in a })
        for finding in report.findings {
            var entry = rules[finding.rule] ?? (0, 0, 0, [])
            switch finding.severity {
            case .error: entry.errors += 1
            case .warning: entry.warnings += 1
            case .note: entry.notes += 1
            }
            let target = finding.component == nil ? "other-findings"
                : sectionOf[finding.location.description + finding.rule + finding.message]?.id ?? "other-findings"
            if !entry.sections.contains(target) { entry.sections.append(target) }
            rules[finding.rule] = entry
        }
        let names = Dictionary(sections.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let descriptions = Dictionary(report.rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        out += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"rules-caption\" tabindex=\"0\">\n"
        out += "<table class=\"rules\">\n<caption id=\"rules-caption\">Findings per rule</caption>\n<thead>\n<tr>"
            + "<th scope=\"col\">Rule</th><th scope=\"col\">WCAG</th><th scope=\"col\" class=\"num\">Errors</th>"
            + "<th scope=\"col\" class=\"num\">Warnings</th><th scope=\"col\" class=\"num\">Notes</th>"
            + "<th scope=\"col\">Where</th></tr>\n</thead>\n<tbody>\n"
        for rule in rules.keys.sorted() {
            let entry = rules[rule]!
            let description = descriptions[rule]
            out += "<tr><th scope=\"row\"><code>\(Markup.escape(rule))</code>"
            if let name = description?.name, name != rule { out += "<br><span class=\"muted\">\(Markup.escape(name))</span>" }
            out += "</th><td>\(wcagLinks(description?.wcag ?? []))</td>"
            out += "<td class=\"num\">\(entry.errors)</td><td class=\"num\">\(entry.warnings)</td><td class=\"num\">\(entry.notes)</td>"
            let links = entry.sections.sorted { a, b in
                // Components in page order, findings outside them last.
                (a == "other-findings" ? Int.max : Int(a.dropFirst("component-".count)) ?? 0)
                    < (b == "other-findings" ? Int.max : Int(b.dropFirst("component-".count)) ?? 0)
            }.map { id in
                "<a href=\"#\(id)\">\(Markup.escape(names[id] ?? "Findings outside components"))</a>"
            }
            out += "<td>\(links.joined(separator: ", "))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n</section>\n"
    }

    // MARK: One component

    private static func writeSection(_ section: Section, into out: inout String) {
        out += "<section class=\"component\" aria-labelledby=\"\(section.id)\">\n"
        out += "<h2 id=\"\(section.id)\">\(Markup.escape(section.title))</h2>\n"
        var meta = [section.file]
        if let spec = section.details?.spec {
            if let kind = spec.kind { meta.append(kind.rawValue) }
            meta.append(counted(spec.variants.count, "variant"))
            meta.append("font \(number(spec.typography.size))/\(number(spec.typography.lineHeight)) pt at L"
                        + (spec.typography.maxLines > 0 ? ", at most \(counted(spec.typography.maxLines, "line"))" : ""))
        }
        meta.append(tally(section.counts))
        out += "<p class=\"meta\">\(Markup.escape(meta.joined(separator: " · ")))</p>\n"

        out += "<h3 id=\"\(section.id)-findings\">Findings</h3>\n"
        if section.findings.isEmpty {
            out += "<p class=\"clean\">No findings.</p>\n"
        } else {
            // Variant names link to their drawings.
            var variantIDs: [String: String] = [:]
            for (index, variant) in (section.details?.layouts ?? []).enumerated() where variantIDs[variant.variant.name] == nil {
                variantIDs[variant.variant.name] = "\(section.id)-v\(index + 1)"
            }
            out += "<ul class=\"findings\">\n"
            for line in groupedAcrossThemes(section.findings) { writeFinding(line, variantIDs: variantIDs, into: &out) }
            out += "</ul>\n"
        }
        guard let details = section.details else {
            out += "</section>\n"
            return
        }
        if !details.contrast.isEmpty { writeContrastGrid(details, id: section.id, title: section.title, into: &out) }
        if !details.layouts.isEmpty { writeVariants(details, id: section.id, into: &out) }
        out += "</section>\n"
    }

    private static func writeFinding(_ line: FindingLine, variantIDs: [String: String] = [:], into out: inout String) {
        let finding = line.finding
        let severity = finding.severity.rawValue
        out += "<li class=\"finding \(severity)\">\n<p class=\"finding-head\">"
        out += "<span class=\"badge \(severity)\">\(icon(finding.severity)) \(severity.prefix(1).uppercased() + severity.dropFirst())</span> "
        out += "<code class=\"rule\">\(Markup.escape(finding.rule))</code>"
        if let variant = finding.variant {
            let name = "<code>\(Markup.escape(variant))</code>"
            out += " · variant " + (variantIDs[variant].map { "<a href=\"#\($0)\">\(name)</a>" } ?? name)
        }
        if let lang = finding.lang { out += " · language <code>\(Markup.escape(lang))</code>" }
        if let pseudo = finding.pseudoLocale { out += " · pseudo-locale <code>\(Markup.escape(pseudo))</code>" }
        out += " <span class=\"location\">\(Markup.escape(finding.location.description))</span></p>\n"
        var message = finding.message
        if let theme = finding.theme { message = message.replacingOccurrences(of: " in theme \(theme)", with: "") }
        out += "<p class=\"message\">\(Markup.escape(message))</p>\n"
        if !line.themes.isEmpty {
            out += "<p class=\"context\">\(line.themes.count == 1 ? "Theme" : "Themes"): "
                + line.themes.map { "<code>\(Markup.escape($0))</code>" }.joined(separator: ", ") + "</p>\n"
        }
        if case .string(let hex)? = finding.measured["suggestion"], let colour = RGBA(hex: hex) {
            var text = "Try \(chip(colour)) <code>\(Markup.escape(colour.hexRGB))</code>"
            if case .number(let ratio)? = finding.measured["suggestionRatio"] {
                let required: Double = { if case .number(let r)? = finding.measured["required"] { return r }; return 0 }()
                text += " (\(ratioText(ratio, required: required)):1)"
            }
            if case .number(let alpha)? = finding.measured["suggestedAlpha"] { text += ", or keep the colour at opacity \(alphaText(alpha))" }
            if case .string(let role)? = finding.measured["roleSuggestion"], let shared = RGBA(hex: role) {
                text += "; \(chip(shared)) <code>\(Markup.escape(shared.hexRGB))</code> passes every pair of this colour role"
            }
            out += "<p class=\"suggestion\">\(text)</p>\n"
        }
        let links = wcagLinks(finding.wcag)
        if !links.isEmpty { out += "<p class=\"wcag\">\(links)</p>\n" }
        let shown = finding.measured.entries.filter { !["suggestion", "suggestionRatio", "suggestedAlpha", "roleSuggestion"].contains($0.key) }
        if !shown.isEmpty {
            let required: Double? = { if case .number(let r)? = finding.measured["required"] { return r }; return nil }()
            out += "<dl class=\"measured\">"
            for entry in shown {
                out += "<div><dt>\(Markup.escape(entry.key))</dt><dd>\(measuredValue(entry.key, entry.value, required: required))</dd></div>"
            }
            out += "</dl>\n"
        }
        out += "</li>\n"
    }

    // MARK: Contrast grid

    /// One row of the grid: a colour role in a set of states (variants whose pairs are the
    /// same in every theme), and its pair in each theme.
    struct GridRow {
        var subject: String
        var role: String
        var variants: [String]
        var cells: [String: ContrastMeasurement]
    }

    static func gridRows(_ measurements: [ContrastMeasurement], themes: [String]) -> [GridRow] {
        // Per variant and role, the pair in each theme, in measuring order.
        var order: [String] = []
        var byKey: [String: GridRow] = [:]
        for m in measurements {
            let key = m.variant.name + "\u{1F}" + m.role + "\u{1F}" + m.subject
            if byKey[key] == nil {
                order.append(key)
                byKey[key] = GridRow(subject: m.subject, role: m.role, variants: [m.variant.name], cells: [:])
            }
            byKey[key]!.cells[m.theme.name] = byKey[key]!.cells[m.theme.name] ?? m
        }
        // Variants whose role measures the same in every theme share a row.
        var rows: [GridRow] = []
        var rowIndex: [String: Int] = [:]
        for key in order {
            let row = byKey[key]!
            let signature = ([row.role, row.subject] + themes.map { theme -> String in
                guard let m = row.cells[theme] else { return "-" }
                return "\(m.written.hexString) \(m.foreground.hexRGB) \(m.background.hexRGB) \(m.ratio) \(m.required) \(m.excused)"
                    + " \(m.suggestion?.hexRGB ?? "") \(m.suggestedAlpha ?? -1) \(m.roleSuggestion?.hexRGB ?? "")"
            }).joined(separator: "\u{1F}")
            if let at = rowIndex[signature] {
                rows[at].variants.append(contentsOf: row.variants)
            } else {
                rowIndex[signature] = rows.count
                rows.append(row)
            }
        }
        return rows
    }

    private static func writeContrastGrid(_ details: ComponentReport, id: String, title: String, into out: inout String) {
        var themes: [String] = []
        for m in details.contrast where !themes.contains(m.theme.name) { themes.append(m.theme.name) }
        let rows = gridRows(details.contrast, themes: themes)
        let failing = details.contrast.filter(\.isReported).count
        out += "<h3 id=\"\(id)-contrast\">Contrast by state and theme</h3>\n"
        out += "<p>\(counted(details.contrast.count, "pair")) measured, \(failing) failing. Each cell shows the colour as written "
            + "in the spec, the colour it composites to over its background, the ratio and what it needs, and for a "
            + "failure the nearest colour that passes.</p>\n"
        out += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"\(id)-grid-caption\" tabindex=\"0\">\n"
        out += "<table class=\"grid\">\n<caption id=\"\(id)-grid-caption\">Contrast of \(Markup.escape(title)): "
            + "colour roles per state (rows) in each theme (columns)</caption>\n<thead>\n<tr><th scope=\"col\">State and colour role</th>"
        for theme in themes { out += "<th scope=\"col\">\(Markup.escape(theme))</th>" }
        out += "</tr>\n</thead>\n<tbody>\n"
        for row in rows {
            out += "<tr><th scope=\"row\"><span class=\"subject\">\(Markup.escape(row.subject))</span> "
                + "<code>\(Markup.escape(row.role))</code><br><span class=\"muted\">"
                + (row.variants.count == 1 ? "variant " : "variants ")
                + row.variants.map { "<code>\(Markup.escape($0))</code>" }.joined(separator: ", ") + "</span></th>"
            for theme in themes {
                guard let m = row.cells[theme] else {
                    out += "<td class=\"none\">Not in this theme</td>"
                    continue
                }
                writeCell(m, into: &out)
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n"
    }

    private static func writeCell(_ m: ContrastMeasurement, into out: inout String) {
        let verdict = m.passes ? "pass" : (m.excused ? "excused" : "fail")
        out += "<td class=\"cell \(verdict)\">"
        out += sample(m)
        out += "<span class=\"colours\">"
        if m.written.hexString != m.foreground.hexRGB {
            out += "\(chip(m.written, translucent: true)) <code>\(m.written.hexString)</code> → "
        }
        out += "\(chip(m.foreground)) <code>\(m.foreground.hexRGB)</code> on \(chip(m.background)) <code>\(m.background.hexRGB)</code></span>"
        out += "<span class=\"where\">" + (m.colorLocation.map { "written at line \($0.line), column \($0.column)" }
            ?? "from the built-in colour scheme") + "</span>"
        let needs = "needs \(number(m.required)):1"
        switch verdict {
        case "pass": out += "<span class=\"verdict pass\"><span aria-hidden=\"true\">✓</span> Pass</span>"
        case "excused": out += "<span class=\"verdict excused\"><span aria-hidden=\"true\">–</span> Below, but another part meets this check</span>"
        default: out += "<span class=\"verdict fail\"><span aria-hidden=\"true\">✗</span> Fail</span>"
        }
        out += " <span class=\"ratio\">\(ratioText(m.ratio, required: m.required)):1, \(needs)</span>"
        if m.isReported, let suggestion = m.suggestion {
            out += "<span class=\"suggestion\">Try \(chip(suggestion)) <code>\(suggestion.hexRGB)</code> "
                + "(\(ratioText(Contrast.ratio(suggestion, m.background), required: m.required)):1)"
            if let alpha = m.suggestedAlpha { out += ", or opacity \(alphaText(alpha))" }
            out += "</span>"
        }
        out += "</td>"
    }

    /// The pair drawn as it appears: text on its background, or a mark on it. SVG, so the
    /// deliberately failing sample is a picture of the problem, named in words.
    private static func sample(_ m: ContrastMeasurement) -> String {
        let fg = m.foreground.hexRGB, bg = m.background.hexRGB
        let label = "\(m.subject) \(fg) on \(bg)"
        var out = "<svg class=\"sample\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 48 28\" width=\"48\" height=\"28\" role=\"img\" aria-label=\"\(Markup.escape(label))\">"
        out += "<rect width=\"48\" height=\"28\" fill=\"\(bg)\" stroke=\"#767676\"/>"
        if m.kind == .text {
            out += "<text x=\"24\" y=\"20\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"16\" font-weight=\"600\" fill=\"\(fg)\">Aa</text>"
        } else {
            out += "<rect x=\"14\" y=\"6\" width=\"20\" height=\"16\" rx=\"3\" fill=\"\(fg)\"/>"
        }
        return out + "</svg>"
    }

    // MARK: Variants

    private static func writeVariants(_ details: ComponentReport, id: String, into out: inout String) {
        let spec = details.spec
        out += "<h3 id=\"\(id)-variants\">Variants, drawn at \(number(drawingScale))×</h3>\n"
        out += legend(minimumTarget: details.touchTarget)
        for (index, variant) in details.layouts.enumerated() {
            let variantID = "\(id)-v\(index + 1)"
            out += "<section class=\"variant\">\n"
            out += "<h4 id=\"\(variantID)\">Variant <code>\(Markup.escape(variant.variant.name))</code></h4>\n"
            out += "<p class=\"meta\">\(Markup.escape(stateSummary(variant.variant)))</p>\n"
            guard let layout = variant.layout else {
                out += "<p>Cannot be laid out: \(Markup.escape(variant.error ?? "no layout at its Dynamic Type size")).</p>\n</section>\n"
                continue
            }
            var themes = spec.themes(for: variant.variant)
            let noTheme = themes.isEmpty
            if noTheme { themes = [] }
            // A theme family's light and dark side by side ("brand/light", "brand/dark").
            var families: [[Theme?]] = []
            var familyIndex: [String: Int] = [:]
            for theme in noTheme ? [nil] : themes.map(Optional.some) {
                let family = theme.map { name in
                    name.name.contains("/") ? String(name.name[..<name.name.lastIndex(of: "/")!]) : ""
                } ?? ""
                if let at = familyIndex[family] { families[at].append(theme) } else {
                    familyIndex[family] = families.count
                    families.append([theme])
                }
            }
            for family in families {
            out += "<div class=\"drawings\">\n"
            for theme in family {
                let themeName = theme?.name ?? "built-in colours"
                let label = "\(spec.name), variant \(variant.variant.name), theme \(themeName): "
                    + "\(number(layout.width)) × \(number(layout.height)) pt, hit area "
                    + "\(number(layout.hitArea.width)) × \(number(layout.hitArea.height)) pt"
                out += "<figure class=\"drawing\">\n"
                out += LayoutRendering.reportSVG(layout, variant: variant.variant, spec: spec, theme: theme,
                                                 minimumTarget: details.touchTarget, scale: drawingScale, annotated: true, label: label)
                out += "<figcaption>Theme <code>\(Markup.escape(themeName))</code></figcaption>\n</figure>\n"
            }
            out += "</div>\n"
            }
            out += "<p class=\"figures\">\(Markup.escape(layoutFigures(layout, minimum: details.touchTarget)))</p>\n"
            writeStrip(variant, spec: spec, theme: themes.first, minimum: details.touchTarget, into: &out)
            out += "</section>\n"
        }
    }

    private static func stateSummary(_ variant: Variant) -> String {
        var parts: [String] = []
        parts.append(variant.isEnabled ? "enabled" : "disabled")
        parts.append(variant.checkState.rawValue)
        if variant.isError { parts.append("error") }
        if variant.isReadOnly { parts.append("read-only") }
        parts.append("Dynamic Type \(variant.contentSize.rawValue)")
        parts.append(variant.direction.rawValue)
        if variant.layout == .reversed { parts.append("reversed") }
        parts.append("width \(number(variant.width)) pt")
        if let text = variant.visibleText { parts.append("text “\(text)”") } else { parts.append("no visible text") }
        return parts.joined(separator: " · ")
    }

    private static func layoutFigures(_ layout: ComponentLayout, minimum: Double) -> String {
        var parts = ["\(number(layout.width)) × \(number(layout.height)) pt",
                     "hit area \(number(layout.hitArea.width)) × \(number(layout.hitArea.height)) pt"
                        + (layout.hitArea.width >= minimum && layout.hitArea.height >= minimum
                            ? " (meets \(number(minimum)) pt)" : " (below \(number(minimum)) pt)")]
        if layout.label != nil {
            parts.append("font \(number(layout.fontSize))/\(number(layout.lineHeight)) pt")
            parts.append(counted(layout.lineCount, "line"))
        }
        return parts.joined(separator: " · ")
    }

    private static func legend(minimumTarget: Double) -> String {
        func key(_ shape: String, _ text: String) -> String {
            "<li><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 28 16\" width=\"28\" height=\"16\" aria-hidden=\"true\">"
                + shape + "</svg> \(text)</li>\n"
        }
        var out = "<div class=\"legend\">\n<p class=\"legend-title\">How to read the drawings</p>\n<ul>\n"
        out += key("<rect x=\"2\" y=\"2\" width=\"24\" height=\"12\" fill=\"none\" stroke=\"#9AA0A6\" stroke-width=\"1\"/>",
                   "Component frame: thin grey line, with its width and height")
        out += key("<rect x=\"2\" y=\"2\" width=\"24\" height=\"12\" fill=\"none\" stroke=\"#80868B\" stroke-width=\"1\" stroke-dasharray=\"2 2\"/>",
                   "Indicator (the state mark’s square, a track, a button’s container): grey dotted line")
        out += key("<rect x=\"6\" y=\"2\" width=\"12\" height=\"12\" rx=\"2\" fill=\"none\" stroke=\"#202124\" stroke-width=\"1.5\"/>",
                   "Box, marks and fills: drawn in the theme’s own colours")
        out += key("<rect x=\"2\" y=\"2\" width=\"24\" height=\"12\" fill=\"#1A73E8\" fill-opacity=\"0.12\" stroke=\"#1A73E8\"/><line x1=\"4\" y1=\"10\" x2=\"24\" y2=\"10\" stroke=\"#202124\"/>",
                   "Label: tinted blue frame, each line of text on its baseline")
        out += key("<rect x=\"2\" y=\"2\" width=\"24\" height=\"12\" fill=\"none\" stroke=\"#D93025\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"/>",
                   "Hit area: red dashed line")
        out += key("<rect x=\"2\" y=\"2\" width=\"24\" height=\"12\" fill=\"none\" stroke=\"#B35C00\" stroke-width=\"1.5\" stroke-dasharray=\"6 2 1 2\"/>",
                   "Touch-target minimum, \(number(minimumTarget)) × \(number(minimumTarget)) pt centred on the hit area: orange dash-dot line")
        out += "</ul>\n</div>\n"
        return out
    }

    /// The variant at every Dynamic Type size, the first size whose label needs more lines
    /// than `maxLines` marked.
    private static func writeStrip(_ variant: VariantLayouts, spec: ComponentSpec, theme: Theme?, minimum: Double,
                                   into out: inout String) {
        guard variant.variant.visibleText != nil, !variant.sizes.isEmpty else { return }
        let maxLines = spec.typography.maxLines
        let firstClip = maxLines > 0 ? variant.sizes.first { $0.layout.lineCount > maxLines }?.size : nil
        out += "<figure class=\"strip\">\n<figcaption>Dynamic Type, xS to AX5: "
        if maxLines == 0 {
            out += "no line limit (maxLines not set), the label wraps freely"
        } else if let firstClip {
            out += "clipped from \(firstClip.rawValue) on (more than \(counted(maxLines, "line")))"
        } else {
            out += "fits in \(counted(maxLines, "line")) at every size"
        }
        out += "</figcaption>\n<ol>\n"
        for (size, layout) in variant.sizes {
            let clips = maxLines > 0 && layout.lineCount > maxLines
            var classes = ["size"]
            if clips { classes.append("clips") }
            if size == firstClip { classes.append("first-clip") }
            if size == variant.variant.contentSize { classes.append("own") }
            out += "<li class=\"\(classes.joined(separator: " "))\">"
            let label = "\(variant.variant.name) at \(size.rawValue): \(counted(layout.lineCount, "line")), "
                + "\(number(layout.width)) × \(number(layout.height)) pt"
            out += LayoutRendering.reportSVG(layout, variant: variant.variant, spec: spec, theme: theme, minimumTarget: minimum,
                                             scale: 1, annotated: false, label: label)
            out += "<span class=\"size-name\">\(size.rawValue)</span> <span class=\"size-figures\">\(number(layout.fontSize)) pt · "
                + "\(counted(layout.lineCount, "line"))</span>"
            if size == variant.variant.contentSize { out += " <span class=\"tag\">this variant’s size</span>" }
            if size == firstClip {
                out += " <strong class=\"tag clip\"><span aria-hidden=\"true\">⚠</span> first size that clips</strong>"
            } else if clips {
                out += " <span class=\"tag\">clips</span>"
            }
            out += "</li>\n"
        }
        out += "</ol>\n</figure>\n"
    }

    // MARK: Other sections

    private static func writeLooseFindings(_ findings: [Finding], into out: inout String) {
        out += "<section aria-labelledby=\"other-findings\">\n<h2 id=\"other-findings\">Findings outside components</h2>\n"
        var files: [String] = []
        var byFile: [String: [Finding]] = [:]
        for finding in findings {
            if byFile[finding.location.file] == nil { files.append(finding.location.file) }
            byFile[finding.location.file, default: []].append(finding)
        }
        for file in files {
            out += "<h3><code>\(Markup.escape(file))</code></h3>\n<ul class=\"findings\">\n"
            for line in groupedAcrossThemes(byFile[file]!) { writeFinding(line, into: &out) }
            out += "</ul>\n"
        }
        out += "</section>\n"
    }

    private static func writeInputErrors(_ errors: [InputError], into out: inout String) {
        out += "<section aria-labelledby=\"input-errors\">\n<h2 id=\"input-errors\">Input errors</h2>\n"
        out += "<p>These inputs could not be read or parsed; everything else was still linted.</p>\n"
        out += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"input-errors-caption\" tabindex=\"0\">\n"
        out += "<table>\n<caption id=\"input-errors-caption\">Unreadable inputs</caption>\n<thead>\n<tr><th scope=\"col\">File</th><th scope=\"col\">Line</th>"
            + "<th scope=\"col\">Column</th><th scope=\"col\">Message</th></tr>\n</thead>\n<tbody>\n"
        for error in errors {
            out += "<tr><td><code>\(Markup.escape(error.location.file))</code></td>"
                + "<td class=\"num\">\(error.location.line)</td><td class=\"num\">\(error.location.column)</td>"
                + "<td>\(Markup.escape(error.message))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n</section>\n"
    }

    // MARK: Pieces

    private static func icon(_ severity: Severity) -> String {
        switch severity {
        case .error: "<span aria-hidden=\"true\">✗</span>"
        case .warning: "<span aria-hidden=\"true\">⚠</span>"
        case .note: "<span aria-hidden=\"true\">ℹ</span>"
        }
    }

    private static func wcagLinks(_ criteria: [String]) -> String {
        criteria.map { criterion -> String in
            let label = "WCAG \(Markup.escape(criterion))" + (WCAGTitles.title(criterion).map { " " + Markup.escape($0) } ?? "")
            guard let url = WCAG.understandingURL(for: criterion) else { return label }
            return "<a href=\"\(Markup.escape(url))\">\(label)</a>"
        }.joined(separator: ", ")
    }

    /// The ratio with two decimals, never rounded up onto the threshold: 4.499 against
    /// 4.5 shows as 4.49, because it fails.
    static func ratioText(_ ratio: Double, required: Double) -> String {
        guard ratio.isFinite else { return "–" }
        var hundredths = (ratio * 100).rounded()
        if ratio < required && hundredths / 100 >= required { hundredths = (ratio * 100).rounded(.down) }
        let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
        return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// A figure for people: at most two decimals, no trailing zeros (15.647058823529413 →
    /// 15.65, 44.0 → 44).
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return JSONOutput.format(value) }
        let hundredths = (value * 100).rounded()
        if hundredths == 0 { return "0" }
        var s = hundredths < 0 ? "-" : ""
        let magnitude = Int(abs(hundredths))
        s += "\(magnitude / 100)"
        let fraction = magnitude % 100
        if fraction != 0 { s += "." + (fraction < 10 ? "0" : "") + (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)") }
        return s
    }

    /// An opacity that passes, rounded up (more opaque still passes).
    static func alphaText(_ alpha: Double) -> String {
        "\(Int(min(100, (alpha * 100 - 1e-9).rounded(.up))))%"
    }

    private static func chip(_ colour: RGBA, translucent: Bool = false) -> String {
        let hex = translucent ? colour.hexString : colour.hexRGB
        let style = translucent && !colour.isOpaque
            ? "background:linear-gradient(\(hex),\(hex)),repeating-conic-gradient(#BDBDBD 0% 25%,#FFFFFF 0% 50%) 0 0/8px 8px"
            : "background-color:\(hex)"
        return "<span class=\"chip\" style=\"\(style)\" aria-hidden=\"true\"></span>"
    }

    private static func measuredValue(_ key: String, _ value: Measured.Value, required: Double?) -> String {
        switch value {
        case .number(let d):
            if key == "ratio", let required { return ratioText(d, required: required) }
            return number(d)
        case .bool(let b): return b ? "yes" : "no"
        case .numbers(let ds): return ds.map { number($0) }.joined(separator: ", ")
        case .string(let s):
            if Markup.isHexColor(s), let colour = RGBA(hex: s) { return chip(colour, translucent: true) + "<code>\(Markup.escape(s))</code>" }
            return Markup.escape(s)
        }
    }

    // Colours chosen for at least 4.5:1 against their backgrounds; no web fonts.
    static let stylesheet = """
    :root { color-scheme: light; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
      color: #1b1b1b; background: #ffffff; }
    .skip { position: absolute; left: -999px; top: 0; background: #ffffff; padding: 0.5rem; }
    .skip:focus { left: 0.5rem; }
    header, nav, main, footer { max-width: 80rem; margin: 0 auto; padding: 0.75rem 1.5rem; }
    header { border-bottom: 1px solid #c4c4c4; }
    h1 { font-size: 1.75rem; margin: 0 0 0.25rem; }
    h2 { font-size: 1.4rem; margin: 2rem 0 0.75rem; padding-bottom: 0.25rem; border-bottom: 2px solid #1b1b1b; }
    h3 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
    h4 { font-size: 1rem; margin: 0.5rem 0 0.25rem; }
    code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.92em; }
    a { color: #0b57d0; }
    a:focus-visible, .table-wrap:focus-visible, .skip:focus { outline: 3px solid #0b57d0; outline-offset: 2px; }
    .meta, .muted, .location, .context, figcaption { color: #4d4d4d; }
    nav ul { padding-left: 1.25rem; columns: 2 18rem; }
    .counts { display: flex; flex-wrap: wrap; gap: 0.75rem; list-style: none; padding: 0; margin: 0.5rem 0 1rem; }
    .tile { border: 1px solid #c4c4c4; border-left-width: 6px; border-radius: 6px; padding: 0.4rem 0.9rem; min-width: 8rem; }
    .tile .n { display: block; font-size: 1.6rem; font-weight: 700; line-height: 1.2; }
    .tile.error { border-left-color: #b3261e; } .tile.warning { border-left-color: #8a5a00; }
    .tile.note { border-left-color: #1f5fa8; } .tile.zero { border-left-color: #767676; }
    .findings { list-style: none; padding: 0; margin: 0; }
    .finding { border-left: 4px solid #767676; padding: 0.35rem 0 0.35rem 0.75rem; margin: 0 0 0.9rem; }
    .finding.error { border-left-color: #b3261e; } .finding.warning { border-left-color: #8a5a00; }
    .finding.note { border-left-color: #1f5fa8; }
    .finding p { margin: 0.15rem 0; }
    .message { font-weight: 600; }
    .badge { display: inline-block; min-width: 5.2rem; padding: 0 0.45rem; border-radius: 4px;
      font-size: 0.8rem; font-weight: 700; color: #ffffff; text-transform: uppercase; letter-spacing: 0.03em; }
    .badge.error { background: #b3261e; } .badge.warning { background: #7a4f00; } .badge.note { background: #1f5fa8; }
    .suggestion { display: block; }
    .measured { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0.3rem 0 0; font-size: 0.9rem; }
    .measured div { display: flex; gap: 0.35rem; align-items: center; }
    .measured dt { color: #4d4d4d; } .measured dt::after { content: ":"; }
    .measured dd { margin: 0; font-variant-numeric: tabular-nums; display: flex; gap: 0.3rem; align-items: center; }
    .chip { display: inline-block; width: 1.1rem; height: 1.1rem; border: 1px solid #767676; border-radius: 3px; vertical-align: middle; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; }
    caption { text-align: left; font-weight: 600; padding-bottom: 0.3rem; }
    th, td { border: 1px solid #c4c4c4; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
    thead th { background: #f0f0f0; }
    tbody th { font-weight: 400; background: #fafafa; min-width: 12rem; }
    .subject { font-weight: 600; }
    .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .grid td { min-width: 15rem; }
    .cell.fail { border-left: 4px solid #b3261e; } .cell.pass { border-left: 4px solid #1e6b2f; }
    .cell .sample { float: left; margin: 0 0.5rem 0.25rem 0; }
    .colours, .ratio, .where, .cell .suggestion { display: block; }
    .where { color: #4d4d4d; font-size: 0.85rem; }
    .verdict { font-weight: 700; }
    .verdict.fail { color: #b3261e; } .verdict.pass { color: #1e6b2f; } .verdict.excused { color: #4d4d4d; }
    .none { color: #4d4d4d; font-style: italic; }
    .legend { border: 1px solid #c4c4c4; border-radius: 6px; padding: 0.5rem 0.75rem; margin: 0.5rem 0 1rem; }
    .legend-title { font-weight: 600; margin: 0; }
    .legend ul { list-style: none; padding: 0; margin: 0.25rem 0 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr)); gap: 0.2rem 1rem; }
    .legend svg { vertical-align: middle; }
    .variant { border: 1px solid #d6d6d6; border-radius: 8px; padding: 0.25rem 1rem 0.75rem; margin: 1rem 0; }
    .drawings { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; margin-bottom: 0.75rem; }
    .drawing { margin: 0; padding: 0.5rem; border: 1px solid #c4c4c4; border-radius: 6px; max-width: 100%; overflow-x: auto; }
    .drawing svg { display: block; }
    .figures { margin: 0.4rem 0; }
    .strip { margin: 0.5rem 0 0; }
    .strip ol { list-style: none; display: flex; flex-wrap: wrap; gap: 0.5rem; padding: 0; margin: 0.25rem 0 0; }
    .strip li { border: 1px solid #d6d6d6; border-radius: 4px; padding: 0.25rem; font-size: 0.8rem; max-width: 100%; overflow-x: auto; }
    .strip li svg { display: block; }
    .strip li.clips { border-style: dashed; border-color: #b3261e; }
    .strip li.first-clip { border: 3px solid #b3261e; }
    .strip li.own { outline: 2px solid #1b1b1b; outline-offset: 1px; }
    .size-name { font-weight: 700; }
    .tag { display: inline-block; font-size: 0.75rem; }
    .tag.clip { color: #b3261e; }
    .clean { color: #1e6b2f; font-weight: 600; }
    footer { color: #4d4d4d; font-size: 0.85rem; border-top: 1px solid #c4c4c4; }
    .chip, .badge, .tile, th, .drawing, .sample { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    @media print {
      body { font-size: 10pt; }
      nav, .skip { display: none; }
      header, main, footer { max-width: none; padding: 0; }
      .finding, tr, figure, h2, h3, h4 { break-inside: avoid; }
      h2, h3, h4 { break-after: avoid; }
      .table-wrap { overflow: visible; }
      table { font-size: 8pt; }
      a { color: inherit; }
    }

    """
}
