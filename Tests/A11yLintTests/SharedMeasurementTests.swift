import Testing
import Foundation
import A11yModel
import A11yRules
import A11yLint

/// The variants of a theme that draw the same pair share one measurement (and one finding
/// text): what each variant's findings say must not change for it.
struct SharedMeasurementTests {
    /// Four variants of one theme: two alike, one at a large-text size, one with a colour of its own.
    static let spec = """
    {"name": "Chip", "a11y": {"kind": "generic",
     "themes": {"t/light": {"background": "#FFFFFF", "colors": {"fill": "#40B259", "text": "#FFFFFF", "border": "#00000040"}},
                "t/dark": {"background": "#313131", "colors": {"fill": "#40B259", "text": "#FFFFFF", "border": "#FFFFFF40"}}},
     "size": {"width": 120, "height": 32},
     "pairs": [{"foreground": "text", "background": "fill", "role": "text"},
               {"foreground": "border", "background": "background", "role": "nontext"}],
     "variants": [
      {"name": "a", "text": "Accept"},
      {"name": "b", "text": "Accept"},
      {"name": "large", "text": "Accept", "contentSize": "AX3"},
      {"name": "own", "text": "Accept", "colors": {"text": "#EEEEEE"}},
      {"name": "none", "text": ""}
     ]}}
    """

    @Test func eachVariantKeepsItsOwnFindings() throws {
        let result = lintText(Self.spec)
        let text = result.report.findings.filter { $0.rule == "text-contrast" }
        // Every variant with a label fails in both themes; the one without text has no text pair.
        #expect(Set(text.map { "\($0.variant!) \($0.theme!)" }) == Set(["a", "b", "large", "own"].flatMap { ["\($0) t/light", "\($0) t/dark"] }))
        func finding(_ variant: String, _ theme: String) throws -> Finding {
            try #require(text.first { $0.variant == variant && $0.theme == theme })
        }
        let a = try finding("a", "t/light"), b = try finding("b", "t/light")
        // Alike variants: the same text and numbers, each at its own variant.
        #expect(a.message == b.message && a.measured == b.measured)
        #expect(a.location.line != b.location.line)
        #expect(b.location.line == a.location.line + 1)
        // The large one is measured against 3:1, the others against 4.5:1.
        #expect(try finding("large", "t/light").measured.number("required") == 3)
        #expect(a.measured.number("required") == 4.5)
        // The variant's own colour is measured, not the theme's.
        #expect(try finding("own", "t/dark").measured.string("foreground") == "#EEEEEE")
        #expect(try finding("b", "t/dark").measured.string("foreground") == "#FFFFFF")
        // Non-text: one finding per variant that draws the border (every enabled variant).
        let border = result.report.findings.filter { $0.rule == "nontext-contrast" && $0.theme == "t/light" }
        #expect(border.map(\.variant!).sorted() == ["a", "b", "large", "none", "own"])
    }

