import Foundation
import Testing

/// Hostile but ordinary situations, through the binary: every case ends within 5 s with
/// exit 0, 1 or 2, a clear message and a valid report, and the input beside it is linted.
@Suite struct HostileInputTests {
    static let good = #"{"name": "CheckboxView", "usage": "CheckboxView().configure(text: \"Accept terms\")"}"#

    /// Runs in `dir` with the JSON reporter: the run must end within 5 s with a contract exit
    /// code (0, 1 or 2) and print a report that parses. `label` names the case in messages.
    func run(_ arguments: [String], in dir: TempDir, label: String = "") throws -> (CLI.Result, [String: Any]) {
        let start = Date()
        let result = CLI.run(arguments + ["--reporter", "json"], in: dir.url, timeout: 5)
        #expect(Date().timeIntervalSince(start) < 5, "\(label) took too long")
        #expect([0, 1, 2].contains(result.status), "\(label) exit \(result.status): \(result.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                               "\(label) not valid JSON: \(result.stdout)")
        return (result, doc)
    }

    /// `run` with a valid spec beside the hostile input: the exit code must be `expectStatus`
    /// and the report must name the good spec's findings.
    func lint(_ arguments: [String], in dir: TempDir, expectStatus: Int32 = 2) throws -> (CLI.Result, [String: Any]) {
        let (result, doc) = try run(arguments + ["good/CheckboxView.json"], in: dir)
        #expect(result.status == expectStatus, "\(result.stdout)\(result.stderr)")
        let files = Set((doc["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files.contains("good/CheckboxView.json"), "the good spec was linted too")
        return (result, doc)
    }

    func inputErrors(_ doc: [String: Any]) -> [String] {
        (doc["inputErrors"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? ""): \($0["message"] ?? "")" }
    }

    func directory() -> TempDir {
        let dir = TempDir()
        dir.write("good/CheckboxView.json", Self.good)
        return dir
    }

    @Test func fifoGivenOrInAFolderIsRefusedWithoutBlocking() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("pipes"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.url.appendingPathComponent("x.json").path, 0o644) == 0)
        #expect(mkfifo(dir.url.appendingPathComponent("pipes/y.swift").path, 0o644) == 0)
        let (_, doc) = try lint(["x.json", "pipes"], in: dir)
        let errors = inputErrors(doc)
        #expect(errors.contains("x.json: not a regular file (a FIFO): not read"), "\(errors)")
        #expect(errors.contains("pipes/y.swift: not a regular file (a FIFO): not read"), "\(errors)")
        // `layout` refuses it too.
        let layout = CLI.run(["layout", "x.json"], in: dir.url, timeout: 5)
        #expect(layout.status == 2)
        #expect(layout.stderr.contains("not a regular file (a FIFO)"), "\(layout.stderr)")
    }

    @Test func symlinkLoopsEndAndEachFileIsLintedOnce() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        dir.write("d/sub/Form.swift", "struct F: View { var body: some View { Image(\"x\") } }\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("d/self").path, withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("d/sub/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("d/again.swift").path, withDestinationPath: "sub/Form.swift")
        for follow in [false, true] {
            let (_, doc) = try lint(["d"] + (follow ? ["--follow-links"] : []), in: dir, expectStatus: 1)
            let summary = try #require(doc["summary"] as? [String: Int])
            #expect(summary["files"] == 2, "the Swift file once, and the good spec: \(summary)")
            let imageFindings = (doc["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "image-without-label" }
            #expect(imageFindings.count == 1, "\(imageFindings)")
        }
    }

    /// The walk takes most entries' type and inode from the folder listing: a file is still
    /// linted once however it is reached (a hard link, named again, its folder given twice),
    /// skipped folders stay skipped, a dangling link and other files are passed over.
    @Test func eachFileIsLintedOnceHoweverItIsReached() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        dir.write("d/sub/Form.swift", "struct F: View { var body: some View { Image(\"x\") } }\n")
        dir.write("d/node_modules/Skipped.swift", "struct S: View { var body: some View { Image(\"s\") } }\n")
        dir.write("d/notes.txt", "not lintable\n")
        let fm = FileManager.default
        try fm.linkItem(atPath: dir.url.appendingPathComponent("d/sub/Form.swift").path,
                        toPath: dir.url.appendingPathComponent("d/Hard.swift").path)
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("d/gone.swift").path, withDestinationPath: "nowhere.swift")
        let (_, doc) = try lint(["d", "d/sub/Form.swift", "d/Hard.swift", "d/"], in: dir, expectStatus: 1)
        #expect(inputErrors(doc).isEmpty, "\(inputErrors(doc))")
        let summary = try #require(doc["summary"] as? [String: Int])
        #expect(summary["files"] == 2, "the Swift file once, and the good spec: \(summary)")
        let images = (doc["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "image-without-label" }
        #expect(images.compactMap { $0["file"] as? String } == ["d/Hard.swift"], "the first name found: \(images)")
    }

    @Test func namesThatAreNotUTF8AreInputErrorsShownEscaped() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        let folder = dir.url.appendingPathComponent("odd").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = Array((folder + "/bad").utf8) + [0xFF, 0xFE] + Array(".swift".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: name.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        let (_, doc) = try lint(["odd"], in: dir)
        #expect(inputErrors(doc).contains("odd/bad\\xFF\\xFE.swift: the file name is not valid UTF-8; rename it to lint it"),
                "\(inputErrors(doc))")
    }

    /// Control, bidi and newline characters from file names and specs cannot act on the
    /// terminal or start a GitHub workflow command.
    @Test func textAndGitHubOutputAreEscaped() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        let evil = "x\n::warning title=pwned::\u{1B}]0;title\u{07}\u{202E}evil.json"
        dir.write(evil, #"{"name": "Evil\u001B[31m\u202E", "tags": ["checkbox"], "a11y": {"variants": [{"name": "v\u0007", "text": ""}]}}"#)
        for reporter in ["text", "github"] {
            let result = CLI.run([evil, "--reporter", reporter], in: dir.url, timeout: 5)
            #expect(result.status == 1, "\(result.stdout)")
            for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                if reporter == "text" { #expect(!line.hasPrefix("::"), "\(line)") }
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x202E || $0.value == 0x7F },
                        "raw control character in \(line.debugDescription)")
            }
            #expect(result.stdout.contains("\\u{1B}"), "\(result.stdout)")
            if reporter == "github" {
                #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
            }
        }
    }

