import ArgumentParser
import Foundation
import A11yLint

struct InstallHookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-hook",
        abstract: "Install a git pre-commit hook that runs `a11ylint --staged`.",
        discussion: """
        Writes .git/hooks/pre-commit (or the folder core.hooksPath names) in the repository \
        holding the working directory. A hook that a11ylint did not write is left alone \
        unless --force is given; it is then kept as pre-commit.a11ylint-backup. With the \
        pre-commit framework, use the `a11ylint` hook of .pre-commit-hooks.yaml instead.
        """)

    @Flag(help: "Replace an existing pre-commit hook that a11ylint did not write.")
    var force = false

    func run() throws {
        let outcome: PreCommitHook.Outcome
        do {
            outcome = try PreCommitHook.install(from: FileManager.default.currentDirectoryPath,
                                                executable: Self.invokedExecutable(), force: force)
        } catch {
            throw fail(error.message)
        }
        let message: String
        switch outcome {
        case .installed(let path): message = "Installed \(path): runs `a11ylint --staged` before each commit."
        case .updated(let path): message = "Updated \(path): runs `a11ylint --staged` before each commit."
        case .unchanged(let path): message = "\(path) is already a11ylint's hook; nothing to do."
        case .replaced(let path, let backup):
            message = "Replaced \(path) (the old hook is kept as \(backup)): runs `a11ylint --staged` before each commit."
        }
        try emit(message + "\n", to: nil)
    }

    /// This a11ylint as invoked, as an absolute path: the path it was run by, or the
    /// `PATH` entry that found it (not resolving symlinks, so a package manager's stable
    /// link survives upgrades); GUI git clients run hooks with a short `PATH`.
    static func invokedExecutable() -> String? {
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        if first.contains("/") { return PathScope.absolute(first, from: FileManager.default.currentDirectoryPath) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = PathScope.absolute(String(folder) + "/" + first,
                                               from: FileManager.default.currentDirectoryPath)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    }
}
