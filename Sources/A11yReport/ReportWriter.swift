import A11yModel

/// Writes one report as the run's results arrive.
public protocol ReportWriter {
    /// One file's results; files come in sorted path order, each once.
    mutating func file(_ results: FileResults, to sink: inout some ReportSink)
    /// After the last file: the run's totals (counts, rules, linted files, fixes; no
    /// findings, input errors or components). Writes whatever is left.
    mutating func finish(_ totals: LintReport, to sink: inout some ReportSink)
}

/// The whole report of a run, put together from the files' results as they arrive and the
/// totals at the end: the one place a whole `LintReport` is assembled from a run (for
/// library callers and tests; the command line streams instead). Its memory grows with
/// the report. A class, so that the caller keeps it while the run drives it.
public final class ReportCollector: ReportWriter {
    private var findings: [Finding] = []
    private var inputErrors: [InputError] = []
    private var components: [ComponentReport] = []
    private var coverage: [ComponentCoverage] = []
    /// The whole report, once the run has finished.
    public private(set) var report: LintReport?

    public init() {}

    public func file(_ results: FileResults, to sink: inout some ReportSink) {
        findings += results.findings
        inputErrors += results.inputErrors
        components += results.components
        coverage += results.coverage
    }

    public func finish(_ totals: LintReport, to sink: inout some ReportSink) {
        var report = totals
        // Files arrive in path order and each file's results in report order: the
        // concatenation is in report order already.
        report.findings = findings
        report.inputErrors = inputErrors
        report.componentReports = components
        report.coverage = coverage
        self.report = report
    }
}
