import Foundation
import A11yJSON
import A11yLayout
import A11yModel
import A11yReport
import A11yRules

/// One lint run as the command line describes it: what to lint and with which options.
/// The CLI turns its flags into a request, tests and benchmarks build one directly, and
/// `LintSession.run` carries it through the pipeline.
public struct LintRequest: Sendable {
    public var paths: [String] = []
    public var workingDirectory: String = FileStatus.currentDirectory
    /// `--config` (repeatable, merged in order); empty looks for `.a11ylint.yml` upward from
    /// the working directory.
    public var configPaths: [String] = []
    public var level: ConformanceLevel?
    public var jobs: Int?
    public var strict = false
    public var staged = false
    public var skipOtherJSON = false
    public var baseline: String?
    public var writeBaseline: String?
    /// Whether spec findings carry their baseline keys (`Finding.baselineKey`) in a run that
    /// neither reads nor writes a baseline: a caller that makes a baseline from the report
    /// needs them; the command line, whose reporters never show them, turns this off.
    public var baselineKeysWithoutBaseline = true
    /// `--only-rule` (repeatable): when not empty, only these rules run, whatever the
    /// configuration says.
    public var onlyRules: [String] = []
    /// The bytes of standard input when `-` is among `paths`, and the path to lint them as
    /// (`--stdin-path`).
    public var standardInput: [UInt8]?
    public var stdinPath: String?
    /// `--follow-links`: walk into symbolic links to folders (loops are detected).
    public var followLinks = false
    /// `--max-file-size` in bytes (over `max_file_size` of the configuration).
    public var maxFileSize: Int?
    /// `--fix`: rewrite failing colour values of the specs to passing ones, then lint the
    /// result; with `dryRun`, change nothing and return the diff instead.
    public var fix = false
    public var dryRun = false
    /// Attach the fixes of contrast findings to the report (SARIF shows them).
    public var reportFixes = false
    /// What the reporter needs kept beyond findings (`Reporter.needs`): the run fills
    /// `LintReport.componentReports` with it.
    public var reportNeeds: ReportNeeds = []
    /// `--pseudo-locale` (over `pseudo_locale` of the configuration).
    public var pseudoLocale: PseudoLocale?
    /// `--allow-empty`: paths that hold nothing to lint are fine (exit 0).
    public var allowEmpty = false
    /// `--quiet`: no informational messages on standard error.
    public var quiet = false
    /// The settings given whole (library callers and tests): no `.a11ylint.yml` is looked
    /// up, above the inputs or nested below, and the options above still apply on top.
    public var configuration: LintConfiguration?
    /// Keep the specs linted (`LintSessionResult.specs`), for callers that look at them;
    /// a run that keeps them holds every spec.
    public var keepSpecs = false
    /// An unusable configuration's errors also go to standard error (`messages`); the
    /// text reporter shows them itself, in the report.
    public var echoConfigurationErrors = true

    public init() {}
}

extension LintRequest {
    /// A request to lint one file's bytes as `path` (its extension says JSON or Swift), as
    /// standard input named by `--stdin-path` is, with `configuration` given whole.
    public static func bytes(_ contents: [UInt8], as path: String,
                             configuration: LintConfiguration = LintConfiguration()) -> LintRequest {
        var request = LintRequest()
        request.paths = ["-"]
        request.standardInput = contents
        request.stdinPath = path
        request.configuration = configuration
        request.allowEmpty = true
        return request
    }
}

extension LintRequest {
    /// Whether the run may lay out a spec, as far as the paths tell before any folder is read:
    /// a `.json` file among them, standard input not named as a Swift file, or no path at all
    /// (the `included` paths, or every file staged with `--staged`). Decided from the names
    /// alone. A folder is decided once it is read (`RunInputs`): one of Swift files only then
    /// never loads fontconfig, whose configuration costs as much as linting dozens of files.
    var mayLayOutSpecs: Bool {
        if paths.isEmpty { return true }
        return paths.contains { path in
            if path == "-" { return stdinPath.map { FileDispatch.kind(ofPath: $0) != .swift } ?? true }
            return FileDispatch.kind(ofPath: path) == .json
        }
    }
}

