import Foundation
import Testing

/// `measured.suggestedToken` beyond a token foreground, through the binary (issue 22): a literal
/// colour on a token background gets the background token that passes; a system colour gets
/// another system colour, never a hex pasted over the reference.
@Suite struct SuggestedTokenSidesCLITests {
    static func findings(_ dir: TempDir, _ arguments: [String] = ["specs"]) throws -> [[String: Any]] {
        let json = CLI.run(arguments + ["--reporter", "json"], in: dir.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
                                  "\(json.stdout)\(json.stderr)")
        return try #require(report["findings"] as? [[String: Any]])
    }

    @Test func aLiteralFillOnATokenBackgroundGetsTheNearestBackgroundTokenThatPasses() throws {
        let dir = ColorSourceCLITests.tokenProject()
        defer { dir.cleanUp() }
        // One flat set, one appearance: the surface is black.
        dir.write(".a11ylint.yml", "colors:\n  tokens: [design/base.tokens.json, design/dark.tokens.json]\n")
        dir.write("specs/Buy.json", ColorSourceCLITests.button(background: "{color.surface}", text: "#FFFFFF", fill: "#1A1A1A"))
        let fill = try Self.findings(dir).filter { $0["rule"] as? String == "nontext-contrast" }
        #expect(fill.count == 1, "\(fill)")
        let measured = try #require(fill.first?["measured"] as? [String: Any])
        // #1A1A1A on black is 1.2:1; of the backgrounds that reach 3:1 under it (#767676 3.8:1,
        // #F2F2F2, white), #767676 is the nearest to black.
        #expect(measured["suggestedToken"] as? String == "{color.grey.500}", "\(measured)")
        #expect(measured["foregroundSource"] == nil)
        let text = CLI.run(["specs"], in: dir.url)
        #expect(text.stdout.contains("; background token {color.grey.500} passes"), "\(text.stdout)")
    }

    @Test func aFailingSystemColourGetsAnotherSystemColourNotAHex() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/Chip.json", """
            {"name": "Chip", "a11y": {"kind": "generic", "size": {"width": 120, "height": 44},
              "pairs": [{"foreground": "label", "background": "background", "role": "text"}],
              "themes": {"t": {"background": "#FFFFFF", "colors": {"label": "system:tertiaryLabel"}}},
              "variants": [{"name": "chip", "text": "Open now"}]}}

            """)
        let found = try Self.findings(dir).filter { $0["rule"] as? String == "text-contrast" }
        #expect(found.count == 4, "\(found)")
        for finding in found {
            let measured = try #require(finding["measured"] as? [String: Any])
            // On white in every appearance only the fixed black colours pass (label is white in dark mode).
            #expect(measured["suggestedToken"] as? String == "system:black", "\(finding)")
        }
        let text = CLI.run(["specs"], in: dir.url)
        #expect(text.stdout.contains("; token system:black passes"), "\(text.stdout)")
        // --fix writes no hex over the reference.
        let before = try String(contentsOf: dir.url.appendingPathComponent("specs/Chip.json"), encoding: .utf8)
        _ = CLI.run(["specs", "--fix"], in: dir.url)
        let after = try String(contentsOf: dir.url.appendingPathComponent("specs/Chip.json"), encoding: .utf8)
        #expect(before == after)
    }
}
