import Foundation
import Testing
import A11yModel

/// Contrast figures against an independent WCAG 2.1 implementation (a short Python
/// script run once: linearise at 0.04045, composite per gamma-encoded channel, no
/// 8-bit rounding); agreement is asked to 1e-9, far inside the contract's 0.002.
struct ContrastTests {
    @Test func knownPairs() {
        #expect(abs(Contrast.ratio(RGBA(hex: "#777777")!, .white) - 4.478089453577214) < 1e-9)
        #expect(abs(Contrast.ratio(RGBA(hex: "#767676")!, .white) - 4.542224959605253) < 1e-9)
        #expect(Contrast.ratio(.black, .white) == 21)
        // Black at exactly 50 % on white composites to 0.5 grey, not #7F7F7F or #808080 rounded first.
        let half = Contrast.measure(foreground: RGBA(white: 0, alpha: 0.5), background: .white)
        #expect(abs(half.ratio - 3.976653024912438) < 1e-9)
        #expect(half.foreground.hexRGB == "#808080")
        // #00000080 is alpha 128/255, a little darker than 50 %.
        let hex = Contrast.measure(foreground: RGBA(hex: "#00000080")!, background: .white)
        #expect(abs(hex.ratio - 4.0041069566148515) < 1e-9)
    }

    @Test func thresholds() {
        let level = ConformanceLevel.AA
        #expect(level.requiredTextRatio(largeText: false) == 4.5)
        #expect(level.requiredTextRatio(largeText: true) == 3)
        #expect(ConformanceLevel.AAA.requiredTextRatio(largeText: false) == 7)
        #expect(ConformanceLevel.AAA.requiredTextRatio(largeText: true) == 4.5)
    }

    /// `twoDecimals` writes what `String(format: "%.2f")` writes, for values with two
    /// decimals, values near a halfway point, sizes in points and contrast ratios.
    @Test func twoDecimalsIsPrintf() {
        var values: [Double] = [0, 1, 4.5, 4.499, 4.495, 4.505, 0.005, 0.015, 1.005, 2.675, 43.333333, 17.6,
                                1e-9, 999_999_999.994, 123_456.785, 0.125, 0.375, 12.345, 7.0049999, 7.0050001]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            values.append(Double.random(in: 0..<1000, using: &generator))
            values.append((Double(Int.random(in: 0..<100_000, using: &generator)) + 0.5) / 100)
            values.append(Double(Int.random(in: 0..<10_000, using: &generator)) / 7)
        }
        for value in values {
            #expect(Contrast.twoDecimals(value) == String(format: "%.2f", value), "\(value)")
        }
    }
}
