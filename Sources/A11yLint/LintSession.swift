import Foundation
import A11yJSON
import A11yModel
import A11yReport
import A11yRules

/// One `a11ylint lint` run as the command line describes it: configuration lookup,
/// the inputs (paths, folders, the `included` roots, or git's index), the lint
/// itself, and baselines. The CLI turns its flags into a request and renders the
/// result; everything in between lives here.
public struct LintRequest: Sendable {
    public var paths: [String] = []
    public var workingDirectory: String = FileManager.default.currentDirectoryPath
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

    public init() {}
}

public struct LintSessionResult: Sendable {
    public var report: LintReport
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

    /// Exit code per the CLI contract: 2 for input errors, 1 for an error finding (or a
    /// warning when `strict`), else 0.
    public var exitCode: Int32 {
        if tally.inputErrors > 0 { return 2 }
        if tally.errors > 0 || (strict && tally.warnings > 0) { return 1 }
        return 0
    }
}

/// Counts of what a run's files held.
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
    /// True when `message` is already in the `file:line:column: …` form.
    public var isPositioned = false
    /// A configuration file's problems: its errors go into the report as input errors (the
    /// report stays complete and valid), its warnings to standard error.
    public var configuration: [ConfigurationDiagnostic] = []
    public var description: String { message }
}

public enum LintSession {
    /// The run with its whole report (findings, input errors, components) in the result.
    public static func run(_ request: LintRequest, catalogue: RuleCatalogue) throws(LintSessionError) -> LintSessionResult {
        var files: [FileResults] = []
        var result = try run(request, catalogue: catalogue, willStart: { _ in }, each: { files.append($0) })
        result.report.findings = files.flatMap(\.findings)
        result.report.inputErrors = files.flatMap(\.inputErrors)
        result.report.componentReports = files.flatMap(\.components)
        return result
    }

