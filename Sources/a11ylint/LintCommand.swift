import ArgumentParser
import Foundation
import A11yModel
import A11yRules
import A11yLint
import A11yReporting

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint component specs, index files, folders and Swift files (the default command).")

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

    @Option(help: "Only report findings that are not in this baseline file.")
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write every current finding to this baseline file.")
    var writeBaseline: String?

    @Flag(help: "Lint the staged content of the files staged in git (for pre-commit).")
    var staged = false

    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int?

    func validate() throws {
        if paths.isEmpty && !staged {
            throw ValidationError("give at least one path to lint (a spec, an index, a folder or a Swift file), or --staged")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        let catalogue = try loadCatalogue()
        var configuration = LintConfiguration()
        if let level { configuration.ruleOptions.level = level }
        if let jobs { configuration.jobs = jobs }
        let linter: Linter
        do {
            linter = try Linter(catalogue: catalogue, configuration: configuration)
        } catch {
            throw fail(error.description)
        }
        let result = linter.lint(paths: paths)
        var options = ReportOptions(useColor: reporter == .text && terminalWantsColor(output: output), strict: strict)
        if reporter == .html {
            options.contrastPairs = ReportExtras.contrastPairs(result.specs, options: configuration.ruleOptions)
            options.variantDrawings = ReportExtras.drawings(result.specs)
        }
        try emit(Reporter.render(result.report, as: reporter, options: options), to: output)
        throw ExitCode(result.report.exitCode(strict: strict))
    }
}