    /// What sharing may not change: each variant measured in a spec of its own gives the
    /// same pairs (the theme's joint fix aside, which reads every variant).
    @Test func sharedPairsEqualPairsMeasuredAlone() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let linter = try Linter(catalogue: Repo.catalogue)
        let (specs, errors) = linter.specs(at: folder.write("Chip.json", Self.spec))
        #expect(errors.isEmpty)
        let spec = try #require(specs.first)
        let together = ContrastMeasurements.measure(spec, options: RuleOptions())
        for variant in spec.variants {
            var alone = spec
            alone.variants = [variant]
            let own = ContrastMeasurements.measure(alone, options: RuleOptions())
            let shared = together.filter { $0.variant.name == variant.name }
            #expect(shared.count == own.count)
            for (m, n) in zip(shared, own) {
                #expect(m.theme.name == n.theme.name && m.role == n.role && m.subject == n.subject)
                #expect(m.ratio == n.ratio && m.required == n.required && m.largeText == n.largeText && m.fontSize == n.fontSize)
                #expect(m.foreground == n.foreground && m.background == n.background && m.written == n.written)
                #expect(m.suggestion == n.suggestion && m.suggestedAlpha == n.suggestedAlpha && m.excused == n.excused)
                #expect(m.foregroundKey == n.foregroundKey && m.backgroundKey == n.backgroundKey)
                #expect(m.colorLocation == n.colorLocation)
            }
        }
    }

    /// A measurement is a value: changing one leaves the variants it shared its pair with alone.
    @Test func measurementsAreValues() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let linter = try Linter(catalogue: Repo.catalogue)
        let spec = try #require(linter.specs(at: folder.write("Chip.json", Self.spec)).specs.first)
        let measured = ContrastMeasurements.measure(spec, options: RuleOptions())
        let a = try #require(measured.first { $0.variant.name == "a" && $0.role == "text" })
        let b = try #require(measured.first { $0.variant.name == "b" && $0.role == "text" && $0.theme.name == a.theme.name })
        var changed = b
        changed.suggestion = .black
        changed.ratio = 21
        #expect(a.suggestion != .black && a.ratio < 21 && b.ratio < 21)
        #expect(changed.ratio == 21 && changed != b)
        var same = b
        same.variant = a.variant
        same.check = a.check
        #expect(same == a && same.hashValue == a.hashValue)
    }

    /// A theme that lacks a colour still says so when the run measured the spec first.
    @Test func unmeasurablePairsAreStillReported() {
        let result = lintText("""
        {"name": "Chip", "a11y": {"kind": "generic", "themes": {"t": {"background": "#FFFFFF", "colors": {"text": "#777777"}}},
         "size": {"width": 120, "height": 32},
         "pairs": [{"foreground": "text", "background": "fill", "role": "text"},
                   {"foreground": "text", "background": "background", "role": "text"}],
         "variants": [{"name": "a", "text": "Accept"}]}}
        """)
        let rules = result.report.findings.map(\.rule)
        #expect(rules.contains("contrast-unverified"))
        #expect(rules.contains("text-contrast"))
        #expect(result.report.coverage.first?.pairsUnverified == 1)
    }

    /// The spec as a button whose label may take one line.
    static func clipped(_ label: String) -> String {
        spec.replacingOccurrences(of: "\"generic\"", with: "\"button\"")
            .replacingOccurrences(of: "\"size\": {", with: "\"typography\": {\"size\": 17, \"lineHeight\": 20, \"maxLines\": 1}, \"size\": {")
            .replacingOccurrences(of: "\"Accept\"", with: "\"\(label)\"")
    }

    /// Findings' texts are kept for the run and shared by later specs that say the same: in
    /// one run, every spec's findings say what they say when the spec is linted alone, where
    /// specs differ only in a theme's name, a colour (and so the fix), the threshold or the size.
    @Test func textsSharedAcrossSpecsSayWhatEachSpecSaysAlone() throws {
        let variants: [(String, String)] = [
            ("Chip", Self.spec),
            ("Renamed", Self.spec.replacingOccurrences(of: "t/dark", with: "u/dark")),
            ("Recoloured", Self.spec.replacingOccurrences(of: "#40B259", with: "#3FB259")),
            ("Border", Self.spec.replacingOccurrences(of: "\"border\": \"#00000040\"", with: "\"border\": \"#00000041\"")),
            ("Smaller", Self.spec.replacingOccurrences(of: "\"height\": 32", with: "\"height\": 30")),
            ("Clipped", Self.clipped("Accept the terms and conditions")),
            ("ClippedAgain", Self.clipped("Accept the terms and conditions")),
            ("ClippedLonger", Self.clipped("Accept the terms and conditions of the service")),
        ]
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let paths = variants.map { folder.write("\($0.0).json", $0.1.replacingOccurrences(of: "\"Chip\"", with: "\"\($0.0)\"")) }
        let together = lint(paths).report.findings
        #expect(Set(together.map(\.rule)).isSuperset(of: ["text-contrast", "nontext-contrast", "touch-target", "text-clipped"]))
        for path in paths {
            let alone = lint([path]).report.findings
            #expect(alone.count > 0)
            #expect(together.filter { $0.location.file == path } == alone)
        }
    }
}
