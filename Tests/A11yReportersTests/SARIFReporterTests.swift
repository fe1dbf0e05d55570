import A11yModel
import A11yReport
import Foundation
import Testing
@testable import A11yReporters

@Suite struct SARIFReporterTests {
    static let schemaPath = ProcessInfo.processInfo.environment["SARIF_SCHEMA"]
        ?? "/work/shared/reference/schemas/sarif-schema-2.1.0.json"

    /// True when the official schema and python3 with `jsonschema` are both here; the
    /// schema test reports itself as skipped otherwise.
    static let canValidate: Bool = {
        guard FileManager.default.fileExists(atPath: schemaPath) else { return false }
        return (try? run(python: "import jsonschema", input: "").status) == 0
    }()

    @Test(.enabled(if: canValidate, "needs python3 with jsonschema and the SARIF 2.1.0 schema"))
    func validatesAgainstOfficialSchema() throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            document = json.load(sys.stdin)
            validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
            for e in errors: print(list(e.path), e.message)
            print("checked", len(document["runs"][0]["results"]), "results")
            sys.exit(1 if errors else 0)
            """
        for report in [Fixtures.report(), Fixtures.report(findings: [], inputErrors: []), Fixtures.contractReport(),
                       Self.reportWithFix()] {
            let sarif = Reporters.named("sarif")!.render(report, options: ReportOptions())
            let outcome = try Self.run(python: script, arguments: [Self.schemaPath], input: sarif)
            #expect(outcome.status == 0, "\(outcome.output)")
            #expect(outcome.output.hasPrefix("checked \(report.findings.count) results"))
        }
    }

    /// The contrast finding with the fix `--fix` would write: its text colour at line 14.
    static func reportWithFix() -> LintReport {
        var contrast = Fixtures.contrast
        contrast.measured["role"] = .string("textEnabled")
        contrast.measured["fix"] = .objects([Measured([("role", .string("textEnabled")), ("from", .string("#808080")),
                                                       ("to", .string("#767676"))])])
        var report = Fixtures.report(findings: [contrast], inputErrors: [])
        let edit = ByteEdit(range: 300..<307, replacement: "767676", line: 14, column: 27, original: "808080")
        report.fixes[ReportFix.key(file: contrast.location.file, theme: "default/light", role: "textEnabled")] =
            ReportFix(file: contrast.location.file, theme: "default/light", role: "textEnabled", edits: [edit],
                      colour: "#767676")
        return report
    }

    @Test func fixesCarryTheColourEdit() throws {
        let run = try firstRun(Self.reportWithFix())
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
        #expect((fix["description"] as? [String: String])?["text"] == "Use #767676 for textEnabled in theme default/light")
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: String])?["uri"] == "specs/components/CheckboxView.json")
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        let region = try #require(replacement["deletedRegion"] as? [String: Int])
        #expect(region == ["startLine": 14, "startColumn": 27, "endLine": 14, "endColumn": 33])
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "767676")
    }

    @Test func driverRulesAndResults() throws {
        let run = try firstRun(Fixtures.report())
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "a11ylint")
        #expect(driver["semanticVersion"] as? String == "0.1.0")
        #expect(driver["informationUri"] == nil, "a11ylint has no home page to point at")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        // The catalogue's six rules plus spec-unknown-kind, which a finding names.
        #expect(rules.map { $0["id"] as? String } == [
            "forbidden-state", "image-without-label", "spec-unknown-key", "spec-unknown-kind",
            "tap-gesture-without-trait", "text-contrast", "touch-target"])
        let contrast = rules[5]
        #expect(contrast["name"] as? String == "TextContrast")
        #expect(contrast["helpUri"] as? String == "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html")
        #expect((contrast["defaultConfiguration"] as? [String: String])?["level"] == "error")
        #expect((contrast["properties"] as? [String: [String]])?["tags"] == ["accessibility", "test", "wcag1.4.3"])
        let help = try #require(contrast["help"] as? [String: String])
        #expect(help["text"]?.contains("Fix text-contrast.") == true)
        #expect(help["markdown"]?.contains(
            "[WCAG 1.4.3 Contrast (Minimum)](https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html)") == true)

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let first = results[0]
        #expect(first["level"] as? String == "error")
        let location = try #require(((first["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: String])
        #expect(artifact == ["uri": "Sources/App/Terms%20View.swift", "uriBaseId": "%SRCROOT%"])
        #expect(location["region"] as? [String: Int] == ["startLine": 8, "startColumn": 9])
        #expect(results[3]["level"] as? String == "warning")
        #expect(results[1]["level"] as? String == "note")
        let properties = try #require(results[2]["properties"] as? [String: Any])
        #expect(properties["variant"] as? String == "accept-terms")
        #expect((properties["measured"] as? [String: Any])?["foreground"] as? String == "#808080")
    }

    @Test func inputErrorsBecomeNotifications() throws {
        let run = try firstRun(Fixtures.report())
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect((notes[0]["message"] as? [String: String])?["text"] == "expected ',' or '}' after object member")
        let clean = try firstRun(Fixtures.report(inputErrors: []))
        #expect((clean["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == true)
    }

    @Test func fingerprintIgnoresLineButNotIdentity() {
        var moved = Fixtures.contrast
        moved.location.line += 40
        #expect(SARIFReporter.fingerprint(moved) == SARIFReporter.fingerprint(Fixtures.contrast))
        var otherTheme = Fixtures.contrast
        otherTheme.theme = "default/dark"
        #expect(SARIFReporter.fingerprint(otherTheme) != SARIFReporter.fingerprint(Fixtures.contrast))
        var dotted = Fixtures.contrast
        dotted.location.file = "./" + dotted.location.file
        #expect(SARIFReporter.fingerprint(dotted) == SARIFReporter.fingerprint(Fixtures.contrast))
        #expect(SARIFReporter.fingerprint(Fixtures.contrast).count == 32)
    }

    @Test func identicalFindingsGetDistinctFingerprints() throws {
        var twin = Fixtures.contrast
        twin.location.line = 50
        let run = try firstRun(Fixtures.report(findings: [Fixtures.contrast, twin], inputErrors: []))
        let prints = try #require(run["results"] as? [[String: Any]]).map {
            ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey] ?? ""
        }
        let hash = SARIFReporter.fingerprint(Fixtures.contrast)
        #expect(prints == ["\(hash):1", "\(hash):2"])
    }

    @Test func artifactURIs() {
        #expect(SARIFReporter.artifactURI("specs/a b/Ä.json") == ("specs/a%20b/%C3%84.json", "%SRCROOT%"))
        #expect(SARIFReporter.artifactURI("./specs\\x.json") == ("specs/x.json", "%SRCROOT%"))
        #expect(SARIFReporter.artifactURI("/abs/x#1.json") == ("file:///abs/x%231.json", nil))
        #expect(SARIFReporter.artifactURI("C:\\work\\x.json") == ("file:///C:/work/x.json", nil))
    }

    @Test func sha256KnownAnswers() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    private func firstRun(_ report: LintReport) throws -> [String: Any] {
        let text = Reporters.named("sarif")!.render(report, options: ReportOptions())
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        #expect(object["$schema"] as? String == SARIFReporter.schemaURI)
        return try #require((object["runs"] as? [[String: Any]])?.first)
    }

    static func run(python script: String, arguments: [String] = [], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
