import Foundation
import A11yModel
import A11yReport

/// GitHub Actions workflow commands: each finding becomes an annotation on the file.
public struct GitHubReporter: Reporter {
    public init() {}
    public var name: String { "github" }
    public func writer(options: ReportOptions) -> any ReportWriter { WholeReportWriter { GitHubReporter.render($0) } }

    static func render(_ report: LintReport) -> String {
        var out = ""
        for finding in report.findings {
            out += command(command(for: finding.severity), location: finding.location,
                           title: finding.rule, message: finding.message)
        }
        for error in report.inputErrors {
            out += command("error", location: error.location, title: "input-error", message: error.message)
        }
        if out.isEmpty {
            // Keeps the output non-empty and newline-terminated; a plain line is just log text.
            out = TextReporter.summary(report, options: ReportOptions()) + "\n"
        }
        return out
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    private static func command(_ name: String, location: SourceLocation, title: String, message: String) -> String {
        "::\(name) file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column),"
            + "title=\(escapeProperty(title))::\(escapeData(message))\n"
    }

    /// The runner's escaping of a command's message (`%`, CR and LF), after the other
    /// controls and bidi characters are made visible (`SafeText`).
    static func escapeData(_ s: String) -> String {
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
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
