import Testing
import Foundation

/// Every report says what was checked (issue 21, item 1): the JSON `coverage` array, the
/// text summary in words, and preset colours named on the findings, through the binary.
struct CoverageReportTests {
    private func object(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    private func coverage(_ result: CLI.Result) throws -> [[String: Any]] {
        try #require(try object(result)["coverage"] as? [[String: Any]])
    }

    static let checkbox = ##"""
    {"name": "Terms",
     "a11y": {"kind": "checkbox",
      "themes": {
        "light": {"background": "#FFFFFF", "colors": {"borderEnabled": "#595959", "checkedFill": "#1A7F37",
                  "checkmark": "#FFFFFF", "textEnabled": "#000000", "textDisabled": "#595959"}},
        "dark": {"background": "#000000", "colors": {"borderEnabled": "#A6A6A6", "checkedFill": "#4AC26B",
                  "checkmark": "#000000", "textEnabled": "#FFFFFF", "textDisabled": "#A6A6A6"}}},
      "variants": [{"text": "I agree"}, {"text": "Newsletter"}, {"text": "Offers", "isChecked": true}]}}
    """##

    static let button = ##"""
    {"name": "Buy",
     "a11y": {"kind": "button", "themes": {"light": {"background": "#FFFFFF", "colors": {"fill": "#0A5FFF"}}},
     "variants": [{"text": "Buy now"}]}}
    """##

    @Test func jsonCoverageCountsVariantsThemesAndPairs() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/Terms.json", Self.checkbox)
        dir.write("specs/Buy.json", Self.button)
        let result = CLI.run(["specs/Terms.json", "specs/Buy.json", "--reporter", "json"], in: dir.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let entries = try coverage(result)
        // Sorted like findings: by file, then component.
        #expect(entries.map { $0["file"] as? String } == ["specs/Buy.json", "specs/Terms.json"])
        let buy = try #require(entries.first), terms = try #require(entries.last)

        #expect(terms["component"] as? String == "Terms")
        #expect(terms["kind"] as? String == "checkbox")
        #expect(terms["variants"] as? Int == 3)
        #expect(terms["themes"] as? Int == 2)
        #expect(terms["appearances"] as? Int == 1)
        #expect(terms["languages"] as? Int == 1)
        // Per theme: label and border of each unchecked variant (2 × 2), label, fill and
        // checkmark of the checked one (3): 7, in 2 themes.
        #expect(terms["pairsChecked"] as? Int == 14)
        #expect(terms["pairsUnverified"] as? Int == 0)
        #expect((terms["unverifiedReasons"] as? [String: Any])?.isEmpty == true)

        #expect(buy["kind"] as? String == "button")
        #expect(buy["variants"] as? Int == 1 && buy["themes"] as? Int == 1)
        // The fill is measured; the label on it is not: the theme has no `text`.
        #expect(buy["pairsChecked"] as? Int == 1)
        #expect(buy["pairsUnverified"] as? Int == 1)
        #expect(buy["unverifiedReasons"] as? [String: Int] == ["missing-color": 1])

        // The contract's keys, in its order, and the array last.
        let text = result.stdout
        let keys = ["\"file\"", "\"component\"", "\"kind\"", "\"variants\"", "\"themes\"", "\"appearances\"",
                    "\"languages\"", "\"pairsChecked\"", "\"pairsUnverified\"", "\"unverifiedReasons\""]
        let block = try #require(text.range(of: "\"coverage\": [")).upperBound
        let positions = keys.map { text.range(of: $0, range: block..<text.endIndex)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(text.range(of: "\"inputErrors\"")!.lowerBound < text.range(of: "\"coverage\"")!.lowerBound)
        #expect(text.hasSuffix("    }\n  ]\n}\n"))
    }

    @Test func everyComponentHasAnEntryEvenWithInputErrorsAndNoFindings() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Empty.json", #"{"name": "Empty", "a11y": {"kind": "checkbox", "variants": []}}"#)
        dir.write("Bad.json", #"{"name": "#)
        let result = CLI.run(["Empty.json", "Bad.json", "--reporter", "json"], in: dir.url)
        #expect(result.status == 2)
        let entries = try coverage(result)
        #expect(entries.count == 1)
        #expect(entries.first?["variants"] as? Int == 0)
        #expect(entries.first?["themes"] as? Int == 0)
        #expect(entries.first?["appearances"] as? Int == 0)
        #expect(entries.first?["pairsChecked"] as? Int == 0)

        let none = CLI.run(["Bad.json", "--reporter", "json"], in: dir.url)
        #expect(try coverage(none).isEmpty)
        #expect(none.stdout.contains("\"coverage\": []\n}\n"))
    }

    @Test func languagesComeFromTheStringCatalog() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Localizable.xcstrings", #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "ok": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "OK"}},
            "de": {"stringUnit": {"state": "translated", "value": "Einverstanden"}},
            "fr": {"stringUnit": {"state": "translated", "value": "D'accord"}}}}}}
        """#)
        dir.write("Terms.json", #"{"name": "Terms", "a11y": {"kind": "checkbox", "strings": "Localizable.xcstrings", "variants": [{"name": "ok", "textKey": "ok"}]}}"#)
        dir.write("Plain.json", #"{"name": "Plain", "a11y": {"kind": "checkbox", "variants": [{"text": "OK"}]}}"#)
        let entries = try coverage(CLI.run(["Terms.json", "Plain.json", "--reporter", "json"], in: dir.url))
        #expect(entries.map { $0["component"] as? String } == ["Plain", "Terms"])
        #expect(entries.map { $0["languages"] as? Int } == [1, 3])
    }

    @Test func swiftFileComponentsCountTheirCalls() throws {
        let result = CLI.run(["Samples/swift/CheckboxScreen.swift", "--reporter", "json"], in: CLI.root)
        let entries = try coverage(result)
        #expect(entries.count == 1, "\(entries)")
        let entry = try #require(entries.first)
        #expect(entry["file"] as? String == "Samples/swift/CheckboxScreen.swift")
        #expect(entry["kind"] as? String == "checkbox")
        #expect(entry["variants"] as? Int == 3)
        #expect((entry["pairsChecked"] as? Int ?? 0) > 0)
    }

    @Test func textSummarySaysWhatCouldNotBeChecked() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/Terms.json", Self.checkbox)
        dir.write("specs/Buy.json", Self.button)
        let result = CLI.run(["specs"], in: dir.url)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let found = lines.firstIndex(where: { $0.hasPrefix("Found ") }) else {
            Issue.record("no summary: \(result.stdout)")
            return
        }
        // The Found line is as before; what could not be checked follows, one line per
        // component not checked whole (the checkbox was).
        #expect(lines[found].hasSuffix(" in 2 files (2 components)."), "\(result.stdout)")
        #expect(Array(lines[(found + 1)...]) == [
            "Not checked whole: 1 component.",
            "  Buy (specs/Buy.json): Checked 1 variant in 1 theme (1 appearance) and 1 language: 1 contrast pair measured, 1 could not be (missing-color: 1).",
            "",
        ])
        // Checked whole: nothing after the Found line; --quiet: neither.
        let whole = CLI.run(["specs/Terms.json"], in: dir.url)
        #expect(whole.stdout.hasSuffix("(1 component).\n"), "\(whole.stdout)")
        #expect(!CLI.run(["specs", "--quiet"], in: dir.url).stdout.contains("Not checked whole"))
    }

    @Test func presetColoursAreNamedOnFindings() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        // No themes: every colour is the checkbox's `default` preset (its 50 % black label
        // fails 4.5:1 on white).
        dir.write("Terms.json", #"{"name": "Terms", "a11y": {"kind": "checkbox", "variants": [{"text": "I agree"}]}}"#)
        // A theme that sets only the label: the border keeps the preset's colour, on the
        // theme's own background.
        dir.write("Partial.json", ##"{"name": "Partial", "a11y": {"kind": "checkbox", "themes": {"light": {"background": "#FFFFFF", "colors": {"textEnabled": "#AAAAAA"}}}, "variants": [{"text": "I agree"}]}}"##)
        let result = CLI.run(["Terms.json", "Partial.json", "--reporter", "json"], in: dir.url)
        let findings = try #require(try object(result)["findings"] as? [[String: Any]])
        func measured(_ file: String, _ rule: String) -> [String: Any]? {
            findings.first { $0["file"] as? String == file && $0["rule"] as? String == rule }?["measured"] as? [String: Any]
        }
        let theme = try #require(measured("Terms.json", "text-contrast"), "\(result.stdout)")
        #expect(theme["foregroundSource"] as? [String: String] == ["preset": "default"])
        #expect(theme["backgroundSource"] as? [String: String] == ["preset": "default"])
        // Written in the theme: no source.
        let written = try #require(measured("Partial.json", "text-contrast"), "\(result.stdout)")
        #expect(written["foregroundSource"] == nil && written["backgroundSource"] == nil)
    }
}
