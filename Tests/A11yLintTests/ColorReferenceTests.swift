import Testing
import Foundation
import A11yModel
import A11yColorSources
@testable import A11yLint

/// A colour source written in the test: name → appearance → (hex, line).
struct FakeColorSource: ColorSource {
    var file: String
    var appearances: [String]
    var table: [String: [String: (hex: String, line: Int)]]
    var colorNames: [String] { table.keys.sorted() }

    func color(named name: String, in appearance: String) -> SourcedColor? {
        guard let entry = table[name]?[appearance] ?? table[name]?["*"], let color = RGBA(hex: entry.hex) else { return nil }
        return SourcedColor(color: color, origin: ColorDefinition(reference: name, file: file, line: entry.line, value: entry.hex))
    }
}

/// Specs whose colours are references, resolved per appearance through fake sources
/// (the binary's tests use the real readers: CLITests/ColorSourceCLITests).
@Suite struct ColorReferenceTests {
    static let tokens = FakeColorSource(
        file: "design/acme.resolver.json", appearances: ["light", "dark"],
        table: ["color.text.primary": ["light": ("#1A1A1A", 4), "dark": ("#8A8A8A", 12)],
                "color.bg.default": ["light": ("#FFFFFF", 20), "dark": ("#000000", 21)],
                "color.bg.glass": ["*": ("#FFFFFF80", 30)]])
    static let assets = FakeColorSource(
        file: "App/Colors.xcassets/Brand.colorset/Contents.json", appearances: IOSAppearance.allCases.map(\.rawValue),
        table: ["Brand": ["light": ("#0A5FFF", 7), "dark": ("#0A5FFF", 9),
                          "light-increased-contrast": ("#0A5FFF", 11), "dark-increased-contrast": ("#7AA7FF", 13)]])

    /// Lints `spec` with the fake tokens at `tokens.json` and the fake catalog at `Colors.xcassets`.
    func lintWithSources(_ spec: String, appearances: [String: String]? = nil) -> LintSessionResult {
        lintText(spec, name: "Buy.json") { configuration in
            configuration.colors.tokens = ["/fake/tokens.json"]
            configuration.colors.assetCatalogs = ["/fake/Colors.xcassets"]
            configuration.colors.appearances = appearances
            configuration.colorSources.preload(Self.tokens, at: "/fake/tokens.json")
            configuration.colorSources.preload(Self.assets, at: "/fake/Colors.xcassets")
        }
    }

    static func button(_ theme: String) -> String {
        """
        {"name": "Buy", "a11y": {"kind": "button",
          "themes": {"brand": \(theme)},
          "variants": [{"name": "buy", "text": "Buy now"}]}}
        """
    }

    @Test func tokenThemeIsCheckedInEveryAppearanceWithSources() throws {
        let result = lintWithSources(Self.button("""
            {"background": "{color.bg.default}", "colors": {"text": "{color.text.primary}", "fill": "{color.bg.default}"}}
            """))
        #expect(result.report.inputErrors.isEmpty, "\(result.report.inputErrors)")
        let text = result.report.findings.filter { $0.rule == "text-contrast" }
        // #8A8A8A on black passes 4.5 (5.8:1); #1A1A1A on white passes too: only the fill (same as
        // the background) fails non-text, in both appearances.
        #expect(text.isEmpty)
        let nontext = result.report.findings.filter { $0.rule == "nontext-contrast" }
        #expect(nontext.map(\.theme) == ["brand@dark", "brand@light"] || nontext.map(\.theme) == ["brand@light", "brand@dark"])
        let dark = try #require(nontext.first { $0.theme == "brand@dark" })
        let source = try #require(dark.measured.object("foregroundSource"))
        #expect(source.string("ref") == "{color.bg.default}")
        #expect(source.string("file") == "design/acme.resolver.json")
        #expect(source.number("line") == 21)
        #expect(source.string("value") == "#000000")
        #expect(dark.measured.object("backgroundSource")?.number("line") == 21)
    }

