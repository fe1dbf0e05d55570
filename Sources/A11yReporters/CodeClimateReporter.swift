import A11yJSON
import A11yModel
import A11yReport

/// GitLab's code-quality report (the Code Climate issue format GitLab reads): a JSON array
/// of issues with `description`, `check_name` (the rule id), `fingerprint`, `severity` and
/// `location` (`path` from the repository root, `lines.begin`). Severities: note → info,
/// warning → minor, error → major (as SwiftLint's codeclimate reporter maps them).
/// Input errors are `blocker`s with the check name `input-error`.
public struct CodeClimateReporter: Reporter {
    public init() {}
    public var name: String { "codeclimate" }
    public var usesRepositoryRoot: Bool { true }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer(paths: options.paths) }

    /// One JSON array, written item by item as each file arrives (its head does not depend
    /// on the totals). Keeps until `finish`: the input errors (few; they come after every
    /// finding) and whether an issue was written. Fingerprint occurrences are counted per
    /// file: the path is hashed too, so they only ever count within a file (but for one
    /// file given under two names, which the run lints once).
    struct Writer: ReportWriter {
        let paths: ReportPaths?
        private var inputErrors: [InputError] = []
        private var written = 0

        init(paths: ReportPaths?) { self.paths = paths }

        private func path(_ file: String) -> String { paths?.fromRoot(file) ?? file }

        /// `[` before the first item, `,` before the others, then the item at nesting level 1.
        private mutating func append(_ issue: JSONOutput, to bytes: inout [UInt8]) {
            bytes.append(written == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            written += 1
            JSONOutput.newline(1, to: &bytes)
            issue.write(to: &bytes, indent: 1)
        }

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            inputErrors += results.inputErrors
            guard !results.findings.isEmpty else { return }
            var fingerprints = FindingFingerprints()
            var rootPaths = RootPaths(paths)
            var bytes: [UInt8] = []
            for finding in results.findings {
                let file = rootPaths(finding.location.file)
                let (hash, occurrence) = fingerprints.next(finding, path: file)
                append(issue(description: finding.message, check: finding.rule, fingerprint: "\(hash):\(occurrence)",
                             severity: severity(finding.severity), path: file, line: finding.location.line,
                             categories: ["Style"]), to: &bytes)
            }
            sink.write(bytes: bytes)
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            var bytes: [UInt8] = []
            for error in inputErrors {
                let file = path(error.location.file)
                let hash = String(SHA256.hex(["input-error", file, error.message].joined(separator: "\u{1F}")).prefix(32))
                append(issue(description: error.message, check: "input-error", fingerprint: hash,
                             severity: "blocker", path: file, line: error.location.line, categories: ["Bug Risk"]),
                       to: &bytes)
            }
            if written == 0 {
                bytes.append(contentsOf: "[]".utf8)
            } else {
                JSONOutput.newline(0, to: &bytes)
                bytes.append(UInt8(ascii: "]"))
            }
            bytes.append(UInt8(ascii: "\n"))
            sink.write(bytes: bytes)
        }

        private func issue(description: String, check: String, fingerprint: String, severity: String,
                           path: String, line: Int, categories: [String]) -> JSONOutput {
            CodeClimateReporter.issue(description: description, check: check, fingerprint: fingerprint,
                                      severity: severity, path: path, line: line, categories: categories)
        }

        private func severity(_ severity: Severity) -> String { CodeClimateReporter.severity(severity) }
    }

    static func issue(description: String, check: String, fingerprint: String, severity: String,
                      path: String, line: Int, categories: [String]) -> JSONOutput {
        .object([
            ("type", .string("issue")),
            ("description", .string(description)),
            ("check_name", .string(check)),
            ("categories", .array(categories.map { .string($0) })),
            ("fingerprint", .string(fingerprint)),
            ("severity", .string(severity)),
            ("location", .object([
                ("path", .string(path)),
                ("lines", .object([("begin", .int(max(1, line)))])),
            ])),
        ])
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .note: "info"
        case .warning: "minor"
        case .error: "major"
        }
    }
}
