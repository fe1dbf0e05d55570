import Foundation
import Testing

/// `--fix` on colours that come from design tokens and colour sets, through the binary
/// (issue 22, item 7): the source is edited in its own notation (never the spec's reference),
/// an override is added where the value is shared with appearances that pass, the edit is
/// refused when another pair of the run would fail or the colour is a system colour, and a
/// second run changes nothing. Fixtures written from the DTCG 2025.10 format and Xcode's
/// colour-set format.
@Suite struct TokenFixCLITests {
    /// Every file below `dir` with its bytes.
    static func snapshot(_ dir: TempDir) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = dir.url.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: dir.url, includingPropertiesForKeys: nil)! {
            let path = url.resolvingSymlinksInPath().path
            if let data = FileManager.default.contents(atPath: path), !url.hasDirectoryPath {
                files[String(path.dropFirst(root.count + 1))] = data
            }
        }
        return files
    }

    static func read(_ dir: TempDir, _ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: dir.url.appendingPathComponent(name).path) ?? Data(), as: UTF8.self)
    }

    /// A generic component whose text `label` lies on the theme's background.
    static func note(_ name: String, background: String, label: String) -> String {
        """
        {"name": "\(name)", "a11y": {"kind": "generic", "size": {"width": 120, "height": 44},
          "pairs": [{"foreground": "label", "background": "background", "role": "text"}],
          "themes": {"acme": {"background": "\(background)", "colors": {"label": "\(label)"}}},
          "variants": [{"name": "n", "text": "Note"}]}}

        """
    }

    /// The `to` of every `fix` entry of the contrast findings of `specs`, by theme.
    static func fixTargets(_ dir: TempDir) throws -> [String: String] {
        let json = CLI.run(["specs", "--reporter", "json"], in: dir.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var result: [String: String] = [:]
        for finding in report["findings"] as? [[String: Any]] ?? [] {
            let measured = finding["measured"] as? [String: Any]
            for entry in measured?["fix"] as? [[String: String]] ?? [] { result[finding["theme"] as? String ?? ""] = entry["to"] }
        }
        return result
    }

    /// Runs `--fix`, then checks that the lint passes and that a second `--fix` changes no byte.
    static func fixAndCheck(_ dir: TempDir, passes: Bool = true) -> CLI.Result {
        let fix = CLI.run(["specs", "--fix"], in: dir.url)
        let after = snapshot(dir)
        if passes {
            let lint = CLI.run(["specs"], in: dir.url)
            #expect(lint.status == 0 && !lint.stdout.contains("contrast]"), "\(lint.stdout)\(fix.stderr)")
        }
        let again = CLI.run(["specs", "--fix"], in: dir.url)
        #expect(snapshot(dir) == after, "a second --fix changed files: \(again.stderr)")
        #expect(!again.stderr.contains(" → "), "\(again.stderr)")
        return fix
    }

    static let flatTokens = """
        {
          "color": {
            "$type": "color",
            "palette": {
              "grey": { "$value": "#767676" },
              "mist": { "$value": "#f2f2f2" },
              "p3": { "$value": { "colorSpace": "display-p3", "components": [0.55, 0.55, 0.6], "alpha": 1, "hex": "#8b8b99" } },
              "black": { "$value": "#000" }
            },
            "text": { "$value": "{color.palette.grey}" },
            "muted": { "$value": "{color.text}" },
            "soft": { "$value": "{color.palette.p3}" }
          }
        }

        """

    static func flatProject() -> TempDir {
        let dir = TempDir()
        dir.write("design/tokens.json", flatTokens)
        dir.write(".a11ylint.yml", "colors:\n  tokens: [design/tokens.json]\n")
        return dir
    }

    @Test func aHexTokenBehindAliasesIsEditedWhereItsValueIsWrittenKeepingItsNotation() throws {
        let dir = Self.flatProject()
        defer { dir.cleanUp() }
        // #767676 on #f2f2f2 is 4.06:1; {color.muted} → {color.text} → {color.palette.grey}.
        dir.write("specs/Note.json", Self.note("Note", background: "{color.palette.mist}", label: "{color.muted}"))
        let spec = Self.read(dir, "specs/Note.json")
        let to = try #require(try Self.fixTargets(dir)["acme@default"])
        #expect(to.count == 7 && to != "#767676")
        let fix = Self.fixAndCheck(dir)
        // Only the value of the token that owns it changed, in the same notation; the aliases and the spec stay.
        #expect(Self.read(dir, "design/tokens.json") == Self.flatTokens.replacingOccurrences(of: "\"#767676\"", with: "\"\(to)\""))
        #expect(Self.read(dir, "specs/Note.json") == spec)
        #expect(fix.stderr.contains("design/tokens.json:5:27: {color.muted} in default #767676 → \(to)"), "\(fix.stderr)")
    }

    @Test func aDisplayP3ColourObjectKeepsItsColourSpace() throws {
        let dir = Self.flatProject()
        defer { dir.cleanUp() }
        dir.write("specs/Soft.json", Self.note("Soft", background: "#FFFFFF", label: "{color.soft}"))
        let to = try #require(try Self.fixTargets(dir)["acme@default"])
        _ = Self.fixAndCheck(dir)
        let tokens = Self.read(dir, "design/tokens.json")
        let line = try #require(tokens.split(separator: "\n").first { $0.contains("\"p3\"") })
        #expect(line.contains("\"colorSpace\": \"display-p3\""), "\(line)")
        #expect(line.contains("\"alpha\": 1,"), "\(line)")
        #expect(line.contains("\"hex\": \"\(to.lowercased())\""), "the hex fallback follows, in its case: \(line)")
        #expect(!line.contains("[0.55, 0.55, 0.6]"), "\(line)")
        // Everything but that line is as it was.
        #expect(tokens.split(separator: "\n").filter { !$0.contains("\"p3\"") } == Self.flatTokens.split(separator: "\n").filter { !$0.contains("\"p3\"") })
    }

    @Test func anEditThatWouldMakeAnotherPairFailIsRefusedAndNothingIsWritten() throws {
        let dir = Self.flatProject()
        defer { dir.cleanUp() }
        dir.write("specs/Note.json", Self.note("Note", background: "{color.palette.mist}", label: "{color.muted}"))
        // The same grey on black passes at 4.62:1; darker, it would fail.
        dir.write("specs/Dark.json", Self.note("Dark", background: "{color.palette.black}", label: "{color.text}"))
        let before = Self.snapshot(dir)
        let fix = CLI.run(["specs", "--fix"], in: dir.url)
        #expect(Self.snapshot(dir) == before)
        #expect(fix.stderr.contains("specs/Note.json:4:16: not fixed: text-contrast in theme acme@default (label): "
                                    + "editing {color.muted} would make text-contrast in specs/Dark.json, theme acme@default (label) fail"),
                "\(fix.stderr)")
        #expect(fix.status == 1)
    }

    /// A resolver whose base set gives {color.text} to both themes; it fails only on the dark surface.
    static func resolverProject() -> TempDir {
        let dir = TempDir()
        dir.write("design/base.tokens.json", """
            {
              "color": {
                "$type": "color",
                "grey": { "500": { "$value": "#767676" } },
                "white": { "$value": "#FFFFFF" },
                "text": { "$value": "{color.grey.500}" }
              }
            }

            """)
        dir.write("design/light.tokens.json", "{\"color\": {\"$type\": \"color\", \"surface\": { \"$value\": \"{color.white}\" }}}\n")
        dir.write("design/dark.tokens.json", "{\n  \"color\": {\n    \"$type\": \"color\",\n    \"surface\": { \"$value\": \"#333333\" }\n  }\n}\n")
        dir.write("design/acme.resolver.json", """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
              "modifiers": { "theme": { "contexts": { "light": [{ "$ref": "light.tokens.json" }],
                                                      "dark": [{ "$ref": "dark.tokens.json" }] } } },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }]
            }
            """)
        dir.write(".a11ylint.yml", "colors:\n  tokens: design/acme.resolver.json\n")
        dir.write("specs/Note.json", note("Note", background: "{color.surface}", label: "{color.text}"))
        return dir
    }

    @Test func aValueSharedWithAnAppearanceThatPassesGetsAnOverrideInTheFailingContext() throws {
        let dir = Self.resolverProject()
        defer { dir.cleanUp() }
        let before = Self.snapshot(dir)
        let to = try #require(try Self.fixTargets(dir)["acme@dark"])
        // --dry-run shows the token file's change and writes nothing.
        let dry = CLI.run(["specs", "--fix", "--dry-run"], in: dir.url)
        #expect(dry.stdout.contains("+++ design/dark.tokens.json\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("+    \"text\": { \"$type\": \"color\", \"$value\": \"\(to)\" }\n"), "\(dry.stdout)")
        #expect(Self.snapshot(dir) == before)
        let fix = Self.fixAndCheck(dir)
        #expect(Self.read(dir, "design/dark.tokens.json") == """
            {
              "color": {
                "$type": "color",
                "surface": { "$value": "#333333" },
                "text": { "$type": "color", "$value": "\(to)" }
              }
            }

            """)
        let after = Self.snapshot(dir)
        for file in ["design/base.tokens.json", "design/light.tokens.json", "specs/Note.json"] { #expect(after[file] == before[file], "\(file)") }
        #expect(fix.stderr.contains("{color.text} in dark #767676 → \(to) (override added)"), "\(fix.stderr)")
    }

    static func entry(_ components: String, appearances: String = "") -> String {
        """
            {
        \(appearances)      "color" : {
                "color-space" : "srgb",
                "components" : { \(components) }
              },
              "idiom" : "universal"
            }
        """
    }

    static func colorSet(_ entries: [String]) -> String {
        "{\n  \"colors\" : [\n" + entries.joined(separator: ",\n") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n"
    }

    static let dark = "      \"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ],\n"

    static func catalogProject(ink: String) -> TempDir {
        let dir = TempDir()
        dir.write("App/Colors.xcassets/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}\n")
        dir.write("App/Colors.xcassets/Surface.colorset/Contents.json", colorSet([
            entry("\"alpha\" : \"1.000\", \"blue\" : \"0xFF\", \"green\" : \"0xFF\", \"red\" : \"0xFF\""),
            entry("\"alpha\" : \"1.000\", \"blue\" : \"0x33\", \"green\" : \"0x33\", \"red\" : \"0x33\"", appearances: dark),
        ]))
        dir.write("App/Colors.xcassets/Ink.colorset/Contents.json", ink)
        dir.write(".a11ylint.yml", "colors:\n  asset_catalogs: [App/Colors.xcassets]\n")
        dir.write("specs/Ink.json", note("Ink", background: "asset:Surface", label: "asset:Ink"))
        return dir
    }

    @Test func aColourSetWithAnyAndDarkHasItsDarkComponentsEditedInTheirNotation() throws {
        let any = Self.entry("\"alpha\" : \"1.000\", \"blue\" : \"0x76\", \"green\" : \"0x76\", \"red\" : \"0x76\"")
        let dark = Self.entry("\"alpha\" : \"1.000\", \"blue\" : \"0x76\", \"green\" : \"0x76\", \"red\" : \"0x76\"", appearances: Self.dark)
        let dir = Self.catalogProject(ink: Self.colorSet([any, dark]))
        defer { dir.cleanUp() }
        let targets = try Self.fixTargets(dir)
        let to = try #require(targets["acme@dark"])
        #expect(targets.keys.sorted() == ["acme@dark", "acme@dark-increased-contrast"])
        _ = Self.fixAndCheck(dir)
        let byte = "0x" + to.dropFirst().prefix(2)
        #expect(to.dropFirst().prefix(2) == to.dropFirst(3).prefix(2) && to.dropFirst().prefix(2) == to.dropFirst(5), "a grey: \(to)")
        let edited = Self.entry("\"alpha\" : \"1.000\", \"blue\" : \"\(byte)\", \"green\" : \"\(byte)\", \"red\" : \"\(byte)\"", appearances: Self.dark)
        #expect(Self.read(dir, "App/Colors.xcassets/Ink.colorset/Contents.json") == Self.colorSet([any, edited]))
    }

    @Test func aColourSetWithOnlyAnyGetsADarkEntryAndLightKeepsItsColour() throws {
        let any = Self.entry("\"alpha\" : \"1.000\", \"blue\" : \"0.463\", \"green\" : \"0.463\", \"red\" : \"0.463\"")
        let dir = Self.catalogProject(ink: Self.colorSet([any]))
        defer { dir.cleanUp() }
        let to = try #require(try Self.fixTargets(dir)["acme@dark"])
        let fix = Self.fixAndCheck(dir)
        let value = String(format: "%.3f", Double(Int(to.dropFirst().prefix(2), radix: 16)!) / 255)
        let added = Self.entry("\"alpha\" : \"1.000\", \"blue\" : \"\(value)\", \"green\" : \"\(value)\", \"red\" : \"\(value)\"", appearances: Self.dark)
        #expect(Self.read(dir, "App/Colors.xcassets/Ink.colorset/Contents.json") == Self.colorSet([any, added]))
        #expect(fix.stderr.contains("asset:Ink in dark, dark-increased-contrast #767676 → \(to) (override added)"), "\(fix.stderr)")
    }

    @Test func aSystemColourIsNotEdited() {
        let any = Self.entry("\"alpha\" : \"1.000\", \"blue\" : \"0x00\", \"green\" : \"0x00\", \"red\" : \"0x00\"")
        let dir = Self.catalogProject(ink: Self.colorSet([any]))
        defer { dir.cleanUp() }
        dir.write("specs/Ink.json", Self.note("Ink", background: "asset:Surface", label: "system:systemGray"))
        let before = Self.snapshot(dir)
        let fix = CLI.run(["specs", "--fix"], in: dir.url)
        #expect(Self.snapshot(dir) == before)
        #expect(fix.stderr.contains("specs/Ink.json:4:16: not fixed: text-contrast in theme acme@light (label): "
                                    + "system:systemGray is an iOS system colour, which cannot be edited"), "\(fix.stderr)")
    }
}
