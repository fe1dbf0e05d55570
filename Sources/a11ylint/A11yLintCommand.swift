import ArgumentParser
import Foundation
import A11yJSON
import A11yModel
import A11yRules
import A11yLint
import A11yReporters

@main
struct A11yLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11ylint",
        abstract: "Accessibility and layout linter for design-system component specs and Swift source.",
        discussion: """
        Exit codes: 0 no error finding, 1 an error finding (or a warning with --strict), \
        2 bad usage or an input that could not be read or parsed.
        """,
        version: Linter.version,
        subcommands: [LintCommand.self, LayoutCommand.self, ContrastCommand.self, RulesCommand.self, InstallHookCommand.self],
        defaultSubcommand: LintCommand.self)

    /// Runs the command line; usage errors exit 2 (the contract), not
    /// ArgumentParser's 64.
    static func main() {
        // `a11ylint --version` alone is answered before the parser reflects over every
        // command's options (most of its start-up); the same line ArgumentParser prints.
        if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "--version" {
            exitPrinting(Linter.version + "\n")
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = unknownSubcommand(arguments) {
            OutputFile.writeStandardError("a11ylint: " + message + "\n")
            Foundation.exit(2)
        }
        do {
            if let options = LintOptions.quick(arguments, subcommands: subcommandNames) {
                try options.run()
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success { exitPrinting(message + "\n") }
            OutputFile.writeStandardError(message + "\n")
            Foundation.exit(2)
        }
    }

    /// --help, --version: the text through the writer that cannot trap, then exit 0 (2 when
    /// standard output cannot be written; a closed pipe is not an error).
    static func exitPrinting(_ text: String) -> Never {
        switch OutputFile.writeStandardOutput(text) {
        case .written, .closed: Foundation.exit(0)
        case .failed(let reason):
            OutputFile.writeStandardError("a11ylint: cannot write to standard output: \(reason)\n")
            Foundation.exit(2)
        }
    }
}

extension A11yLintCommand {
    /// Words people type for a flag (`help` is a command: `a11ylint help [SUBCOMMAND]`).
    static let flagWords = ["version": "--version"]

    /// The subcommands' names, as `configuration` lists them: written out, because reading them
    /// from there makes every command's configuration (a tenth of a millisecond of a one-spec
    /// run); a debug build (the tests') checks that the two agree.
    static let subcommandNames: [String] = {
        let names = ["lint", "layout", "contrast", "rules", "install-hook"]
        assert(names == configuration.subcommands.compactMap { $0.configuration.commandName },
               "A11yLintCommand.subcommandNames must list configuration.subcommands")
        return names
    }()

    /// A usage error for a first word that is neither an option, a subcommand nor an
    /// existing path but looks like a mistyped subcommand (`lnt`, `layuot`, `version`);
    /// nil otherwise (a path that does not exist is then reported as an input error).
    static func unknownSubcommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "-" else { return nil }
        // Paths look like paths: a folder separator or a file extension (told before anything
        // is asked of the file system).
        // (Characters compared, not Foundation's `contains` of a string: its first use
        // bridges to NSString, a twentieth of a millisecond on the one-spec path.)
        if first.contains("/" as Character) || first.contains("." as Character) { return nil }
        let names = subcommandNames
        if first == "help" || names.contains(first) || FileManager.default.fileExists(atPath: first) { return nil }
        if let flag = flagWords[first.lowercased()] {
            return "'\(first)' is not a command or a path; did you mean 'a11ylint \(flag)'?"
        }
        guard let close = Suggestions.closest(to: first, in: names) else { return nil }
        return "'\(first)' is not a command or a path; did you mean 'a11ylint \(close)'? "
            + "(commands: \(names.joined(separator: ", ")))"
    }
}

/// Fails with exit code 2 and a message on standard error.
func fail(_ message: String) -> ExitCode {
    OutputFile.writeStandardError("a11ylint: " + message + "\n")
    return ExitCode(2)
}

/// The shipped rule catalogue, or exit 2 saying why it cannot be read.
func loadCatalogue() throws -> RuleCatalogue {
    switch RuleCatalogue.shipped {
    case .success(let catalogue): return catalogue
    case .failure(let error): throw fail(error.description)
    }
}

/// Writes `text` to `path` (atomically: the old file stays whole if writing fails) or to
/// standard output when nil. A closed pipe (`| head`) ends the run quietly; any other
/// failure is exit 2 naming the target.
func emit(_ text: String, to path: String?) throws {
    guard let path else {
        switch OutputFile.writeStandardOutput(text) {
        case .written: return
        case .closed: throw ExitCode(0)
        case .failed(let reason): throw fail("cannot write the report to standard output: \(reason)")
        }
    }
    do { try OutputFile.write(text, to: path) } catch { throw fail(error.description) }
}

/// Colors only on a terminal, and never with NO_COLOR set (https://no-color.org). The two
/// variables are read alone, not the whole environment as a dictionary.
func terminalWantsColor(output: String?) -> Bool {
    guard output == nil, isatty(STDOUT_FILENO) != 0 else { return false }
    func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    if let noColor = variable("NO_COLOR"), !noColor.isEmpty { return false }
    return variable("TERM") != "dumb"
}

/// Enumerated option values are case-insensitive (`--level aaa`, `--format SVG`): the
/// case whose name matches, ignoring case.
func caseInsensitive<Value: RawRepresentable & CaseIterable>(_ argument: String) -> Value? where Value.RawValue == String {
    Value.allCases.first { $0.rawValue.lowercased() == argument.lowercased() }
}

extension ConformanceLevel: ExpressibleByArgument {
    public init?(argument: String) {
        guard let level: Self = caseInsensitive(argument) else { return nil }
        self = level
    }
}