/// What a run gives its caller besides the report it wrote.
public struct LintSessionResult: Sendable {
    /// The totals (with `LintSession.run(_:catalogue:)`, the whole report).
    public var report: LintReport
    /// The specs linted, sorted by file then name, when the request keeps them.
    public var specs: [ComponentSpec]
    public var ruleOptions: RuleOptions
    /// `--strict`, or `strict: true` in the configuration.
    public var strict: Bool
    /// Configuration warnings (`file:line:column: warning: …`) and notes for standard error.
    public var messages: [String]
    /// `--fix`: the colour values changed (or, with `--dry-run`, that would be).
    public var changes: [SpecFixer.Change] = []
    /// `--fix --dry-run`: the unified diff of what `--fix` would write.
    public var diff: String?
    /// What the files handed over held, for the exit code of a run whose findings went by.
    public var tally = Tally()
    /// Inputs left out by the configuration's `included` / `excluded`.
    public var outOfScope = 0

    /// Exit code per the CLI contract: 2 for input errors, 1 for an error finding (or a
    /// warning when `strict`), else 0.
    public var exitCode: Int32 {
        if tally.inputErrors > 0 { return 2 }
        if tally.errors > 0 || (strict && tally.warnings > 0) { return 1 }
        return 0
    }
}

/// The tally stage: counts of what the files handed to the writers held (after the
/// baseline), which decide the exit code.
public struct Tally: Sendable, Hashable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    public var inputErrors = 0

    public init() {}

    mutating func count(_ results: FileResults) {
        for finding in results.findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        inputErrors += results.inputErrors.count
    }
}

/// A run that cannot start or finish (exit 2). Messages that were already due
/// (configuration warnings) travel with it.
public struct LintSessionError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var messages: [String] = []
    /// A configuration file's problems: the run catches these and writes its errors into
    /// the report as input errors (the report stays complete and valid), its warnings to
    /// standard error; a caller never sees them.
    var configuration: [ConfigurationDiagnostic] = []
    public var description: String { message }
}


/// The one entry point of a lint run, for the command line, tests and benchmarks alike.
///
/// A run is a pipeline of stages, each a small type with one job:
/// configuration (`RunSettings`) → inputs (`RunInputs`, and `RunFix` for `--fix`) →
/// groups (`RunGroups`: one linter per set of nested `.a11ylint.yml` files) → stream
/// (`LintStream`: files linted in parallel, results in path order) → baseline
/// (`RunBaseline`) → tally (`Tally`) → writers (a `ReportWriter`, the `--write-baseline`
/// file, the `--fix --dry-run` diff). Results flow one way, file by file; nothing holds
/// every finding unless the caller's writer does.
public enum LintSession {
    /// Starts, on a background thread, what `request`'s run will need and can load while the
    /// caller reads the catalogue and the run reads its configuration: fontconfig's
    /// configuration when the run may lay out a spec (`LayoutEngine.prepareFonts`). Optional
    /// (the run is the same without it) and idempotent; call it as early as the request is known.
    public static func prepare(_ request: LintRequest) {
        if request.mayLayOutSpecs { LayoutEngine.prepareFonts() }
    }

    /// The run with its whole report (findings, input errors, components) in the result.
    public static func run(_ request: LintRequest, catalogue: RuleCatalogue) throws(LintSessionError) -> LintSessionResult {
        let collector = ReportCollector()
        var nowhere = ""
        var result = try run(request, catalogue: catalogue, writer: { _ in collector }, to: &nowhere)
        if let whole = collector.report { result.report = whole }
        return result
    }

    /// The run, writing its report to `sink` as it goes: `writer` makes the report's writer
    /// once the run knows whether it is strict (`--strict` or the configuration's `strict`,
    /// which summaries show); each file's results go to it in sorted path order (baselined
    /// findings removed), then the totals, which the result's report also holds.
    /// `--fix --dry-run` writes the diff instead. An unusable configuration gives a report
    /// whose input errors are its errors (exit 2).
    public static func run(_ request: LintRequest, catalogue: RuleCatalogue,
                           writer: (_ strict: Bool) -> any ReportWriter,
                           to sink: inout some ReportSink) throws(LintSessionError) -> LintSessionResult {
        do {
            return try LintPipeline(request: request, catalogue: catalogue).run(writer: writer, to: &sink)
        } catch where !error.configuration.isEmpty {
            return RunSettings.report(error, request: request, writer: writer(false), to: &sink)
        }
    }
}