    /// The run, handing each file's results to `each` as they are produced, in sorted path
    /// order (baselined findings removed); the result's report has the totals only.
    /// `willStart` learns, before the first file, whether the run is strict (`--strict` or the
    /// configuration's `strict`), which summaries show.
    public static func run(_ request: LintRequest, catalogue: RuleCatalogue, willStart: (_ strict: Bool) -> Void,
                           each: (FileResults) -> Void) throws(LintSessionError) -> LintSessionResult {
        var request = request
        let aliases = catalogue.swiftlintAliases
        request.onlyRules = request.onlyRules.map { aliases[$0] ?? $0 }
        var messages: [String] = []
        let chain = try loadConfiguration(request, catalogue: catalogue, messages: &messages)
        if !request.onlyRules.isEmpty {
            let known = Set(catalogue.ids + chain.customRules.map(\.id))
            for id in request.onlyRules where !known.contains(id) {
                throw LintSessionError(message: "--only-rule: unknown rule '\(id)'"
                                       + Suggestions.hint(for: id, in: Array(known).sorted()), messages: messages)
            }
        }
        /// The configuration files' settings, then the command line's on top.
        func configured(_ chains: [ConfigurationChain]) -> LintConfiguration {
            var configuration = LintConfiguration()
            for chain in chains { chain.apply(to: &configuration) }
            if let level = request.level { configuration.ruleOptions.level = level }
            if let jobs = request.jobs { configuration.jobs = jobs }
            if let size = request.maxFileSize { configuration.maxFileSize = size }
            if let locale = request.pseudoLocale { configuration.pseudoLocale = locale }
            configuration.reportNeeds = request.reportNeeds
            configuration.reportFixes = request.reportFixes
            if !request.onlyRules.isEmpty {
                configuration.onlyRules = Set(request.onlyRules)
                configuration.disabledRules.subtract(request.onlyRules)
            }
            return configuration
        }
        var configuration = configured([chain])

        var inputs: [LintInput]
        var inputErrors: [InputError] = []
        if request.staged {
            do {
                let index = try GitIndexSnapshot.open(workingDirectory: request.workingDirectory)
                inputs = try index.stagedInputs(limitTo: request.paths, workingDirectory: request.workingDirectory)
                configuration.gitIndex = index
                configuration.relativePathBase = index.root
            } catch {
                throw LintSessionError(message: "--staged: \(error.message)", messages: messages)
            }
        } else {
            var roots = request.paths
            if roots.isEmpty {
                guard let scope = configuration.scope, !scope.included.isEmpty else {
                    throw LintSessionError(
                        message: "give at least one path to lint (a spec, an index, a folder or a Swift file), "
                            + "or --staged, or list paths under 'included' in \(ConfigurationFile.fileName)",
                        messages: messages)
                }
                roots = scope.includedRoots(workingDirectory: request.workingDirectory)
            }
            let stdin = roots.contains("-")
            (inputs, inputErrors) = InputCollector.collect(roots.filter { $0 != "-" },
                                                           options: .init(followLinks: request.followLinks))
            if stdin { inputs.insert(.standardInput(request.standardInput ?? [], path: request.stdinPath), at: 0) }
            if request.skipOtherJSON {
                inputs = inputs.map { input in
                    var input = input
                    input.explicit = false
                    return input
                }
            }
        }

        var changes: [SpecFixer.Change] = []
        var diff: String?
        if request.fix {
            guard !request.staged else {
                throw LintSessionError(message: "--fix rewrites files in the working tree; it does not go with --staged",
                                       messages: messages)
            }
            // Each round's lint works out the edits from the measurements its rules use.
            var fixing = configuration
            fixing.reportFixes = true
            fixing.reportNeeds = []
            let linter: Linter
            do { linter = try Linter(catalogue: catalogue, configuration: fixing) } catch {
                throw LintSessionError(message: error.description, messages: messages)
            }
            let specFiles = inputs.filter { $0.kind == .json && $0.contents == nil }.map(\.path)
            let fixed = SpecFixer.fix(specFiles, linter: linter)
            changes = fixed.changes
            if request.dryRun {
                diff = fixed.files.keys.sorted().map { UnifiedDiff.make(path: $0, old: fixed.files[$0]!.old,
                                                                        new: fixed.files[$0]!.new) }.joined()
            } else {
                for file in fixed.files.keys.sorted() {
                    do { try OutputFile.write(fixed.files[file]!.new, to: file) } catch {
                        throw LintSessionError(message: error.description, messages: messages)
                    }
                }
            }
            if !request.quiet {
                messages += changes.map { $0.description }
            }
        }

        // Nested `.a11ylint.yml` files apply to the files below their folder, on top of the
        // run's configuration: one linter per distinct set of them.
        let base = configuration.relativePathBase ?? request.workingDirectory
        // The folder nested files start below: the found configuration's folder, or the
        // working directory (with --config, or with no configuration).
        let top = (request.configPaths.isEmpty ? chain.files.last.map { $0.directory } : nil)
            ?? PathScope.standardized(request.workingDirectory)
        var nested = NestedConfigurations(top: top, known: Set(chain.files.map { PathScope.standardized($0.directory) }))
        var groups: [[String]: [LintInput]] = [:]
        var order: [[String]] = []
        for input in inputs {
            let key = input.checksScope ? nested.files(above: PathScope.absolute(input.path, from: base)) : []
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(input)
        }
        if order.isEmpty { order = [[]] }
        var groupsOfLinters: [LintStream.Group] = []
        for key in order {
            var groupConfiguration = configuration
            if !key.isEmpty {
                do {
                    let chains = try ConfigurationChain.load(key, knownRules: catalogue.ids, aliases: catalogue.swiftlintAliases,
                                                             toolVersion: Linter.version)
                    messages += chains.warnings.map(\.line)
                    groupConfiguration = configured([chain, chains])
                    groupConfiguration.gitIndex = configuration.gitIndex
                    groupConfiguration.relativePathBase = configuration.relativePathBase
                } catch {
                    throw LintSessionError(message: error.description, messages: messages, isPositioned: true,
                                           configuration: [error] + error.others)
                }
            }
            do {
                groupsOfLinters.append(LintStream.Group(linter: try Linter(catalogue: catalogue, configuration: groupConfiguration),
                                                        inputs: groups[key] ?? []))
            } catch {
                throw LintSessionError(message: error.description, messages: messages)
            }
        }
        var baseline: Baseline.Matcher?
        if let path = request.baseline ?? chain.baseline {
            if let written = request.writeBaseline, Linter.canonical(written) == Linter.canonical(path) {
                // The baseline in use is the one this run writes: it knows every finding.
                baseline = .everything
            } else {
                do {
                    baseline = try Baseline(contentsOf: path).matcher()
                } catch {
                    throw LintSessionError(message: error.description, messages: messages)
                }
            }
        }
        // Results go on file by file: the baseline to write sees them before the baseline
        // in use filters them (as the file it writes must match the next run's findings).
        let toWrite = request.writeBaseline == nil ? nil : Baseline.Gathering()
        var tally = Tally()
        var baselined = 0
        let stream = LintStream(groups: groupsOfLinters, jobs: configuration.jobs)
        willStart(request.strict || chain.strict == true)
        let totals = stream.run(inputErrors: inputErrors) { results in
            var results = results
            toWrite?.add(results.findings)
            if baseline != nil { baselined += baseline!.filter(&results.findings) }
            tally.count(results)
            if !results.isEmpty { each(results) }
        }
        var report = totals.report()
        if baseline != nil { report.baselined = baselined }
        if request.staged && report.files == 0 && !request.quiet {
            messages.append("a11ylint: no staged spec, index or Swift file to lint")
        }
        // A mistyped path in CI must not pass: paths that held nothing to lint are an input
        // error, unless that is expected (--allow-empty), the files came from a hook
        // (--skip-other-json: a commit of other JSON files), or the configuration left
        // them out on purpose (`excluded`). Nothing was handed over then, so these come last
        // and still in order.
        if !request.staged, report.files == 0, tally.inputErrors == 0, totals.outOfScope == 0,
           !request.allowEmpty, !request.skipOtherJSON {
            let roots = request.paths.isEmpty ? ["."] : request.paths
            var nothing: [String: FileResults] = [:]
            for root in roots {
                let error = InputError(file: root, line: 1, column: 1,
                                       message: "nothing to lint here: no component spec, index or Swift file "
                                           + "(--allow-empty accepts that)")
                nothing[root, default: FileResults(file: root)].inputErrors.append(error)
            }
            for root in nothing.keys.sorted() {
                var results = nothing[root]!
                results.inputErrors.sort(by: InputError.order)
                tally.count(results)
                each(results)
            }
        }
        if let path = request.writeBaseline, let toWrite {
            do {
                try toWrite.write(to: path)
            } catch {
                throw LintSessionError(message: error.description, messages: messages)
            }
            let count = toWrite.count
            if !request.quiet {
                messages.append("a11ylint: wrote \(count) finding\(count == 1 ? "" : "s") to the baseline \(path)")
            }
        }
        var session = LintSessionResult(report: report, specs: [], ruleOptions: configuration.ruleOptions,
                                        strict: request.strict || chain.strict == true, messages: messages)
        session.tally = tally
        session.changes = changes
        session.diff = diff
        return session
    }

