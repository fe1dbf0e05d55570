import A11yModel
import A11yReport

/// Checkstyle 4.3 XML: one `<file>` per file (clean ones included), one `<error>` per
/// finding or unreadable input.
public struct CheckstyleReporter: Reporter {
    public init() {}
    public var name: String { "checkstyle" }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer() }

    /// Each file with entries is written as it arrives, to a spool: clean files are listed
    /// too, in name order among the others, and which files were linted is known only from
    /// the totals. `finish` writes the head, then the spooled files and the clean ones in
    /// name order, then the tail. Keeps until `finish`: the name and length of each file
    /// with entries.
    struct Writer: ReportWriter {
        private let spool = Spool()
        private var spooled: [(file: String, length: Int)] = []

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            guard !results.findings.isEmpty || !results.inputErrors.isEmpty else { return }
            var out = "  <file name=\"\(Markup.escape(results.file))\">\n"
            for finding in results.findings {
                out += "    " + entry(finding.location, severity: severity(finding.severity), message: finding.message,
                                      rule: finding.rule) + "\n"
            }
            for error in results.inputErrors {
                out += "    " + entry(error.location, severity: "error", message: error.message, rule: "input-error") + "\n"
            }
            out += "  </file>\n"
            spool.write(out)
            spooled.append((results.file, out.utf8.count))
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
            let clean = Set(totals.lintedFiles).subtracting(spooled.map(\.file)).sorted()
            var next = clean.startIndex
            var out = ""
            for part in spooled {
                while next < clean.endIndex && clean[next] < part.file {
                    out += "  <file name=\"\(Markup.escape(clean[next]))\"/>\n"
                    next += 1
                }
                if !out.isEmpty {
                    sink.write(out)
                    out = ""
                }
                spool.copy(part.length, to: &sink)
            }
            for file in clean[next...] { out += "  <file name=\"\(Markup.escape(file))\"/>\n" }
            out += "</checkstyle>\n"
            sink.write(out)
        }

        private func severity(_ severity: Severity) -> String { CheckstyleReporter.severity(severity) }

        private func entry(_ location: SourceLocation, severity: String, message: String, rule: String) -> String {
            CheckstyleReporter.entry(location, severity: severity, message: message, rule: rule)
        }
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }

    static func entry(_ location: SourceLocation, severity: String, message: String, rule: String) -> String {
        "<error line=\"\(location.line)\" column=\"\(location.column)\" severity=\"\(severity)\""
            + " message=\"\(Markup.escape(message))\" source=\"a11ylint.\(Markup.escape(rule))\"/>"
    }
}
