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
    public func writer(options: ReportOptions) -> any ReportWriter { WholeReportWriter { CodeClimateReporter.render($0, paths: options.paths) } }

    static func render(_ report: LintReport, paths: ReportPaths?) -> String {
        func path(_ file: String) -> String { paths?.fromRoot(file) ?? file }
        var fingerprints = FindingFingerprints()
        var issues: [JSONOutput] = report.findings.map { finding in
            let file = path(finding.location.file)
            let (hash, occurrence) = fingerprints.next(finding, path: file)
            return issue(description: finding.message, check: finding.rule, fingerprint: "\(hash):\(occurrence)",
                         severity: severity(finding.severity), path: file, line: finding.location.line,
                         categories: ["Style"])
        }
        for error in report.inputErrors {
            let file = path(error.location.file)
            let hash = String(SHA256.hex(["input-error", file, error.message].joined(separator: "\u{1F}")).prefix(32))
            issues.append(issue(description: error.message, check: "input-error", fingerprint: hash,
                                severity: "blocker", path: file, line: error.location.line, categories: ["Bug Risk"]))
        }
        return JSONOutput.array(issues).serialized() + "\n"
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
