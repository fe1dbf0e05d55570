import A11yModel
import A11yReport

/// JUnit XML: one `<testsuite>` per file, one `<testcase>` per component × rule that checked
/// the file (rules without findings pass; rules that did not run are not listed), one
/// `<error>` testcase per file that could not be read. Errors and warnings fail a test case;
/// notes never do (they go to `<system-out>`).
public struct JUnitReporter: Reporter {
    public init() {}
    public var name: String { "junit" }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer() }

    struct TestCase {
        var className: String
        var name: String
        var findings: [Finding] = []
        var inputErrors: [InputError] = []
        /// A test case fails on an error or a warning, never on a note.
        var fails: Bool { findings.contains { $0.severity != .note } }
    }

    struct Suite {
        var file: String
        var cases: [TestCase]
        var failures: Int { cases.filter(\.fails).count }
        var errors: Int { cases.filter { !$0.inputErrors.isEmpty }.count }
    }

    /// The counts come first (of the whole run, and of each file), and which rules
    /// checked a file and whether it was linted come with the totals; only test cases
    /// with findings or input errors need the findings. So as each file arrives, its
    /// test cases with findings and its input-error case are written to a spool, and it
    /// is noted which they are; `finish` counts, then writes each suite: its head, the
    /// passing test cases between the spooled ones, which it copies.
    ///
    /// Keeps until `finish`: for each file with findings or input errors, its name, the
    /// components and rules its findings name, and for each test case written to the
    /// spool its component, rule, length and whether it fails.
    struct Writer: ReportWriter {
        struct Spooled {
            var className: String
            var name: String
            var length: Int
            var fails: Bool
        }

        struct FileRecord {
            var file: String
            /// Sorted; empty when the file has no findings.
            var components: [String] = []
            var findingRules: Set<String> = []
            /// Sorted by component, then rule.
            var cases: [Spooled] = []
            var inputErrorCase: Int?
            var hasFindings: Bool { !components.isEmpty }
        }

        private let spool = Spool()
        private var records: [FileRecord] = []

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            guard !results.findings.isEmpty || !results.inputErrors.isEmpty else { return }
            var record = FileRecord(file: results.file)
            if !results.findings.isEmpty {
                let fallback = fallbackClassName(results.file)
                var components = Set(results.findings.compactMap(\.component))
                if results.findings.contains(where: { $0.component == nil }) { components.insert(fallback) }
                record.components = components.sorted()
                record.findingRules = Set(results.findings.map(\.rule))
                var grouped: [String: [String: [Finding]]] = [:]
                for finding in results.findings {
                    grouped[finding.component ?? fallback, default: [:]][finding.rule, default: []].append(finding)
                }
                for component in record.components {
                    guard let rules = grouped[component] else { continue }
                    for rule in rules.keys.sorted() {
                        let testCase = TestCase(className: component, name: rule, findings: rules[rule]!)
                        var out = ""
                        JUnitReporter.write(testCase, into: &out)
                        spool.write(out)
                        record.cases.append(Spooled(className: component, name: rule, length: out.utf8.count,
                                                    fails: testCase.fails))
                    }
                }
            }
            if !results.inputErrors.isEmpty {
                var out = ""
                JUnitReporter.write(TestCase(className: fallbackClassName(results.file), name: "input-error",
                                             inputErrors: results.inputErrors), into: &out)
                spool.write(out)
                record.inputErrorCase = out.utf8.count
            }
            records.append(record)
        }

        /// A file's suite, from its record (nil: a clean linted file) and the totals.
        private struct SuiteShape {
            var components: [String] = []
            var rules: [String] = []
            var failures = 0
            var errors = 0
            var tests: Int { components.count * rules.count + errors }
        }

        private func shape(_ file: String, _ record: FileRecord?, linted: Set<String>, totals: LintReport) -> SuiteShape {
            var shape = SuiteShape()
            shape.errors = record?.inputErrorCase == nil ? 0 : 1
            guard linted.contains(file) || record?.hasFindings == true else { return shape }
            shape.components = record?.hasFindings == true ? record!.components : [fallbackClassName(file)]
            var ruleIDs: Set<String>
            if let ran = totals.rulesRun[file] {
                ruleIDs = Set(ran)
            } else {
                let kinds = ruleKinds(for: file)
                ruleIDs = Set(totals.rules.filter { kinds.contains($0.kind) }.map(\.id))
            }
            if let record { ruleIDs.formUnion(record.findingRules) }
            shape.rules = ruleIDs.sorted()
            shape.failures = record?.cases.filter(\.fails).count ?? 0
            return shape
        }

        /// Every file in name order with its record, if it has one.
        private func suites(linted: Set<String>, _ body: (String, FileRecord?) -> Void) {
            let clean = linted.subtracting(records.map(\.file)).sorted()
            var next = clean.startIndex
            for record in records {
                while next < clean.endIndex && clean[next] < record.file {
                    body(clean[next], nil)
                    next += 1
                }
                body(record.file, record)
            }
            for file in clean[next...] { body(file, nil) }
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            let linted = Set(totals.lintedFiles)
            var tests = 0, failures = 0, errors = 0
            suites(linted: linted) { file, record in
                let shape = shape(file, record, linted: linted, totals: totals)
                tests += shape.tests
                failures += shape.failures
                errors += shape.errors
            }
            var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            out += "<testsuites name=\"a11ylint\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
            suites(linted: linted) { file, record in
                let shape = shape(file, record, linted: linted, totals: totals)
                out += "  <testsuite name=\"\(Markup.escape(file))\" tests=\"\(shape.tests)\""
                    + " failures=\"\(shape.failures)\" errors=\"\(shape.errors)\" skipped=\"0\">\n"
                var spooled = (record?.cases ?? [])[...]
                for component in shape.components {
                    for rule in shape.rules {
                        if let next = spooled.first, next.className == component, next.name == rule {
                            sink.write(out)
                            out = ""
                            spool.copy(next.length, to: &sink)
                            spooled.removeFirst()
                        } else {
                            JUnitReporter.write(TestCase(className: component, name: rule), into: &out)
                        }
                    }
                    if out.utf8.count >= Spool.chunkSize {
                        sink.write(out)
                        out = ""
                    }
                }
                if let length = record?.inputErrorCase {
                    sink.write(out)
                    out = ""
                    spool.copy(length, to: &sink)
                }
                out += "  </testsuite>\n"
            }
            out += "</testsuites>\n"
            sink.write(out)
        }

        private func fallbackClassName(_ file: String) -> String { JUnitReporter.fallbackClassName(file) }
        private func ruleKinds(for file: String) -> Set<RuleDescription.Kind> { JUnitReporter.ruleKinds(for: file) }
    }

    /// Files in name order; within a file, components in name order, then rules by id.
    static func suites(_ report: LintReport) -> [Suite] {
        var findingsByFile: [String: [Finding]] = [:]
        for finding in report.findings { findingsByFile[finding.location.file, default: []].append(finding) }
        var errorsByFile: [String: [InputError]] = [:]
        for error in report.inputErrors { errorsByFile[error.location.file, default: []].append(error) }
        let lintedFiles = Set(report.lintedFiles).union(findingsByFile.keys)
        let files = lintedFiles.union(errorsByFile.keys).sorted()

        return files.map { file in
            var cases: [TestCase] = []
            if lintedFiles.contains(file) {
                cases += ruleCases(file: file, findings: findingsByFile[file] ?? [], rules: report.rules,
                                   ran: report.rulesRun[file])
            }
            if let errors = errorsByFile[file] {
                cases.append(TestCase(className: fallbackClassName(file), name: "input-error", inputErrors: errors))
            }
            return Suite(file: file, cases: cases)
        }
    }

    private static func ruleCases(file: String, findings: [Finding], rules: [RuleDescription],
                                  ran: [String]?) -> [TestCase] {
        // A file's components are those its findings name; findings without one (and
        // clean files) are filed under the file's base name.
        let fallback = fallbackClassName(file)
        var components = Set(findings.compactMap(\.component))
        if components.isEmpty || findings.contains(where: { $0.component == nil }) { components.insert(fallback) }

        var ruleIDs: Set<String>
        if let ran {
            ruleIDs = Set(ran)
        } else {
            let kinds = ruleKinds(for: file)
            ruleIDs = Set(rules.filter { kinds.contains($0.kind) }.map(\.id))
        }
        ruleIDs.formUnion(findings.map(\.rule))

        var grouped: [String: [Finding]] = [:]
        for finding in findings {
            grouped[(finding.component ?? fallback) + "\u{1F}" + finding.rule, default: []].append(finding)
        }
        var cases: [TestCase] = []
        for component in components.sorted() {
            for rule in ruleIDs.sorted() {
                cases.append(TestCase(className: component, name: rule,
                                      findings: grouped[component + "\u{1F}" + rule] ?? []))
            }
        }
        return cases
    }

    /// Swift sources are checked by source rules; everything else (specs, indexes) by
    /// spec and input rules.
    static func ruleKinds(for file: String) -> Set<RuleDescription.Kind> {
        file.lowercased().hasSuffix(".swift") ? [.source] : [.spec, .input]
    }

    /// `specs/components/CheckboxView.json` → `CheckboxView`.
    static func fallbackClassName(_ file: String) -> String {
        let base = file.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? file
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base.isEmpty ? file : base }
        return String(base[..<dot])
    }

    static func write(_ testCase: TestCase, into out: inout String) {
        let open = "    <testcase classname=\"\(Markup.escape(testCase.className))\" name=\"\(Markup.escape(testCase.name))\""
        if testCase.findings.isEmpty && testCase.inputErrors.isEmpty {
            out += open + "/>\n"
            return
        }
        out += open + ">\n"
        let failing = testCase.findings.filter { $0.severity != .note }
        if !failing.isEmpty {
            let worst = failing.map(\.severity).max()!
            let message = failing.count == 1 ? failing[0].message : "\(failing.count) findings"
            out += "      <failure message=\"\(Markup.escape(message))\" type=\"\(worst.rawValue)\">"
            out += failing.map { Markup.escapeText(describe($0)) }.joined(separator: "\n")
            out += "</failure>\n"
        }
        let notes = testCase.findings.filter { $0.severity == .note }
        if !notes.isEmpty {
            out += "      <system-out>" + notes.map { Markup.escapeText(describe($0)) }.joined(separator: "\n")
                + "</system-out>\n"
        }
        if !testCase.inputErrors.isEmpty {
            let errors = testCase.inputErrors
            let message = errors.count == 1 ? errors[0].message : "\(errors.count) input errors"
            out += "      <error message=\"\(Markup.escape(message))\" type=\"input-error\">"
            out += errors.map { Markup.escapeText($0.description) }.joined(separator: "\n")
            out += "</error>\n"
        }
        out += "    </testcase>\n"
    }

    /// `path:3:9: error: message (variant accept-terms, theme default/light)`.
    private static func describe(_ finding: Finding) -> String {
        var context: [String] = []
        if let variant = finding.variant { context.append("variant \(variant)") }
        if let theme = finding.theme { context.append("theme \(theme)") }
        let suffix = context.isEmpty ? "" : " (" + context.joined(separator: ", ") + ")"
        return "\(finding.location.description): \(finding.severity.rawValue): \(finding.message)\(suffix)"
    }
}
