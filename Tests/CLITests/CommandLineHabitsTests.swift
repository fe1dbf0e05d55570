import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Habits people bring from SwiftLint and other linters, through the binary.
@Suite struct CommandLineHabitsTests {
    static let seed = "Samples/specs/components/CheckboxView.json"

    @Test(arguments: [("lnt", "lint"), ("layuot", "layout"), ("contrsat", "contrast"), ("rule", "rules"),
                      ("install-hok", "install-hook")])
    func mistypedSubcommandSuggestsTheCommand(typed: String, meant: String) {
        let result = CLI.run([typed, "x.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("a11ylint: '\(typed)' is not a command or a path; did you mean 'a11ylint \(meant)'?"),
                "\(result.stderr)")
    }

    @Test func versionAsAWordSuggestsTheFlag() {
        let result = CLI.run(["version"])
        #expect(result.status == 2)
        #expect(result.stderr == "a11ylint: 'version' is not a command or a path; did you mean 'a11ylint --version'?\n")
    }

    /// A missing path that looks like a path stays an input error; an existing folder
    /// whose name is close to a command is linted.
    @Test func pathsAreNotTakenForCommands() throws {
        let missing = CLI.run(["specs/x.json"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("specs/x.json:1:1: error:"), "\(missing.stdout)")
        let dir = TempDir()
        defer { dir.cleanUp() }
        let spec = try String(contentsOf: CLI.root.appendingPathComponent(Self.seed), encoding: .utf8)
        dir.write("lnt/CheckboxView.json", spec)
        let folder = CLI.run(["lnt"], in: dir.url)
        #expect(folder.status == 1, "\(folder.stderr)")
        #expect(folder.stdout.contains("lnt/CheckboxView.json:13:103: error:"))
    }

    @Test func quietLeavesOutTheSummaryAndNotes() {
        let loud = CLI.run([Self.seed])
        let quiet = CLI.run([Self.seed, "--quiet"])
        #expect(quiet.status == loud.status)
        let loudLines = loud.stdout.split(separator: "\n")
        #expect(loudLines.last?.hasPrefix("Found ") == true)
        #expect(quiet.stdout.split(separator: "\n") == Array(loudLines.dropLast()))
        // A note finding (spec-unknown-kind) disappears; the exit code stays.
        let dir = TempDir()
        defer { dir.cleanUp() }
        let plain = dir.write("Widget.json", #"{"name": "Widget", "tags": ["misc"]}"#)
        let withNote = CLI.run([plain])
        #expect(withNote.stdout.contains("note:"), "\(withNote.stdout)")
        let quietNote = CLI.run([plain, "--quiet"])
        #expect(quietNote.stdout.isEmpty, "\(quietNote.stdout)")
        #expect(quietNote.status == withNote.status)
    }

    @Test func onlyRuleRunsOnlyThoseRules() throws {
        let result = CLI.run([Self.seed, "--only-rule", "touch-target", "--reporter", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0["rule"] as? String == "touch-target" })
        #expect(result.status == 0, "touch-target findings here are warnings")
        let two = CLI.run([Self.seed, "--only-rule", "touch-target", "--only-rule", "missing-label"])
        #expect(two.stdout.contains("[missing-label]") && two.stdout.contains("[touch-target]"))
        #expect(!two.stdout.contains("[text-contrast]"))
        #expect(two.status == 1)
        let unknown = CLI.run([Self.seed, "--only-rule", "touch-targt"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--only-rule: unknown rule 'touch-targt' (did you mean 'touch-target'?)"),
                "\(unknown.stderr)")
    }

    /// Several default variants in one file: each line says which one it is about.
    @Test func textNamesTheVariantWhenAFileHasSeveral() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let spec = dir.write("CheckboxView.json", #"{"name": "CheckboxView"}"#)
        let result = CLI.run([spec, "--only-rule", "touch-target"])
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("[touch-target]") }
        #expect(lines.count == 4)
        #expect(Set(lines).count == 4, "\(lines)")
        #expect(lines.allSatisfy { $0.contains("(variant '") })
    }

    @Test func standardInputWithAPathForMessagesAndConfiguration() throws {
        let swift = try String(contentsOf: CLI.root.appendingPathComponent("Samples/swift/AgreementForm.swift"), encoding: .utf8)
        let named = CLI.run(["-", "--stdin-path", "Sources/AgreementForm.swift"], input: swift)
        #expect(named.status == 1, "\(named.stderr)")
        #expect(named.stdout.hasPrefix("Sources/AgreementForm.swift:13:13: "), "\(named.stdout)")
        let spec = try String(contentsOf: CLI.root.appendingPathComponent(Self.seed), encoding: .utf8)
        let unnamed = CLI.run(["-", "--reporter", "json"], input: spec)
        #expect(unnamed.status == 1)
        #expect(unnamed.stdout.contains("\"file\": \"<stdin>\""), "\(unnamed.stdout)")
        // The configuration's globs match the path given.
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write(".a11ylint.yml", "excluded: [\"Generated/**\"]\n")
        let excluded = CLI.run(["-", "--stdin-path", "Generated/Form.swift"], in: dir.url, input: swift)
        #expect(excluded.status == 0, "\(excluded.stdout)\(excluded.stderr)")
        #expect(!excluded.stdout.contains("Form.swift:"))
        let included = CLI.run(["-", "--stdin-path", "Sources/Form.swift"], in: dir.url, input: swift)
        #expect(included.stdout.contains("Sources/Form.swift:13:13: "))
        let alone = CLI.run([Self.seed, "--stdin-path", "x.swift"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--stdin-path goes with '-'"))
    }

    /// `-o` as well as `--output`, as every command that writes a file takes.
    @Test(arguments: ["--output", "-o"])
    func layoutWritesToOutput(option: String) throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let target = dir.url.appendingPathComponent("accept.svg").path
        let result = CLI.run(["layout", Self.seed, "--format", "svg", option, target])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written == CLI.run(["layout", Self.seed, "--format", "svg"]).stdout)
    }

    /// A spec that does not load is an input error, and only that: no guess at its kind.
    @Test func inputErrorComesWithoutAKindNote() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let spec = dir.write("Bad.json", #"{"name": 5}"#)
        let result = CLI.run([spec])
        #expect(result.status == 2)
        #expect(result.stdout == "\(spec):1:10: error: \"name\" must be a string, got number [input-error]\n"
                + "Found 0 errors, 0 warnings and 0 notes in 1 file (0 components); 1 input error.\n", "\(result.stdout)")
    }
}

/// JUnit through the binary: only rules that ran are test cases, and every count agrees.
@Suite struct JUnitHonestyTests {
    @Test func onlyRulesThatRanAndCountsAgree() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/components/Broken.json", "{\"name\": \"Broken\",,}")
        dir.write("specs/components/Chip.json", #"{"name": "Chip", "tags": ["chip"]}"#)
        dir.write("specs/index.json", #"{"version": "1.0.0", "components": [{"name": "Chip"}, {"name": "Broken"}]}"#)
        let result = CLI.run(["specs", "--reporter", "junit"], in: dir.url)
        #expect(result.status == 2)
        let doc = try XMLDocument(xmlString: result.stdout)
        let root = try #require(doc.rootElement())
        func count(_ element: XMLElement, _ name: String) -> Int? { element.attribute(forName: name)?.stringValue.flatMap { Int($0) } }
        var tests = 0, failures = 0, errors = 0
        for suite in root.elements(forName: "testsuite") {
            let cases = suite.elements(forName: "testcase")
            let file = suite.attribute(forName: "name")?.stringValue ?? ""
            #expect(count(suite, "tests") == cases.count)
            #expect(count(suite, "failures") == cases.filter { !$0.elements(forName: "failure").isEmpty }.count)
            #expect(count(suite, "errors") == cases.filter { !$0.elements(forName: "error").isEmpty }.count)
            #expect(count(suite, "skipped") == 0)
            tests += cases.count
            failures += count(suite, "failures") ?? 0
            errors += count(suite, "errors") ?? 0
            let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
            switch file {
            case "specs/components/Broken.json": #expect(names == ["input-error"])
            case "specs/components/Chip.json":
                // Not a checkbox: only what reading the spec checks, and its note is no failure.
                #expect(names == ["spec-duplicate-key", "spec-unknown-key", "spec-unknown-kind"], "\(names)")
                #expect(count(suite, "failures") == 0)
            case "specs/index.json": #expect(names == ["index-consistency"], "\(names)")
            default: Issue.record("unexpected suite \(file)")
            }
        }
        #expect(count(root, "tests") == tests)
        #expect(count(root, "failures") == failures)
        #expect(count(root, "errors") == errors)
        #expect(errors == 1)
    }
}

/// `--pseudo-locale`: labels checked as translation would change them, findings saying so.
@Suite struct PseudoLocaleCLITests {
    static let seed = "Samples/specs/components/CheckboxView.json"

    @Test func expandedLabelsGrowTheTarget() throws {
        let plain = CLI.run([Self.seed, "--reporter", "json"])
        let expanded = CLI.run([Self.seed, "--reporter", "json", "--pseudo-locale", "expanded"])
        func touch(_ result: CLI.Result) throws -> (Double, String?) {
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let finding = try #require((doc["findings"] as? [[String: Any]])?.first {
                $0["rule"] as? String == "touch-target" && $0["variant"] as? String == "accept-terms" })
            return (try #require((finding["measured"] as? [String: Any])?["width"] as? Double), finding["pseudoLocale"] as? String)
        }
        let (before, none) = try touch(plain)
        let (after, locale) = try touch(expanded)
        #expect(none == nil)
        #expect(locale == "expanded")
        // "Accept terms" (12 characters) grows by 100 %: "[Accept terms one two three]".
        #expect(after > before * 1.8, "\(before) → \(after)")
        #expect(expanded.status == plain.status)
        let text = CLI.run([Self.seed, "--pseudo-locale", "expanded"])
        #expect(text.stdout.contains("(variant 'accept-terms', pseudo-locale expanded)"), "\(text.stdout)")
    }

    @Test func configurationKeyAndBadValues() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let spec = try! String(contentsOf: CLI.root.appendingPathComponent(Self.seed), encoding: .utf8)
        dir.write("CheckboxView.json", spec)
        dir.write(".a11ylint.yml", "pseudo_locale: accented\n")
        let accented = CLI.run(["CheckboxView.json", "--reporter", "json"], in: dir.url)
        #expect(accented.stdout.contains("\"pseudoLocale\": \"accented\""))
        dir.write(".a11ylint.yml", "pseudo_locale: acented\n")
        let bad = CLI.run(["CheckboxView.json"], in: dir.url)
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("'pseudo_locale' must be expanded, accented or bidi, not 'acented' (did you mean 'accented'?)"),
                "\(bad.stdout)")
        let option = CLI.run(["CheckboxView.json", "--pseudo-locale", "klingon"], in: dir.url)
        #expect(option.status == 2)
    }
}