    @Test func customRuleIdsMustBeKebabCase() {
        let dir = directory()
        defer { dir.cleanUp() }
        dir.write(".a11ylint.yml", "custom_rules:\n  No_Fixed Font:\n    regex: 'x'\n")
        let result = CLI.run(["good"], in: dir.url, timeout: 5)
        #expect(result.status == 2)
        #expect(result.stdout.contains(".a11ylint.yml:2:3: error: custom rule id 'No_Fixed Font' must be kebab-case"), "\(result.stdout)")
    }

    /// Keys that are nested lists made Yams' duplicate-key check exponential (a 500-byte file
    /// took 4 s, 700 bytes hours). Found by fuzzing the configuration loader.
    @Test func configurationKeysThatAreNestedListsAreRefusedQuickly() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        var nested = "x"
        for _ in 0..<40 { nested = "[\(nested), x]" }
        let keys = ["a", "a", "b", "b"].map { "? [\(nested), \($0)]\n: 1\n" }.joined()
        dir.write(".a11ylint.yml", "included: [good]\n" + keys)
        let (result, doc) = try run(["good"], in: dir)
        #expect(result.status == 2)
        let error = try #require((doc["inputErrors"] as? [[String: Any]])?.first)
        #expect(error["file"] as? String == ".a11ylint.yml")
        #expect(error["line"] as? Int == 2 && error["column"] as? Int == 3, "\(error)")
        #expect(error["message"] as? String == "invalid YAML: a key must be a plain value, not a list")
        // The fuzzer's own input (not UTF-8 as stored; read as the fuzz target reads it).
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/regressions/config-yams-complex-keys-slow.yml")
        let found = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        dir.write(".a11ylint.yml", found)
        let again = CLI.run(["good"], in: dir.url, timeout: 5)
        #expect(again.status == 2)
        #expect(again.stdout.contains(".a11ylint.yml:"), "\(again.stdout)")
    }

    /// 20,000 nested stacks overflowed the stack (each container's outer ones were found by
    /// recursion, and each level kept a copy of all the levels outside it: 10,000 took 7 s
    /// and 2.4 GB).
    @Test func deeplyNestedViewsAreReadWithoutRecursion() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        let depth = 20_000
        dir.write("deep/Deep.swift", "struct V: View {\n    var body: some View {\n"
                  + String(repeating: "VStack {\n", count: depth) + "Image(\"x\")\n"
                  + String(repeating: "}\n", count: depth) + "    }\n}\n")
        let (_, doc) = try lint(["deep"], in: dir, expectStatus: 1)
        let images = (doc["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "image-without-label" }
        #expect(images.count == 1 && images.first?["line"] as? Int == depth + 3, "\(images)")
    }

    /// A minified file: one line, thousands of findings. Each finding copied the whole line
    /// and counted its column from the line's start (5,000 findings on a 60 KB line).
    @Test func oneLongLineWithThousandsOfFindingsIsLinear() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        let count = 5_000
        let head = "struct V: View { var body: some View { VStack { "
        dir.write("min/Min.swift", head + String(repeating: "Image(\"\u{E9}\"); ", count: count) + "} } }\n")
        let (_, doc) = try lint(["min"], in: dir, expectStatus: 1)
        let columns = (doc["findings"] as? [[String: Any]] ?? [])
            .filter { $0["rule"] as? String == "image-without-label" }.compactMap { $0["column"] as? Int }
        #expect(columns.count == count)
        // Columns count Unicode scalars: each "Image("é"); " is 12 of them (13 bytes).
        #expect(columns.last == head.count + 1 + 12 * (count - 1), "\(columns.suffix(2))")
    }

    /// Shapes whose every match read the whole file or chain again: 3,000 `configure(` calls
    /// on one checkbox (each looked for `box.accessibilityLabel =` in the whole file),
    /// 20,000 nested `#if` lines in a chain, and a chain of 4,000 `.onTapGesture` (each
    /// walked back and read again). Together over a minute before; now well under a second.
    @Test func manyMatchesInOneFileAreReadOnce() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        dir.write("many/Calls.swift", "let box = CheckboxView()\n"
                  + String(repeating: "box.configure(text: \"Accept\", isChecked: true)\n", count: 3_000))
        dir.write("many/Ifs.swift", "struct V: View {\n    var body: some View {\n        Image(\"x\")\n"
                  + String(repeating: "#if A\n", count: 20_000) + ".padding()\n"
                  + String(repeating: "#endif\n", count: 20_000) + "    }\n}\n")
        dir.write("many/Taps.swift", "struct V: View {\n    var body: some View {\n        Text(\"x\")"
                  + String(repeating: "\n.onTapGesture { a() }", count: 4_000) + "\n    }\n}\n")
        let (_, doc) = try lint(["many"], in: dir, expectStatus: 1)
        let findings = doc["findings"] as? [[String: Any]] ?? []
        func rules(in file: String) -> [String] {
            findings.filter { $0["file"] as? String == file }.compactMap { $0["rule"] as? String }
        }
        #expect(rules(in: "many/Ifs.swift") == ["image-without-label"])
        #expect(rules(in: "many/Taps.swift") == ["tap-gesture-without-trait"])
        // Each call is a checkbox variant with the sample colours' four findings.
        #expect(rules(in: "many/Calls.swift").count == 4 * 3_000)
    }

    /// A glob of eighteen `**` against a file thirty folders deep: trying every way to split
    /// the path did not finish, in `excluded:` and in a custom rule's `included:`.
    @Test func globsWithManyAnyFoldersAreQuick() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        let folders = Array(repeating: "a", count: 30).joined(separator: "/")
        dir.write("deep/\(folders)/V.swift", "struct V: View { var body: some View { Image(\"x\") } }\n")
        let glob = Array(repeating: "**", count: 18).joined(separator: "/") + "/zz"
        dir.write(".a11ylint.yml", "excluded: [\"\(glob)\"]\ncustom_rules:\n  no-image:\n    regex: 'Image'\n    included: [\"\(glob)\"]\n")
        let (_, doc) = try lint(["deep"], in: dir, expectStatus: 1)
        let rules = (doc["findings"] as? [[String: Any]] ?? [])
            .filter { ($0["file"] as? String)?.hasPrefix("deep/") == true }.compactMap { $0["rule"] as? String }
        #expect(rules == ["image-without-label"], "not excluded, and the custom rule does not apply")
    }

    /// Every input the fuzzers found (`Fuzz/regressions/TARGET-*.…`), run as that target reads
    /// it: a configuration as `.a11ylint.yml`, a spec or Swift file as an input.
    @Test func fuzzRegressionsEndCleanly() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("config-max-file-size-overflow.yml"))
        for name in names {
            let dir = directory()
            defer { dir.cleanUp() }
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            let arguments: [String]
            switch name.split(separator: "-").first {
            case "config": dir.write(".a11ylint.yml", String(decoding: bytes, as: UTF8.self)); arguments = ["good"]
            case "spec": try bytes.write(to: dir.url.appendingPathComponent("Found.json")); arguments = ["Found.json"]
            case "swift": try bytes.write(to: dir.url.appendingPathComponent("Found.swift")); arguments = ["Found.swift"]
            default: Issue.record("\(name): name it config-…, spec-… or swift-…"); continue
            }
            _ = try run(arguments, in: dir, label: name)
        }
    }

    /// `max_file_size` / `--max-file-size` larger than a byte count can hold trapped.
    @Test func hugeFileSizeLimitsMeanNoLimit() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        dir.write(".a11ylint.yml", "max_file_size: 6666666666666660\n")
        let (_, doc) = try lint(["--max-file-size", "1e300"], in: dir, expectStatus: 1)
        #expect(inputErrors(doc).isEmpty, "\(inputErrors(doc))")
        let configured = CLI.run(["good"], in: dir.url, timeout: 5)
        #expect(configured.status == 1, "\(configured.stdout)\(configured.stderr)")
    }

    @Test func oversizedFilesAreInputErrors() throws {
        let dir = directory()
        defer { dir.cleanUp() }
        dir.write("big/Huge.swift", String(repeating: "let x = 1 // padding padding padding\n", count: 60_000)) // ~2.2 MB
        let (_, doc) = try lint(["big", "--max-file-size", "1"], in: dir)
        #expect(inputErrors(doc).contains { $0.hasPrefix("big/Huge.swift: the file is 2.1 MB, over the 1 MB limit") }, "\(inputErrors(doc))")
    }
}
