import Foundation
import Testing
import A11yModel

/// `relativeLuminance` reads the 256 levels `#RRGGBB` writes from a table: the table must give
/// the very bits the WCAG formula gives, for every level and every channel, and any value off
/// the 8-bit grid (a translucent colour composited over another, a lightness search's
/// midpoint) must still go through the formula.
struct LuminanceTableTests {
    /// The WCAG 2.x linearisation, written out again.
    static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func formula(_ c: RGBA) -> Double {
        0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    @Test func everyLevelGivesTheFormulasBits() {
        for level in 0...255 {
            let c = Double(level) / 255
            for color in [RGBA(red: c, green: 0, blue: 0), RGBA(red: 0, green: c, blue: 0),
                          RGBA(red: 0, green: 0, blue: c), RGBA(white: c),
                          RGBA(red: c, green: Double(255 - level) / 255, blue: Double(level / 2) / 255)] {
                #expect(color.relativeLuminance.bitPattern == Self.formula(color).bitPattern, "level \(level)")
            }
        }
    }

    @Test func compositedAndOffGridValuesGiveTheFormulasBits() {
        var offGrid = 0
        for alpha in [1, 64, 128, 140, 191, 254] {
            for fg in stride(from: 0, through: 255, by: 17) {
                for bg in [0, 49, 128, 245, 255] {
                    let top = RGBA(red: Double(fg) / 255, green: Double(255 - fg) / 255, blue: Double(fg) / 255,
                                   alpha: Double(alpha) / 255)
                    let under = RGBA(white: Double(bg) / 255)
                    let color = top.composited(over: under)
                    if (color.red * 255).rounded() / 255 != color.red { offGrid += 1 }
                    #expect(color.relativeLuminance.bitPattern == Self.formula(color).bitPattern)
                }
            }
        }
        // Most composited channels are off the grid: the formula, not the table, answers them.
        #expect(offGrid > 300)
        for level in 1...254 {
            let c = Double(level) / 255
            for near in [c.nextUp, c.nextDown, c + 1e-9, (c + Double(level + 1) / 255) / 2] {
                let color = RGBA(white: near)
                #expect(color.relativeLuminance.bitPattern == Self.formula(color).bitPattern, "near level \(level)")
            }
        }
    }
}
