import A11yModel

/// What one file gave a run: its findings (in report order), input errors and components.
/// A run hands these to a reporter one file at a time, in sorted path order, so a report
/// is written as the run goes and no run holds every finding at once.
public struct FileResults: Sendable {
    public var file: String
    public var findings: [Finding] = []
    public var inputErrors: [InputError] = []
    public var components: [ComponentReport] = []
    /// The `--fix` edits of this file's contrast findings, when the run works them out
    /// (the totals' `LintReport.fixes` holds them all too).
    public var fixes: [ReportFix] = []

    public init(file: String) { self.file = file }

    public var isEmpty: Bool { findings.isEmpty && inputErrors.isEmpty && components.isEmpty }

    /// `other`'s results added to these (same file), each list kept in report order.
    public mutating func merge(_ other: FileResults) {
        if !other.findings.isEmpty {
            findings = (findings + other.findings).sorted(by: Finding.reportOrder)
        }
        if !other.inputErrors.isEmpty {
            inputErrors = (inputErrors + other.inputErrors).sorted(by: InputError.order)
        }
        fixes += other.fixes
        if !other.components.isEmpty {
            components = (components + other.components).sorted(by: ComponentReport.order)
        }
    }

    /// `report`'s results, file by file in sorted path order.
    public static func split(_ report: LintReport) -> [FileResults] {
        var files: [String: FileResults] = [:]
        for finding in report.findings { files[finding.location.file, default: FileResults(file: finding.location.file)].findings.append(finding) }
        for error in report.inputErrors { files[error.location.file, default: FileResults(file: error.location.file)].inputErrors.append(error) }
        for component in report.componentReports { files[component.spec.file, default: FileResults(file: component.spec.file)].components.append(component) }
        return files.keys.sorted().map { files[$0]! }
    }
}
