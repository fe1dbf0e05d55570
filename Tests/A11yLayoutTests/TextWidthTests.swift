import A11yModel
import Testing
@testable import A11yLayout

/// Reference widths come from an independent C program that calls HarfBuzz directly
/// (hb_blob_create_from_file, hb_shape with no features, sum of x_advance):
///     Roboto-Regular  "Accept terms" 12197 units, "AV" 2553, "A" 1336, "V" 1304,
///                     "To" 2291, "T" 1222, "o" 1168, "Wa" 2898, "W" 1817, "a" 1114
///     Roboto-Bold     "Accept terms" 12353 units
/// Roboto has 2048 units per em.
let robotoRegular = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"
let robotoBold = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf"

@Suite struct TextWidthTests {
    let engine = LayoutEngine()

    @Test func acceptTermsIsTheKnownFigure() throws {
        let width = try engine.textWidth("Accept terms", fontFile: robotoRegular, size: 14)
        #expect(width == 12197.0 * 14 / 2048)
        #expect(abs(width - 83.378) < 0.0005)
    }

    @Test(arguments: [("AV", 2553, 1336 + 1304), ("To", 2291, 1222 + 1168), ("Wa", 2898, 1817 + 1114)])
    func kerningPairsAreTighterThanTheirLetters(pair: String, units: Int, unkernedUnits: Int) throws {
        let width = try engine.textWidth(pair, fontFile: robotoRegular, size: 14)
        #expect(width == Double(units) * 14 / 2048)
        let letters = try pair.map { try engine.textWidth(String($0), fontFile: robotoRegular, size: 14) }
        #expect(letters.reduce(0, +) == Double(unkernedUnits) * 14 / 2048)
        #expect(width < letters.reduce(0, +))
    }

    @Test func widthScalesLinearlyWithSize() throws {
        let at14 = try engine.textWidth("Accept terms", fontFile: robotoRegular, size: 14)
        let at28 = try engine.textWidth("Accept terms", fontFile: robotoRegular, size: 28)
        #expect(at28 == 2 * at14)
        #expect(try engine.textWidth("", fontFile: robotoRegular, size: 14) == 0)
    }

    @Test func cachedWidthsMatchFreshOnesAcrossThreads() async throws {
        let engine = self.engine
        let words = (0..<200).map { "Label number \($0)" }
        let expected = try words.map { try LayoutEngine().textWidth($0, fontFile: robotoRegular, size: 14) }
        let results = try await withThrowingTaskGroup(of: (Int, Double).self) { group in
            for _ in 0..<4 {
                for (index, word) in words.enumerated() {
                    group.addTask { (index, try engine.textWidth(word, fontFile: robotoRegular, size: 14)) }
                }
            }
            var all: [(Int, Double)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 800)
        for (index, width) in results { #expect(width == expected[index]) }
    }

    @Test func missingFontFileIsReported() {
        #expect(throws: LayoutError.fontMissing(requested: "/nonexistent/Font.ttf", searched: ["/nonexistent/Font.ttf"])) {
            try engine.textWidth("x", fontFile: "/nonexistent/Font.ttf", size: 14)
        }
    }
}
