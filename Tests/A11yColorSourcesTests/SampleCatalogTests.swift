import A11yColorSources
import A11yModel
import Foundation
import Testing

/// Samples/Colors.xcassets, which the sample specs reference: it reads without an error,
/// and its OnSuccess text on Success fails 4.5:1 only with Increase Contrast in light mode.
@Suite struct SampleCatalogTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Colors.xcassets").path

    @Test func theSampleCatalogReads() throws {
        let catalog = try AssetCatalog(path: Self.path, system: .ios18)
        #expect(catalog.colorNames == ["BodyText", "Brand/OnPrimary", "Brand/Primary", "Link", "OnSuccess", "Success", "Surface"])
        #expect(catalog.color(named: "Link", in: "light-increased-contrast")?.color == RGBA(hex: "#0040DD"))
        #expect(catalog.color(named: "Surface", in: "dark-increased-contrast")?.color == RGBA(hex: "#000000"))
    }

    @Test func onSuccessFailsOnlyWithIncreaseContrastInLightMode() throws {
        let catalog = try AssetCatalog(path: Self.path, system: .ios18)
        let ratios = catalog.appearances.map { appearance -> Double in
            guard let text = catalog.color(named: "OnSuccess", in: appearance)?.color,
                  let fill = catalog.color(named: "Success", in: appearance)?.color else { return 0 }
            return Contrast.ratio(text, fill)
        }
        // White on (0.039, 0.431, 0.235) is 6.356:1; on the High Contrast (0.204, 0.659, 0.325) 3.055:1
        // (worked out apart from a11ylint, with WCAG 2's formulas in Python).
        #expect(zip(ratios, [6.356, 6.356, 3.055, 6.356]).allSatisfy { abs($0 - $1) < 0.001 })
        let primary = catalog.appearances.map { catalog.color(named: "Brand/Primary", in: $0)?.origin.line }
        #expect(primary == [3, 15, 33, 51])
    }
}
