import Foundation
import Testing

/// Colour references in specs resolved through real token files, resolver documents and asset
/// catalogs, through the binary (issue 22): appearances and theme names, where each colour came
/// from in every reporter, input errors with their positions.
@Suite struct ColorSourceCLITests {
    /// A resolver with one modifier `theme` (light, dark) over a base set, written from the
    /// DTCG Resolver Module's example; and a flat token file.
    static func tokenProject() -> TempDir {
        let dir = TempDir()
        dir.write("design/base.tokens.json", """
            {
              "color": {
                "$type": "color",
                "grey": {
                  "100": { "$value": "#F2F2F2" },
                  "500": { "$value": "#767676" },
                  "900": { "$value": { "colorSpace": "srgb", "components": [0.1, 0.1, 0.1], "hex": "#1A1A1A" } }
                },
                "white": { "$value": "#FFFFFF" },
                "black": { "$value": "#000000" }
              },
              "size": { "$type": "dimension", "gap": { "$value": { "value": 8, "unit": "px" } } }
            }
            """)
        dir.write("design/light.tokens.json", """
            {
              "color": {
                "$type": "color",
                "surface": { "$value": "{color.white}" },
                "text": { "$value": "{color.grey.500}" }
              }
            }
            """)
        dir.write("design/dark.tokens.json", """
            {
              "color": {
                "$type": "color",
                "surface": { "$value": "{color.black}" },
                "text": { "$value": "{color.grey.500}" }
              }
            }
            """)
        dir.write("design/acme.resolver.json", """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
              "modifiers": { "theme": { "contexts": { "light": [{ "$ref": "light.tokens.json" }],
                                                      "dark": [{ "$ref": "dark.tokens.json" }] },
                                        "default": "light" } },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }]
            }
            """)
        dir.write(".a11ylint.yml", "colors:\n  tokens: design/acme.resolver.json\n")
        return dir
    }

    static func button(background: String, text: String, fill: String) -> String {
        """
        {"name": "Buy", "a11y": {"kind": "button",
          "themes": {"acme": {"background": "\(background)",
            "colors": {"text": "\(text)", "fill": "\(fill)"}}},
          "variants": [{"name": "buy", "text": "Buy now"}]}}

        """
    }

