import Foundation
import Testing

/// One consistent fix per theme (issue 21, item 2), through the binary: specs whose failing
/// pairs share colours get one set of changes per theme (`measured.fix`); writing every entry
/// and linting again leaves no contrast failure; `--fix` writes exactly those entries; what
/// `--fix` leaves is said, with why.
@Suite struct JointFixTests {
    /// A checkbox whose checked fill fails against the background and under its white
    /// checkmark, with grey text: three failing pairs, two sharing the fill.
    static let checkbox = """
        {"name": "BrandBox", "a11y": {"kind": "checkbox", "themes": {"brand/light": {"background": "#FFFFFF",
          "colors": {"borderEnabled": "#6E6E6E", "checkedFill": "#40B259", "checkmark": "#FFFFFF",
                     "textEnabled": "#808080"}}},
          "variants": [{"name": "off", "text": "Accept", "isChecked": false},
                       {"name": "on", "text": "Accept", "isChecked": true}]}}
        """
    /// A button with white text on a failing brand fill: the fill darkens, the text stays white.
    static let button = """
        {"name": "BrandButton", "a11y": {"kind": "button",
          "typography": {"font": "Roboto", "size": 16, "lineHeight": 20, "weight": "bold"},
          "themes": {"brand/washed": {"background": "#FFFFFF", "colors": {"fill": "#FF9A4D", "text": "#FFFFFF"}}},
          "variants": [{"name": "continue", "text": "Continue"}]}}
        """
    /// A switch whose white thumb lies on both tracks, both failing against the background.
    static let toggle = """
        {"name": "PaleSwitch", "a11y": {"kind": "switch", "themes": {"settings/pale": {"background": "#FFFFFF",
          "colors": {"trackOff": "#E9E9EB", "trackOn": "#34C759", "thumb": "#FFFFFF", "textEnabled": "#000000"}}},
          "variants": [{"name": "on", "text": "Wi-Fi", "isChecked": true},
                       {"name": "off", "text": "Wi-Fi", "isChecked": false}]}}
        """

    static func findings(_ args: [String], in dir: URL? = nil) throws -> [[String: Any]] {
        let run = dir.map { CLI.run(args + ["--reporter", "json"], in: $0) } ?? CLI.run(args + ["--reporter", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (doc["findings"] as? [[String: Any]] ?? []).filter { ($0["rule"] as? String)?.hasSuffix("contrast") == true }
    }

    /// Every `fix` entry of the findings, by theme and role: one `to` per role and theme.
    static func entries(_ findings: [[String: Any]]) throws -> [String: (from: String, to: String)] {
        var result: [String: (from: String, to: String)] = [:]
        for finding in findings {
            let measured = try #require(finding["measured"] as? [String: Any])
            let fix = try #require(measured["fix"] as? [[String: String]], "no fix: \(finding["message"] ?? "")")
            #expect((1...2).contains(fix.count), "\(fix)")
            for entry in fix {
                let key = "\(finding["theme"] as? String ?? "")/\(entry["role"]!)"
                if let known = result[key] { #expect(known.to == entry["to"], "two values for \(key)") }
                result[key] = (entry["from"]!, entry["to"]!)
            }
        }
        return result
    }

    /// The entries written into the spec by hand (plain text replacement of each `from` in
    /// its theme's role), then linted again: no contrast failure is left.
    @Test(arguments: [("checkbox", checkbox), ("button", button), ("switch", toggle)])
    func applyingEveryEntryLeavesNoFailure(_ name: String, _ spec: String) throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let path = dir.write("specs/\(name).json", spec)
        let before = try Self.findings([path])
        #expect(before.count >= 2, "\(name): \(before.map { $0["message"] ?? "" })")
        let entries = try Self.entries(before)
        var text = spec
        for (key, change) in entries {
            let role = String(key.split(separator: "/").last!)
            let old = "\"\(role)\": \"\(change.from)\""
            #expect(text.contains(old), "\(old)")
            text = text.replacingOccurrences(of: old, with: "\"\(role)\": \"\(change.to)\"")
        }
        _ = dir.write("specs/\(name).json", text)
        let after = try Self.findings([path])
        #expect(after.isEmpty, "\(name): \(after.map { $0["message"] ?? "" })")
    }

    @Test func whiteTextOnABrandFillDarkensTheFill() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let path = dir.write("specs/button.json", Self.button)
        let entries = try Self.entries(try Self.findings([path]))
        #expect(entries.keys.sorted() == ["brand/washed/fill"], "\(entries)")
        let text = CLI.run([path])
        #expect(text.stdout.contains("; fix: fill #FF9A4D → \(entries["brand/washed/fill"]!.to) [text-contrast]"),
                "\(text.stdout)")
    }

    @Test func switchThumbPassesOnBothTracks() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let path = dir.write("specs/switch.json", Self.toggle)
        let findings = try Self.findings([path])
        let thumb = findings.filter { ($0["measured"] as? [String: Any])?["role"] as? String == "thumb" }
        #expect(thumb.count == 2, "\(findings.map { $0["message"] ?? "" })")
        // Both thumb findings carry the same changes for the colours they share.
        let entries = try Self.entries(findings)
        #expect(entries["settings/pale/thumb"] == nil, "the white thumb stays: both tracks darken")
    }

    /// `--fix` writes exactly the `fix` entries (and prints them), and the result passes.
    @Test func fixWritesExactlyTheEntries() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        for (name, spec) in [("checkbox", Self.checkbox), ("button", Self.button), ("switch", Self.toggle)] {
            _ = dir.write("specs/\(name).json", spec)
        }
        let entries = try Self.entries(try Self.findings(["specs"], in: dir.url))
        let fix = CLI.run(["specs", "--fix"], in: dir.url)
        let printed = fix.stderr.split(separator: "\n").filter { $0.contains(" → ") }
            .map { line in String(line.split(separator: ": ").last!) }
        let expected = entries.values.map { "\($0.from) → \($0.to)" }
        #expect(printed.sorted() == expected.sorted(), "\(fix.stderr)")
        #expect(!fix.stderr.contains("not fixed"), "\(fix.stderr)")
        #expect(try Self.findings(["specs"], in: dir.url).isEmpty)
        #expect(fix.status == 0, "\(fix.stdout)")
    }

    /// What `--fix` leaves it names, with why: a preset colour, a Swift source, stdin.
    @Test func unfixedFailuresSayWhy() throws {
        let dir = try FixTests.copyOfSamples()
        defer { dir.cleanUp() }
        let fix = CLI.run(["specs", "swift", "--fix"], in: dir.url)
        #expect(fix.stderr.contains("specs/components/CheckboxView.json:13:361: not fixed: nontext-contrast in theme default/light (checkedFill): preset colour"),
                "\(fix.stderr)")
        #expect(fix.stderr.contains("swift/CheckboxScreen.swift:12:15: not fixed: text-contrast in theme frisbee/light (textEnabled): Swift source"),
                "\(fix.stderr)")
        let stdin = CLI.run(["-", "--fix"], input: Self.button)
        #expect(stdin.stderr.contains("<stdin>:"), "\(stdin.stderr)")
        #expect(stdin.stderr.contains("not fixed: text-contrast in theme brand/washed (text): read from stdin"), "\(stdin.stderr)")
    }
}
