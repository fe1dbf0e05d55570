import ArgumentParser
import Foundation
import A11yJSON
import A11yModel
import A11yRules
import A11yLint
import A11yReporting

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
        if let message = unknownSubcommand(Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data(("a11ylint: " + message + "\n").utf8))
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

extension A11yLintCommand {
    /// Words people type for a flag.
    static let flagWords = ["version": "--version", "help": "--help"]

    /// A usage error for a first word that is neither an option, a subcommand nor an
    /// existing path but looks like a mistyped subcommand (`lnt`, `layuot`, `version`);
    /// nil otherwise (a path that does not exist is then reported as an input error).
    static func unknownSubcommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "-" else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        if names.contains(first) || FileManager.default.fileExists(atPath: first) { return nil }
        // Paths look like paths: a folder separator or a file extension.
        if first.contains("/") || first.contains(".") { return nil }
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
    FileHandle.standardError.write(Data(("a11ylint: " + message + "\n").utf8))
    return ExitCode(2)
}

/// The shipped rule catalogue, or exit 2 saying why it cannot be read.
func loadCatalogue() throws -> RuleCatalogue {
    switch RuleCatalogue.shipped {
    case .success(let catalogue): return catalogue
    case .failure(let error): throw fail(error.description)
    }
}

/// Writes `text` to `path` (or standard output when nil).
func emit(_ text: String, to path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(Data(text.utf8))
        return
    }
    // Straight from the string's storage, with no `Data` copy: a report can be tens of
    // megabytes.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    if descriptor >= 0 {
        var text = text
        let written = text.withUTF8 { writeAll($0, to: descriptor) }
        if close(descriptor) == 0, written { return }
    }
    // Could not open or write: Foundation tries again and says why in its usual words.
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        throw fail("cannot write \(path): \(error.localizedDescription)")
    }
}

/// Writes every byte, resuming after short writes and EINTR; false on an error.
private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return false }
        offset += n
    }
    return true
}

/// Colors only on a terminal, and never with NO_COLOR set (https://no-color.org).
func terminalWantsColor(output: String?) -> Bool {
    guard output == nil, isatty(STDOUT_FILENO) != 0 else { return false }
    let env = ProcessInfo.processInfo.environment
    if let noColor = env["NO_COLOR"], !noColor.isEmpty { return false }
    return env["TERM"] != "dumb"
}

extension ConformanceLevel: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
