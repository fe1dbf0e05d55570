import A11yModel
import A11yReport

/// JUnit XML: one `<testsuite>` per file, one `<testcase>` per component × rule that checked
/// the file (rules without findings pass; rules that did not run are not listed), one
/// `<error>` testcase per file that could not be read. Errors and warnings fail a test case;
/// notes never do (they go to `<system-out>`).
public struct JUnitReporter: Reporter {
    public init() {}
    public var name: String { "junit" }
    public func writer(options: ReportOptions) -> any ReportWriter { WholeReportWriter { JUnitReporter.render($0) } }

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

    static func render(_ report: LintReport) -> String {
        let suites = self.suites(report)
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"a11ylint\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
        for suite in suites {
            out += "  <testsuite name=\"\(Markup.escape(suite.file))\" tests=\"\(suite.cases.count)\""
                + " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\">\n"
            for testCase in suite.cases { write(testCase, into: &out) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
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

    private static func write(_ testCase: TestCase, into out: inout String) {
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
