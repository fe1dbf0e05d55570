import Testing
import Foundation
import A11yModel
import A11yLint

/// A throwaway git repository in a temporary folder.
struct GitRepo {
    let folder = TempFolder()
    var url: URL { folder.url }

    init() {
        git("init", "-q")
        git("config", "user.email", "tests@example.invalid")
        git("config", "user.name", "a11ylint tests")
        git("config", "commit.gpgsign", "false")
    }

    @discardableResult
    func git(_ arguments: String..., in directory: URL? = nil) -> CLI.Result {
        let result = runProgram("/usr/bin/env", ["git"] + arguments, in: directory ?? url)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    @discardableResult
    func write(_ path: String, _ text: String) -> String { folder.write(path, text) }

    func cleanUp() { folder.cleanUp() }
}

@Suite(.serialized)
struct StagedTests {
    let bad = #"OUDSCheckboxItem("x", isOn: $b, isReadOnly: true).disabled(true)"#
    let fine = #"OUDSCheckboxItem("x", isOn: $b)"#

    func form(_ call: String) -> String {
        "import SwiftUI\nstruct Form: View {\n    @State var b = false\n    var body: some View {\n        \(call)\n    }\n}\n"
    }

    /// `file:line:column: [rule]` of each finding line, touch-target left out (small
    /// checkboxes get it; what these tests check is which content was read).
    func rules(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasSuffix("]") && !$0.hasSuffix("[touch-target]") }.map { line in
            let parts = line.split(separator: " ")
            return "\(parts[0]) \(parts.last!)"
        }
    }

    @Test func lintsTheStagedContentNotTheWorkingTree() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("Sources/Form.swift", form(bad))
        repo.git("add", "Sources/Form.swift")
        repo.write("Sources/Form.swift", form(fine)) // fixed, but not staged
        guard let staged = CLI.run(["--staged"], in: repo.url) else { return }
        #expect(staged.status == 1, "\(staged)")
        #expect(rules(staged.stdout) == ["Sources/Form.swift:5:9: [forbidden-state]"])
        guard let workingTree = CLI.run(["Sources/Form.swift"], in: repo.url) else { return }
        #expect(workingTree.status == 0)

