import A11yColorSources
import A11yModel
import Testing

/// Expected values from CSS Color 4's definitions, worked out independently (colour.js /
/// coloraide give the same to 4 decimals).
@Suite struct ColorSpaceTests {
    func close(_ c: RGBA?, _ r: Double, _ g: Double, _ b: Double, tolerance: Double = 0.0005) -> Bool {
        guard let c else { return false }
        return abs(c.red - r) < tolerance && abs(c.green - g) < tolerance && abs(c.blue - b) < tolerance
    }

    @Test func primariesAndWhitesAgreeAcrossSpaces() {
        #expect(close(ColorSpace.srgb.sRGB([1, 0.5, 0]), 1, 0.5, 0))
        #expect(close(ColorSpace.srgbLinear.sRGB([0.2140, 0.2140, 0.2140]), 0.5, 0.5, 0.5, tolerance: 0.001))
        #expect(close(ColorSpace.hsl.sRGB([120, 100, 25]), 0, 0.5, 0))
        #expect(close(ColorSpace.hwb.sRGB([0, 20, 20]), 0.8, 0.2, 0.2))
        #expect(close(ColorSpace.hwb.sRGB([0, 60, 60]), 0.5, 0.5, 0.5))
        #expect(close(ColorSpace.oklab.sRGB([1, 0, 0]), 1, 1, 1, tolerance: 0.001))
        #expect(close(ColorSpace.lab.sRGB([100, 0, 0]), 1, 1, 1, tolerance: 0.001))
        #expect(close(ColorSpace.xyzD65.sRGB([0.95047, 1.0, 1.08883]), 1, 1, 1, tolerance: 0.001))
        #expect(close(ColorSpace.xyzD50.sRGB([0.96422, 1.0, 0.82521]), 1, 1, 1, tolerance: 0.001))
        // oklch(0.6279 0.2577 29.23) is sRGB red; lch(54.29 106.84 40.85) too.
        #expect(close(ColorSpace.oklch.sRGB([0.627955, 0.257683, 29.2339]), 1, 0, 0, tolerance: 0.002))
        #expect(close(ColorSpace.lch.sRGB([54.2905, 106.8372, 40.8526]), 1, 0, 0, tolerance: 0.002))
    }

    @Test func outOfGamutColoursAreClippedPerChannel() {
        // display-p3 pure green is outside sRGB: linear sRGB (-0.5116, 1.0183, -0.3107) clips to (0, 1, 0).
        #expect(close(ColorSpace.displayP3.sRGB([0, 1, 0]), 0, 1, 0))
        let p3 = ColorSpace.displayP3.sRGB([1, 1, 1])
        #expect(close(p3, 1, 1, 1, tolerance: 0.001))
    }
}

@Suite struct ColorSpaceOverflowTests {
    @Test func componentsTooLargeToConvertGiveNoColourNotNaN() {
        // 1e300³ overflows to infinity in OKLab's cube; ∞ − ∞ is NaN, which clipping cannot fix.
        #expect(ColorSpace.oklab.sRGB([1e300, 1e300, -1e300]) == nil)
        #expect(ColorSpace.srgb.sRGB([.nan, 0, 0]) == nil)
    }
}
