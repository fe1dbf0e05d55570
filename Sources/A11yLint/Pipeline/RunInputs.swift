import Foundation
import A11yModel
import A11yLayout
import A11yReport

/// The inputs stage: the files a run lints (paths and folders as given, the `included`
/// roots, standard input, or git's index with `--staged`) and the paths that could not be
/// read.
struct RunInputs {
    var inputs: [LintInput] = []
    var errors: [InputError] = []
    /// What the walk saw in the folders it listed, for the questions later stages ask of them.
    var folders = WalkedFolders()

    init(_ settings: inout RunSettings) throws(LintSessionError) {
        let request = settings.request
        if request.staged {
            do {
                let index = try GitIndexSnapshot.open(workingDirectory: request.workingDirectory)
                inputs = try index.stagedInputs(limitTo: request.paths, workingDirectory: request.workingDirectory)
                settings.readFromGitIndex(index)
            } catch {
                throw LintSessionError(message: "--staged: \(error.message)", messages: settings.messages)
            }
            return
        }
        var roots = request.paths
        if roots.isEmpty {
            guard let scope = settings.configuration.scope, !scope.included.isEmpty else {
                throw LintSessionError(
                    message: "give at least one path to lint (a spec, an index, a folder or a Swift file), "
                        + "or --staged, or list paths under 'included' in \(ConfigurationFile.fileName)",
                    messages: settings.messages)
            }
            roots = scope.includedRoots(workingDirectory: request.workingDirectory)
        }
        let options = InputCollector.Options(followLinks: request.followLinks, threads: settings.configuration.jobs,
                                             workingDirectory: request.workingDirectory)
        (inputs, errors, folders) = InputCollector.walk(roots.filter { $0 != "-" }, options: options)
        if roots.contains("-") { inputs.insert(.standardInput(request.standardInput ?? [], path: request.stdinPath), at: 0) }
        var swiftNumber: Int32 = 0
        for index in inputs.indices where inputs[index].kind == .swift && inputs[index].contents == nil {
            inputs[index].swiftNumber = swiftNumber
            swiftNumber += 1
        }
        if request.skipOtherJSON {
            for index in inputs.indices { inputs[index].explicit = false }
        }
        // A folder with JSON where specs live: fontconfig loads while the run sets up
        // (`LintSession.prepare` started it already when a path named a spec).
        if Self.mayLayOutSpecs(inputs) { LayoutEngine.prepareFonts() }
    }

    /// Whether the inputs hold a spec to lay out, most likely: a JSON file named as a path, or
    /// found in a folder named `specs` (`Linter.hasSpecsFolder`). The JSON of an app's folders
    /// (asset catalogs, fixtures) is rarely a spec, and Swift files lay out only the component
    /// calls they make; where one is laid out after all, fontconfig loads at its first font.
    static func mayLayOutSpecs(_ inputs: [LintInput]) -> Bool {
        inputs.contains { $0.kind == .json && ($0.explicit || Linter.hasSpecsFolder($0.path)) }
    }

    /// Hands the run's Swift files to `source-text-contrast`, for the static colour members it
    /// looks up across files: they are read only if a text view names a member its own file
    /// does not declare (`SwiftColorMembers`), and what is read then is kept for the lint.
    static func shareSwiftFiles(_ inputs: [LintInput], settings: RunSettings) {
        let swift = inputs.filter { $0.kind == .swift }
        guard !swift.isEmpty else { return }
        let limit = settings.configuration.maxFileSize
        let sources = settings.configuration.colorSources
        let readAhead = sources.swiftFilesReadAhead
        readAhead.prepare(count: swift.count)
        sources.swiftColorMembers.setFiles(count: swift.count, threads: settings.configuration.jobs) { index in
            let input = swift[index]
            if let contents = input.contents { return contents }
            guard case .success(let bytes) = Linter.readRegularFile(input.path, limit: limit) else { return nil }
            // Not read again when the file's turn comes (`SwiftFilesReadAhead`).
            readAhead.keep(bytes, number: Int(input.swiftNumber))
            return bytes
        }
    }

    /// Paths that held nothing to lint, as input errors (sorted by path). A mistyped path in
    /// CI must not pass, unless that is expected (`--allow-empty`), the files came from a
    /// hook (`--skip-other-json`: a commit of other JSON files), or the configuration left
    /// them out on purpose (`excluded`).
    static func nothingToLint(_ request: LintRequest, report: LintReport, tally: Tally, outOfScope: Int) -> [FileResults] {
        guard !request.staged, report.files == 0, tally.inputErrors == 0, outOfScope == 0,
              !request.allowEmpty, !request.skipOtherJSON else { return [] }
        let roots = request.paths.isEmpty ? ["."] : request.paths
        var nothing: [String: FileResults] = [:]
        for root in roots {
            let error = InputError(file: root, line: 1, column: 1,
                                   message: "nothing to lint here: no component spec, index or Swift file "
                                       + "(--allow-empty accepts that)")
            nothing[root, default: FileResults(file: root)].inputErrors.append(error)
        }
        return nothing.keys.sorted().map { root in
            var results = nothing[root]!
            results.inputErrors.sort(by: InputError.order)
            return results
        }
    }
}

/// `--fix`, before the lint: rewrites the failing colour values of the input specs (or,
/// with `--dry-run`, only works out the diff), so that the lint sees the result, and says
/// why each contrast failure it leaves was not fixed.
struct RunFix {
    var changes: [SpecFixer.Change] = []
    var diff: String?

    init(_ settings: inout RunSettings, inputs: [LintInput]) throws(LintSessionError) {
        let request = settings.request
        guard request.fix else { return }
        guard !request.staged else {
            throw LintSessionError(message: "--fix rewrites files in the working tree; it does not go with --staged",
                                   messages: settings.messages)
        }
        // Each round's lint works out the edits from the measurements its rules use.
        var fixing = settings.configuration
        fixing.reportFixes = true
        // Colour sources the fix edits are read again by the lint that follows it.
        fixing.colorSources = ColorSourceCache()
        fixing.reportNeeds = []
        let linter: Linter
        do { linter = try Linter(catalogue: settings.catalogue, configuration: fixing) } catch {
            throw LintSessionError(message: error.description, messages: settings.messages)
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
                    throw LintSessionError(message: error.description, messages: settings.messages)
                }
            }
        }
        if !request.quiet {
            settings.messages += changes.map { $0.description }
            let fixedBytes = fixed.files.mapValues(\.new)
            settings.messages += SpecFixer.unfixed(inputs, fixed: fixedBytes, linter: fixed.linter, refusals: fixed.refusals)
        }
    }
}
