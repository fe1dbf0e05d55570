import Testing
import A11yJSON
import A11yModel
import A11yReport
@testable import A11yReporters

/// The report writers stream (each file's part as it arrives, the body spooled where the
/// head needs totals): whatever way a report is fed, the bytes are those of the whole
/// rendering every format had before (`WholeRendering`, kept here as the reference).
@Suite struct StreamingWritersTests {
    static let formats = ["text", "json", "sarif", "github", "checkstyle", "codeclimate", "junit", "html"]

    /// Reports that reach every branch of every format.
    static func reports() -> [(String, LintReport)] {
        var cases: [(String, LintReport)] = [
            ("fixtures", Fixtures.report()),
            ("contract", Fixtures.contractReport()),
            ("empty", Fixtures.report(findings: [], inputErrors: [])),
            ("empty, baselined", Fixtures.report(findings: [], inputErrors: [], suppressed: 2, baselined: 3)),
            ("only input errors", Fixtures.report(findings: [], inputErrors: [
                Fixtures.badInput, InputError(file: "specs/worse.json", line: 1, column: 1, message: "not JSON"),
                InputError(file: "specs/worse.json", line: 9, column: 2, message: "and more"),
            ])),
            ("notes only", Fixtures.report(findings: [Fixtures.note], inputErrors: [])),
            ("fix", SARIFReporterTests.reportWithFix()),
            ("many files", manyFiles(files: 60, perFile: 9)),
        ]
        var unknownRule = Fixtures.report()
        unknownRule.findings.append(Finding(
            rule: "zz-custom", severity: .warning, message: "Custom «rule» — ünïcödé",
            location: SourceLocation(file: "specs/zz.json", line: 1, column: 1), wcag: ["1.3.1"]))
        cases.append(("rule outside the catalogue", unknownRule))
        var handMade = Fixtures.report()
        handMade.lintedFiles = []
        handMade.rulesRun = [:]
        cases.append(("no linted files", handMade))
        return cases
    }

    /// `files` files (one with an input error too, every fifth clean, names that need
    /// escaping), findings with several variants and themes, notes, pseudo-locales and
    /// languages, components or none, non-ASCII text (so spool chunks end mid-character).
    static func manyFiles(files: Int, perFile: Int) -> LintReport {
        var findings: [Finding] = []
        var errors: [InputError] = []
        var linted: [String] = []
        var rulesRun: [String: [String]] = [:]
        var fixes: [String: ReportFix] = [:]
        var coverage: [ComponentCoverage] = []
        let severities: [Severity] = [.error, .warning, .note]
        for f in 0..<files {
            let file = f % 7 == 3 ? "Sources/App/View \(f) & <co>.swift" : "specs/components/C\(f)\u{E9}.json"
            if f % 13 == 5 {
                errors.append(InputError(file: file, line: 2, column: 3, message: "bad \"input\" ✗ \(f)"))
                if f % 2 == 0 { continue }
            }
            linted.append(file)
            if f % 3 != 1 {
                // Coverage for some files: two components in one, some not checked whole.
                for c in 0..<(f % 4 == 0 ? 2 : 1) {
                    coverage.append(ComponentCoverage(
                        file: file, component: "Comp\(c) «\(f)»", kind: "checkbox", variants: f % 5, themes: f % 3,
                        appearances: min(1, f % 3), languages: 1 + f % 2, pairsChecked: 2 * f, pairsUnverified: f % 2,
                        unverifiedReasons: f % 2 == 1 ? ["missing-color": 1] : [:],
                        location: SourceLocation(file: file, line: 1 + c, column: 10)))
                }
            }
            if f % 9 == 4 { rulesRun[file] = ["text-contrast", "touch-target"] }
            if f % 5 == 2 { continue }
            for i in 0..<perFile {
                var finding = Finding(
                    rule: ["text-contrast", "touch-target", "forbidden-state", "zz-extra"][i % 4],
                    severity: severities[(i + f) % 3],
                    message: "Message \(i) of file \(f): contrast ≈ 3.\(i):1 — «\(String(repeating: "ü", count: i % 11))»\(i % 17 == 0 ? "\nsecond line" : "")",
                    location: SourceLocation(file: file, line: 1 + i / 3, column: 1 + i % 5),
                    component: i % 6 == 5 ? nil : "Comp\(i % 3)", variant: i % 4 == 0 ? nil : "v\(i % 3)",
                    theme: i % 5 == 0 ? nil : ["default/light", "default/dark"][i % 2],
                    wcag: i % 2 == 0 ? ["1.4.3"] : [],
                    measured: Measured([("ratio", .number(3.5 + Double(i) / 100)), ("required", .number(4.5))]))
                if i % 8 == 1 { finding.pseudoLocale = "accented" }
                if i % 10 == 3 { finding.lang = "de" }
                if i % 4 == 0, let theme = finding.theme {
                    finding.measured["role"] = .string("textEnabled")
                    finding.measured["suggestion"] = .string("#767676")
                    finding.measured["suggestionRatio"] = .number(4.54)
                    let edit = ByteEdit(range: 10..<17, replacement: "767676", line: 3, column: 4, original: "808080")
                    fixes[ReportFix.key(file: file, theme: theme, role: "textEnabled")] =
                        ReportFix(file: file, theme: theme, role: "textEnabled", edits: [edit], colour: "#767676")
                }
                findings.append(finding)
                if i % 23 == 7 { findings.append(finding) }  // same fingerprint twice
            }
        }
        var report = LintReport(toolVersion: "1.2.3", files: files, components: files / 2, findings: findings,
                                inputErrors: errors, suppressed: 4, baselined: nil, rules: Fixtures.rules,
                                lintedFiles: linted, rulesRun: rulesRun)
        report.fixes = fixes
        report.coverage = coverage.sorted(by: ComponentCoverage.order)
        return report
    }

