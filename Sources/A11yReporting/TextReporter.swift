import A11yModel

/// `path:line:column: severity: message [rule-id]` lines (the form Xcode and editors jump
/// to), then one summary line.
enum TextReporter {
    private enum ANSI {
        static let reset = "\u{1B}[0m"
        static let red = "\u{1B}[1;31m"
        static let yellow = "\u{1B}[1;33m"
        static let cyan = "\u{1B}[1;36m"
        static let green = "\u{1B}[1;32m"
    }

    static func render(_ report: LintReport, options: ReportOptions) -> String {
        var out = ""
        for finding in report.findings {
            line(location: finding.location, severity: finding.severity, message: finding.message,
                 tag: finding.rule, color: options.useColor, into: &out)
        }
        for error in report.inputErrors {
            line(location: error.location, severity: .error, message: error.message,
                 tag: "input-error", color: options.useColor, into: &out)
        }
        out += summary(report, options: options)
        out += "\n"
        return out
    }

    private static func line(location: SourceLocation, severity: Severity, message: String, tag: String,
                             color: Bool, into out: inout String) {
        out += location.description
        out += ": "
        out += color ? paint(severity.rawValue, colorCode(severity)) : severity.rawValue
        out += ": "
        out += singleLine(message)
        out += " [\(tag)]\n"
    }

    /// `Found 3 errors, 1 warning and 0 notes in 1 file (1 component).`, with the
    /// suppressed, baselined and unreadable counts when nonzero.
    static func summary(_ report: LintReport, options: ReportOptions) -> String {
        let counts = ReportCounts(report.findings)
        var text = "Found \(counted(counts.errors, "error")), \(counted(counts.warnings, "warning"))"
            + " and \(counted(counts.notes, "note")) in \(counted(report.files, "file"))"
            + " (\(counted(report.components, "component")))"
        var extras: [String] = []
        if report.suppressed > 0 { extras.append("\(report.suppressed) suppressed") }
        if let baselined = report.baselined, baselined > 0 { extras.append("\(baselined) baselined") }
        if !report.inputErrors.isEmpty { extras.append(counted(report.inputErrors.count, "input error")) }
        if !extras.isEmpty { text += "; " + extras.joined(separator: ", ") }
        text += "."
        if options.strict { text += " Strict mode: warnings fail." }
        guard options.useColor else { return text }
        let failing = counts.errors > 0 || !report.inputErrors.isEmpty || (options.strict && counts.warnings > 0)
        let code = failing ? ANSI.red : (counts.warnings > 0 ? ANSI.yellow : ANSI.green)
        return paint(text, code)
    }

    private static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: ANSI.red
        case .warning: ANSI.yellow
        case .note: ANSI.cyan
        }
    }

    private static func paint(_ text: String, _ code: String) -> String { code + text + ANSI.reset }

    /// One finding is one line, whatever its message holds.
    static func singleLine(_ message: String) -> String {
        guard message.contains(where: \.isNewline) else { return message }
        return message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
