import A11yColorSources
import A11yModel
import Testing

/// Token files written from the DTCG Format and Color Modules 2025.10 (their examples, with
/// the values the documents give), read through `TokenSet(files:)`.
@Suite struct TokenFileTests {
    /// Color Module 4.2: the "Hot pink" example of every colour space, with its stated hex
    /// #ff00ff. hsl and hwb give hue 330 there, which CSS Color 4 makes #ff0080 (hand-worked:
    /// hsl(330 100% 50%): f(0) = 1, f(8) = 0, f(4) = 0.5): the documents' hex is a slip.
    /// Wide-gamut magentas (display-p3, a98-rgb, prophoto-rgb, rec2020 [1, 0, 1]) lie
    /// outside sRGB and clip per channel to (1, 0, 1).
    @Test func everyColourSpaceOfTheColorModule() throws {
        let spaces: [(String, String, String)] = [
            ("srgb", "[1, 0, 1]", "#ff00ff"), ("srgb-linear", "[1, 0, 1]", "#ff00ff"),
            ("hsl", "[330, 100, 50]", "#ff0080"), ("hwb", "[330, 0, 0]", "#ff0080"),
            ("lab", "[60.17, 93.54, -60.5]", "#ff00ff"), ("lch", "[60.17, 111.4, 327.11]", "#ff00ff"),
            ("oklab", "[0.701, 0.2746, -0.169]", "#ff00ff"), ("oklch", "[0.7016, 0.3225, 328.363]", "#ff00ff"),
            ("display-p3", "[1, 0, 1]", "#ff00ff"), ("a98-rgb", "[1, 0, 1]", "#ff00ff"),
            ("prophoto-rgb", "[1, 0, 1]", "#ff00ff"), ("rec2020", "[1, 0, 1]", "#ff00ff"),
            ("xyz-d65", "[0.5929, 0.2848, 0.9699]", "#ff00ff"), ("xyz-d50", "[0.5791, 0.2831, 0.728]", "#ff00ff"),
        ]
        let body = spaces.map { space, components, _ in
            "  \"\(space)\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"\(space)\", \"components\": \(components), \"alpha\": 1, \"hex\": \"#ff00ff\"}}"
        }.joined(separator: ",\n")
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("{\n\(body)\n}\n").value)
        #expect(set.appearances == ["default"])
        #expect(set.colorNames.count == spaces.count)
        for (index, (space, components, hex)) in spaces.enumerated() {
            let color = set.color(named: space, in: "default")
            #expect(near(color?.color, hex: hex, tolerance: 0.004), "\(space) \(components): \(String(describing: color?.color))")
            #expect(color?.origin.line == index + 2)
            #expect(color?.origin.value == "\(space)(\(components.dropFirst().dropLast().replacingOccurrences(of: ",", with: "")))")
        }
    }

    /// Values inside sRGB from the Format Module's examples and from hand-worked CSS Color 4.
    @Test func valuesInsideTheGamut() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("""
        {
          "Button background": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.467, 0.467, 0.467], "hex": "#777777"}},
          "Button focus": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.44, 0.753, 1], "hex": "#70c0ff"}},
          "green": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [120, 100, 25]}},
          "grey": {"$type": "color", "$value": {"colorSpace": "hwb", "components": ["none", 60, 60]}},
          "white": {"$type": "color", "$value": {"colorSpace": "oklab", "components": [1, 0, 0]}},
          "half": {"$type": "color", "$value": {"colorSpace": "srgb-linear", "components": [0.214041, 0.214041, 0.214041]}}
        }
        """).value)
        #expect(near(set.color(named: "Button background", in: "default")?.color, hex: "#777777"))
        #expect(near(set.color(named: "Button focus", in: "default")?.color, hex: "#70c0ff"))
        #expect(near(set.color(named: "green", in: "default")?.color, 0, 0.5, 0))
        // hwb(none 60% 60%): whiteness + blackness ≥ 1, grey = 0.6 / 1.2.
        #expect(near(set.color(named: "grey", in: "default")?.color, 0.5, 0.5, 0.5))
        #expect(set.color(named: "grey", in: "default")?.origin.value == "hwb(none 60 60)")
        #expect(near(set.color(named: "white", in: "default")?.color, 1, 1, 1))
        #expect(near(set.color(named: "half", in: "default")?.color, 0.5, 0.5, 0.5))
    }

    @Test func hexStringsAlphaAndNone() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("""
        {
          "color": {
            "$type": "color",
            "short": {"$value": "#0A8"},
            "long": {"$value": "#8A8A8A"},
            "translucent": {"$value": "#00000080"},
            "shadow": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5, "hex": "#000000"}},
            "hexIgnored": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#000000"}},
            "noneIsZero": {"$value": {"colorSpace": "srgb", "components": ["none", 1, "none"]}},
            "hexOnly": {"$value": {"hex": "#336699"}}
          }
        }
        """).value)
        let c = { (name: String) in set.color(named: "color." + name, in: "default") }
        #expect(near(c("short")?.color, 0, 0xAA / 255.0, 0x88 / 255.0))
        #expect(c("long")?.origin.value == "#8A8A8A")
        #expect(c("long")?.origin.line == 5)
        #expect(near(c("translucent")?.color, 0, 0, 0, 128 / 255.0))
        #expect(near(c("shadow")?.color, 0, 0, 0, 0.5))
        #expect(c("shadow")?.origin.value == "srgb(0 0 0 / 0.5)")
        #expect(near(c("hexIgnored")?.color, 1, 1, 1))
        #expect(near(c("noneIsZero")?.color, 0, 1, 0))
        #expect(near(c("hexOnly")?.color, hex: "#336699"))
        #expect(c("short")?.origin.reference == "{color.short}")
    }

    /// Format 6.3 Example 12: `$type` from the closest enclosing group; a token's own wins.
    @Test func typeIsInheritedFromTheClosestGroup() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("""
        {
          "color": {
            "$type": "color",
            "primary": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8], "hex": "#0066cc"}},
            "semantic": {
              "success": {"$value": {"colorSpace": "srgb", "components": [0, 0.8, 0.4], "hex": "#00cc66"}},
              "warning": {"$type": "string", "$value": "amber"}
            }
          },
          "loose": {"$value": "#FFFFFF"}
        }
        """).value)
        #expect(set.colorNames == ["color.primary", "color.semantic.success"])
        #expect(near(set.color(named: "color.semantic.success", in: "default")?.color, hex: "#00cc66"))
        #expect(set.color(named: "color.semantic.warning", in: "default") == nil)
        #expect(set.problem(with: "color.semantic.warning")?.contains("has $type string, not color") == true)
        #expect(set.problem(with: "loose")?.contains("has no $type") == true)
        #expect(set.problem(with: "color.primry") == "no token 'color.primry' (did you mean 'color.primary'?)")
        #expect(set.problem(with: "color.primary") == nil)
    }

    /// Format 7.2.2 Example 33: chained aliases resolve to the first explicit value, and the
    /// origin is where that value is written. Format 6.6.2/7.1.2: `$ref` pointers; 7.3.1:
    /// components by pointer; 6.2: `$root`.
    @Test func braceAndPointerAliases() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("""
        {
          "base": {
            "primary": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8], "hex": "#0066cc"}},
            "blue": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.2, 0.4, 0.9], "hex": "#3366e6"}}
          },
          "semantic": {
            "brand": {"$value": "{base.primary}"},
            "link": {"$value": "{semantic.brand}"},
            "pointer": {"$ref": "#/base/primary/$value", "$type": "color"},
            "wholeToken": {"$ref": "#/base/primary"},
            "mixed": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [
              {"$ref": "#/base/blue/$value/components/0"}, {"$ref": "#/base/blue/$value/components/1"}, 0.7], "hex": "#3366b3"}}
          },
          "accent": {
            "$type": "color",
            "$root": {"$value": "#DD0000"},
            "light": {"$value": "{accent.$root}"}
          }
        }
        """).value)
        for name in ["semantic.brand", "semantic.link", "semantic.pointer", "semantic.wholeToken"] {
            let color = set.color(named: name, in: "default")
            #expect(near(color?.color, 0, 0.4, 0.8), "\(name)")
            #expect(color?.origin.line == 3, "\(name)")
            #expect(color?.origin.reference == "{\(name)}")
        }
        #expect(near(set.color(named: "semantic.mixed", in: "default")?.color, 0.2, 0.4, 0.7))
        #expect(set.color(named: "semantic.mixed", in: "default")?.origin.value == "srgb(0.2 0.4 0.7)")
        #expect(near(set.color(named: "accent.light", in: "default")?.color, hex: "#DD0000"))
        #expect(set.colorNames.contains("accent.$root"))
    }

    /// Format 6.4 Example 13: `$extends` copies the target group, local tokens replace.
    @Test func groupExtension() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("""
        {
          "button": {
            "$type": "color",
            "background": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8], "hex": "#0066cc"}},
            "text": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"}}
          },
          "button-primary": {
            "$extends": "{button}",
            "background": {"$value": {"colorSpace": "srgb", "components": [0.8, 0, 0.4], "hex": "#cc0066"}}
          },
          "button-ref": {"$ref": "#/button"}
        }
        """).value)
        #expect(near(set.color(named: "button-primary.background", in: "default")?.color, hex: "#cc0066"))
        #expect(near(set.color(named: "button-primary.text", in: "default")?.color, hex: "#ffffff"))
        #expect(set.color(named: "button-primary.text", in: "default")?.origin.line == 5)
        #expect(near(set.color(named: "button-ref.background", in: "default")?.color, hex: "#0066cc"))
    }

    /// Format 7.2.3 Example 34 and 6.4.4 Example 17: cycles are errors naming the chain.
    @Test func cyclesNameTheirChain() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let alias = try #require(fixtures.tokens("""
        {
          "$type": "color",
          "a": { "$value": "{b}" },
          "b": { "$value": "{c}" },
          "c": { "$value": "{a}" }
        }
        """).failure)
        #expect(alias.message == "circular alias: a → b → c → a")
        #expect((alias.line, alias.column) == (3, 20))
        #expect(alias.file.hasSuffix("a.tokens.json"))
        let extends = try #require(fixtures.tokens("""
        {
          "groupA": {"$extends": "{groupB}", "token": {"$type": "color", "$value": "#000000"}},
          "groupB": {"$extends": "{groupA}", "token": {"$type": "color", "$value": "#000000"}}
        }
        """).failure)
        #expect(extends.message == "circular group extension: groupA → groupB → groupA")
        #expect(extends.line == 3)
        let parent = try #require(fixtures.tokens("""
        {"button": {"color": {"$type": "color", "$value": "#663399"}, "secondary": {"$extends": "{button}"}}}
        """).failure)
        #expect(parent.message.hasPrefix("circular group extension: button.secondary → button"))
        let pointer = try #require(fixtures.tokens("""
        {"x": {"$type": "color", "$ref": "#/y"}, "y": {"$ref": "#/x/$value"}}
        """).failure)
        #expect(pointer.message.hasPrefix("circular alias: "))
    }

    @Test func errorsPointAtTheValueAndSuggest() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        func error(_ text: String) throws -> ColorSourceError { try #require(fixtures.tokens(text).failure) }
        let missing = try error("""
        {
          "color": {"$type": "color", "primary": {"$value": "#000000"},
            "text": {"$value": "{color.primari}"}}
        }
        """)
        #expect(missing.message == "alias {color.primari}: the token 'color.primari' does not exist (did you mean 'color.primary'?)")
        #expect((missing.line, missing.column) == (3, 24))
        let group = try error(##"{"color": {"$type": "color", "a": {"$value": "#000000"}}, "b": {"$value": "{color}"}}"##)
        #expect(group.message.contains("is a group, not a token"))
        let space = try error("""
        {"c": {"$type": "color", "$value": {"colorSpace": "display_p3", "components": [1, 0, 0]}}}
        """)
        #expect(space.message.hasPrefix("unknown colorSpace 'display_p3' (did you mean 'display-p3'?)"))
        #expect((space.line, space.column) == (1, 51))
        let count = try error(##"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0]}}}"##)
        #expect(count.message.contains("must be an array of 3 numbers"))
        let hex = try error(##"{"c": {"$type": "color", "$value": "#12345"}}"##)
        #expect(hex.message.hasPrefix("'#12345' is not a colour"))
        let key = try error(##"{"c": {"$type": "color", "$value": {"colourSpace": "srgb", "components": [1, 0, 0]}}}"##)
        #expect(key.message == "unknown colour property 'colourSpace' (did you mean 'colorSpace'?)")
        let both = try error(##"{"c": {"$value": "#000000", "child": {"$value": "#FFFFFF"}}}"##)
        #expect(both.message.contains("an object is either a token or a group"))
        let dotted = try error(##"{"a.b": {"$type": "color", "$value": "#000000"}}"##)
        #expect(dotted.message.contains("contains '.'"))
        let typed = try error(##"{"s": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "c": {"$type": "color", "$value": "{s}"}}"##)
        #expect(typed.message == "'c' has $type color but its alias {s} is a dimension token")
        let syntax = try error("{\n  \"c\": \n}")
        #expect((syntax.line, syntax.column) == (3, 1))
        let absent = fixtures.root + "/nope.tokens.json"
        #expect(throws: ColorSourceError.self) { try TokenSet(files: [absent]) }
    }

    @Test func duplicateKeysAreWarnedAndLaterFilesWin() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let first = fixtures.write("base.tokens.json", """
        {"color": {"$type": "color", "bg": {"$value": "#FFFFFF"}, "bg": {"$value": "#EEEEEE"}, "fg": {"$value": "#000000"}}}
        """)
        let second = fixtures.write("brand.tokens.json", """
        {"color": {"fg": {"$value": "#222222"}}}
        """)
        let set = try TokenSet(files: [first, second])
        #expect(set.warnings.count == 1)
        #expect(set.warnings.first?.message == "duplicate key 'bg' (first at line 1): the last one is used")
        #expect(set.color(named: "color.bg", in: "default")?.origin.value == "#EEEEEE")
        // brand.tokens.json's fg has no $type of its own: the merged group's $type applies.
        #expect(set.color(named: "color.fg", in: "default")?.origin.value == "#222222")
        #expect(set.color(named: "color.fg", in: "default")?.origin.file == second)
        #expect(set.files == [first, second])
    }

    /// CSS Color 4's own worked examples (sections 9 and 10): lab(29.2345% 39.3825 20.0664),
    /// lch(29.2345% 44.2 27), oklab(40.101% 0.1147 0.0453) and oklch(40.101% 0.12332 21.555)
    /// are all rgb(49.06% 13.87% 15.9%), about #7D2329.
    @Test func cssColor4WorkedExamples() throws {
        let fixtures = TokenFixtures()
        defer { fixtures.cleanUp() }
        let set = try #require(fixtures.tokens("""
        {"$type": "color",
         "lab": {"$value": {"colorSpace": "lab", "components": [29.2345, 39.3825, 20.0664]}},
         "lch": {"$value": {"colorSpace": "lch", "components": [29.2345, 44.2, 27]}},
         "oklab": {"$value": {"colorSpace": "oklab", "components": [0.40101, 0.1147, 0.0453]}},
         "oklch": {"$value": {"colorSpace": "oklch", "components": [0.40101, 0.12332, 21.555]}}}
        """).value)
        for name in ["lab", "lch", "oklab", "oklch"] {
            let color = set.color(named: name, in: "default")?.color
            #expect(near(color, 0.4906, 0.1387, 0.159, tolerance: 0.003), "\(name): \(String(describing: color))")
        }
    }
}
