import A11yJSON
import A11yModel

/// The JSON report of the CLI contract, key order included.
enum JSONReporter {
    /// The report object (pretty, as `JSONOutput` writes it) and a final newline, written
    /// straight into one buffer: a report may hold tens of thousands of findings, and a
    /// tree of them all is slower to build than the text itself.
    static func render(_ report: LintReport) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1_024 + 512 * report.findings.count)
        let members: [(String, JSONOutput?)] = [
            ("tool", tool(report)),
            ("summary", summary(report)),
            ("findings", nil),
            ("inputErrors", .array(report.inputErrors.map(inputError))),
        ]
        out.append(UInt8(ascii: "{"))
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONOutput.newline(1, to: &out)
            JSONOutput.writeString(key, to: &out)
            out.append(contentsOf: ": ".utf8)
            if let value {
                value.write(to: &out, indent: 1)
            } else {
                writeFindings(report.findings, to: &out)
            }
        }
        JSONOutput.newline(0, to: &out)
        out.append(contentsOf: "}\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The findings array at nesting level 1, one finding at a time.
    private static func writeFindings(_ findings: [Finding], to out: inout [UInt8]) {
        guard !findings.isEmpty else {
            out.append(contentsOf: "[]".utf8)
            return
        }
        out.append(UInt8(ascii: "["))
        for (index, item) in findings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONOutput.newline(2, to: &out)
            finding(item).write(to: &out, indent: 2)
        }
        JSONOutput.newline(1, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    private static func tool(_ report: LintReport) -> JSONOutput {
        .object([("name", .string("a11ylint")), ("version", .string(report.toolVersion))])
    }

    private static func summary(_ report: LintReport) -> JSONOutput {
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
        return .object(summary)
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