    @Test func aTokenThemeIsCheckedInEachResolverAppearanceAndSaysWhereItsColoursCameFrom() throws {
        let dir = Self.tokenProject()
        defer { dir.cleanUp() }
        // #767676 on #F2F2F2: 4.06:1 in both appearances (the text token is the same grey).
        dir.write("specs/Buy.json", Self.button(background: "{color.surface}", text: "{color.text}", fill: "{color.grey.100}"))
        let text = CLI.run(["specs"], in: dir.url)
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").filter { $0.contains("[text-contrast]") }
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains("in theme acme@light") })
        #expect(lines.contains { $0.contains("in theme acme@dark") })
        #expect(lines.allSatisfy {
            $0.hasPrefix("specs/Buy.json:4:16:") && $0.contains("; foreground {color.text} = #767676 (base.tokens.json:6), background {color.grey.100} = #F2F2F2 (base.tokens.json:5)")
        }, "\(lines)")

        let json = CLI.run(["specs", "--reporter", "json"], in: dir.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]]).filter { $0["rule"] as? String == "text-contrast" }
        #expect(findings.compactMap { $0["theme"] as? String }.sorted() == ["acme@dark", "acme@light"])
        let measured = try #require(findings.first?["measured"] as? [String: Any])
        let foreground = try #require(measured["foregroundSource"] as? [String: Any])
        #expect(foreground["ref"] as? String == "{color.text}")
        #expect(foreground["file"] as? String == "design/base.tokens.json")
        #expect(foreground["line"] as? Int == 6)
        #expect(foreground["value"] as? String == "#767676")
        #expect(abs((measured["ratio"] as? Double ?? 0) - 4.05738837736595) < 1e-9)

        let sarif = CLI.run(["specs", "--reporter", "sarif"], in: dir.url)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let related = try #require(results.first { $0["ruleId"] as? String == "text-contrast" }?["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 2)
        let first = try #require(related.first?["physicalLocation"] as? [String: Any])
        #expect((first["artifactLocation"] as? [String: Any])?["uri"] as? String == "design/base.tokens.json")
        #expect((first["region"] as? [String: Any])?["startLine"] as? Int == 6)
        #expect((related.first?["message"] as? [String: Any])?["text"] as? String == "Foreground: {color.text} = #767676 (base.tokens.json:6)")
    }

    @Test func theSampleFailsOnlyWithIncreaseContrast() throws {
        let result = CLI.run(["Samples/colors", "--reporter", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((report["inputErrors"] as? [Any])?.isEmpty == true)
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.compactMap { $0["theme"] as? String }.sorted()
                == ["acme@dark-high-contrast", "app@light-increased-contrast"])
        let asset = try #require(findings.first { $0["theme"] as? String == "app@light-increased-contrast" })
        let source = try #require((asset["measured"] as? [String: Any])?["backgroundSource"] as? [String: Any])
        #expect(source["ref"] as? String == "asset:Success")
        #expect(source["file"] as? String == "Samples/Colors.xcassets/Success.colorset/Contents.json")
    }

    @Test func anUnknownTokenIsAnInputErrorAtTheValueAndTheOtherFilesAreLinted() {
        let dir = Self.tokenProject()
        defer { dir.cleanUp() }
        dir.write("specs/Bad.json", Self.button(background: "{color.surface}", text: "{color.txet}", fill: "{color.size}"))
        dir.write("specs/Good.json", Self.button(background: "#FFFFFF", text: "#767676", fill: "#F2F2F2"))
        dir.write("specs/Gap.json", Self.button(background: "#FFFFFF", text: "#000000", fill: "{size.gap}"))
        let result = CLI.run(["specs"], in: dir.url)
        #expect(result.status == 2)
        // The value `"{color.txet}"` on line 3, column 24 of Bad.json.
        #expect(result.stdout.contains("specs/Bad.json:3:24: error: {color.txet}: no token 'color.txet' (did you mean 'color.text'?) [input-error]"),
                "\(result.stdout)")
        #expect(result.stdout.contains("specs/Gap.json:3:43: error: {size.gap}: the token 'size.gap' has $type dimension, not color"),
                "\(result.stdout)")
        #expect(result.stdout.contains("specs/Good.json:4:16:"))
    }

    @Test func aSourceThatCannotBeReadNamesItsOwnPositionAndSparesTheOtherSpecs() {
        let dir = Self.tokenProject()
        defer { dir.cleanUp() }
        dir.write("design/dark.tokens.json", "{\n  \"color\": {\n    \"surface\": { \"$value\": \"{color.surface}\" }\n  }\n}\n")
        dir.write("specs/Needs.json", Self.button(background: "{color.surface}", text: "#000000", fill: "#FFFFFF"))
        dir.write("specs/Literal.json", Self.button(background: "#FFFFFF", text: "#767676", fill: "#F2F2F2"))
        let result = CLI.run(["specs"], in: dir.url)
        #expect(result.status == 2)
        let errors = result.stdout.split(separator: "\n").filter { $0.contains("[input-error]") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("specs/Needs.json:2:37:") == true)
        #expect(errors.first?.contains("colour source cannot be read: design/dark.tokens.json:3:") == true, "\(errors)")
        #expect(result.stdout.contains("specs/Literal.json:4:16:"))
    }

    @Test func mixingTokensWithAssetsNeedsAppearances() {
        let dir = Self.tokenProject()
        defer { dir.cleanUp() }
        dir.write("App/Colors.xcassets/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}\n")
        dir.write("App/Colors.xcassets/Brand.colorset/Contents.json", """
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x76", "green": "0x76", "blue": "0x76", "alpha": "1.000"}}}
            ], "info": {"author": "xcode", "version": 1}}
            """)
        dir.write("specs/Mix.json", Self.button(background: "{color.surface}", text: "asset:Brand", fill: "#F2F2F2"))
        dir.write(".a11ylint.yml", "colors:\n  tokens: design/acme.resolver.json\n  asset_catalogs: [App/Colors.xcassets]\n")
        let unmapped = CLI.run(["specs"], in: dir.url)
        #expect(unmapped.status == 2)
        #expect(unmapped.stdout.contains("specs/Mix.json:2:14: error: theme 'acme' mixes design-token references with asset or system colours"),
                "\(unmapped.stdout)")
        dir.write(".a11ylint.yml", """
            colors:
              tokens: design/acme.resolver.json
              asset_catalogs: [App/Colors.xcassets]
              appearances: {light: light, dark: dark}

            """)
        let mapped = CLI.run(["specs"], in: dir.url)
        #expect(mapped.status == 1, "\(mapped.stdout)")
        #expect(mapped.stdout.contains("in theme acme@light"))
        #expect(mapped.stdout.contains("foreground asset:Brand = "), "\(mapped.stdout)")
        #expect(mapped.stdout.contains(" (Brand.colorset/Contents.json:2)"), "\(mapped.stdout)")
    }

    @Test func aSpecNamesItsOwnSourcesAndAnUnknownSystemColourIsUnverified() {
        let dir = Self.tokenProject()
        defer { dir.cleanUp() }
        try? FileManager.default.removeItem(at: dir.url.appendingPathComponent(".a11ylint.yml"))
        dir.write("specs/Own.json", """
            {"name": "Own", "a11y": {"kind": "button",
              "colorSources": {"tokens": ["../design/base.tokens.json"]},
              "background": "{color.white}",
              "colors": {"text": "{color.white}", "fill": "{color.grey.900}"},
              "variants": [{"name": "own", "text": "Own"}]}}

            """)
        dir.write("specs/System.json", """
            {"name": "System", "a11y": {"kind": "button",
              "background": "system:systemBackground",
              "colors": {"text": "system:labell", "fill": "system:systemBlue"},
              "variants": [{"name": "system", "text": "System"}]}}

            """)
        // From inside specs/: the spec's sources are relative to the spec.
        let result = CLI.run(["Own.json", "System.json", "--reporter", "json"], in: dir.url.appendingPathComponent("specs"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let compact = result.stdout.replacingOccurrences(of: " ", with: "")
        #expect(!compact.contains("\"inputErrors\":[{"))
        #expect(compact.contains("\"theme\":\"default@light\""))
        #expect(compact.contains("\"reason\":\"unknown-system-color\""))
        #expect(result.stdout.contains("'text' is system:labell, not a system colour a11ylint knows"))
        let text = CLI.run(["Own.json"], in: dir.url.appendingPathComponent("specs"))
        #expect(text.status == 0 && !text.stdout.contains("error:"), "\(text.stdout)")
    }
}
