import Testing
import Foundation
import A11yModel
import A11yRules
import A11yLint

/// Contrast figures of whole specs against an independent WCAG 2.1 implementation (see
/// `Tests/A11yModelTests/ContrastTests.swift` for the pairs on their own).
struct ContrastTests {
    @Test func thresholdsAreNotRounded() {
        // #777777 (4.478) fails 4.5 even though it rounds to 4.5 at one decimal.
        let result = lintText("""
        {"name": "CheckboxView", "a11y": {"themes": {"t": {"background": "#FFFFFF", "colors": {"textEnabled": "#777777"}}},
         "variants": [{"name": "v", "text": "Agree"}]}}
        """)
        let finding = result.report.findings.first { $0.rule == "text-contrast" }
        #expect(finding?.message.hasPrefix("Label text contrast 4.48:1 is below 4.5:1") == true, "\(String(describing: finding?.message))")
        #expect(finding?.measured.number("ratio") == Contrast.ratio(RGBA(hex: "#777777")!, .white))
    }

    /// The five brands × light/dark sample: text, border, fill and tick ratios.
    static let brandRatios: [(String, Double, Double, Double, Double)] = [
        ("frisbee/light", 3.9360728927949205, 4.643461417794146, 2.491714483889021, 2.7165443573320025),
        ("frisbee/dark", 4.532394906084532, 5.101875361747482, 4.788799132724521, 2.7165443573320025),
        ("tdm/light", 3.9360728927949205, 4.643461417794146, 3.370714527075427, 3.6748574477169487),
        ("tdm/dark", 4.532394906084532, 5.101875361747482, 3.5096000041664435, 3.706686017482188),
        ("sover/light", 3.9360728927949205, 4.643461417794146, 2.4370324630845586, 2.656928323462815),
        ("sover/dark", 4.864936096826925, 5.521872771811945, 5.454110920497396, 2.7307202802560404),
        ("kchat/light", 3.9360728927949205, 4.643461417794146, 3.2831249854290228, 3.5793646147060563),
        ("kchat/dark", 4.532394906084532, 5.101875361747482, 3.392269215118569, 3.8348917604832513),
        ("sens/light", 3.9360728927949205, 4.643461417794146, 5.860486025114157, 6.389283501654998),
        ("sens/dark", 4.824208920318051, 5.466324059154932, 2.2802251720153026, 6.389283501654998),
    ]

    @Test func brandSampleMatchesIndependentFigures() throws {
        let linter = try Linter(catalogue: Repo.catalogue)
        let (specs, errors) = linter.specs(at: Repo.samples.appendingPathComponent("specs/components/BrandCheckbox.json").path)
        #expect(errors.isEmpty)
        let spec = try #require(specs.first)
        let measured = ContrastMeasurements.measure(spec, options: RuleOptions())
        for (theme, text, border, fill, tick) in Self.brandRatios {
            func ratio(_ variant: String, _ role: String) -> Double? {
                measured.first { $0.theme.name == theme && $0.variant.name == variant && $0.role == role }?.ratio
            }
            #expect(abs(try #require(ratio("unchecked", "textEnabled")) - text) < 1e-9, "\(theme) text")
            #expect(abs(try #require(ratio("unchecked", "borderEnabled")) - border) < 1e-9, "\(theme) border")
            #expect(abs(try #require(ratio("checked", "checkedFill")) - fill) < 1e-9, "\(theme) fill")
            #expect(abs(try #require(ratio("checked", "checkmark")) - tick) < 1e-9, "\(theme) tick")
        }
        // Disabled variants are not measured.
        #expect(!measured.contains { $0.variant.name == "disabled" })
        // And the findings are exactly the failing pairs.
        let result = lint([Repo.samples.appendingPathComponent("specs/components/BrandCheckbox.json").path])
        let failing = Self.brandRatios.flatMap { row in
            [(row.0, "textEnabled", row.1, 4.5), (row.0, "textEnabled", row.1, 4.5), (row.0, "checkedFill", row.3, 3.0), (row.0, "checkmark", row.4, 3.0)]
                .filter { $0.2 < $0.3 }
        }
        let contrastFindings = result.report.findings.filter { $0.rule.hasSuffix("contrast") }
        #expect(contrastFindings.count == failing.count)
    }

    @Test func seedSampleFindings() {
        let path = Repo.samples.appendingPathComponent("specs/components/CheckboxView.json").path
        let result = lint([path])
        let summary = result.report.findings.map { "\($0.rule)@\($0.location.line):\($0.location.column)" }
        #expect(summary == [
            "text-contrast@13:103", "touch-target@13:103",
            "missing-label@13:361", "nontext-contrast@13:361", "nontext-contrast@13:361", "touch-target@13:361",
        ])
        let fill = result.report.findings.filter { $0.rule == "nontext-contrast" }
        #expect(fill.allSatisfy { abs(($0.measured.number("ratio") ?? 0) - 2.7165443573320025) < 1e-9 })
        #expect(Set(fill.compactMap { $0.measured.string("role") }) == ["checkedFill", "checkmark"])
        #expect(result.report.exitCode(strict: false) == 1)
    }
}

struct RatioDisplayTests {
    /// A failing ratio never shows as its threshold: 4.4999 against 4.5 reads 4.49.
    @Test func failingRatioIsNotRoundedUpToItsThreshold() {
        let result = lintText("""
        {"name": "CheckboxView", "a11y": {"themes": {"t": {"background": "#FFFFFF", "colors": {"textEnabled": {"white": 0.46541, "alpha": 1}}}},
         "variants": [{"name": "v", "text": "Agree"}]}}
        """)
        let finding = result.report.findings.first { $0.rule == "text-contrast" }
        let ratio = finding?.measured.number("ratio") ?? 0
        #expect(ratio < 4.5 && ratio > 4.498, "\(ratio)")
        #expect(finding?.message.hasPrefix("Label text contrast 4.49:1 is below 4.5:1") == true, "\(String(describing: finding?.message))")
    }
}