        // And the other way round: a bad edit that is not staged does not block the commit.
        repo.write("Sources/Form.swift", form(fine))
        repo.git("add", "Sources/Form.swift")
        repo.write("Sources/Form.swift", form(bad))
        guard let clean = CLI.run(["--staged"], in: repo.url) else { return }
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout == "Found 0 errors, 0 warnings and 0 notes in 1 file (1 component).\n")
    }

    @Test func onlyStagedLintableFilesAndPathsRelativeToTheRoot() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("Sources/Committed.swift", form(bad))
        repo.git("add", ".")
        repo.git("commit", "-q", "-m", "one")
        repo.write("Sources/Committed.swift", form(bad) + "// edited, unstaged\n") // modified, not staged
        repo.write("Sources/Untracked.swift", form(bad))
        repo.write("Sources/New.swift", form(bad))
        repo.write("specs/package.json", "{\"private\": true}\n") // JSON that is no spec: skipped
        repo.write("README.md", "not linted\n")
        repo.git("add", "Sources/New.swift", "specs/package.json", "README.md")
        let sub = repo.url.appendingPathComponent("specs")
        guard let result = CLI.run(["--staged", "--reporter", "json"], in: sub) else { return }
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\"file\": \"Sources/New.swift\""))
        #expect(!result.stdout.contains("Committed.swift"))
        #expect(!result.stdout.contains("Untracked.swift"))
        #expect(result.stdout.contains("\"inputErrors\": []"))
    }

    @Test func pathsNarrowTheStagedFiles() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("A/One.swift", form(bad))
        repo.write("B/Two.swift", form(bad))
        repo.git("add", ".")
        guard let result = CLI.run(["--staged", "B"], in: repo.url) else { return }
        #expect(rules(result.stdout) == ["B/Two.swift:5:9: [forbidden-state]"])
    }

    @Test func specsListedByAStagedIndexComeFromTheIndex() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("specs/index.json", #"{"version": "1.0.0", "components": [{"name": "CheckboxView"}]}"#)
        repo.write("specs/components/CheckboxView.json", forbiddenStateSpec())
        repo.git("add", ".")
        repo.git("commit", "-q", "-m", "specs")
        // The spec is fixed in the working tree only; the index is edited and staged.
        repo.write("specs/components/CheckboxView.json", forbiddenStateSpec(readOnly: false))
        repo.write("specs/index.json", #"{"version": "1.0.1", "components": [{"name": "CheckboxView"}]}"#)
        repo.git("add", "specs/index.json")
        guard let staged = CLI.run(["--staged"], in: repo.url) else { return }
        #expect(staged.status == 1, "\(staged)")
        #expect(rules(staged.stdout) == ["specs/components/CheckboxView.json:12:6: [forbidden-state]"])

        // A spec that exists only in the working tree is missing from what is committed.
        repo.write("specs/components/Switch.json", forbiddenStateSpec())
        repo.write("specs/index.json", #"{"version": "1.0.2", "components": [{"name": "CheckboxView"}, {"name": "Switch"}]}"#)
        repo.git("add", "specs/index.json")
        guard let missing = CLI.run(["--staged"], in: repo.url) else { return }
        #expect(missing.stdout.contains("specs/index.json:1:72: warning: Index lists 'Switch' but specs/components/Switch.json does not exist [index-consistency]"),
                "\(missing.stdout)")
    }

    @Test func nothingStagedIsExit0WithANote() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("Form.swift", form(bad)) // untracked
        guard let result = CLI.run(["--staged"], in: repo.url) else { return }
        #expect(result.status == 0)
        #expect(result.stderr == "a11ylint: no staged spec, index or Swift file to lint\n")
        // The hook's form says nothing at all on an unrelated commit.
        guard let quiet = CLI.run(["--staged", "--quiet"], in: repo.url) else { return }
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "" && quiet.stderr == "", "\(quiet)")
    }

    @Test func deletedFilesAreNotLinted() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("Form.swift", form(bad))
        repo.git("add", ".")
        repo.git("commit", "-q", "-m", "one")
        repo.git("rm", "-q", "Form.swift")
        guard let result = CLI.run(["--staged"], in: repo.url) else { return }
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no staged"))
    }

    @Test func configurationScopeAppliesToStagedFiles() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write(".a11ylint.yml", "excluded: [Legacy]\n")
        repo.write("Legacy/Old.swift", form(bad))
        repo.write("UI/New.swift", form(bad))
        repo.git("add", ".")
        guard let result = CLI.run(["--staged"], in: repo.url.appendingPathComponent("UI")) else { return }
        #expect(rules(result.stdout) == ["UI/New.swift:5:9: [forbidden-state]"])
    }

    @Test func outsideARepositoryIsExit2() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        guard let result = CLI.run(["--staged"], in: folder.url, environment: ["GIT_CEILING_DIRECTORIES": folder.url.deletingLastPathComponent().path])
        else { return }
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("a11ylint: --staged: fatal: not a git repository"))
    }

    @Test func snapshotReadsBlobsInOneBatch() throws {
        let repo = GitRepo()
        defer { repo.cleanUp() }
        repo.write("a b.json", "{\"name\": \"with space\"}")
        repo.write("c.swift", "let x = 1\n")
        repo.git("add", ".")
        let snapshot = GitIndexSnapshot(root: repo.url.path)
        let contents = snapshot.contents(of: ["a b.json", "missing.json", "c.swift"])
        #expect(contents.keys.sorted() == ["a b.json", "c.swift"])
        #expect(contents["a b.json"].map { String(decoding: $0, as: UTF8.self) } == "{\"name\": \"with space\"}")
        #expect(contents["c.swift"] == Array("let x = 1\n".utf8))
        #expect(try snapshot.stagedPaths() == ["a b.json", "c.swift"])
    }
}
