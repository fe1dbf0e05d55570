import A11yColorSources
import A11yModel
import Testing

/// Resolver documents written from the DTCG Resolver Module 2025.10 (its examples 3, 4, 6,
/// 8 and 16 with real files), read through `TokenSet(resolver:contexts:)`.
@Suite struct TokenResolverTests {
    /// A foundation set, a theme modifier (Example 3's four contexts, the high-contrast ones
    /// layering a second file) and every appearance named by its context.
    func writeThemeFiles(_ fixtures: TokenFixtures) {
        fixtures.write("foundation/colors.tokens.json", """
        {
          "color": {
            "$type": "color",
            "gray": {
              "200": {"$value": "#D1D1D1"},
              "900": {"$value": "#0A0A0A"}
            },
            "text": {"$value": "{color.gray.900}"},
            "bg": {"$value": "{color.gray.200}"}
          }
        }
        """)
        fixtures.write("theme/light.json", """
        {"color": {"text": {"$value": "{color.gray.900}"}, "bg": {"$value": "#FFFFFF"}}}
        """)
        fixtures.write("theme/dark.json", """
        {"color": {
          "text": {"$value": "#8A8A8A"},
          "bg": {"$value": "{color.gray.900}"}}}
        """)
        fixtures.write("theme/dark-high-contrast.json", """
        {"color": {"text": {"$value": "#FFFFFF"}}}
        """)
    }

