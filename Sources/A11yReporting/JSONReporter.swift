import A11yJSON
import A11yModel

/// The JSON report of the CLI contract, key order included.
enum JSONReporter {
    static func render(_ report: LintReport) -> String {
        document(report).serialized() + "\n"
    }

    static func document(_ report: LintReport) -> JSONOutput {
        let counts = ReportCounts(report.findings)
        var summary: [(String, JSONOutput)] = [
            ("files", .int(report.files)),
            ("components", .int(report.components)),
            ("findings", .int(report.findings.count)),
            ("errors", .int(counts.errors)),
            ("warnings", .int(counts.warnings)),
            ("notes", .int(counts.notes)),
        ]
        // Extra keys only when they carry news, so the usual report is exactly the contract's shape.
        if report.suppressed > 0 { summary.append(("suppressed", .int(report.suppressed))) }
        if let baselined = report.baselined { summary.append(("baselined", .int(baselined))) }
        return .object([
            ("tool", .object([("name", .string("a11ylint")), ("version", .string(report.toolVersion))])),
            ("summary", .object(summary)),
            ("findings", .array(report.findings.map(finding))),
            ("inputErrors", .array(report.inputErrors.map(inputError))),
        ])
    }

    static func finding(_ finding: Finding) -> JSONOutput {
        .object([
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("file", .string(finding.location.file)),
            ("line", .int(finding.location.line)),
            ("column", .int(finding.location.column)),
            ("component", optional(finding.component)),
            ("variant", optional(finding.variant)),
            ("theme", optional(finding.theme)),
            ("wcag", .array(finding.wcag.map { .string($0) })),
            ("measured", finding.measured.json),
        ])
    }

    static func inputError(_ error: InputError) -> JSONOutput {
        .object([
            ("file", .string(error.location.file)),
            ("line", .int(error.location.line)),
            ("column", .int(error.location.column)),
            ("message", .string(error.message)),
        ])
    }

    private static func optional(_ s: String?) -> JSONOutput { s.map { .string($0) } ?? .null }
}
