import A11yModel
import A11yReport

/// A report format. Each format is one file that implements this protocol, and one line
/// in `Reporters.all`; the CLI only looks a reporter up by its name (`--reporter NAME`).
///
/// Reporters only read what the run produced (`LintReport`); what they need beyond
/// findings they declare in `needs`, and the run keeps it for them (no other run pays for
/// it). Writing goes file by file: a `ReportWriter` gets each file's results in sorted
/// order, then the totals, and writes to a sink as it goes, keeping only counts and small
/// per-file facts; a format whose head needs the totals spools its body (`Spool`) and
/// writes the head at the end. (`ReportWriter` itself lives in A11yReport, beside the
/// results it is handed, so that the run can drive a writer without knowing the formats.)
public protocol Reporter: Sendable {
    /// `--reporter NAME`.
    var name: String { get }
    /// What the run must keep for this format beyond findings (default: nothing).
    var needs: ReportNeeds { get }
    /// The report carries the `--fix` edits of contrast findings (`LintReport.fixes`).
    var showsFixes: Bool { get }
    /// Paths are written relative to the repository root (`ReportOptions.paths`).
    var usesRepositoryRoot: Bool { get }
    /// Text for a person at a terminal: coloured there, and it shows configuration
    /// errors itself (other formats also get them on standard error).
    var isTerminalText: Bool { get }
    /// A writer for one report.
    func writer(options: ReportOptions) -> any ReportWriter
}

extension Reporter {
    public var needs: ReportNeeds { [] }
    public var showsFixes: Bool { false }
    public var usesRepositoryRoot: Bool { false }
    public var isTerminalText: Bool { false }

    /// The whole report at once: the same report and options always give the same bytes,
    /// ending with a newline.
    public func render(_ report: LintReport, options: ReportOptions) -> String {
        var out = ""
        write(report, options: options, to: &out)
        return out
    }

    /// Hands `report` to a writer file by file (sorted by path), then its totals.
    public func write(_ report: LintReport, options: ReportOptions, to sink: inout some ReportSink) {
        var writer = self.writer(options: options)
        var totals = report
        totals.findings = []
        totals.inputErrors = []
        totals.componentReports = []
        totals.coverage = []
        for part in FileResults.split(report) { writer.file(part, to: &sink) }
        writer.finish(totals, to: &sink)
    }
}

/// Every report format, by name: adding one is a file and a line here.
public enum Reporters {
    public static let all: [any Reporter] = [
        TextReporter(), JSONReporter(), SARIFReporter(), JUnitReporter(), GitHubReporter(),
        CheckstyleReporter(), CodeClimateReporter(), HTMLReporter(),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> (any Reporter)? { all.first { $0.name == name } }
}

public struct ReportOptions: Sendable {
    /// Text only; the CLI decides (a terminal and no `NO_COLOR`).
    public var useColor: Bool
    /// Shown in summaries.
    public var strict: Bool
    /// `--quiet`: text output leaves out the summary line and note findings.
    public var quiet = false
    /// For sarif and codeclimate: the repository root paths are made relative to (nil:
    /// paths as given).
    public var paths: ReportPaths?

    public init(useColor: Bool = false, strict: Bool = false) {
        self.useColor = useColor
        self.strict = strict
    }
}

/// Tallies shared by the summaries of several formats.
struct ReportCounts {
    var errors = 0, warnings = 0, notes = 0
    var findings: Int { errors + warnings + notes }

    init(_ findings: [Finding] = []) { add(findings) }

    mutating func add(_ findings: [Finding]) {
        // By index: a `for` over the findings may copy each one to read its severity.
        for index in findings.indices { add(findings[index].severity) }
    }

    mutating func add(_ finding: Finding) { add(finding.severity) }

    mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }
}

/// "1 error", "2 errors", "0 notes".
func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
}
