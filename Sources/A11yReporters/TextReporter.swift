import A11yModel
import A11yReport

/// `path:line:column: severity: message [rule-id]` lines (the form Xcode and editors jump
/// to), then one summary line.
public struct TextReporter: Reporter {
    public init() {}
    public var name: String { "text" }
    public var isTerminalText: Bool { true }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer(options: options) }

    private enum ANSI {
        static let reset = "\u{1B}[0m"
        static let red = "\u{1B}[1;31m"
        static let yellow = "\u{1B}[1;33m"
        static let cyan = "\u{1B}[1;36m"
        static let green = "\u{1B}[1;32m"
    }

    /// Writes each file's lines as it arrives. Keeps until `finish`: the counts, the
    /// input errors (listed after every finding; there are few), and the first few
    /// components the rules could not check whole (`CoverageWords.gapLimit`).
    struct Writer: ReportWriter {
        let options: ReportOptions
        private var counts = ReportCounts()
        private var inputErrors: [InputError] = []
        private var gaps: [String] = []
        private var gapCount = 0

        init(options: ReportOptions) { self.options = options }

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            counts.add(results.findings)
            inputErrors += results.inputErrors
            for gap in results.coverage.compactMap(CoverageWords.gap) {
                gapCount += 1
                if gaps.count < CoverageWords.gapLimit { gaps.append(gap) }
            }
            guard !results.findings.isEmpty else { return }
            var out = ""
            let qualifier = MessageQualifier(results.findings)
            for finding in results.findings where !(options.quiet && finding.severity == .note) {
                TextReporter.line(location: finding.location, severity: finding.severity, message: qualifier.message(of: finding),
                     tag: finding.rule, color: options.useColor, into: &out)
            }
            sink.write(out)
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            var out = ""
            for error in inputErrors {
                TextReporter.line(location: error.location, severity: .error, message: error.message,
                     tag: "input-error", color: options.useColor, into: &out)
            }
            if !options.quiet {
                out += TextReporter.summary(totals, counts: counts, inputErrors: inputErrors.count, options: options)
                out += "\n"
                out += CoverageWords.gapLines(gaps, total: gapCount)
            }
            sink.write(out)
        }
    }

    /// Where a file's findings come from several variants (or themes), a line alone does
    /// not say which: the message gains `(variant NAME, theme T)` for what it does not
    /// already name.
    struct MessageQualifier {
        private var variantsByFile: [String: Set<String>] = [:]
        private var themesByFile: [String: Set<String>] = [:]

        init(_ findings: [Finding]) {
            for finding in findings {
                if let variant = finding.variant { variantsByFile[finding.location.file, default: []].insert(variant) }
                if let theme = finding.theme { themesByFile[finding.location.file, default: []].insert(theme) }
            }
        }

        func message(of finding: Finding) -> String {
            let file = finding.location.file
            var parts: [String] = []
            if let variant = finding.variant, (variantsByFile[file]?.count ?? 0) > 1,
               !ByteScan.contains(finding.message, "'\(variant)'") {
                parts.append("variant '\(variant)'")
            }
            if let theme = finding.theme, (themesByFile[file]?.count ?? 0) > 1,
               !ByteScan.contains(finding.message, "theme \(theme)") {
                parts.append("theme \(theme)")
            }
            if let pseudo = finding.pseudoLocale { parts.append("pseudo-locale \(pseudo)") }
            var named = parts.isEmpty ? finding.message : finding.message + " (" + TextReporter.joined(parts) + ")"
            if let lang = finding.lang { named = "[\(lang)\(finding.plural.map { ", " + $0 } ?? "")] " + named }
            return named + Self.suggestion(finding.measured) + Self.sources(finding.measured)
                + (finding.measured.string("suggestedToken").map { "; \(Self.side(finding.measured))token \($0) passes" } ?? "")
        }

        /// `background ` when `suggestedToken` is for the background: the foreground came from no
        /// colour source (docs/colour-sources.md).
        static func side(_ measured: Measured) -> String {
            measured.object("foregroundSource")?.string("ref") == nil ? "background " : ""
        }

        /// `; foreground {color.text.primary} = #8A8A8A (dark.tokens.json:12)` for colours
        /// that came from a colour source.
        static func sources(_ measured: Measured) -> String {
            let parts = [("foreground", "foregroundSource"), ("background", "backgroundSource")].compactMap { side, key in
                measured.object(key).flatMap(ColorOrigin.text).map { "\(side) \($0)" }
            }
            return parts.isEmpty ? "" : "; " + TextReporter.joined(parts)
        }

        /// `; fix: checkedFill #40B259 → #2DA24A` for a contrast finding: the entries of its
        /// theme's consistent fix (`measured.fix`), what `--fix` writes; without one, the
        /// pair's own suggestion and why there is no fix.
        static func suggestion(_ measured: Measured) -> String {
            if let fix = measured.objects("fix") {
                return "; fix: " + TextReporter.joined(fix.map {
                    "\($0.string("role") ?? "") \($0.string("from") ?? "") → \($0.string("to") ?? "")"
                })
            }
            guard let colour = measured.string("suggestion"), let ratio = measured.number("suggestionRatio") else { return "" }
            let required = measured.number("required") ?? ratio
            return "; no colour change passes every pair of this theme (this pair alone: \(colour),"
                + " \(Contrast.format(ratio, against: required)):1)"
        }
    }

    /// Paths, messages and rule ids come from files and names a11ylint does not control:
    /// escaped (`SafeText`) so nothing they hold can act on the terminal or the CI log.
    static func line(location: SourceLocation, severity: Severity, message: String, tag: String,
                             color: Bool, into out: inout String) {
        out += SafeText.lineStart(location.file)
        out += ":\(location.line):\(location.column): "
        out += color ? paint(severity.rawValue, colorCode(severity)) : severity.rawValue
        out += ": "
        out += SafeText.escaped(singleLine(message))
        out += " [\(SafeText.escaped(tag))]\n"
    }

    /// `Found 3 errors, 1 warning and 0 notes in 1 file (1 component).`, with the
    /// suppressed, baselined and unreadable counts when nonzero.
    static func summary(_ report: LintReport, options: ReportOptions) -> String {
        summary(report, counts: ReportCounts(report.findings), inputErrors: report.inputErrors.count, options: options)
    }

    /// The summary of a run with these totals, counts and number of input errors (the
    /// findings and input errors of `totals` are not read).
    static func summary(_ totals: LintReport, counts: ReportCounts, inputErrors: Int, options: ReportOptions) -> String {
        let report = totals
        var text = "Found \(counted(counts.errors, "error")), \(counted(counts.warnings, "warning"))"
            + " and \(counted(counts.notes, "note")) in \(counted(report.files, "file"))"
            + " (\(counted(report.components, "component")))"
        var extras: [String] = []
        if report.suppressed > 0 { extras.append("\(report.suppressed) suppressed") }
        if let baselined = report.baselined, baselined > 0 { extras.append("\(baselined) baselined") }
        if inputErrors > 0 { extras.append(counted(inputErrors, "input error")) }
        if !extras.isEmpty { text += "; " + joined(extras) }
        text += "."
        if options.strict { text += " Strict mode: warnings fail." }
        guard options.useColor else { return text }
        let failing = counts.errors > 0 || inputErrors > 0 || (options.strict && counts.warnings > 0)
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

    /// The texts with `, ` between them, as `joined(separator:)` gives them, in a loop of
    /// our own: the standard library's generic `joined` searched the binary's conformance
    /// records on its first use (on the one-spec path, the first finding's line).
    static func joined(_ parts: [String], separator: String = ", ") -> String {
        var text = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { text += separator }
            text += part
        }
        return text
    }

    /// One finding is one line, whatever its message holds.
    static func singleLine(_ message: String) -> String {
        guard hasLineBreak(message) else { return message }
        return message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Whether a character of `text` is a line break (`Character.isNewline`: its first scalar
    /// is \n, \r, VT, FF, U+0085, U+2028 or U+2029), told from the UTF-8 bytes. Each of these
    /// scalars always starts a character of its own (Unicode's grapheme clusters break before
    /// a control), so a message with `→` or `×` is not read character by character.
    static func hasLineBreak(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for (i, byte) in bytes.enumerated() {
                if byte >= 0x0A && byte <= 0x0D { return true }
                if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 { return true }
                if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    return true
                }
            }
            return false
        }
    }
}
