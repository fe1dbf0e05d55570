import Foundation
import Testing

/// `measured.suggestedToken` through the binary (issue 22): a failing pair whose colour is a
/// token or colour set names the nearest colour of the same source that passes in every
/// appearance its theme is checked in, and nothing when none does.
@Suite struct SuggestedTokenCLITests {
    /// The text findings of `specs` in `dir`, by theme: their `measured` objects.
    static func textFindings(_ dir: TempDir) throws -> [String: [String: Any]] {
        let json = CLI.run(["specs", "--reporter", "json"], in: dir.url)
        #expect(json.status == 1, "\(json.stdout)\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]]).filter { $0["rule"] as? String == "text-contrast" }
        var result: [String: [String: Any]] = [:]
        for finding in findings {
            result[finding["theme"] as? String ?? ""] = finding["measured"] as? [String: Any]
        }
        return result
    }

    /// Near-black text on the surface: passes on white (light), fails on black (dark).
    static func darkFailing(_ dir: TempDir) {
        for appearance in ["light", "dark"] {
            dir.write("design/\(appearance).tokens.json", """
                {"color": {"$type": "color",
                  "surface": { "$value": "{color.\(appearance == "light" ? "white" : "black")}" },
                  "text": { "$value": "{color.grey.900}" }}}
                """)
        }
        dir.write("specs/Buy.json", ColorSourceCLITests.button(background: "{color.surface}", text: "{color.text}",
                                                               fill: "{color.surface}"))
    }

    @Test func aTokenFailingInDarkNamesTheTokenThatPassesInEveryAppearance() throws {
        let dir = ColorSourceCLITests.tokenProject()
        defer { dir.cleanUp() }
        Self.darkFailing(dir)
        let findings = try Self.textFindings(dir)
        #expect(findings.keys.sorted() == ["acme@dark"])
        // #767676 is 4.54:1 on white and 4.62:1 on black; every other colour fails one of them.
        #expect(findings["acme@dark"]?["suggestedToken"] as? String == "{color.grey.500}")
        let text = CLI.run(["specs"], in: dir.url)
        #expect(text.stdout.contains("; token {color.grey.500} passes"), "\(text.stdout)")
    }

    @Test func noTokenPassingEveryAppearanceMeansNoSuggestedToken() throws {
        let dir = ColorSourceCLITests.tokenProject()
        defer { dir.cleanUp() }
        Self.darkFailing(dir)
        // The grey that passed on both now fails on white (2.85:1).
        dir.write("design/base.tokens.json", """
            {"color": {"$type": "color",
              "grey": { "100": { "$value": "#F2F2F2" }, "500": { "$value": "#999999" }, "900": { "$value": "#1A1A1A" } },
              "white": { "$value": "#FFFFFF" }, "black": { "$value": "#000000" }}}
            """)
        let findings = try Self.textFindings(dir)
        #expect(findings.keys.sorted() == ["acme@dark"])
        #expect(findings["acme@dark"]?["suggestedToken"] == nil)
        #expect(findings["acme@dark"]?["suggestion"] != nil)
    }

    static func colorSet(_ any: String, dark: String) -> String {
        func entry(_ hex: String, _ appearance: String) -> String {
            let c = Array(hex)
            return """
                {"idiom": "universal",\(appearance) "color": {"color-space": "srgb", "components": \
                {"red": "0x\(String(c[0...1]))", "green": "0x\(String(c[2...3]))", "blue": "0x\(String(c[4...5]))", "alpha": "1.000"}}}
                """
        }
        return "{\"colors\": [\(entry(any, "")), \(entry(dark, " \"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}],"))], "
            + "\"info\": {\"author\": \"xcode\", \"version\": 1}}\n"
    }

    @Test func aColourSetFailingInDarkNamesTheColourSetThatPassesInEveryAppearance() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("App/Colors.xcassets/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}\n")
        dir.write("App/Colors.xcassets/Surface.colorset/Contents.json", Self.colorSet("FFFFFF", dark: "000000"))
        dir.write("App/Colors.xcassets/Ink.colorset/Contents.json", Self.colorSet("1A1A1A", dark: "1A1A1A"))
        dir.write("App/Colors.xcassets/Mid.colorset/Contents.json", Self.colorSet("767676", dark: "767676"))
        dir.write("App/Colors.xcassets/Pale.colorset/Contents.json", Self.colorSet("F2F2F2", dark: "F2F2F2"))
        dir.write(".a11ylint.yml", "colors:\n  asset_catalogs: [App/Colors.xcassets]\n")
        dir.write("specs/Buy.json", ColorSourceCLITests.button(background: "asset:Surface", text: "asset:Ink", fill: "asset:Surface"))
        let findings = try Self.textFindings(dir)
        #expect(findings.keys.sorted() == ["acme@dark", "acme@dark-increased-contrast"])
        #expect(findings.values.allSatisfy { $0["suggestedToken"] as? String == "asset:Mid" }, "\(findings)")
    }
}
