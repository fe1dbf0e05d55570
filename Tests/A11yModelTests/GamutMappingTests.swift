import Foundation
import Testing
@testable import A11yModel

/// `OKLCH.mappedToSRGB` takes its bisection's steps two at a time: the chroma it finds must be
/// the one the plain bisection (written out again below, as it was) finds, bit for bit.
struct GamutMappingTests {
    static func reference(_ c: OKLCH) -> OKLCH {
        let cosHue = cos(c.hue * .pi / 180), sinHue = sin(c.hue * .pi / 180)
        if OKLCH.inSRGB(c.linearRGB(cosHue: cosHue, sinHue: sinHue)) { return c }
        var low = 0.0, high = c.chroma
        for _ in 0..<40 {
            let mid = (low + high) / 2
            let probe = OKLCH(lightness: c.lightness, chroma: mid, hue: c.hue)
            if OKLCH.inSRGB(probe.linearRGB(cosHue: cosHue, sinHue: sinHue)) { low = mid } else { high = mid }
        }
        return OKLCH(lightness: c.lightness, chroma: low, hue: c.hue)
    }

    static func expectSame(_ c: OKLCH) {
        let mapped = c.mappedToSRGB, expected = reference(c)
        #expect(mapped.chroma.bitPattern == expected.chroma.bitPattern, "\(c)")
        #expect(mapped.lightness.bitPattern == expected.lightness.bitPattern && mapped.hue.bitPattern == expected.hue.bitPattern)
    }

    @Test func randomColoursMapToTheSameChroma() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var outside = 0
        for _ in 0..<20_000 {
            let c = OKLCH(lightness: unit() * 1.1 - 0.05, chroma: unit() * 0.5, hue: unit() * 360)
            if !c.isInSRGB { outside += 1 }
            Self.expectSame(c)
        }
        #expect(outside > 10_000)
    }

    /// The lightness walks of the suggestions and the joint fixes: every 8-bit grey, primary
    /// and a spread of colours, at each of 201 lightnesses.
    @Test func lightnessWalksMapToTheSameChroma() {
        var starts: [RGBA] = [.white, .black, RGBA(red: 1, green: 0, blue: 0), RGBA(red: 0, green: 1, blue: 0),
                              RGBA(red: 0, green: 0, blue: 1), RGBA(hex: "#40B259")!, RGBA(hex: "#7548AD")!]
        for level in stride(from: 0, through: 255, by: 51) {
            starts.append(RGBA(red: Double(level) / 255, green: Double(255 - level) / 255, blue: Double(level / 3) / 255))
        }
        for start in starts {
            let p = OKLCH(start)
            for step in 0...200 { Self.expectSame(OKLCH(lightness: Double(step) / 200, chroma: p.chroma, hue: p.hue)) }
        }
    }
}