    /// The `--config` files (merged in order), else `.a11ylint.yml` found upward, each after
    /// its `parent_config` chain; their warnings join `messages`, an unusable file is an
    /// error that shows every problem found in it.
    static func loadConfiguration(_ request: LintRequest, catalogue: RuleCatalogue,
                                  messages: inout [String]) throws(LintSessionError) -> ConfigurationChain {
        var paths = request.configPaths
        if paths.isEmpty, let found = ConfigurationFile.find(from: request.workingDirectory) {
            paths = [PathScope.display(found, workingDirectory: request.workingDirectory)]
        }
        do {
            let chain = try ConfigurationChain.load(paths, knownRules: catalogue.ids, aliases: catalogue.swiftlintAliases,
                                                    toolVersion: Linter.version)
            messages += chain.warnings.map(\.line)
            return chain
        } catch {
            throw LintSessionError(message: error.description, messages: messages, isPositioned: true,
                                   configuration: [error] + error.others)
        }
    }
}

/// Finds the `.a11ylint.yml` files between a file's folder and the run's top folder (the
/// folder of the run's configuration, or the working directory), outermost first.
struct NestedConfigurations {
    let top: String
    /// Folders whose configuration is already applied (the run's own files).
    let known: Set<String>
    private var byFolder: [String: [String]] = [:]

    init(top: String, known: Set<String>) {
        self.top = PathScope.standardized(top)
        self.known = known
    }

    mutating func files(above path: String) -> [String] {
        let folder = (PathScope.standardized(path) as NSString).deletingLastPathComponent
        return files(in: folder)
    }

    private mutating func files(in folder: String) -> [String] {
        if let cached = byFolder[folder] { return cached }
        var result: [String] = []
        // Only folders strictly below the top: files elsewhere get the run's configuration.
        if folder.hasPrefix(top == "/" ? "/" : top + "/"), folder != top {
            result = files(in: (folder as NSString).deletingLastPathComponent)
            let candidate = folder + "/" + ConfigurationFile.fileName
            var isDirectory: ObjCBool = false
            if !known.contains(folder), FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                result.append(candidate)
            }
        }
        byFolder[folder] = result
        return result
    }
}
