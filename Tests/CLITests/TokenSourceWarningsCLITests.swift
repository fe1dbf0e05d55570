import Foundation
import Testing

/// What a run says about the colour sources themselves, through the binary (issue 22): a key a
/// token file repeats is a `spec-duplicate-key` warning at the repeated key, once per run.
@Suite struct TokenSourceWarningsCLITests {
    @Test func aKeyATokenFileRepeatsIsAWarningAtTheRepeatedKeyNamingTheFirst() throws {
        let dir = ColorSourceCLITests.tokenProject()
        defer { dir.cleanUp() }
        // Light text on a dark fill on white, and the reverse on black: every pair passes.
        dir.write("design/light.tokens.json", """
            {"color": {"$type": "color", "surface": { "$value": "{color.white}" },
              "fill": { "$value": "{color.grey.900}" }, "text": { "$value": "{color.grey.100}" }}}
            """)
        // `text` twice in the dark context: the second, used, passes.
        dir.write("design/dark.tokens.json", """
            {
              "color": {
                "$type": "color",
                "surface": { "$value": "{color.black}" },
                "fill": { "$value": "{color.grey.100}" },
                "text": { "$value": "{color.grey.500}" },
                "text": { "$value": "{color.grey.900}" }
              }
            }
            """)
        // Two specs use the token set: it is read once, and the warning said once.
        dir.write("specs/Buy.json", ColorSourceCLITests.button(background: "{color.surface}", text: "{color.text}",
                                                               fill: "{color.fill}"))
        dir.write("specs/Sell.json", ColorSourceCLITests.button(background: "{color.surface}", text: "{color.text}",
                                                                fill: "{color.fill}").replacingOccurrences(of: "Buy", with: "Sell"))
        let text = CLI.run(["specs"], in: dir.url)
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        let line = "design/dark.tokens.json:7:5: warning: Key 'text' is repeated: the one at line 6, column 5 is ignored "
            + "(the last one wins) [spec-duplicate-key]"
        #expect(text.stdout.components(separatedBy: line).count == 2, "\(text.stdout)")
        #expect(text.stdout.contains("1 warning"), "\(text.stdout)")

        let json = CLI.run(["specs", "--reporter", "json"], in: dir.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding["rule"] as? String == "spec-duplicate-key")
        #expect(finding["severity"] as? String == "warning")
        #expect(finding["file"] as? String == "design/dark.tokens.json")
        #expect(finding["line"] as? Int == 7 && finding["column"] as? Int == 5)

        // A warning like any other: --strict fails on it, the configuration can silence it.
        #expect(CLI.run(["specs", "--strict"], in: dir.url).status == 1)
        dir.write(".a11ylint.yml", "colors:\n  tokens: design/acme.resolver.json\ndisabled_rules: [spec-duplicate-key]\n")
        let quiet = CLI.run(["specs"], in: dir.url)
        #expect(quiet.status == 0 && !quiet.stdout.contains("spec-duplicate-key"), "\(quiet.stdout)\(quiet.stderr)")
    }
}
