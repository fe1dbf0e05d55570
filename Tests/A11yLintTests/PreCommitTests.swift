import Testing
import Foundation
import A11yModel
import A11yLint

@Suite(.serialized)
struct PreCommitTests {
    let bad = #"OUDSCheckboxItem("x", isOn: $b, isReadOnly: true).disabled(true)"#
    let fine = #"OUDSCheckboxItem("x", isOn: $b)"#

    func form(_ call: String) -> String {
        "import SwiftUI\nstruct Form: View {\n    @State var b = false\n    var body: some View {\n        \(call)\n    }\n}\n"
    }

    func hookPath(_ repo: GitRepo) -> String {
        repo.url.standardizedFileURL.path + "/.git/hooks/pre-commit"
    }

    @Test func installHookWritesAnExecutableHook() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        guard let binary = CLI.binary, let result = CLI.run(["install-hook"], in: repo.url) else { return }
        let path = hookPath(repo)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Installed \(path): runs `a11ylint --staged` before each commit.\n")
        let script = try String(contentsOfFile: path, encoding: .utf8)
        #expect(script == PreCommitHook.script(executable: binary.path))
        #expect(script.hasPrefix("#!/bin/sh\n"))
        #expect(script.contains("exec \"$A11YLINT\" --staged --quiet\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o755)