    static func optionSets() -> [(String, ReportOptions)] {
        var quiet = ReportOptions()
        quiet.quiet = true
        var rooted = ReportOptions(strict: true)
        rooted.paths = ReportPaths(workingDirectory: "/work/repo/sub", root: "/work/repo")
        return [("default", ReportOptions()), ("quiet", quiet), ("colour", ReportOptions(useColor: true, strict: true)),
                ("rooted", rooted)]
    }

    /// A sink that keeps the pieces it is given, bytes apart from text.
    struct PieceSink: ReportSink {
        var bytes: [UInt8] = []
        var pieces = 0
        mutating func write(_ text: String) {
            bytes += Array(text.utf8)
            pieces += 1
        }
        mutating func write<Bytes: Collection<UInt8>>(bytes more: Bytes) {
            // Pieces are whole characters: each one decodes on its own.
            let piece = Array(more)
            precondition(String(validating: piece, as: UTF8.self) != nil, "a piece split a character")
            bytes += piece
            pieces += 1
        }
    }

    /// Feeds `report` as the run will: a `FileResults` for every file it read (clean
    /// linted ones too, empty), into a sink of pieces.
    static func fedEveryFile(_ reporter: any Reporter, _ report: LintReport, options: ReportOptions) -> String {
        var writer = reporter.writer(options: options)
        var parts = Dictionary(uniqueKeysWithValues: FileResults.split(report).map { ($0.file, $0) })
        for file in report.lintedFiles where parts[file] == nil { parts[file] = FileResults(file: file) }
        var sink = PieceSink()
        for file in parts.keys.sorted() { writer.file(parts[file]!, to: &sink) }
        var totals = report
        totals.findings = []
        totals.inputErrors = []
        totals.componentReports = []
        writer.finish(totals, to: &sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    @Test(arguments: formats)
    func sameBytesHoweverFed(format: String) {
        let reporter = Reporters.named(format)!
        for (name, report) in Self.reports() {
            for (optionsName, options) in Self.optionSets() {
                let whole = WholeRendering.render(format, report, options: options)
                #expect(whole.hasSuffix("\n") || (options.quiet && whole.isEmpty), "\(format), \(name), \(optionsName)")
                let split = reporter.render(report, options: options)
                #expect(split == whole, "\(format), \(name), \(optionsName): file by file (split)")
                let everyFile = Self.fedEveryFile(reporter, report, options: options)
                #expect(everyFile == whole, "\(format), \(name), \(optionsName): every file, in pieces")
            }
        }
    }

    /// More findings than a JSON batch and bodies of several spool chunks.
    @Test(arguments: formats)
    func sameBytesForALargeReport(format: String) {
        let reporter = Reporters.named(format)!
        let report = Self.large
        #expect(report.findings.count > JSONReporter.Writer.batchSize)
        let whole = WholeRendering.render(format, report, options: ReportOptions())
        #expect(whole.utf8.count > 2 * Spool.chunkSize)
        #expect(Self.fedEveryFile(reporter, report, options: ReportOptions()) == whole, "\(format)")
    }

    static let large = manyFiles(files: 300, perFile: 70)

    @Test func spoolCopiesInPiecesAndResolvesPlaceholders() {
        let spool = Spool()
        var expected: [UInt8] = []
        for i in 0..<20_000 {
            var bytes = Array("item \(i) «ü€𝄞» ".utf8)
            expected += bytes
            if i % 3 == 0 {
                Spool.placeholder(i % 7, to: &bytes)
                expected += Array("<\(i % 7 * 100)>".utf8)
            }
            spool.write(bytes: bytes)
        }
        #expect(spool.count > 4 * Spool.chunkSize)
        var sink = PieceSink()
        spool.copy(to: &sink) { Array("<\($0 * 100)>".utf8) }
        #expect(sink.bytes == expected)
        #expect(sink.pieces > 4)
    }

    @Test(arguments: [nil, "/nonexistent/a11ylint-spool-test"])
    func spoolCopiesRangesInTurn(folder: String?) {
        // Where no temporary file can be made, the spool keeps its bytes in memory.
        let spool = Spool(folder: folder)
        let parts = (0..<500).map { "part \($0) " + String(repeating: "é", count: $0 * 3) + "\n" }
        for part in parts { spool.write(part) }
        var out = ""
        for (index, part) in parts.enumerated() {
            out += "[\(index)]"
            spool.copy(part.utf8.count, to: &out)
        }
        #expect(out == parts.enumerated().map { "[\($0)]" + $1 }.joined())
    }

    /// Ranges copy in any order (the HTML page's sections, the baseline's files), with
    /// placeholders, from the file or, where none can be made, from memory; sequential
    /// copies are not moved by them.
    @Test(arguments: [nil, "/nonexistent/a11ylint-spool-test"])
    func spoolCopiesRangesInAnyOrder(folder: String?) {
        let spool = Spool(folder: folder)
        var ranges: [Range<Int>] = []
        var expected: [String] = []
        for index in 0..<400 {
            var bytes = Array("part \(index) ".utf8) + Array(String(repeating: "ü𝄞", count: index * 7).utf8)
            Spool.placeholder(index, to: &bytes)
            bytes += Array("\n".utf8)
            let start = spool.count
            spool.write(bytes: bytes)
            ranges.append(start..<spool.count)
            expected.append("part \(index) " + String(repeating: "ü𝄞", count: index * 7) + "<\(index)>\n")
        }
        #expect(spool.count > 4 * Spool.chunkSize)
        var sink = PieceSink()
        for index in ranges.indices.reversed() {
            spool.copy(ranges[index], to: &sink) { Array("<\($0)>".utf8) }
        }
        #expect(String(decoding: sink.bytes, as: UTF8.self) == expected.reversed().joined())
        var first = ""
        spool.copy(ranges[0].count, to: &first)
        #expect(first == "part 0 \u{0}0\u{0}\n")
    }
}

/// Each format's rendering of a whole report as it was before the writers streamed
/// (copied from the reporters then): what the streaming writers must match byte for byte.
enum WholeRendering {
    static func render(_ format: String, _ report: LintReport, options: ReportOptions) -> String {
        switch format {
        case "text": text(report, options: options)
        case "html": HTMLWholeRendering.render(report, options: options)
        case "json": json(report)
        case "sarif": sarif(report, paths: options.paths)
        case "github": github(report)
        case "checkstyle": checkstyle(report)
        case "codeclimate": codeClimate(report, paths: options.paths)
        case "junit": junit(report)
        default: fatalError(format)
        }
    }

    static func text(_ report: LintReport, options: ReportOptions) -> String {
        var out = ""
        let qualifier = TextReporter.MessageQualifier(report.findings)
        for finding in report.findings where !(options.quiet && finding.severity == .note) {
            TextReporter.line(location: finding.location, severity: finding.severity, message: qualifier.message(of: finding),
                              tag: finding.rule, color: options.useColor, into: &out)
        }
        for error in report.inputErrors {
            TextReporter.line(location: error.location, severity: .error, message: error.message,
                              tag: "input-error", color: options.useColor, into: &out)
        }
        if !options.quiet {
            out += TextReporter.summary(report, options: options)
            out += "\n"
            let gaps = report.coverage.compactMap(CoverageWords.gap)
            out += CoverageWords.gapLines(Array(gaps.prefix(CoverageWords.gapLimit)), total: gaps.count)
        }
        return out
    }

    /// The JSON report as a tree (the byte-level writer's layout is `JSONOutput`'s).
    static func json(_ report: LintReport) -> String {
        let counts = ReportCounts(report.findings)
        var summary: [(String, JSONOutput)] = [
            ("files", .int(report.files)), ("components", .int(report.components)),
            ("findings", .int(report.findings.count)), ("errors", .int(counts.errors)),
            ("warnings", .int(counts.warnings)), ("notes", .int(counts.notes)),
        ]
        if report.suppressed > 0 { summary.append(("suppressed", .int(report.suppressed))) }
        if let baselined = report.baselined { summary.append(("baselined", .int(baselined))) }
        func optional(_ s: String?) -> JSONOutput { s.map { .string($0) } ?? .null }
        let findings: [JSONOutput] = report.findings.map { finding in
            var members: [(String, JSONOutput)] = [
                ("rule", .string(finding.rule)), ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)), ("file", .string(finding.location.file)),
                ("line", .int(finding.location.line)), ("column", .int(finding.location.column)),
                ("component", optional(finding.component)), ("variant", optional(finding.variant)),
                ("theme", optional(finding.theme)), ("wcag", .array(finding.wcag.map { .string($0) })),
            ]
            if let pseudo = finding.pseudoLocale { members.append(("pseudoLocale", .string(pseudo))) }
            if let lang = finding.lang { members.append(("lang", .string(lang))) }
            members.append(("measured", finding.measured.isEmpty ? .object([]) : finding.measured.json))
            return .object(members)
        }
        return JSONOutput.object([
            ("tool", .object([("name", .string("a11ylint")), ("version", .string(report.toolVersion))])),
            ("summary", .object(summary)),
            ("findings", .array(findings)),
            ("inputErrors", .array(report.inputErrors.map(JSONReporter.inputError))),
            ("coverage", .array(report.coverage.map(JSONReporter.coverage))),
        ]).serialized() + "\n"
    }

