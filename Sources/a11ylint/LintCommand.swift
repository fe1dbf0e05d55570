import ArgumentParser
import Foundation
import A11yModel
import A11yRules
import A11yLint
import A11yReporting

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint component specs, index files, folders and Swift files (the default command).",
        discussion: """
        Settings come from .a11ylint.yml, found upward from the working directory (or --config): \
        included / excluded (globs relative to the file, `**` for any folders), disabled_rules, \
        only_rules, `RULE-ID: error|warning|note` (or `RULE-ID: {severity: …}`), contrast_level \
        (AA|AAA), large_text {size, bold_size}, touch_target {warning, error}, strict, baseline and \
        custom_rules (id: {regex, message, severity, included, excluded}). Options given here \
        override the file. With no paths, the `included` paths are linted.

        Suppress findings in Swift with `// a11ylint:disable:next RULE-ID…` (also `:this`, \
        `:previous`, and `// a11ylint:disable RULE-ID…` … `// a11ylint:enable RULE-ID…`; `all` \
        for every rule), and in a spec with "a11y": {"suppress": [{"rule", "variant", "theme", \
        "reason"}]}. Suppressions that silence nothing are reported as unused-suppression.
        """)

    @Argument(help: "Spec files, index files, folders and Swift files.")
    var paths: [String] = []

    @Option(help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var reporter: ReportFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Configuration file (default: .a11ylint.yml found upward from the working directory).")
    var config: String?

    @Flag(help: "Warnings also fail the run (exit 1).")
    var strict = false

    @Option(help: "Contrast conformance level: AA or AAA.")
    var level: ConformanceLevel?

    @Option(help: "Only report findings that are not in this baseline file (also `baseline:` in .a11ylint.yml).")
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write every current finding to this baseline file.")
    var writeBaseline: String?

    @Flag(help: "Lint the staged content of the files staged in git (for pre-commit); paths, when given, narrow it.")
    var staged = false

    @Flag(name: .customLong("skip-other-json"),
          help: "Skip JSON files that are neither a spec nor an index instead of failing (the pre-commit hook passes every .json file).")
    var skipOtherJSON = false

    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        let catalogue = try loadCatalogue()
        let workingDirectory = FileManager.default.currentDirectoryPath
        let file = try loadConfigurationFile(catalogue: catalogue, workingDirectory: workingDirectory)
        var configuration = LintConfiguration()
        file?.apply(to: &configuration)
        // The command line goes over the file.
        if let level { configuration.ruleOptions.level = level }
        if let jobs { configuration.jobs = jobs }
        let strict = self.strict || file?.strict == true

        var inputs: [LintInput]
        var inputErrors: [InputError] = []
        if staged {
            let index: GitIndexSnapshot
            do {
                index = try GitIndexSnapshot.open(workingDirectory: workingDirectory)
                inputs = try index.stagedInputs(limitTo: paths, workingDirectory: workingDirectory)
            } catch {
                throw fail("--staged: \(error.message)")
            }
            configuration.gitIndex = index
            configuration.relativePathBase = index.root
        } else {
            var roots = paths
            if roots.isEmpty {
                guard let scope = configuration.scope, !scope.included.isEmpty else {
                    throw fail("give at least one path to lint (a spec, an index, a folder or a Swift file), "
                               + "or --staged, or list paths under 'included' in \(ConfigurationFile.fileName)")
                }
                roots = scope.includedRoots(workingDirectory: workingDirectory)
            }
            (inputs, inputErrors) = InputCollector.collect(roots)
            if skipOtherJSON { inputs = inputs.map { LintInput(path: $0.path, contents: $0.contents, explicit: false) } }
        }

        let linter: Linter
        do {
            linter = try Linter(catalogue: catalogue, configuration: configuration)
        } catch {
            throw fail(error.description)
        }
        let result = linter.lint(inputs: inputs, inputErrors: inputErrors)
        var report = result.report
        if staged && report.files == 0 {
            note("no staged spec, index or Swift file to lint")
        }
        if let writeBaseline {
            let written = Baseline(findings: report.findings)
            try emit(written.serialized(), to: writeBaseline)
            note("wrote \(written.entries.count) finding\(written.entries.count == 1 ? "" : "s") to the baseline \(writeBaseline)")
        }
        if let path = baseline ?? file?.baseline {
            do {
                report = try Baseline(contentsOf: path).apply(to: report)
            } catch {
                throw fail(error.description)
            }
        }

        var options = ReportOptions(useColor: reporter == .text && terminalWantsColor(output: output), strict: strict)
        if reporter == .html {
            options.contrastPairs = ReportExtras.contrastPairs(result.specs, options: configuration.ruleOptions)
            options.variantDrawings = ReportExtras.drawings(result.specs)
        }
        try emit(Reporter.render(report, as: reporter, options: options), to: output)
        throw ExitCode(report.exitCode(strict: strict))
    }

    /// `--config`, else `.a11ylint.yml` found upward; warnings go to standard error,
    /// an unusable file is exit 2.
    private func loadConfigurationFile(catalogue: RuleCatalogue, workingDirectory: String) throws -> ConfigurationFile? {
        let path: String
        if let config {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: config, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw fail("configuration file \(config) does not exist")
            }
            path = config
        } else if let found = ConfigurationFile.find(from: workingDirectory) {
            path = PathScope.display(found, workingDirectory: workingDirectory)
        } else {
            return nil
        }
        do {
            let file = try ConfigurationFile(contentsOf: path, knownRules: catalogue.ids)
            for warning in file.warnings { printError(warning.description) }
            return file
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }
}

/// A line on standard error, prefixed with the tool's name.
func note(_ message: String) {
    printError("a11ylint: " + message)
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
