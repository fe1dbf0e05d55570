import A11yJSON
import A11yLayout
import A11yModel
import A11yReport

/// One self-contained HTML page (inline CSS and SVG, no scripts, no fetches) a designer can
/// act on: a summary with counts per rule; per component its findings, one card per defect
/// (listing the variants and themes it was found in), a contrast grid of states × themes
/// with the colour as written, as composited, the ratio, the verdict in words and the
/// passing suggestion; each variant drawn once at 2× with a legend, in the theme a
/// script-free switcher picks, and a Dynamic Type strip xS…AX5 with the first clipping size
/// marked. The page meets what it checks: landmarks, headings
/// in order, table headers with scope, captions, text at 4.5:1 or more, no meaning in
/// colour alone.
public struct HTMLReporter: Reporter {
    public init() {}
    public var name: String { "html" }
    public var needs: ReportNeeds { [.contrast, .layouts] }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer(options: options) }

    /// CSS pixels per point of the variant drawings.
    static let drawingScale = 2.0

    // MARK: Grouping

    /// One card: a defect (a rule's finding with its colours and numbers) and every variant
    /// and theme it was reported in. The same failure in several variants of a theme is one
    /// card listing them; cards that differ only in their theme are one listing the themes.
    struct FindingLine {
        var finding: Finding
        var themes: [String]
        /// The variants it was reported in, each with its finding's location, in report order.
        var variants: [(name: String, location: SourceLocation)] = []
    }

    static func groupedAcrossThemes(_ findings: [Finding]) -> [FindingLine] {
        // Across variants: findings of one theme that differ only in variant and location.
        var cards: [FindingLine] = []
        var index: [String: Int] = [:]
        for finding in findings {
            let key = defectKey(finding, acrossThemes: false) + (finding.variant == nil ? "\u{1F}\(cards.count)" : "")
            if let at = index[key], let variant = finding.variant {
                cards[at].variants.append((variant, finding.location))
            } else {
                index[key] = cards.count
                cards.append(FindingLine(finding: finding, themes: finding.theme.map { [$0] } ?? [],
                                         variants: finding.variant.map { [($0, finding.location)] } ?? []))
            }
        }
        // Across themes: cards with the same variants that differ only in their theme.
        var lines: [FindingLine] = []
        index = [:]
        for card in cards {
            let variants = card.variants.map { "\($0.name)\u{1E}\($0.location.description)" }
            let key = [defectKey(card.finding, acrossThemes: true)] + variants
            if let at = index[key.joined(separator: "\u{1F}")], let theme = card.finding.theme {
                lines[at].themes.append(theme)
            } else {
                if card.finding.theme != nil { index[key.joined(separator: "\u{1F}")] = lines.count }
                lines.append(card)
            }
        }
        return lines
    }

    /// What makes two findings one defect: all but their variant and location (and, across
    /// themes, their theme). Findings of several files are never one card.
    private static func defectKey(_ finding: Finding, acrossThemes: Bool) -> String {
        var key = [finding.rule, finding.severity.rawValue, finding.component ?? "", finding.location.file,
                   finding.lang ?? "", finding.plural ?? "", finding.pseudoLocale ?? ""]
        if finding.variant == nil { key.append(finding.location.description) }
        let theme = finding.theme ?? ""
        if !acrossThemes { key.append(theme) }
        key.append(theme.isEmpty || !acrossThemes ? finding.message : finding.message.replacingOccurrences(of: theme, with: "\u{0}"))
        var measured = ""
        for (i, entry) in finding.measured.entries.enumerated() {
            if i > 0 { measured += "\u{1E}" }
            measured += entry.key
            measured += "="
            keyText(entry.value, into: &measured)
        }
        key.append(measured)
        return key.joined(separator: "\u{1F}")
    }

    /// A measured value as a defect key's text: equal texts exactly when the values are equal
    /// with numbers compared by their shortest decimal form, as `"\(value)"` would (that
    /// reflects on the value at run time, and was over a third of an HTML report's time).
    private static func keyText(_ value: Measured.Value, into text: inout String) {
        switch value {
        case .number(let d): text += "n"; text += d.description
        case .string(let s): text += "s"; text += s.debugDescription
        case .bool(let b): text += b ? "b1" : "b0"
        case .numbers(let list):
            text += "N["
            for (i, d) in list.enumerated() { if i > 0 { text += "," }; text += d.description }
            text += "]"
        case .object(let m): keyText(m, into: &text)
        case .objects(let list):
            text += "O["
            for (i, m) in list.enumerated() { if i > 0 { text += "," }; keyText(m, into: &text) }
            text += "]"
        }
    }

    private static func keyText(_ measured: Measured, into text: inout String) {
        text += "{"
        for (i, entry) in measured.entries.enumerated() {
            if i > 0 { text += "," }
            text += entry.key.debugDescription
            text += ":"
            keyText(entry.value, into: &text)
        }
        text += "}"
    }

    // MARK: Page

    /// Writes the page as the run goes. Each file's part goes to a `Spool` at once: per
    /// component section its head (heading, figures), its findings from this file, and its
    /// contrast grid and drawings; the file's findings outside components; its input errors.
    /// What the page computes across files is kept as small facts per section (name, file,
    /// counts, where its parts lie in the spool, its variants' names) and per rule (counts,
    /// the sections it was found in). At `finish` the sections are put in the page's order
    /// (component name, then file): the head, contents and summary are written from those
    /// facts, then each section's parts are copied from the spool, then the rest.
    ///
    /// A section's number is known only at the end, and its title (the file is added when two
    /// sections share a name): its parts carry placeholders for them (`Spool.placeholder`),
    /// resolved as they are copied. A finding of a component no section of its own file
    /// describes (an index's entry whose spec is missing) goes to the first section of that
    /// name, which may come in a later file: it waits in a section of its own that joins that
    /// one at the end, or stays, as the component's section, when no spec has the name.
    struct Writer: ReportWriter {
        let options: ReportOptions
        private let spool = Spool()
        private var sections: [SectionFacts] = []
        /// The first section (in file order) of a spec with this name.
        private var specSection: [String: Int] = [:]
        /// Sections made for findings of a component no spec seen so far has.
        private var waiting: [String: Int] = [:]
        /// Variant references that wait for their section's variants: (section, variant).
        private var variantReferences: [(section: Int, variant: String)] = []
        private var counts = ReportCounts()
        private var rules: [String: RuleFacts] = [:]
        /// Parts of the section "Findings outside components", in file order.
        private var loose: [Range<Int>] = []
        /// Rows of the input errors' table, in file order.
        private var inputErrorRows: [Range<Int>] = []
        private var inputErrors = 0
        /// The largest theme switcher on the page (the page's head has its rules).
        private var themeSwitch = ThemeSwitch()

        init(options: ReportOptions) { self.options = options }

        /// One component's section: where its parts lie in the spool, and what the page's head
        /// and the placeholders need.
        struct SectionFacts {
            var name: String
            var file: String
            var hasSpec: Bool
            /// The section's start, its heading and its figures, up to the findings.
            var head: Range<Int>
            /// Its findings' lines, one part per file they came from, in file order.
            var findings: [Range<Int>] = []
            /// The contrast grid and the drawings (specs only).
            var body: Range<Int>?
            var counts = ReportCounts()
            /// The spec's variants as drawn, in order (the first of a name is linked).
            var variants: [String] = []
            /// A waiting section that joined the first spec section of its name.
            var joined: Int?
        }

        struct RuleFacts {
            var counts = ReportCounts()
            var sections: Set<Int> = []
            var outside = false
        }

        // Placeholders: four per section (its id, its title, its tally; a variant
        // reference's number in the fourth).
        private enum Slot: Int { case id = 0, title, tally, variant }
        private static func placeholder(_ number: Int, _ slot: Slot) -> String {
            var bytes: [UInt8] = []
            Spool.placeholder(number * 4 + slot.rawValue, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            var out = ""
            // Its specs' sections, each written whole but for its findings.
            var own: [String: Int] = [:]
            for component in results.components {
                let number = sections.count
                let head = write(head: component.spec.file, details: component, section: number, out: &out)
                var facts = SectionFacts(name: component.spec.name, file: component.spec.file, hasSpec: true, head: head)
                if !component.contrast.isEmpty || !component.layouts.isEmpty {
                    let start = spool.count
                    let id = Self.placeholder(number, .id)
                    if !component.contrast.isEmpty {
                        writeContrastGrid(component, id: id, escapedTitle: Self.placeholder(number, .title), into: &out)
                    }
                    if !component.layouts.isEmpty {
                        let size = writeVariants(component, id: id, into: &out)
                        themeSwitch = ThemeSwitch(themes: max(themeSwitch.themes, size.themes), slots: max(themeSwitch.slots, size.slots))
                    }
                    spool.write(out)
                    out = ""
                    facts.body = start..<spool.count
                }
                facts.variants = component.layouts.map(\.variant.name)
                sections.append(facts)
                let key = component.spec.name + "\u{1F}" + component.spec.file
                if own[key] == nil { own[key] = number }
                if specSection[component.spec.name] == nil { specSection[component.spec.name] = number }
            }
            // Findings, to the section of their component and file, else the first of their
            // component; those outside components by file.
            var targets: [Int] = []
            var byTarget: [Int: [Finding]] = [:]
            var files: [String] = []
            var byFile: [String: [Finding]] = [:]
            for finding in results.findings {
                counts.add(finding)
                rules[finding.rule, default: RuleFacts()].counts.add(finding)
                guard let component = finding.component else {
                    rules[finding.rule]!.outside = true
                    if byFile[finding.location.file] == nil { files.append(finding.location.file) }
                    byFile[finding.location.file, default: []].append(finding)
                    continue
                }
                let target: Int
                if let found = own[component + "\u{1F}" + finding.location.file] ?? specSection[component] ?? waiting[component] {
                    target = found
                } else {
                    target = sections.count
                    let head = write(head: finding.location.file, details: nil, section: target, out: &out)
                    sections.append(SectionFacts(name: component, file: finding.location.file, hasSpec: false, head: head))
                    waiting[component] = target
                }
                if byTarget[target] == nil { targets.append(target) }
                byTarget[target, default: []].append(finding)
                sections[target].counts.add(finding)
                rules[finding.rule]!.sections.insert(target)
            }
            for target in targets {
                let start = spool.count
                let sameFile = own.values.contains(target)
                let variants = sections[target].variants
                let id = Self.placeholder(target, .id)
                for line in groupedAcrossThemes(byTarget[target]!) {
                    writeFinding(line, variant: { name in
                        let code = "<code>\(Markup.escape(name))</code>"
                        guard sameFile else {
                            // The section's variants are known at the end (it may be another
                            // file's, or wait for one).
                            variantReferences.append((target, name))
                            return Self.placeholder(variantReferences.count - 1, .variant)
                        }
                        guard let index = variants.firstIndex(of: name) else { return code }
                        return "<a href=\"#\(id)-v\(index + 1)\">\(code)</a>"
                    }, into: &out)
                }
                spool.write(out)
                out = ""
                sections[target].findings.append(start..<spool.count)
            }
            for file in files {
                let start = spool.count
                out += "<h3><code>\(Markup.escape(file))</code></h3>\n<ul class=\"findings\">\n"
                for line in groupedAcrossThemes(byFile[file]!) { writeFinding(line, into: &out) }
                out += "</ul>\n"
                spool.write(out)
                out = ""
                loose.append(start..<spool.count)
            }
            if !results.inputErrors.isEmpty {
                let start = spool.count
                writeInputErrorRows(results.inputErrors, into: &out)
                spool.write(out)
                inputErrorRows.append(start..<spool.count)
                inputErrors += results.inputErrors.count
            }
        }

        /// Writes a section's head to the spool: its start, heading and figures (its file, and
        /// for a spec its kind, variants and font), up to the findings.
        private func write(head file: String, details: ComponentReport?, section: Int, out: inout String) -> Range<Int> {
            let start = spool.count
            let id = Self.placeholder(section, .id)
            out += "<section class=\"component\" aria-labelledby=\"\(id)\">\n"
            out += "<h2 id=\"\(id)\">\(Self.placeholder(section, .title))</h2>\n"
            var meta = [file]
            if let spec = details?.spec {
                if let kind = spec.kind { meta.append(kind.rawValue) }
                meta.append(counted(spec.variants.count, "variant"))
                meta.append("font \(number(spec.typography.size))/\(number(spec.typography.lineHeight)) pt at L"
                            + (spec.typography.maxLines > 0 ? ", at most \(counted(spec.typography.maxLines, "line"))" : ""))
            }
            out += "<p class=\"meta\">\(Markup.escape(meta.joined(separator: " · ") + " · "))\(Self.placeholder(section, .tally))</p>\n"
            out += CoverageWords.paragraph(details?.coverage)
            out += "<h3 id=\"\(id)-findings\">Findings</h3>\n"
            spool.write(out)
            out = ""
            return start..<spool.count
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            joinWaitingSections()
            let page = PageOrder(sections)
            writePageHead(totals, to: &sink)
            var out = ""
            if !page.order.isEmpty || !loose.isEmpty || inputErrors > 0 { writeContents(page, into: &out, flushingTo: &sink) }
            out += "<main id=\"main\">\n"
            writeSummary(totals, page, into: &out, flushingTo: &sink)
            sink.write(out)
            // The sections, then the findings outside them, then the input errors.
            writeSections(page, to: &sink)
            writePageEnd(totals, to: &sink)
        }

        /// Waiting sections join the first spec section of their name, their findings first
        /// (they came from files before it, or from later ones after its own).
        private mutating func joinWaitingSections() {
            for number in sections.indices where !sections[number].hasSpec {
                guard let spec = specSection[sections[number].name] else { continue }
                sections[number].joined = spec
                sections[spec].findings = (sections[number].findings + sections[spec].findings).sorted { $0.lowerBound < $1.lowerBound }
                sections[spec].counts.errors += sections[number].counts.errors
                sections[spec].counts.warnings += sections[number].counts.warnings
                sections[spec].counts.notes += sections[number].counts.notes
            }
        }

        /// The sections as the page shows them, known once every file is in: their order
        /// (component name, then file; joined sections left out), ids and titles.
        struct PageOrder {
            let sections: [SectionFacts]
            /// Section numbers in page order.
            let order: [Int]
            /// `position[number]`: where section `number` is in `order`.
            let position: [Int]
            /// How many sections of the page have each name.
            private let names: [String: Int]

            init(_ sections: [SectionFacts]) {
                self.sections = sections
                order = sections.indices.filter { sections[$0].joined == nil }.sorted {
                    (sections[$0].name, sections[$0].file, $0) < (sections[$1].name, sections[$1].file, $1)
                }
                var position = [Int](repeating: 0, count: sections.count)
                for (index, number) in order.enumerated() { position[number] = index }
                self.position = position
                var names: [String: Int] = [:]
                for number in order { names[sections[number].name, default: 0] += 1 }
                self.names = names
            }

            /// The section shown for section `number`: the one it joined, if it did.
            func resolved(_ number: Int) -> Int { sections[number].joined ?? number }
            func id(_ number: Int) -> String { "component-\(position[resolved(number)] + 1)" }
            /// The component's name, with its file when two sections share the name.
            func title(_ number: Int) -> String {
                let section = sections[resolved(number)]
                return section.name + (names[section.name]! > 1 ? " in \(section.file)" : "")
            }
        }

        /// From the doctype to the end of the page's header (tool, files, components).
        private func writePageHead(_ totals: LintReport, to sink: inout some ReportSink) {
            var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            out += "<title>a11ylint report: \(counted(counts.errors, "error")), \(counted(counts.warnings, "warning")),"
                + " \(counted(counts.notes, "note"))</title>\n"
            out += "<style>\n\(stylesheet)\(themeSwitchRules(themeSwitch))</style>\n</head>\n<body>\n"
            out += "<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
            out += "<header>\n<h1>a11ylint report</h1>\n"
            var meta = ["a11ylint \(totals.toolVersion)", counted(totals.files, "file"), counted(totals.components, "component")]
            if options.strict { meta.append("strict mode: warnings fail") }
            out += "<p class=\"meta\">\(Markup.escape(meta.joined(separator: " · ")))</p>\n</header>\n"
            sink.write(out)
        }

        /// The contents: the summary, each section with its tally, the findings outside
        /// components and the input errors. Long contents go to `sink` in chunks.
        private func writeContents(_ page: PageOrder, into out: inout String, flushingTo sink: inout some ReportSink) {
            out += "<nav aria-labelledby=\"contents-title\">\n<h2 id=\"contents-title\">Contents</h2>\n<ul>\n"
            out += "<li><a href=\"#summary\">Summary</a></li>\n"
            for number in page.order {
                out += "<li><a href=\"#\(page.id(number))\">\(Markup.escape(page.title(number)))</a> <span class=\"muted\">("
                    + tally(page.sections[number].counts) + ")</span></li>\n"
                if out.utf8.count >= Spool.chunkSize {
                    sink.write(out)
                    out = ""
                }
            }
            if !loose.isEmpty { out += "<li><a href=\"#other-findings\">Findings outside components</a></li>\n" }
            if inputErrors > 0 { out += "<li><a href=\"#input-errors\">Input errors</a></li>\n" }
            out += "</ul>\n</nav>\n"
        }

        /// The summary: a tile per count, and the findings per rule with links to the
        /// sections that have them. A long table goes to `sink` in chunks.
        private func writeSummary(_ totals: LintReport, _ page: PageOrder, into out: inout String,
                                  flushingTo sink: inout some ReportSink) {
            out += "<section aria-labelledby=\"summary\">\n<h2 id=\"summary\">Summary</h2>\n"
            out += "<ul class=\"counts\">\n"
            func tile(_ n: Int, _ singular: String, _ style: String) {
                out += "<li class=\"tile \(n > 0 ? style : "zero")\"><span class=\"n\">\(n)</span> \(n == 1 ? singular : singular + "s")</li>\n"
            }
            tile(counts.errors, "error", "error")
            tile(counts.warnings, "warning", "warning")
            tile(counts.notes, "note", "note")
            if inputErrors > 0 { tile(inputErrors, "input error", "error") }
            if totals.suppressed > 0 { out += "<li class=\"tile zero\"><span class=\"n\">\(totals.suppressed)</span> suppressed</li>\n" }
            if let baselined = totals.baselined {
                out += "<li class=\"tile zero\"><span class=\"n\">\(baselined)</span> baselined</li>\n"
            }
            out += "</ul>\n"
            guard counts.findings > 0 else {
                out += inputErrors == 0 ? "<p class=\"clean\">No findings.</p>\n</section>\n" : "</section>\n"
                return
            }
            let descriptions = Dictionary(totals.rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
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
                out += "<td class=\"num\">\(entry.counts.errors)</td><td class=\"num\">\(entry.counts.warnings)</td>"
                    + "<td class=\"num\">\(entry.counts.notes)</td>"
                // Components in page order, findings outside them last.
                var links = Set(entry.sections.map(page.resolved)).sorted { page.position[$0] < page.position[$1] }.map { number in
                    "<a href=\"#\(page.id(number))\">\(Markup.escape(page.title(number)))</a>"
                }
                if entry.outside { links.append("<a href=\"#other-findings\">Findings outside components</a>") }
                out += "<td>\(links.joined(separator: ", "))</td></tr>\n"
                if out.utf8.count >= Spool.chunkSize {
                    sink.write(out)
                    out = ""
                }
            }
            out += "</tbody>\n</table>\n</div>\n</section>\n"
        }

        /// Each section in page order, copied from the spool with its placeholders resolved.
        private func writeSections(_ page: PageOrder, to sink: inout some ReportSink) {
            let sections = page.sections, variantReferences = self.variantReferences
            let escapedTitles = page.order.reduce(into: [Int: [UInt8]]()) { $0[$1] = Array(Markup.escape(page.title($1)).utf8) }
            let resolve: (Int) -> [UInt8] = { placeholder in
                let number = placeholder / 4
                switch Slot(rawValue: placeholder % 4) {
                case .id: return Array(page.id(number).utf8)
                case .title: return escapedTitles[page.resolved(number)] ?? []
                case .tally: return Array(tally(sections[page.resolved(number)].counts).utf8)
                case .variant:
                    let reference = variantReferences[number]
                    let target = page.resolved(reference.section)
                    let code = "<code>\(Markup.escape(reference.variant))</code>"
                    guard let index = sections[target].variants.firstIndex(of: reference.variant) else { return Array(code.utf8) }
                    return Array("<a href=\"#\(page.id(target))-v\(index + 1)\">\(code)</a>".utf8)
                case nil: return []
                }
            }
            for number in page.order {
                let section = sections[number]
                spool.copy(section.head, to: &sink, resolving: resolve)
                if section.findings.isEmpty {
                    sink.write("<p class=\"clean\">No findings.</p>\n")
                } else {
                    sink.write("<ul class=\"findings\">\n")
                    for part in section.findings { spool.copy(part, to: &sink, resolving: resolve) }
                    sink.write("</ul>\n")
                }
                if let body = section.body { spool.copy(body, to: &sink, resolving: resolve) }
                sink.write("</section>\n")
            }
        }

        /// The findings outside components, the input errors, and the footer.
        private func writePageEnd(_ totals: LintReport, to sink: inout some ReportSink) {
            if !loose.isEmpty {
                sink.write("<section aria-labelledby=\"other-findings\">\n<h2 id=\"other-findings\">Findings outside components</h2>\n")
                for part in loose { spool.copy(part, to: &sink) }
                sink.write("</section>\n")
            }
            if inputErrors > 0 {
                var head = ""
                writeInputErrorsHead(into: &head)
                sink.write(head)
                for part in inputErrorRows { spool.copy(part, to: &sink) }
                sink.write("</tbody>\n</table>\n</div>\n</section>\n")
            }
            sink.write("</main>\n<footer>\n<p>Generated by a11ylint \(Markup.escape(totals.toolVersion)). "
                + "Ratios are WCAG 2.x contrast ratios shown to two decimals, never rounded up to a threshold they miss.</p>\n"
                + "</footer>\n</body>\n</html>\n")
        }
    }

    static func tally(_ counts: ReportCounts) -> String {
        var parts: [String] = []
        if counts.errors > 0 { parts.append(counted(counts.errors, "error")) }
        if counts.warnings > 0 { parts.append(counted(counts.warnings, "warning")) }
        if counts.notes > 0 { parts.append(counted(counts.notes, "note")) }
        return parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
    }

    // MARK: One component
    /// One finding's line; `variant` gives what names its variant (a link to the drawing
    /// where there is one).
    static func writeFinding(_ line: FindingLine, variant link: (String) -> String = { "<code>\(Markup.escape($0))</code>" },
                             into out: inout String) {
        let finding = line.finding
        let severity = finding.severity.rawValue
        out += "<li class=\"finding \(severity)\">\n<p class=\"finding-head\">"
        out += "<span class=\"badge \(severity)\">\(icon(finding.severity)) \(severity.prefix(1).uppercased() + severity.dropFirst())</span> "
        out += "<code class=\"rule\">\(Markup.escape(finding.rule))</code>"
        let several = line.variants.count > 1
        if several {
            out += " · \(line.variants.count) variants"
        } else if let variant = finding.variant {
            out += " · variant " + link(variant)
        }
        if let lang = finding.lang { out += " · language <code>\(Markup.escape(lang))</code>" }
        if let pseudo = finding.pseudoLocale { out += " · pseudo-locale <code>\(Markup.escape(pseudo))</code>" }
        let location = several ? finding.location.file : finding.location.description
        out += " <span class=\"location\">\(Markup.escape(location))</span></p>\n"
        var message = finding.message
        if let theme = finding.theme { message = message.replacingOccurrences(of: " in theme \(theme)", with: "") }
        out += "<p class=\"message\">\(Markup.escape(message))</p>\n"
        if several {
            out += "<p class=\"context variants\">Variants: " + line.variants.map { variant in
                link(variant.name) + " <span class=\"location\">(\(variant.location.line):\(variant.location.column))</span>"
            }.joined(separator: ", ") + "</p>\n"
        }
        if !line.themes.isEmpty {
            out += "<p class=\"context\">\(line.themes.count == 1 ? "Theme" : "Themes"): "
                + line.themes.map { "<code>\(Markup.escape($0))</code>" }.joined(separator: ", ") + "</p>\n"
        }
        if let fix = finding.measured.objects("fix") {
            out += "<p class=\"suggestion\">Fix for this theme: " + fix.map { entry -> String in
                fixChange(role: entry.string("role") ?? "", from: entry.string("from") ?? "", to: entry.string("to") ?? "")
            }.joined(separator: ", ") + "</p>\n"
        } else if case .string(let hex)? = finding.measured["suggestion"], let colour = RGBA(hex: hex) {
            out += "<p class=\"suggestion\">No colour change passes every pair of this theme; this pair alone passes with "
                + "\(chip(colour)) <code>\(Markup.escape(colour.hexRGB))</code></p>\n"
        }
        let links = wcagLinks(finding.wcag)
        if !links.isEmpty { out += "<p class=\"wcag\">\(links)</p>\n" }
        let shown = finding.measured.entries.filter { !["suggestion", "suggestionRatio", "suggestedAlpha", "fix"].contains($0.key) }
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
                    + " \(m.suggestion?.hexRGB ?? "") \(m.suggestedAlpha ?? -1) " + fixText(m.fix ?? [])
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

    /// A fix as a grid row's signature text: every field of every change, numbers in their
    /// shortest decimal form, as `"\(fix)"` would write them (that reflects on the values at
    /// run time, and was a fifth of an HTML report's time).
    static func fixText(_ fix: [ThemeColorChange]) -> String {
        func color(_ c: RGBA) -> String { "(\(c.red) \(c.green) \(c.blue) \(c.alpha))" }
        var text = "["
        for (i, change) in fix.enumerated() {
            if i > 0 { text += ", " }
            text += change.key.debugDescription + " " + change.role.debugDescription + " " + color(change.from) + " "
                + color(change.to) + " " + (change.location?.description.debugDescription ?? "nil")
        }
        return text + "]"
    }

    /// `id` and `escapedTitle` are the section's (placeholders while the page is written).
    static func writeContrastGrid(_ details: ComponentReport, id: String, escapedTitle: String, into out: inout String) {
        var themes: [String] = []
        for m in details.contrast where !themes.contains(m.theme.name) { themes.append(m.theme.name) }
        let rows = gridRows(details.contrast, themes: themes)
        let failing = details.contrast.filter(\.isReported).count
        out += "<h3 id=\"\(id)-contrast\">Contrast by state and theme</h3>\n"
        out += "<p>\(counted(details.contrast.count, "pair")) measured, \(failing) failing. Each cell shows the colour as written "
            + "in the spec, the colour it composites to over its background, the ratio and what it needs, and for a "
            + "failure the theme's consistent fix for it, or the nearest colour that passes when there is none.</p>\n"
        out += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"\(id)-grid-caption\" tabindex=\"0\">\n"
        out += "<table class=\"grid\">\n<caption id=\"\(id)-grid-caption\">Contrast of \(escapedTitle): "
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
        let sourced = [m.foregroundOrigin, m.backgroundOrigin].compactMap { origin -> String? in
            guard case .object(let fields)? = origin?.measured else { return nil }
            return ColorOrigin.text(fields)
        }
        let written = m.colorLocation.map { "written at line \($0.line), column \($0.column)" } ?? "from the built-in colour scheme"
        out += "<span class=\"where\">"
            + (sourced.isEmpty ? written : "<code>" + Markup.escape(sourced.joined(separator: " on ")) + "</code>") + "</span>"
        let needs = "needs \(number(m.required)):1"
        switch verdict {
        case "pass": out += "<span class=\"verdict pass\"><span aria-hidden=\"true\">✓</span> Pass</span>"
        case "excused": out += "<span class=\"verdict excused\"><span aria-hidden=\"true\">–</span> Below, but another part meets this check</span>"
        default: out += "<span class=\"verdict fail\"><span aria-hidden=\"true\">✗</span> Fail</span>"
        }
        out += " <span class=\"ratio\">\(ratioText(m.ratio, required: m.required)):1, \(needs)</span>"
        if m.isReported, let fix = m.fix, !fix.isEmpty {
            // The theme's consistent fix for this pair's check, as the findings list shows it.
            out += "<span class=\"suggestion\">Fix for this theme: " + fix.map { change in
                fixChange(role: change.role, from: change.from.hexString, to: change.to.hexString)
            }.joined(separator: ", ") + "</span>"
        } else if m.isReported, let suggestion = m.suggestion {
            out += "<span class=\"suggestion\">Try \(chip(suggestion)) <code>\(suggestion.hexRGB)</code> "
                + "(\(ratioText(Contrast.ratio(suggestion, m.background), required: m.required)):1)"
            if let alpha = m.suggestedAlpha { out += ", or opacity \(alphaText(alpha))" }
            out += "</span>"
        }
        out += "</td>"
    }

    /// One change of a theme's fix: the role, and the colour as written and as fixed.
    static func fixChange(role: String, from: String, to: String) -> String {
        "<code>\(Markup.escape(role))</code> "
            + (RGBA(hex: from).map { chip($0, translucent: true) } ?? "") + "<code>\(Markup.escape(from))</code> → "
            + (RGBA(hex: to).map { chip($0, translucent: true) } ?? "") + "<code>\(Markup.escape(to))</code>"
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

    /// The size of a component's theme switcher: its themes and the colour slots of its
    /// drawings (none without a switcher: one theme or none).
    struct ThemeSwitch {
        var themes = 0
        var slots = 0
    }

    /// The variants' part: a legend, the theme switcher when the spec has several themes, and
    /// each variant drawn once (in the theme picked, by CSS alone: `themeSwitchRules`).
    @discardableResult
    static func writeVariants(_ details: ComponentReport, id: String, into out: inout String) -> ThemeSwitch {
        let themes = details.spec.themes
        let slots = themes.count > 1 ? ThemeSlots() : nil
        var body = ""
        for (index, variant) in details.layouts.enumerated() {
            writeVariant(variant, details: details, variantID: "\(id)-v\(index + 1)", slots: slots, into: &body)
        }
        out += "<h3 id=\"\(id)-variants\">Variants, drawn at \(number(drawingScale))×</h3>\n"
        out += legend(minimumTarget: details.touchTarget)
        guard let slots else {
            out += body
            HTMLTranslations.write(details, id: id, into: &out)
            return ThemeSwitch()
        }
        // Each theme's colours as variables on the part (the first theme's are the drawings' own).
        let values = themes.map { LayoutRendering.themeValues(slots, theme: $0) }
        var style = ""
        for (number, theme) in values.enumerated().dropFirst() {
            for (slot, value) in theme.enumerated() { style += "--t\(number + 1)-c\(slot):\(value);" }
        }
        out += "<div class=\"themed\" style=\"\(style)\">\n<fieldset class=\"theme-pick\">\n"
            + "<legend>Theme of the drawings below</legend>\n"
        for (number, theme) in themes.enumerated() {
            let input = "\(id)-pick\(number + 1)"
            var chips = [theme.opaqueBackground.hexRGB]
            for value in values[number] where Markup.isHexColor(value) && !chips.contains(value) { chips.append(value) }
            out += "<span class=\"pick\"><input type=\"radio\" name=\"\(id)-theme\" id=\"\(input)\" class=\"pick-\(number + 1)\""
                + (number == 0 ? " checked" : "") + "><label for=\"\(input)\"><span class=\"swatches\" aria-hidden=\"true\">"
                + chips.prefix(8).map { "<span class=\"chip\" style=\"background-color:\($0)\"></span>" }.joined()
                + "</span> <code>\(Markup.escape(theme.name))</code></label></span>\n"
        }
        out += "</fieldset>\n" + body + "</div>\n"
        HTMLTranslations.write(details, id: id, into: &out)
        return ThemeSwitch(themes: themes.count, slots: slots.count)
    }

    /// One variant drawn once: its state, the drawing, its figures and its Dynamic Type strip.
    /// With `slots` (a theme switcher), in the theme picked; a variant limited to some themes,
    /// or with colours of its own, sets its own variables.
    private static func writeVariant(_ variant: VariantLayouts, details: ComponentReport, variantID: String,
                                     slots: ThemeSlots?, into out: inout String) {
        let spec = details.spec
        let themes = spec.themes(for: variant.variant)
        var body = "<h4 id=\"\(variantID)\">Variant <code>\(Markup.escape(variant.variant.name))</code></h4>\n"
        body += "<p class=\"meta\">\(Markup.escape(stateSummary(variant.variant)))</p>\n"
        guard let layout = variant.layout else {
            out += "<section class=\"variant\">\n" + body
                + "<p>Cannot be laid out: \(Markup.escape(variant.error ?? "no layout at its Dynamic Type size")).</p>\n</section>\n"
            return
        }
        let theme = themes.first
        let themeName = slots != nil ? "picked above" : theme?.name ?? "built-in colours"
        let label = "\(spec.name), variant \(variant.variant.name), theme \(themeName): "
            + "\(number(layout.width)) × \(number(layout.height)) pt, hit area "
            + "\(number(layout.hitArea.width)) × \(number(layout.hitArea.height)) pt"
        body += "<p class=\"figures\">\(Markup.escape(layoutFigures(layout, minimum: details.touchTarget)))</p>\n"
        let all = spec.themes.map(\.name)
        if slots != nil, themes.map(\.name) != all {
            body += "<p class=\"meta\">Only in " + (themes.count == 1 ? "theme " : "themes ")
                + themes.map { "<code>\(Markup.escape($0.name))</code>" }.joined(separator: ", ")
                + (themes.isEmpty ? "" : "; drawn in <code>\(Markup.escape(themes[0].name))</code> for the others") + "</p>\n"
        }
        body += "<div class=\"variant-body\">\n<figure class=\"drawing\">\n"
        body += LayoutRendering.reportSVG(layout, variant: variant.variant, spec: spec, theme: theme,
                                          minimumTarget: details.touchTarget, scale: drawingScale, annotated: true, label: label, slots: slots)
        body += "<figcaption>" + (slots != nil ? "In the theme picked above" : "Theme <code>\(Markup.escape(themeName))</code>")
            + "</figcaption>\n</figure>\n"
        writeStrip(variant, spec: spec, theme: theme, slots: slots, into: &body)
        body += "</div>\n"
        // Its own colours where they differ from the component's: its themes, its colours, or
        // (a theme it is not in) none, so the drawing keeps its first theme's.
        var style = ""
        if let slots, !variant.variant.colors.isEmpty || themes.map(\.name) != all {
            for (number, component) in spec.themes.enumerated().dropFirst() {
                let own = themes.first { $0.name == component.name }
                let values = own.map { LayoutRendering.themeValues(slots, theme: $0) }
                let shared = LayoutRendering.themeValues(slots, theme: component)
                for slot in shared.indices where values?[slot] != shared[slot] {
                    style += "--t\(number + 1)-c\(slot):\(values?[slot] ?? "initial");"
                }
            }
        }
        out += "<section class=\"variant\"" + (style.isEmpty ? "" : " style=\"\(style)\"") + ">\n" + body + "</section>\n"
    }

    /// The rules that switch the drawings to the theme picked: for the page's largest
    /// switcher, theme N's variables (`--tN-cS`, set on each part) become the drawings' colours
    /// (`--tcS`) when its N-th radio button is checked.
    static func themeSwitchRules(_ size: ThemeSwitch) -> String {
        guard size.themes > 1 else { return "" }
        var out = ""
        for theme in 2...size.themes {
            out += ".themed:has(.pick-\(theme):checked) .variant { "
                + (0..<size.slots).map { "--tc\($0): var(--t\(theme)-c\($0))" }.joined(separator: "; ") + "; }\n"
        }
        return out
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
                   "Touch-target minimum, \(number(minimumTarget)) × \(number(minimumTarget)) pt centred on the hit area: "
                    + "orange dash-dot line, behind the component and broken where it would cross the label")
        out += "</ul>\n</div>\n"
        return out
    }

    /// The variant at every Dynamic Type size, the first size whose label needs more lines
    /// than `maxLines` marked: the component and its hit area alone (the touch-target square
    /// is in the variant's drawing).
    private static func writeStrip(_ variant: VariantLayouts, spec: ComponentSpec, theme: Theme?,
                                   slots: ThemeSlots?, into out: inout String) {
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
            out += LayoutRendering.reportSVG(layout, variant: variant.variant, spec: spec, theme: theme, minimumTarget: 0,
                                             scale: 1, annotated: false, label: label, slots: slots)
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

    /// The input errors' section up to its table's rows.
    static func writeInputErrorsHead(into out: inout String) {
        out += "<section aria-labelledby=\"input-errors\">\n<h2 id=\"input-errors\">Input errors</h2>\n"
        out += "<p>These inputs could not be read or parsed; everything else was still linted.</p>\n"
        out += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"input-errors-caption\" tabindex=\"0\">\n"
        out += "<table>\n<caption id=\"input-errors-caption\">Unreadable inputs</caption>\n<thead>\n<tr><th scope=\"col\">File</th><th scope=\"col\">Line</th>"
            + "<th scope=\"col\">Column</th><th scope=\"col\">Message</th></tr>\n</thead>\n<tbody>\n"
    }

    /// One row per input error.
    static func writeInputErrorRows(_ errors: [InputError], into out: inout String) {
        for error in errors {
            out += "<tr><td><code>\(Markup.escape(error.location.file))</code></td>"
                + "<td class=\"num\">\(error.location.line)</td><td class=\"num\">\(error.location.column)</td>"
                + "<td>\(Markup.escape(error.message))</td></tr>\n"
        }
    }

    // MARK: Pieces

    private static func icon(_ severity: Severity) -> String {
        switch severity {
        case .error: "<span aria-hidden=\"true\">✗</span>"
        case .warning: "<span aria-hidden=\"true\">⚠</span>"
        case .note: "<span aria-hidden=\"true\">ℹ</span>"
        }
    }

    static func wcagLinks(_ criteria: [String]) -> String {
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
        case .object(let fields): return fields.entries.map { "\(Markup.escape($0.key)) \(measuredValue($0.key, $0.value, required: nil))" }.joined(separator: ", ")
        case .objects(let list):
            return list.map { object in
                object.entries.map { measuredValue($0.key, $0.value, required: nil) }.joined(separator: " ")
            }.joined(separator: "; ")
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
    .findings { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 34rem), 1fr)); gap: 0.75rem; }
    .finding { border: 1px solid #d6d6d6; border-left: 4px solid #767676; border-radius: 6px; padding: 0.35rem 0.75rem; margin: 0; }
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
    .drawings { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; margin-bottom: 0.75rem; }
    .variant { border: 1px solid #d6d6d6; border-radius: 8px; padding: 0.25rem 1rem 0.75rem; margin: 1rem 0; }
    .drawing { margin: 0; padding: 0.5rem; border: 1px solid #c4c4c4; border-radius: 6px; max-width: 100%; overflow-x: auto; }
    .drawing svg { display: block; }
    .figures { margin: 0.4rem 0; }
    .variant-body { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: flex-start; }
    .variant-body .strip { flex: 1 1 26rem; margin: 0; }
    .theme-pick { border: 1px solid #c4c4c4; border-radius: 6px; margin: 0.5rem 0 1rem; padding: 0.25rem 0.75rem 0.5rem;
      display: flex; flex-wrap: wrap; gap: 0.35rem 1.25rem; }
    .theme-pick legend { font-weight: 600; padding: 0 0.25rem; }
    .pick { display: inline-flex; align-items: center; gap: 0.3rem; }
    .pick input { width: 1.5rem; height: 1.5rem; margin: 0; accent-color: #0b57d0; }
    .pick input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
    .pick label { display: inline-flex; align-items: center; gap: 0.35rem; cursor: pointer; }
    .pick input:checked + label { font-weight: 700; text-decoration: underline; text-underline-offset: 0.2em; }
    .swatches { display: inline-flex; }
    .swatches .chip { width: 0.9rem; height: 0.9rem; border-radius: 2px; margin-right: -1px; }
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
    .chip, .badge, .tile, th, .drawing, .sample, .strip { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
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