    static func sarif(_ report: LintReport, paths: ReportPaths?) -> String {
        let rules = SARIFReporter.ruleList(report.rules, named: report.findings.map { ($0.rule, $0.severity, $0.wcag) })
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var fingerprints = FindingFingerprints()
        let results: [JSONOutput] = report.findings.map { finding in
            let file = paths?.fromRoot(finding.location.file) ?? finding.location.file
            let (hash, occurrence) = fingerprints.next(finding, path: SARIFReporter.artifactURI(file).uri)
            var location = finding.location
            location.file = file
            let fix = report.fixes[ReportFix.key(file: finding.location.file, theme: finding.theme,
                                                 role: finding.measured.string("role"))]
            return .object(SARIFReporter.resultMembers(finding, location: location, ruleIndex: ruleIndex[finding.rule] ?? 0,
                                                       fingerprint: "\(hash):\(occurrence)", fix: fix))
        }
        return SARIFReporter.document(report, rules: rules, inputErrors: report.inputErrors, results: results,
                                      paths: paths).serialized() + "\n"
    }

    static func github(_ report: LintReport) -> String {
        var out = ""
        for finding in report.findings {
            out += GitHubReporter.command(GitHubReporter.command(for: finding.severity), location: finding.location,
                                          title: finding.rule, message: finding.message)
        }
        for error in report.inputErrors {
            out += GitHubReporter.command("error", location: error.location, title: "input-error", message: error.message)
        }
        if out.isEmpty { out = TextReporter.summary(report, options: ReportOptions()) + "\n" }
        return out
    }