        guard let again = CLI.run(["install-hook"], in: repo.url) else { return }
        #expect(again.status == 0)
        #expect(again.stdout == "\(path) is already a11ylint's hook; nothing to do.\n")
    }

    @Test func refusesAForeignHookUnlessForced() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        let path = hookPath(repo)
        let foreign = "#!/bin/sh\necho my own checks\n"
        try Data(foreign.utf8).write(to: URL(fileURLWithPath: path))
        guard let refused = CLI.run(["install-hook"], in: repo.url) else { return }
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(path) already exists and was not written by a11ylint; rerun with --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == foreign)

        guard let forced = CLI.run(["install-hook", "--force"], in: repo.url) else { return }
        #expect(forced.status == 0)
        #expect(forced.stdout.hasPrefix("Replaced \(path) (the old hook is kept as \(path).a11ylint-backup)"))
        #expect(try String(contentsOfFile: path + ".a11ylint-backup", encoding: .utf8) == foreign)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(PreCommitHook.marker))
    }

    @Test func rewritesItsOwnOlderHook() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        let path = hookPath(repo)
        try Data(PreCommitHook.script(executable: "/old/place/a11ylint").utf8).write(to: URL(fileURLWithPath: path))
        guard let result = CLI.run(["install-hook"], in: repo.url) else { return }
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Updated \(path)"))
        #expect(!FileManager.default.fileExists(atPath: path + ".a11ylint-backup"))
    }

    @Test func honoursCoreHooksPath() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.git("config", "core.hooksPath", ".githooks")
        guard let result = CLI.run(["install-hook"], in: repo.url) else { return }
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".githooks/pre-commit").path))
    }

    @Test func theInstalledHookBlocksABadCommitAndLetsAFixedOneThrough() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        guard let install = CLI.run(["install-hook"], in: repo.url) else { return }
        #expect(install.status == 0)
        repo.write("Form.swift", form(bad))
        repo.git("add", "Form.swift")
        let blocked = runProgram("/usr/bin/env", ["git", "commit", "-q", "-m", "bad"], in: repo.url)
        #expect(blocked.status != 0)
        // git sends a hook's standard output to its standard error.
        #expect(blocked.stderr.contains("Form.swift:5:9: error: Forbidden state combination"), "\(blocked)")
        repo.write("Form.swift", form(fine))
        repo.git("add", "Form.swift")
        let committed = runProgram("/usr/bin/env", ["git", "commit", "-q", "-m", "fine"], in: repo.url)
        #expect(committed.status == 0, "\(committed)")
        // The hook changed no file.
        #expect(runProgram("/usr/bin/env", ["git", "status", "--porcelain"], in: repo.url).stdout == "")
    }

    /// Run as a bare `a11ylint` found on PATH, the hook still names the binary by its
    /// absolute path (GUI git clients run hooks with a short PATH).
    @Test func installHookFoundOnPathWritesTheAbsolutePath() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        guard let binary = CLI.binary else { return }
        let folder = binary.deletingLastPathComponent().path
        let env = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let result = runProgram("/bin/sh", ["-c", "a11ylint install-hook"], in: repo.url,
                                environment: ["PATH": folder + ":" + env])
        #expect(result.status == 0, "\(result)")
        let script = try String(contentsOfFile: hookPath(repo), encoding: .utf8)
        #expect(script.contains("A11YLINT='\(binary.path)'\n"), "\(script)")
        #expect(script.contains("[ -x \"$A11YLINT\" ] || A11YLINT=a11ylint\n"))
    }

    @Test func scriptQuotesTheExecutablePath() {
        let script = PreCommitHook.script(executable: "/opt/my tools/it's/a11ylint")
        #expect(script.contains("A11YLINT='/opt/my tools/it'\\''s/a11ylint'\n"))
        #expect(PreCommitHook.script(executable: nil).hasSuffix("\nexec a11ylint --staged --quiet\n"))
    }

    @Test func hooksManifestDeclaresTheHooks() throws {
        let manifest = try String(contentsOf: Repo.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        #expect(manifest.contains("- id: a11ylint\n"))
        #expect(manifest.contains("- id: a11ylint-system\n"))
        #expect(manifest.contains("  language: swift\n"))
        #expect(manifest.contains("  files: \\.(json|swift)$\n"))
        #expect(manifest.contains("  pass_filenames: true\n"))
        #expect(manifest.contains("  entry: a11ylint --skip-other-json\n"))
    }

    /// The framework passes every staged `.json` file; those that are neither spec nor
    /// index must not fail the hook.
    @Test func skipOtherJSONForHookFileLists() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("tsconfig.json", "{\"compilerOptions\": {\"strict\": true}}\n")
        folder.write("Spec.json", forbiddenStateSpec())
        guard let plain = CLI.run(["tsconfig.json"], in: folder.url),
              let skipping = CLI.run(["--skip-other-json", "tsconfig.json", "Spec.json"], in: folder.url) else { return }
        #expect(plain.status == 2)
        #expect(skipping.status == 1, "\(skipping)")
        #expect(skipping.stdout.hasSuffix("in 1 file (1 component).\n"), "\(skipping.stdout)")
    }

    // MARK: the pre-commit framework

    /// pre-commit on PATH, in .build-venv (scripts/bootstrap), or in ~/.local/bin.
    static let preCommit: String? = {
        var candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/pre-commit" }
        candidates += [Repo.root.appendingPathComponent(".build-venv/bin/pre-commit").path,
                       FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/bin/pre-commit").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    func tryRepo(_ hook: String) {
        guard Self.preCommit != nil else {
            let message: Comment = "pre-commit is not installed, so `pre-commit try-repo` was not tried; run scripts/bootstrap (it installs pre-commit into .build-venv)"
            Issue.record(message, severity: .warning)
            return
        }
        guard let binary = CLI.binary else {
            Issue.record("the a11ylint binary was not found next to the test bundle")
            return
        }
        let script = Repo.root.appendingPathComponent("scripts/pre-commit-try-repo").path
        let result = runProgram(script, [hook, binary.deletingLastPathComponent().path], in: Repo.root)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("specs/Consent.json:8:6: error: Forbidden state combination"))
        #expect(result.stdout.contains("pre-commit-try-repo: ok (\(hook))"))
    }

    /// `pre-commit try-repo <repo> a11ylint-system --all-files` in a fresh repository:
    /// fails on the bad spec with its finding, passes once it is fixed.
    @Test func preCommitTryRepoWithTheInstalledBinary() {
        tryRepo("a11ylint-system")
    }

    /// The same with the `a11ylint` hook, which pre-commit builds with `swift build -c
    /// release` for each run (6 min 17 s here), so it runs only when asked.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["A11YLINT_TEST_PRECOMMIT_BUILD"] == "1",
                   "pre-commit builds a11ylint in release for each of two runs (about 6 minutes on 2 cores); set A11YLINT_TEST_PRECOMMIT_BUILD=1"))
    func preCommitTryRepoBuildingWithSwift() {
        tryRepo("a11ylint")
    }
}
