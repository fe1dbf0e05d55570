import Foundation
import A11yModel
import A11yReport

/// GitHub Actions workflow commands: each finding becomes an annotation on the file.
public struct GitHubReporter: Reporter {
    public init() {}
    public var name: String { "github" }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer() }

    /// Writes each file's annotations as it arrives. Keeps until `finish`: the counts and
    /// the input errors (annotated after every finding; there are few).
    struct Writer: ReportWriter {
        private var counts = ReportCounts()
        private var inputErrors: [InputError] = []

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            counts.add(results.findings)
            inputErrors += results.inputErrors
            guard !results.findings.isEmpty else { return }
            var out = ""
            for finding in results.findings {
                out += command(GitHubReporter.command(for: finding.severity), location: finding.location,
                               title: finding.rule, message: finding.message)
            }
            sink.write(out)
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            var out = ""
            for error in inputErrors {
                out += command("error", location: error.location, title: "input-error", message: error.message)
            }
            if out.isEmpty && counts.findings == 0 {
                // Keeps the output non-empty and newline-terminated; a plain line is just log text.
                out = TextReporter.summary(totals, counts: counts, inputErrors: 0, options: ReportOptions()) + "\n"
            }
            sink.write(out)
        }

        private func command(_ name: String, location: SourceLocation, title: String, message: String) -> String {
            GitHubReporter.command(name, location: location, title: title, message: message)
        }
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    static func command(_ name: String, location: SourceLocation, title: String, message: String) -> String {
        "::\(name) file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column),"
            + "title=\(escapeProperty(title))::\(escapeData(message))\n"
    }

    /// The runner's escaping of a command's message (`%`, CR and LF), after the other
    /// controls and bidi characters are made visible (`SafeText`).
    static func escapeData(_ s: String) -> String {
        guard SafeText.mayNeedEscape(s) || !ByteScan.lacks(s, { $0 == UInt8(ascii: "%") }) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                if SafeText.needsEscape(scalar) { out += SafeText.escaped(String(scalar)) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// The runner's escaping of a property value, where `:` and `,` are separators too.
    static func escapeProperty(_ s: String) -> String {
        let data = escapeData(s)
        if ByteScan.lacks(data, { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }) { return data }
        // ASCII text is replaced byte by byte; other text as Foundation compares it.
        if ByteScan.isASCII(data) { return ByteScan.replacingASCII(data, [UInt8(ascii: ":"): "%3A", UInt8(ascii: ","): "%2C"]) }
        return data.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