    @Test func failingTokenTextNamesWhereItCameFrom() throws {
        let result = lintWithSources(Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "{color.text.primary}", "fill": "#777777"}}
            """))
        let failing = result.report.findings.filter { $0.rule == "text-contrast" }
        // #1A1A1A on #777777 (light) and #8A8A8A on #777777 (dark) both fail 4.5:1.
        #expect(Set(failing.compactMap(\.theme)) == ["brand@light", "brand@dark"])
        #expect(failing.allSatisfy { $0.measured.object("foregroundSource") != nil })
        #expect(failing.allSatisfy { $0.measured.object("backgroundSource") == nil })
        #expect(A11yModel.ColorOrigin.text(try #require(failing.first { $0.theme == "brand@dark" }?.measured.object("foregroundSource")))
                == "{color.text.primary} = #8A8A8A (acme.resolver.json:12)")
    }

    @Test func unknownTokenIsAnInputErrorAtTheValueWithDidYouMean() throws {
        let spec = Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "{color.text.primray}", "fill": "#000000"}}
            """)
        let result = lintWithSources(spec)
        let error = try #require(result.report.inputErrors.first)
        #expect(result.report.inputErrors.count == 1)
        #expect(error.message.contains("{color.text.primray}"))
        #expect(error.message.contains("color.text.primary"))
        // Line 2, at the value's opening quote.
        let line = spec.split(separator: "\n", omittingEmptySubsequences: false)[1]
        let column = line.distance(from: line.startIndex, to: line.range(of: "\"{color.text.primray}\"")!.lowerBound) + 1
        #expect(error.location.line == 2)
        #expect(error.location.column == column)
        #expect(!result.report.findings.contains { $0.rule.hasSuffix("contrast") })
    }

    @Test func assetThemeIsCheckedInTheFourIOSAppearances() {
        let result = lintWithSources(Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "#FFFFFF", "fill": "asset:Brand"}}
            """))
        #expect(result.report.inputErrors.isEmpty)
        // White on #7AA7FF fails only with Increase Contrast in dark mode.
        let failing = result.report.findings.filter { $0.rule == "text-contrast" }
        #expect(failing.map(\.theme) == ["brand@dark-increased-contrast"])
    }

    @Test func mixingTokensWithAssetsNeedsAppearances() throws {
        let theme = """
            {"background": "{color.bg.default}", "colors": {"text": "#FFFFFF", "fill": "asset:Brand"}}
            """
        let unmapped = lintWithSources(Self.button(theme))
        let error = try #require(unmapped.report.inputErrors.first)
        #expect(error.message.contains("theme 'brand'"))
        #expect(error.message.contains("colors.appearances"))
        let mapped = lintWithSources(Self.button(theme), appearances: ["light": "light", "dark": "dark-increased-contrast"])
        #expect(mapped.report.inputErrors.isEmpty)
        #expect(mapped.report.findings.filter { $0.rule == "text-contrast" }.map(\.theme) == ["brand@dark"])
    }

    @Test func unknownSystemColourIsUnverifiedNotAnError() throws {
        let result = lintWithSources(Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "system:labl", "fill": "#000000"}}
            """))
        #expect(result.report.inputErrors.isEmpty)
        let unverified = result.report.findings.filter { $0.rule == "contrast-unverified" }
        #expect(unverified.count == 4)
        #expect(unverified.allSatisfy { $0.measured.string("reason") == "unknown-system-color" })
        #expect(unverified.first?.message.contains("system:labl") == true)
    }

    @Test func translucentReferencedBackgroundWithoutBackdropIsUnverified() {
        let result = lintWithSources(Self.button("""
            {"background": "{color.bg.glass}", "colors": {"text": "#000000", "fill": "#000000"}}
            """))
        #expect(result.report.inputErrors.isEmpty)
        let reasons = Set(result.report.findings.filter { $0.rule == "contrast-unverified" }.compactMap { $0.measured.string("reason") })
        #expect(reasons == ["translucent-backdrop"])
    }

    @Test func colorsWithoutThemesAreOneThemeNamedDefault() {
        let result = lintWithSources("""
            {"name": "Buy", "a11y": {"kind": "button", "background": "#FFFFFF",
              "colors": {"text": "{color.text.primary}", "fill": "#777777"},
              "variants": [{"name": "buy", "text": "Buy now"}]}}
            """)
        #expect(Set(result.report.findings.filter { $0.rule == "text-contrast" }.compactMap(\.theme)) == ["default@light", "default@dark"])
        #expect(!result.report.findings.contains { $0.rule == "spec-unknown-key" })
    }

    @Test func referencesWithoutSourcesAreInputErrors() throws {
        let tokens = lintText(Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "{color.text.primary}", "fill": "#000000"}}
            """))
        #expect(tokens.report.inputErrors.map(\.message).contains { $0.contains("colors.tokens") })
        let assets = lintText(Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "#FFFFFF", "fill": "asset:Brand"}}
            """))
        #expect(assets.report.inputErrors.map(\.message).contains { $0.contains("colors.asset_catalogs") })
        #expect(assets.report.inputErrors.count == 1)
    }

    @Test func aFailingSourceKeepsOnlyTheSpecsThatNeedIt() {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let needs = folder.write("specs/Needs.json", Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "{color.text.primary}", "fill": "#000000"}}
            """))
        let literal = folder.write("specs/Literal.json", Self.button("""
            {"background": "#FFFFFF", "colors": {"text": "#777777", "fill": "#FFFFFF"}}
            """))
        let result = lint([needs, literal]) { $0.colors.tokens = [folder.url.appendingPathComponent("missing.tokens.json").path] }
        #expect(result.report.inputErrors.count == 1)
        #expect(result.report.inputErrors.first?.location.file == needs)
        #expect(result.report.findings.contains { $0.rule == "text-contrast" && $0.location.file == literal })
    }

    @Test func variantOverridesResolveInEachAppearance() {
        let result = lintWithSources("""
            {"name": "Chip", "a11y": {"kind": "generic", "size": {"width": 80, "height": 44},
              "pairs": [{"foreground": "label", "background": "background", "role": "text"}],
              "themes": {"brand": {"background": "{color.bg.default}", "colors": {"label": "#000000"}}},
              "variants": [{"name": "chip", "text": "Chip", "colors": {"label": "{color.text.primary}"}}]}}
            """)
        #expect(result.report.inputErrors.isEmpty, "\(result.report.inputErrors)")
        // #1A1A1A on white passes; #8A8A8A on black passes (5.8:1): the override, not #000000 on black, is measured.
        #expect(!result.report.findings.contains { $0.rule == "text-contrast" })
    }

    @Test func suppressionOfAThemeCoversItsAppearances() {
        let result = lintWithSources("""
            {"name": "Buy", "a11y": {"kind": "button",
              "themes": {"brand": {"background": "#FFFFFF", "colors": {"text": "{color.text.primary}", "fill": "#777777"}}},
              "variants": [{"name": "buy", "text": "Buy now"}],
              "suppress": [{"rule": "text-contrast", "theme": "brand", "reason": "tracked"}]}}
            """)
        #expect(!result.report.findings.contains { $0.rule == "text-contrast" || $0.rule == "unused-suppression" })
    }

    @Test func configurationColorsKeysArePathsBesideTheFile() throws {
        let file = try ConfigurationFile(yaml: """
            colors:
              tokens: design/acme.resolver.json
              asset_catalogs: [App/Colors.xcassets]
              appearances: {light: light, dark: dark-increased-contrast}
              contexts: {theme: [light, dark]}
              sytem_colors: ios18
            """, path: "/repo/.a11ylint.yml", knownRules: Repo.catalogue.ids)
        #expect(file.colors.tokens == ["/repo/design/acme.resolver.json"])
        #expect(!file.colors.tokensIsList)
        #expect(file.colors.assetCatalogs == ["/repo/App/Colors.xcassets"])
        #expect(file.colors.appearances == ["light": "light", "dark": "dark-increased-contrast"])
        #expect(file.colors.contexts == ["theme": ["light", "dark"]])
        #expect(file.warnings.first?.message.contains("did you mean 'system_colors'") == true)
        #expect(throws: ConfigurationDiagnostic.self) {
            _ = try ConfigurationFile(yaml: "colors:\n  appearances: {light: lite}\n", path: "/repo/.a11ylint.yml",
                                      knownRules: Repo.catalogue.ids)
        }
    }
}
