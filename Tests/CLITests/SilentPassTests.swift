import Testing
import Foundation

/// Nothing passes in silence (issue 21, item 1): a spec the rules cannot check, a repeated
/// key, a colour the kind needs and the theme lacks are all said, through the binary.
struct SilentPassTests {
    private func findings(_ result: CLI.Result) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]])
    }

    @Test func specThatChecksNothingSaysWhy() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Empty.json", "{\"name\": \"Terms\",\n \"a11y\": {\"kind\": \"checkbox\", \"variants\": []}}")
        dir.write("NoTheme.json", "{\"name\": \"Agree\",\n \"a11y\": {\"kind\": \"checkbox\", \"themes\": {},\n \"variants\": [{\"text\": \"I agree\"}]}}")
        let text = CLI.run(["Empty.json", "NoTheme.json"], in: dir.url)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(text.stdout.contains("Empty.json:1:10: warning: Nothing is checked in 'Terms': it declares no variants (\"variants\": []) [spec-checks-nothing]"), "\(text.stdout)")
        #expect(text.stdout.contains("NoTheme.json:1:10: warning: Nothing is checked in 'Agree': no theme applies to any of its variants"), "\(text.stdout)")
        #expect(CLI.run(["Empty.json", "--strict"], in: dir.url).status == 1)

        let json = CLI.run(["Empty.json", "NoTheme.json", "--reporter", "json"], in: dir.url)
        let found = try findings(json).filter { $0["rule"] as? String == "spec-checks-nothing" }
        #expect(found.count == 2)
        #expect(found.map { $0["line"] as? Int } == [1, 1])
        #expect(found.map { $0["column"] as? Int } == [10, 10])
        #expect(found.map { ($0["measured"] as? [String: Any])?["reason"] as? String } == ["no-variants", "no-themes"])
        #expect(found.allSatisfy { $0["severity"] as? String == "warning" })
    }

    @Test func specWithSomethingToCheckIsQuiet() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Terms.json", #"{"name": "Terms", "a11y": {"kind": "checkbox", "variants": [{"text": "I agree"}]}}"#)
        let text = CLI.run(["Terms.json"], in: dir.url)
        #expect(!text.stdout.contains("spec-checks-nothing"), "\(text.stdout)")
    }

    @Test func repeatedKeyIsAWarningNamingBothPlaces() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Terms.json", "{\"name\": \"Terms\",\n \"a11y\": {\"kind\": \"checkbox\", \"typography\": {\"size\": 14,\n \"size\": 16}}}")
        let text = CLI.run(["Terms.json"], in: dir.url)
        #expect(text.stdout.contains("Terms.json:3:2: warning: Key 'size' is repeated: the one at line 2, column 46 is ignored (the last one wins) [spec-duplicate-key]"), "\(text.stdout)")
        let json = CLI.run(["Terms.json", "--reporter", "json"], in: dir.url)
        let found = try findings(json).filter { $0["rule"] as? String == "spec-duplicate-key" }
        #expect(found.count == 1)
        #expect(found.first?["line"] as? Int == 3)
        #expect(found.first?["column"] as? Int == 2)
        #expect(found.first?["severity"] as? String == "warning")
    }

    @Test func colourTheKindNeedsAndTheThemeLacksIsUnverified() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Buy.json", """
        {"name": "Buy",
         "a11y": {"kind": "button", "themes": {"light": {"background": "#FFFFFF", "colors": {"fill": "#0A5FFF"}}},
         "variants": [{"text": "Buy"}, {"text": "Later", "isEnabled": false}]}}
        """)
        let text = CLI.run(["Buy.json"], in: dir.url)
        #expect(text.stdout.contains("Buy.json:3:15: warning: Label text cannot be checked in theme light: the theme has no 'text' colour [contrast-unverified]"), "\(text.stdout)")
        let json = CLI.run(["Buy.json", "--reporter", "json"], in: dir.url)
        let found = try findings(json).filter { $0["rule"] as? String == "contrast-unverified" }
        // The disabled variant is exempt, as from the contrast rules.
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding["line"] as? Int == 3 && finding["column"] as? Int == 15)
        #expect(finding["severity"] as? String == "warning")
        #expect(finding["wcag"] as? [String] == ["1.4.3"])
        let measured = try #require(finding["measured"] as? [String: Any])
        #expect(measured["reason"] as? String == "missing-color")
        #expect(measured["foregroundRole"] as? String == "text")
        #expect(measured["backgroundRole"] as? String == "fill")
    }

    @Test func checkboxRolesThePresetFillsAreMeasured() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Terms.json", ##"{"name": "Terms", "a11y": {"kind": "checkbox", "themes": {"light": {"colors": {"textEnabled": "#000000"}}}, "variants": [{"text": "I agree", "isChecked": true}]}}"##)
        let json = CLI.run(["Terms.json", "--reporter", "json"], in: dir.url)
        #expect(try findings(json).allSatisfy { $0["rule"] as? String != "contrast-unverified" }, "\(json.stdout)")
    }
}
