import A11yModel
import A11yReport

/// Checkstyle 4.3 XML: one `<file>` per file (clean ones included), one `<error>` per
/// finding or unreadable input.
public struct CheckstyleReporter: Reporter {
    public init() {}
    public var name: String { "checkstyle" }
    public func writer(options: ReportOptions) -> any ReportWriter { WholeReportWriter { CheckstyleReporter.render($0) } }

    static func render(_ report: LintReport) -> String {
        var byFile: [String: [String]] = [:]
        for file in report.lintedFiles { byFile[file, default: []] = [] }
        for finding in report.findings {
            byFile[finding.location.file, default: []].append(
                entry(finding.location, severity: severity(finding.severity), message: finding.message, rule: finding.rule))
        }
        for error in report.inputErrors {
            byFile[error.location.file, default: []].append(
                entry(error.location, severity: "error", message: error.message, rule: "input-error"))
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

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }

    private static func entry(_ location: SourceLocation, severity: String, message: String, rule: String) -> String {
        "<error line=\"\(location.line)\" column=\"\(location.column)\" severity=\"\(severity)\""
            + " message=\"\(Markup.escape(message))\" source=\"a11ylint.\(Markup.escape(rule))\"/>"
    }
}