    static func checkstyle(_ report: LintReport) -> String {
        var byFile: [String: [String]] = [:]
        for file in report.lintedFiles { byFile[file, default: []] = [] }
        for finding in report.findings {
            byFile[finding.location.file, default: []].append(CheckstyleReporter.entry(
                finding.location, severity: CheckstyleReporter.severity(finding.severity), message: finding.message,
                rule: finding.rule))
        }
        for error in report.inputErrors {
            byFile[error.location.file, default: []].append(
                CheckstyleReporter.entry(error.location, severity: "error", message: error.message, rule: "input-error"))
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in byFile.keys.sorted() {
            let entries = byFile[file]!
            if entries.isEmpty {
                out += "  <file name=\"\(Markup.escape(file))\"/>\n"
                continue
            }
            out += "  <file name=\"\(Markup.escape(file))\">\n"
            for entry in entries { out += "    " + entry + "\n" }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    static func codeClimate(_ report: LintReport, paths: ReportPaths?) -> String {
        func path(_ file: String) -> String { paths?.fromRoot(file) ?? file }
        var fingerprints = FindingFingerprints()
        var issues: [JSONOutput] = report.findings.map { finding in
            let file = path(finding.location.file)
            let (hash, occurrence) = fingerprints.next(finding, path: file)
            return CodeClimateReporter.issue(
                description: finding.message, check: finding.rule, fingerprint: "\(hash):\(occurrence)",
                severity: CodeClimateReporter.severity(finding.severity), path: file, line: finding.location.line,
                categories: ["Style"])
        }
        for error in report.inputErrors {
            let file = path(error.location.file)
            let hash = String(SHA256.hex(["input-error", file, error.message].joined(separator: "\u{1F}")).prefix(32))
            issues.append(CodeClimateReporter.issue(
                description: error.message, check: "input-error", fingerprint: hash, severity: "blocker", path: file,
                line: error.location.line, categories: ["Bug Risk"]))
        }
        return JSONOutput.array(issues).serialized() + "\n"
    }

    static func junit(_ report: LintReport) -> String {
        let suites = JUnitReporter.suites(report)
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"a11ylint\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
        for suite in suites {
            out += "  <testsuite name=\"\(Markup.escape(suite.file))\" tests=\"\(suite.cases.count)\""
                + " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\">\n"
            for testCase in suite.cases { JUnitReporter.write(testCase, into: &out) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }
}
