import A11yModel

/// What one file gave a run: its findings (in report order), input errors and components.
/// A run hands these to a reporter one file at a time, in sorted path order, so a report
/// is written as the run goes and no run holds every finding at once.
public struct FileResults: Sendable {
    public var file: String
    public var findings: [Finding] = []
    public var inputErrors: [InputError] = []
    public var components: [ComponentReport] = []
    /// What the rules could check in each of the file's components, in report order
    /// (`ComponentCoverage.order`); every run fills it, whatever the reporter.
    public var coverage: [ComponentCoverage] = []
    /// The `--fix` edits of this file's contrast findings, by `ReportFix.key` (filled like
    /// `LintReport.fixes`, for reporters that show them: SARIF writes each with its finding,
    /// so it needs them with the file, not in the totals).
    public var fixes: [String: ReportFix] = [:]

    public init(file: String) { self.file = file }

    public var isEmpty: Bool { findings.isEmpty && inputErrors.isEmpty && components.isEmpty && coverage.isEmpty }

    /// `other`'s results added to these (same file), each list kept in report order.
    public mutating func merge(_ other: FileResults) {
        if !other.findings.isEmpty {
            findings = (findings + other.findings).sorted(by: Finding.reportOrder)
        }
        if !other.inputErrors.isEmpty {
            inputErrors = (inputErrors + other.inputErrors).sorted(by: InputError.order)
        }
        fixes.merge(other.fixes) { first, _ in first }
        if !other.components.isEmpty {
            components = (components + other.components).sorted(by: ComponentReport.order)
        }
        if !other.coverage.isEmpty {
            coverage = (coverage + other.coverage).sorted(by: ComponentCoverage.order)
        }
    }

    /// `report`'s results, file by file in sorted path order.
    public static func split(_ report: LintReport) -> [FileResults] {
        var files: [String: FileResults] = [:]
        for finding in report.findings { files[finding.location.file, default: FileResults(file: finding.location.file)].findings.append(finding) }
        for error in report.inputErrors { files[error.location.file, default: FileResults(file: error.location.file)].inputErrors.append(error) }
        for component in report.componentReports { files[component.spec.file, default: FileResults(file: component.spec.file)].components.append(component) }
        for entry in report.coverage { files[entry.file, default: FileResults(file: entry.file)].coverage.append(entry) }
        for (key, fix) in report.fixes {
            // Keys name the file of the finding they fix (that of the fix, when made by the run).
            let file = key.hasPrefix(fix.file + "\u{1F}") ? fix.file : String(key.prefix { $0 != "\u{1F}" })
            files[file]?.fixes[key] = fix
        }
        return files.keys.sorted().map { files[$0]! }
    }
}
