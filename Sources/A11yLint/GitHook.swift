import Foundation

/// The plain git pre-commit hook `a11ylint install-hook` writes: it runs
/// `a11ylint --staged`, so what is linted is exactly what is being committed.
public enum PreCommitHook {
    /// The line that marks a hook as a11ylint's own (so it may be rewritten).
    public static let marker = "# Written by `a11ylint install-hook`"

    public enum Outcome: Equatable, Sendable {
        case installed(path: String)
        case updated(path: String)
        case unchanged(path: String)
        /// `--force` replaced someone else's hook, kept at `backup`.
        case replaced(path: String, backup: String)
    }

    /// The hook script. `executable` is the a11ylint to run (an absolute path, or
    /// nil to find `a11ylint` on `PATH` when the hook runs); a path that no longer
    /// exists also falls back to `PATH`.
    public static func script(executable: String?) -> String {
        var lines = [
            "#!/bin/sh",
            marker + ": lints the staged component specs and Swift files.",
            "# Skip it once with `git commit --no-verify`; remove this file to uninstall.",
        ]
        if let executable {
            lines += [
                "A11YLINT=\(shellQuoted(executable))",
                "[ -x \"$A11YLINT\" ] || A11YLINT=a11ylint",
                "exec \"$A11YLINT\" --staged --quiet",
            ]
        } else {
            lines.append("exec a11ylint --staged --quiet")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where git looks for hooks in the repository holding `directory` (honours
    /// `core.hooksPath` and worktrees), as an absolute path.
    public static func hooksDirectory(from directory: String) throws(GitError) -> String {
        let data = try Git.run(["rev-parse", "--git-path", "hooks"], in: directory)
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        return PathScope.absolute(path, from: directory)
    }

    /// Writes `hooks/pre-commit` unless a different hook that is not a11ylint's is
    /// there and `force` is false (then throws, touching nothing).
    public static func install(from directory: String, executable: String?, force: Bool,
                               fileManager: FileManager = .default) throws(GitError) -> Outcome {
        let hooks = try hooksDirectory(from: directory)
        let path = hooks + "/pre-commit"
        let script = script(executable: executable)
        var outcome = Outcome.installed(path: path)
        if let existing = fileManager.contents(atPath: path) {
            let text = String(decoding: existing, as: UTF8.self)
            if text == script { return .unchanged(path: path) }
            if text.contains(marker) {
                outcome = .updated(path: path)
            } else if force {
                let backup = path + ".a11ylint-backup"
                try? fileManager.removeItem(atPath: backup)
                do { try fileManager.copyItem(atPath: path, toPath: backup) } catch {
                    throw GitError("cannot keep the existing hook as \(backup): \(error.localizedDescription)")
                }
                outcome = .replaced(path: path, backup: backup)
            } else {
                throw GitError("\(path) already exists and was not written by a11ylint; rerun with --force to replace it "
                               + "(the old hook is kept as pre-commit.a11ylint-backup), or call `a11ylint --staged` from it")
            }
        }
        do {
            try fileManager.createDirectory(atPath: hooks, withIntermediateDirectories: true)
            try Data(script.utf8).write(to: URL(fileURLWithPath: path))
            try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
            throw GitError("cannot write \(path): \(error.localizedDescription)")
        }
        return outcome
    }

    /// `'…'` for sh, with embedded quotes escaped.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
