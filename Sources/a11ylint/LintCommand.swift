import ArgumentParser
import Foundation
import A11yModel
import A11yJSON
import A11yReport
import A11yRules
import A11yLint
import A11yReporters

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint component specs, index files, folders and Swift files (the default command).",
        discussion: """
        Settings come from .a11ylint.yml: for each file, every one from its folder up to the git \
        top level, the nearer on top (or only the --config files): \
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

    @Argument(help: "Spec files, index files, folders and Swift files; '-' reads standard input.")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Report format: \(Reporters.names.joined(separator: ", ")).", valueName: "reporter"),
            transform: reporterNamed)
    var reporter: ReporterChoice = ReporterChoice(TextReporter())

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Configuration file (repeatable: merged in order, later ones on top); turns off finding .a11ylint.yml files upward from each linted file.")
    var config: [String] = []

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

    @Option(name: .customLong("stdin-path"),
            help: "With '-' among the paths: lint standard input as this file (its extension says JSON or Swift; configuration globs and messages use it).")
    var stdinPath: String?

    @Option(name: .customLong("pseudo-locale"),
            help: "Check every label as a pseudo-locale shows it: expanded (longer, by IBM's length table), accented, or bidi (right to left).")
    var pseudoLocale: PseudoLocale?

    @Flag(help: "Rewrite each failing colour value of the specs to a passing one (in its own notation, nothing else changed), then lint the result.")
    var fix = false

    @Flag(name: .customLong("dry-run"), help: "With --fix: print the unified diff of what would change, and change nothing.")
    var dryRun = false

    @Flag(name: .customLong("follow-links"), help: "Walk into symbolic links to folders (loops are detected by device and inode).")
    var followLinks = false

    @Option(name: .customLong("max-file-size"), help: "Largest file to lint, in MB (default 16; also max_file_size in .a11ylint.yml).")
    var maxFileSize: Double?

    @Flag(name: .customLong("allow-empty"), help: "Exit 0 when the paths hold nothing to lint (default: exit 2, so a mistyped path in CI fails).")
    var allowEmpty = false

    @Flag(help: "No summary line, no informational messages and no note findings in text output (for hooks).")
    var quiet = false

    @Option(name: .customLong("only-rule"), help: "Run only this rule (repeatable); overrides only_rules and disabled_rules.")
    var onlyRule: [String] = []

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws { try LintOptions(self).run() }
}

/// The lint command's options as values (the defaults are `LintCommand`'s): what the parser
/// read, or what `LintOptions.quick` read without it.
struct LintOptions {
    var paths: [String] = []
    var reporter = ReporterChoice(TextReporter())
    var output: String?
    var config: [String] = []
    var strict = false
    var level: ConformanceLevel?
    var baseline: String?
    var writeBaseline: String?
    var staged = false
    var skipOtherJSON = false
    var jobs: Int?
    var stdinPath: String?
    var pseudoLocale: PseudoLocale?
    var fix = false
    var dryRun = false
    var followLinks = false
    var maxFileSize: Double?
    var allowEmpty = false
    var quiet = false
    var onlyRule: [String] = []

    init() {}

    /// `a11ylint PATH… [FLAG…]` (the default command as a pre-commit hook or an editor runs
    /// it, also with `--reporter NAME`, `--output FILE` and `--jobs N`) read without ArgumentParser, whose
    /// reflection over every command's options was a tenth of a one-spec run. Nil for anything
    /// else: no argument, a subcommand's name or `help` anywhere, an option or a flag this does
    /// not know, a reporter it does not name, a value that starts with `-`, an option or flag
    /// given twice, `-`, `--` or an empty argument; the parser reads those as before.
    static func quick(_ arguments: [String], subcommands: [String]) -> LintOptions? {
        guard !arguments.isEmpty else { return nil }
        var options = LintOptions()
        var flags: Set<String> = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--strict": options.strict = true
            case "--staged": options.staged = true
            case "--skip-other-json": options.skipOtherJSON = true
            case "--fix": options.fix = true
            case "--dry-run": options.dryRun = true
            case "--follow-links": options.followLinks = true
            case "--allow-empty": options.allowEmpty = true
            case "--quiet": options.quiet = true
            case "--jobs":
                // A count in plain digits, 1 or more; anything else is the parser's to judge.
                guard let value = rest.popFirst(), !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let jobs = Int(value), jobs >= 1 else { return nil }
                options.jobs = jobs
            case "--reporter", "--output", "-o":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"), value != "help",
                      !subcommands.contains(value) else { return nil }
                if argument == "--reporter" {
                    guard let reporter = try? reporterNamed(value) else { return nil }
                    options.reporter = reporter
                } else {
                    options.output = value
                }
                guard flags.insert(argument == "-o" ? "--output" : argument).inserted else { return nil }
                continue
            default:
                guard !argument.isEmpty, !argument.hasPrefix("-"), argument != "help",
                      !subcommands.contains(argument) else { return nil }
                options.paths.append(argument)
                continue
            }
            guard flags.insert(argument).inserted else { return nil }
        }
        return options
    }

    init(_ command: LintCommand) {
        paths = command.paths
        reporter = command.reporter
        output = command.output
        config = command.config
        strict = command.strict
        level = command.level
        baseline = command.baseline
        writeBaseline = command.writeBaseline
        staged = command.staged
        skipOtherJSON = command.skipOtherJSON
        jobs = command.jobs
        stdinPath = command.stdinPath
        pseudoLocale = command.pseudoLocale
        fix = command.fix
        dryRun = command.dryRun
        followLinks = command.followLinks
        maxFileSize = command.maxFileSize
        allowEmpty = command.allowEmpty
        quiet = command.quiet
        onlyRule = command.onlyRule
    }

    func run() throws {
        let reporter = self.reporter.reporter
        let request = try makeRequest(for: reporter)
        LintSession.prepare(request)
        var options = ReportOptions(useColor: reporter.isTerminalText && terminalWantsColor(output: output))
        options.quiet = quiet
        if reporter.usesRepositoryRoot {
            options.paths = ReportPaths(workingDirectory: request.workingDirectory,
                                        root: (try? Git.topLevel(of: request.workingDirectory)) ?? request.workingDirectory)
        }
        // The report is written as the run goes, file by file (--fix --dry-run writes a diff
        // instead, at the end); the output replaces its target only when it is complete.
        let out: OutputFile.Writer
        do { out = try OutputFile.Writer(path: output) } catch { throw fail(error.description) }
        var sink = OutputSink(out: out)
        let catalogue = try loadCatalogue()
        let session: LintSessionResult
        do {
            session = try LintSession.run(request, catalogue: catalogue, writer: { strict in
                var options = options
                options.strict = strict
                return reporter.writer(options: options)
            }, to: &sink)
        } catch {
            error.messages.forEach(printError)
            throw fail(error.message)
        }
        session.messages.forEach(printError)
        try finish(out)
        // Exit here rather than unwinding: freeing what is left costs more than the process
        // teardown does. `exit` flushes standard I/O first.
        Foundation.exit(session.exitCode)
    }

    /// The options as a request, with what `reporter` needs of the run.
    private func makeRequest(for reporter: any Reporter) throws -> LintRequest {
        var request = LintRequest()
        request.paths = paths
        request.configPaths = config
        request.level = level
        request.jobs = jobs
        request.strict = strict
        request.staged = staged
        request.skipOtherJSON = skipOtherJSON
        request.baseline = baseline
        request.writeBaseline = writeBaseline
        request.baselineKeysWithoutBaseline = false
        request.onlyRules = onlyRule
        request.quiet = quiet
        request.allowEmpty = allowEmpty
        request.fix = fix
        request.pseudoLocale = pseudoLocale
        request.reportFixes = reporter.showsFixes
        request.reportNeeds = reporter.needs
        request.echoConfigurationErrors = !reporter.isTerminalText
        request.dryRun = dryRun
        if dryRun && !fix { throw fail("--dry-run goes with --fix") }
        request.followLinks = followLinks
        if let maxFileSize {
            guard maxFileSize.isFinite, maxFileSize > 0 else { throw fail("--max-file-size must be a positive number of MB") }
            request.maxFileSize = LintConfiguration.byteLimit(megabytes: maxFileSize)
        }
        request.stdinPath = stdinPath
        if paths.contains("-") {
            request.standardInput = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else if stdinPath != nil {
            throw fail("--stdin-path goes with '-' among the paths (lint standard input as that file)")
        }
        return request
    }

    /// Puts the report in place; a write error is exit 2 naming the target, a closed standard
    /// output ends quietly.
    private func finish(_ out: OutputFile.Writer) throws {
        do {
            try out.commit()
        } catch {
            if out.path == nil { throw fail("cannot write the report to standard output: \(error.reason)") }
            throw fail(error.description)
        }
        if out.isClosed { throw ExitCode(0) }
    }
}

/// The report's bytes on their way to its file or standard output.
struct OutputSink: ReportSink {
    let out: OutputFile.Writer
    mutating func write(_ text: String) { out.write(text) }
    mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ out.write($0) }) { return done }
        out.write(Array(bytes))
    }
    mutating func write(fileDescriptor descriptor: Int32, offset: Int, count: Int) -> Bool {
        out.write(fileDescriptor: descriptor, offset: offset, count: count)
    }
}

/// `--reporter NAME`: a reporter of `Reporters.all`, looked up by name.
struct ReporterChoice: Sendable {
    var reporter: any Reporter
    init(_ reporter: any Reporter) { self.reporter = reporter }
}

struct UnknownReporter: Error, CustomStringConvertible {
    var name: String
    var description: String {
        "no such reporter" + Suggestions.hint(for: name, in: Reporters.names)
            + "; the reporters are " + Reporters.names.joined(separator: ", ")
    }
}

func reporterNamed(_ name: String) throws -> ReporterChoice {
    guard let reporter = Reporters.named(name.lowercased()) else { throw UnknownReporter(name: name) }
    return ReporterChoice(reporter)
}

/// A line on standard error, prefixed with the tool's name.
func note(_ message: String) {
    printError("a11ylint: " + message)
}

func printError(_ line: String) {
    OutputFile.writeStandardError(line + "\n")
}

extension PseudoLocale: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value: Self = caseInsensitive(argument) else { return nil }
        self = value
    }
}
