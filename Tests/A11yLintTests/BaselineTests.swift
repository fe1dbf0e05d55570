import Testing
import Foundation
import A11yModel
import A11yReport
import A11yLint

struct BaselineTests {
    func finding(_ rule: String, line: Int, baselineKey: String, variant: String? = "v") -> Finding {
        Finding(rule: rule, severity: .error, message: "m \(line)", location: A11yModel.SourceLocation(file: "a.json", line: line, column: 3),
                component: "C", variant: variant, theme: "t", baselineKey: baselineKey)
    }

    func report(_ findings: [Finding]) -> LintReport {
        LintReport(toolVersion: "0", files: 1, components: 1, findings: findings, inputErrors: [])
    }

    @Test func serializedIsSortedAndStable() {
        let findings = [finding("b-rule", line: 9, baselineKey: "y"), finding("a-rule", line: 2, baselineKey: "x", variant: nil)]
        let text = Baseline(findings: findings).serialized()
        #expect(text == """
            {
              "version": 1,
              "findings": [
                {
                  "rule": "a-rule",
                  "file": "a.json",
                  "component": "C",
                  "theme": "t",
                  "sourceLine": "x",
                  "message": "m 2"
                },
                {
                  "rule": "b-rule",
                  "file": "a.json",
                  "component": "C",
                  "variant": "v",
                  "theme": "t",
                  "sourceLine": "y",
                  "message": "m 9"
                }
              ]
            }

            """)
        #expect(Baseline(findings: findings.reversed()).serialized() == text)
        let reread = try? Baseline(json: Array(text.utf8), file: "b.json")
        #expect(reread?.serialized() == text)
    }

    @Test func matchesOnContentNotLineNumbers() {
        let baseline = Baseline(findings: [finding("r", line: 2, baselineKey: "{\"name\": \"v\"}")])
        let moved = baseline.apply(to: report([finding("r", line: 40, baselineKey: "{\"name\": \"v\"}")]))
        #expect(moved.findings.isEmpty)
        #expect(moved.baselined == 1)
        let changed = baseline.apply(to: report([finding("r", line: 2, baselineKey: "{\"name\": \"w\"}")]))
        #expect(changed.findings.count == 1)
        #expect(changed.baselined == 0)
        let otherVariant = baseline.apply(to: report([finding("r", line: 2, baselineKey: "{\"name\": \"v\"}", variant: "x")]))
        #expect(otherVariant.findings.count == 1)
    }

    @Test func duplicatesAreCounted() {
        let baseline = Baseline(findings: [finding("r", line: 2, baselineKey: "same"), finding("r", line: 3, baselineKey: "same")])
        let three = baseline.apply(to: report([finding("r", line: 5, baselineKey: "same"), finding("r", line: 6, baselineKey: "same"),
                                               finding("r", line: 7, baselineKey: "same")]))
        #expect(three.baselined == 2)
        #expect(three.findings.map(\.location.line) == [7])
    }

    @Test func pathsAreNormalized() {
        var f = finding("r", line: 1, baselineKey: "x")
        f.location.file = "./specs//a.json"
        let baseline = Baseline(findings: [f])
        #expect(baseline.entries.map(\.file) == ["specs/a.json"])
        var g = f
        g.location.file = "specs/a.json"
        #expect(baseline.apply(to: report([g])).findings.isEmpty)
    }

    @Test(arguments: [
        ("[]", "1:1", "a baseline is a JSON object"),
        ("{\"version\": 2, \"findings\": []}", "1:13", "unsupported baseline version"),
        ("{\"findings\": {}}", "1:14", "\"findings\" must be an array"),
        ("{\"findings\": [{\"file\": \"a\"}]}", "1:15", "a baseline entry needs \"rule\""),
        ("{\"findings\": [{\"rule\": 1, \"file\": \"a\"}]}", "1:24", "\"rule\" must be a string"),
        ("{\"findings\": [", "1:15", "is never closed"),
    ])
    func invalidBaselinesFailWithAPosition(_ json: String, _ position: String, _ message: String) {
        do {
            _ = try Baseline(json: Array(json.utf8), file: "b.json")
            Issue.record("expected an error for \(json)")
        } catch {
            #expect("\(error.location.line):\(error.location.column)" == position, "\(error)")
            #expect(error.message.contains(message))
            #expect(error.description.hasPrefix("b.json:\(position): "))
        }
    }

    /// A Swift file with forbidden states; `above` lines are inserted at the top.
    func swift(above: Int, calls: [String]) -> String {
        (Array(repeating: "// filler", count: above)
         + ["import SwiftUI", "struct Form: View {", "    @State var b = false", "    var body: some View {"]
         + calls.map { "        " + $0 } + ["    }", "}", ""]).joined(separator: "\n")
    }

    @Test func survivesLinesInsertedAboveAFinding() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let old = #"OUDSCheckboxItem("Old", isOn: $b, isReadOnly: true).disabled(true)"#
        let new = #"OUDSCheckboxItem("New", isOn: $b, isError: true, errorText: "E", isReadOnly: true)"#
        folder.write("Form.swift", swift(above: 0, calls: [old]))
        guard let write = CLI.run(["--write-baseline", "baseline.json", "Form.swift"], in: folder.url) else { return }
        #expect(write.status == 1) // the report and exit code are as usual
        #expect(write.stderr == "a11ylint: wrote 1 finding to the baseline baseline.json\n")
        let written = try String(contentsOf: folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(written.contains(#""sourceLine": "OUDSCheckboxItem(\"Old\", isOn: $b, isReadOnly: true).disabled(true)""#))

        // Ten lines above it: still known.
        folder.write("Form.swift", swift(above: 10, calls: [old]))
        guard let moved = CLI.run(["--baseline", "baseline.json", "Form.swift"], in: folder.url) else { return }
        #expect(moved.status == 0, "\(moved)")
        #expect(moved.stdout == "Found 0 errors, 0 warnings and 0 notes in 1 file (1 component); 1 baselined.\n")

        // A new finding fails the run; only it is reported.
        folder.write("Form.swift", swift(above: 3, calls: [new, old]))
        guard let added = CLI.run(["--baseline", "baseline.json", "--reporter", "json", "Form.swift"], in: folder.url)
        else { return }
        #expect(added.status == 1)
        #expect(added.stdout.contains("\"baselined\": 1"))
        #expect(added.stdout.contains("\"line\": 8,"))
        #expect(!added.stdout.contains("\"line\": 9,"))
    }

    @Test func baselineFromTheConfigurationFile() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Form.swift", swift(above: 0, calls: [#"OUDSCheckboxItem("Old", isOn: $b, isReadOnly: true).disabled(true)"#]))
        folder.write(".a11ylint.yml", "baseline: ci/known.json\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("ci"), withIntermediateDirectories: true)
        guard let missing = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("known.json:1:1: cannot read the baseline file"))
        guard let write = CLI.run(["--write-baseline", "ci/known.json", "Form.swift"], in: folder.url),
              let use = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(write.status == 0) // written, then read back as the configured baseline
        #expect(use.status == 0)
        #expect(use.stdout.hasSuffix("1 baselined.\n"))
    }

    @Test func invalidBaselineIsExit2() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Form.swift", swift(above: 0, calls: []))
        folder.write("b.json", "{\"findings\": 3}")
        guard let result = CLI.run(["--baseline", "b.json", "Form.swift"], in: folder.url) else { return }
        #expect(result.status == 2)
        #expect(result.stderr == "a11ylint: b.json:1:14: \"findings\" must be an array\n")
    }
}
