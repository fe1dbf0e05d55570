import A11yModel
import A11yLayout

/// Everything one lint run produced: what the reporters render. The run fills it and the
/// reporters only read it; nothing is computed again after the run.
public struct LintReport: Sendable {
    public var toolVersion: String
    /// Files read (specs, indexes, Swift sources), including those that failed.
    public var files: Int
    /// Component specs linted.
    public var components: Int
    /// Findings, sorted with `Finding.reportOrder` (suppressed and baselined ones removed).
    public var findings: [Finding]
    /// Inputs that could not be read or parsed, sorted.
    public var inputErrors: [InputError]
    /// Findings silenced by suppression comments or spec suppressions.
    public var suppressed: Int
    /// Findings matched by a baseline (nil when no baseline was used).
    public var baselined: Int?
    /// The catalogue entries of every rule that ran, sorted by id.
    public var rules: [RuleDescription]
    /// Every file that was linted (as given), sorted; reporters that list files (JUnit,
    /// checkstyle) include the clean ones too.
    public var lintedFiles: [String]
    /// For each linted file, the ids of the rules that checked it (sorted); files absent
    /// here (reports made by hand) count every rule of their kind.
    public var rulesRun: [String: [String]]
    /// Fixes for contrast findings, by `ReportFix.key` (filled for reports that show them).
    public var fixes: [String: ReportFix] = [:]
    /// What the reporter asked for beyond findings (`Reporter.needs`), one entry per
    /// component spec linted, sorted by file then name; empty when nothing was asked.
    public var componentReports: [ComponentReport] = []
    /// What the rules could check in each component linted, sorted by file then component
    /// (`ComponentCoverage.order`): the JSON report's `coverage` array.
    public var coverage: [ComponentCoverage] = []

    public init(toolVersion: String, files: Int, components: Int, findings: [Finding],
                inputErrors: [InputError], suppressed: Int = 0, baselined: Int? = nil,
                rules: [RuleDescription] = [], lintedFiles: [String] = [], rulesRun: [String: [String]] = [:]) {
        self.toolVersion = toolVersion
        self.files = files
        self.components = components
        self.findings = Self.inReportOrder(findings)
        self.inputErrors = inputErrors.sorted(by: InputError.order)
        self.suppressed = suppressed
        self.baselined = baselined
        self.rules = rules.sorted { $0.id < $1.id }
        self.lintedFiles = lintedFiles.sorted()
        self.rulesRun = rulesRun
    }

    /// The linter hands findings over already sorted file by file. Checking that reads only
    /// the locations of neighbours (`reportOrder` takes, and so copies, whole findings),
    /// and the full comparison decides only between findings at the same place.
    static func inReportOrder(_ findings: [Finding]) -> [Finding] {
        let isSorted = findings.withUnsafeBufferPointer { items in
            items.indices.dropFirst().allSatisfy { index in
                let previous = items[index - 1].location, current = items[index].location
                if previous != current { return previous < current }
                return !Finding.reportOrder(items[index], items[index - 1])
            }
        }
        return isSorted ? findings : findings.sorted(by: Finding.reportOrder)
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Exit code per the CLI contract: 2 for input errors, 1 for an error finding
    /// (or a warning when `strict`), else 0.
    public func exitCode(strict: Bool) -> Int32 {
        if !inputErrors.isEmpty { return 2 }
        if findings.contains(where: { $0.severity == .error || (strict && $0.severity == .warning) }) { return 1 }
        return 0
    }
}