    @Test func everyContextIsAnAppearance() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        writeThemeFiles(fixtures)
        let set = try #require(fixtures.resolver("""
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json",
          "name": "Acme",
          "version": "2025.10",
          "sets": {"foundation": {"sources": [{"$ref": "foundation/colors.tokens.json"}]}},
          "modifiers": {
            "theme": {
              "description": "Color theme",
              "contexts": {
                "light": [{"$ref": "theme/light.json"}],
                "lightHighContrast": [{"$ref": "theme/light.json"}, {"$ref": "theme/dark-high-contrast.json"}],
                "dark": [{"$ref": "theme/dark.json"}],
                "darkHighContrast": [{"$ref": "theme/dark.json"}, {"$ref": "theme/dark-high-contrast.json"}]
              },
              "default": "light"
            }
          },
          "resolutionOrder": [{"$ref": "#/sets/foundation"}, {"$ref": "#/modifiers/theme"}]
        }
        """).value)
        #expect(set.appearances == ["light", "lightHighContrast", "dark", "darkHighContrast"])
        let text = { (appearance: String) in set.color(named: "color.text", in: appearance) }
        #expect(text("light")?.origin.value == "#0A0A0A")
        #expect(text("light")?.origin.file == fixtures.root + "/foundation/colors.tokens.json")
        #expect(text("light")?.origin.line == 6)
        #expect(text("dark")?.origin.value == "#8A8A8A")
        #expect(text("dark")?.origin.line == 2)
        #expect(text("dark")?.origin.file == fixtures.root + "/theme/dark.json")
        #expect(text("darkHighContrast")?.origin.value == "#FFFFFF")
        #expect(text("lightHighContrast")?.origin.file == fixtures.root + "/theme/dark-high-contrast.json")
        #expect(near(set.color(named: "color.bg", in: "dark")?.color, hex: "#0A0A0A"))
        #expect(near(set.color(named: "color.bg", in: "light")?.color, 1, 1, 1))
        #expect(set.color(named: "color.text", in: "sepia") == nil)
        #expect(set.colorNames == ["color.bg", "color.gray.200", "color.gray.900", "color.text"])
        #expect(set.files.count == 5)
    }

    /// Two modifiers: names join the contexts in resolutionOrder order with `+`; a later
    /// modifier overrides an earlier one (Resolver 4.1.6). Inline modifiers (Example 8), a
    /// context referencing a set (Example 4), inline tokens and a relative resolver path.
    @Test func combinationsAreNamedInResolutionOrder() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        writeThemeFiles(fixtures)
        let set = try #require(fixtures.resolver("""
        {
          "version": "2025.10",
          "sets": {"foundation": {"sources": [{"$ref": "foundation/colors.tokens.json"}]}},
          "resolutionOrder": [
            {"type": "modifier", "name": "theme", "contexts": {
              "light": [{"$ref": "#/sets/foundation"}, {"$ref": "theme/light.json"}],
              "dark": [{"$ref": "#/sets/foundation"}, {"$ref": "theme/dark.json"}]}},
            {"type": "modifier", "name": "contrast", "contexts": {
              "standard": [],
              "high": [{"color": {"text": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 0]}}}}]}}
          ]
        }
        """).value)
        #expect(set.appearances == ["light+standard", "light+high", "dark+standard", "dark+high"])
        #expect(set.color(named: "color.text", in: "dark+standard")?.origin.value == "#8A8A8A")
        #expect(near(set.color(named: "color.text", in: "light+high")?.color, 1, 1, 0))
        #expect(set.color(named: "color.text", in: "light+high")?.origin.file == fixtures.root + "/acme.resolver.json")
        #expect(set.color(named: "color.text", in: "light+high")?.origin.line == 10)
        // Narrowed: one context of theme, matched without regard to case.
        let narrowed = try #require(fixtures.resolver(try String(contentsOfFile: fixtures.root + "/acme.resolver.json", encoding: .utf8),
                                                      contexts: ["Theme": ["DARK"]]).value)
        #expect(narrowed.appearances == ["dark+standard", "dark+high"])
    }

    /// Example 16: within a set the last source wins; no modifier gives `default`.
    @Test func laterSourcesWin() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.resolver("""
        {"version": "2025.10",
         "sets": {"foundation": {"sources": [
           {"color": {"text": {"default": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}, "$type": "color"}}}},
           {"color": {"text": {"default": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.1, 0.1]}, "$type": "color"}}}}]}},
         "resolutionOrder": [{"$ref": "#/sets/foundation"}]}
        """).value)
        #expect(set.appearances == ["default"])
        #expect(near(set.color(named: "color.text.default", in: "default")?.color, 0.1, 0.1, 0.1))
        #expect(set.color(named: "color.text.default", in: "default")?.origin.line == 4)
    }

    /// More than 64 combinations is an error naming the modifiers; narrowing lifts it.
    @Test func atMost64Appearances() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let modifiers = (1...7).map { "\"m\($0)\": {\"contexts\": {\"a\": [], \"b\": []}}" }.joined(separator: ", ")
        let order = (1...7).map { "{\"$ref\": \"#/modifiers/m\($0)\"}" }.joined(separator: ", ")
        let text = "{\"version\": \"2025.10\",\n \"modifiers\": {\(modifiers)},\n \"resolutionOrder\": [\(order)]}"
        let error = try #require(fixtures.resolver(text).failure)
        #expect(error.message.hasPrefix("the resolver's modifiers make 128 appearances (m1: 2 × m2: 2 × m3: 2 × m4: 2 × m5: 2 × m6: 2 × m7: 2), more than 64"))
        #expect((error.line, error.column) == (3, 21))
        let narrowed = try #require(fixtures.resolver(text, contexts: ["m7": ["b"]]).value)
        #expect(narrowed.appearances.count == 64)
        #expect(narrowed.appearances.first == "a+a+a+a+a+a+b")
        let unknown = try #require(fixtures.resolver(text, contexts: ["m8": ["a"]]).failure)
        #expect(unknown.message.contains("the modifier 'm8', which the resolver's resolutionOrder does not have (did you mean 'm1'?)"))
        let context = try #require(fixtures.resolver(text, contexts: ["m1": ["c"]]).failure)
        #expect(context.message.contains("the context 'c', which the modifier 'm1' does not have"))
    }

    @Test func badResolverDocuments() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        writeThemeFiles(fixtures)
        func error(_ text: String) throws -> ColorSourceError { try #require(fixtures.resolver(text).failure) }
        let version = try error(##"{"version": 2025.10, "resolutionOrder": []}"##)
        #expect(version.message.hasPrefix("\"version\" must be the string \"2025.10\""))
        #expect((version.line, version.column) == (1, 13))
        let noVersion = try error(##"{"resolutionOrder": []}"##)
        #expect(noVersion.message.contains("needs \"version\""))
        let typo = try error("""
        {"version": "2025.10",
         "modifiers": {"theme": {"context": {"light": []}}},
         "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}
        """)
        #expect(typo.message == "unknown key 'context' in a modifier (did you mean 'contexts'?)")
        #expect((typo.line, typo.column) == (2, 26))
        let fallback = try error("""
        {"version": "2025.10", "modifiers": {"theme": {"contexts": {"light": [], "dark": []}, "default": "drak"}},
         "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}
        """)
        #expect(fallback.message.contains("(did you mean 'dark'?)"))
        let empty = try error(##"{"version": "2025.10", "modifiers": {"t": {"contexts": {}}}, "resolutionOrder": [{"$ref": "#/modifiers/t"}]}"##)
        #expect(empty.message == "the modifier 't' has no contexts")
        let fromSet = try error("""
        {"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/modifiers/t"}]}},
         "modifiers": {"t": {"contexts": {"a": []}}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}
        """)
        #expect(fromSet.message.contains("must not reference a modifier"))
        let intoOrder = try error(##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/resolutionOrder/0"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##)
        #expect(intoOrder.message.contains("must not point into \"resolutionOrder\""))
        let circular = try error(##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/sets/s"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##)
        #expect(circular.message.hasPrefix("circular reference: sets s → s"))
        let missing = try error("""
        {"version": "2025.10",
         "sets": {"s": {"sources": [{"$ref": "theme/drak.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}
        """)
        #expect(missing.message.hasSuffix("theme/drak.json' (did you mean 'dark.json'?)"))
        #expect((missing.line, missing.column) == (2, 38))
        #expect(missing.file == fixtures.root + "/acme.resolver.json")
        let twice = try error(##"{"version": "2025.10", "sets": {"s": {"sources": []}}, "resolutionOrder": [{"$ref": "#/sets/s"}, {"$ref": "#/sets/s"}]}"##)
        #expect(twice.message == "'s' appears twice in \"resolutionOrder\"")
        let inline = try error(##"{"version": "2025.10", "resolutionOrder": [{"name": "x", "sources": []}]}"##)
        #expect(inline.message.contains("needs \"type\": \"set\" or \"modifier\""))
        let badToken = try error("""
        {"version": "2025.10", "resolutionOrder": [{"type": "modifier", "name": "theme", "contexts": {
          "light": [{"c": {"$type": "color", "$value": "#FFF"}}],
          "dark": [{"c": {"$type": "color", "$value": "{nope}"}}]}}]}
        """)
        #expect(badToken.message == "alias {nope}: the token 'nope' does not exist (in appearance dark)")
        #expect((badToken.line, badToken.column) == (3, 47))
    }

    /// Resolver 4.2.2: keys beside `$ref` replace the target's top-level keys; a file part by pointer.
    @Test func referenceObjectsWithOverridesAndFragments() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        fixtures.write("all.json", """
        {"brand": {"primary": {"$type": "color", "$value": "#112233"}}, "other": {"x": {"$type": "color", "$value": "#445566"}}}
        """)
        let set = try #require(fixtures.resolver("""
        {"version": "2025.10", "sets": {"s": {"sources": [
          {"$ref": "all.json#/brand"},
          {"$ref": "all.json", "other": {"y": {"$type": "color", "$value": "#778899"}}}]}},
         "resolutionOrder": [{"$ref": "#/sets/s"}]}
        """).value)
        #expect(set.colorNames == ["brand.primary", "other.y", "primary"])
    }

    /// Resolver 7.2 Example 19: files bundled under `$defs`, named by pointer (`~1` for `/`);
    /// a token only one context defines is a problem in the others.
    @Test func bundledDefinitionsAndTokensOfOneContext() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.resolver("""
        {"version": "2025.10",
         "modifiers": {"theme": {"contexts": {
           "light": [{"$ref": "#/$defs/foundation~1colors.json"}, {"$ref": "#/$defs/theme~1light.json"}],
           "dark": [{"$ref": "#/$defs/foundation~1colors.json"}]}}},
         "resolutionOrder": [{"$ref": "#/modifiers/theme"}],
         "$defs": {
           "foundation/colors.json": {"color": {"$type": "color", "ink": {"$value": "#101010"}}},
           "theme/light.json": {"color": {"paper": {"$value": "#FAFAFA"}}}}}
        """).value)
        #expect(set.appearances == ["light", "dark"])
        #expect(set.color(named: "color.paper", in: "light")?.origin.line == 8)
        #expect(set.color(named: "color.paper", in: "dark") == nil)
        #expect(set.problem(with: "color.paper", in: "dark") == "the token 'color.paper' is not defined in appearance dark")
        #expect(set.problem(with: "color.paper", in: "light") == nil)
        #expect(set.problem(with: "color.ink") == nil)
        #expect(set.color(named: "color.ink", in: "dark")?.origin.value == "#101010")
    }

    /// Files named by a resolver are read relative to its folder; relative paths stay relative
    /// (as `origin.file` and in errors), `.` and `..` folded.
    @Test func relativePathsStayRelative() throws {
        let contents: [String: [UInt8]] = [
            "design/tokens/acme.resolver.json": Array("""
            {"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "./../shared/base.json"}, {"$ref": "dark.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/s"}]}
            """.utf8),
            "design/shared/base.json": Array(##"{"ink": {"$type": "color", "$value": "#111111"}}"##.utf8),
            "design/tokens/dark.json": Array("{\n  \"paper\": {\"$type\": \"color\", \"$value\": \"{nope}\"}}".utf8),
        ]
        let error = #expect(throws: ColorSourceError.self) {
            try TokenSet(resolver: "design/tokens/acme.resolver.json", contents: contents)
        }
        #expect(error?.file == "design/tokens/dark.json")
        #expect(error?.line == 2)
        var fixed = contents
        fixed["design/tokens/dark.json"] = Array(##"{"paper": {"$type": "color", "$value": "{ink}"}}"##.utf8)
        let set = try TokenSet(resolver: "design/tokens/acme.resolver.json", contents: fixed)
        #expect(set.color(named: "paper", in: "default")?.origin.file == "design/shared/base.json")
        #expect(set.files == ["design/tokens/acme.resolver.json", "design/shared/base.json", "design/tokens/dark.json"])
    }

    /// The size the issue measures: 2,000 palette tokens and 500 semantic aliases in each of 4
    /// contexts are read and resolved once, well within a second even in a debug build.
    @Test func twoThousandTokensInFourContexts() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let palette = (0..<2000).map { i in
            "\"p\(i)\": {\"$value\": {\"colorSpace\": \"oklch\", \"components\": [\(Double(i % 100) / 100), 0.1, \(i % 360)]}}"
        }.joined(separator: ",\n")
        fixtures.write("palette.tokens.json", "{\"palette\": {\"$type\": \"color\",\n\(palette)}}")
        for (c, context) in ["light", "dark", "lightHigh", "darkHigh"].enumerated() {
            let semantic = (0..<500).map { "\"s\($0)\": {\"$value\": \"{palette.p\(($0 * 4 + c) % 2000)}\"}" }.joined(separator: ",\n")
            fixtures.write("\(context).tokens.json", "{\"semantic\": {\n\(semantic)}}")
        }
        let path = fixtures.write("big.resolver.json", """
        {"version": "2025.10", "sets": {"palette": {"sources": [{"$ref": "palette.tokens.json"}]}},
         "modifiers": {"theme": {"contexts": {"light": [{"$ref": "light.tokens.json"}], "dark": [{"$ref": "dark.tokens.json"}],
           "lightHigh": [{"$ref": "lightHigh.tokens.json"}], "darkHigh": [{"$ref": "darkHigh.tokens.json"}]}}},
         "resolutionOrder": [{"$ref": "#/sets/palette"}, {"$ref": "#/modifiers/theme"}]}
        """)
        let clock = ContinuousClock()
        var set: TokenSet?
        let elapsed = try clock.measure { set = try TokenSet(resolver: path) }
        #expect(set?.appearances.count == 4)
        #expect(set?.colorNames.count == 2500)
        #expect(set?.color(named: "semantic.s1", in: "dark")?.origin.file == fixtures.root + "/palette.tokens.json")
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
