import XCTest
@testable import A11yModel

final class ContrastSuggestionTests: XCTestCase {
    func hex(_ s: String) -> RGBA { RGBA(hex: s)! }

    /// Reference OKLCH values (CSS Color 4 / Ottosson's sample values).
    func testOKLCHOfKnownColours() {
        let red = OKLCH(hex("#FF0000"))
        XCTAssertEqual(red.lightness, 0.62796, accuracy: 1e-4)
        XCTAssertEqual(red.chroma, 0.25768, accuracy: 1e-4)
        XCTAssertEqual(red.hue, 29.2339, accuracy: 1e-2)
        let white = OKLCH(.white)
        XCTAssertEqual(white.lightness, 1, accuracy: 1e-6)
        XCTAssertEqual(white.chroma, 0, accuracy: 1e-6)
        let green = OKLCH(hex("#40B259"))
        let back = green.rgba
        XCTAssertEqual(back.red, green.rgba.red)
        XCTAssertEqual(back.hexRGB, "#40B259")
    }

    func testRoundTripOverTheCube() {
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) {
                    let c = RGBA(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
                    let back = OKLCH(c).rgba
                    XCTAssertEqual(back.red, c.red, accuracy: 1e-6)
                    XCTAssertEqual(back.green, c.green, accuracy: 1e-6)
                    XCTAssertEqual(back.blue, c.blue, accuracy: 1e-6)
                }
            }
        }
    }

    /// WCAG contrast: #777777 on white is 4.48:1, #767676 is 4.54:1: the nearest grey that passes.
    func testGreyOnWhiteMovesToTheFirstPassingGrey() {
        let s = ContrastSuggestion.nearest(to: hex("#777777"),
                                           meeting: [ContrastRequirement(background: .white, ratio: 4.5)])
        XCTAssertEqual(s?.hexRGB, "#767676")
    }

    /// The seed's label colour, black at 50 % on white, renders as #808080 (3.98:1).
    func testTranslucentLabelSuggestionAndAlpha() throws {
        let label = RGBA(white: 0, alpha: 0.5)
        let requirement = ContrastRequirement(background: .white, ratio: 4.5)
        let rendered = label.composited(over: .white)
        let s = try XCTUnwrap(ContrastSuggestion.nearest(to: rendered, meeting: [requirement]))
        XCTAssertEqual(s.hexRGB, "#767676")
        XCTAssertGreaterThanOrEqual(Contrast.ratio(s, .white), 4.5)
        let alpha = try XCTUnwrap(ContrastSuggestion.smallestAlpha(of: label, meeting: [requirement]))
        // 0x89 / 255 = 0.537: black at that alpha over white is #767676, 4.54:1; 0x88 gives
        // #777777, 4.48:1.
        XCTAssertEqual(alpha * 255, 137, accuracy: 1e-9)
        var below = label
        below.alpha = 136 / 255
        XCTAssertLessThan(Contrast.ratio(below.composited(over: .white), .white), 4.5)
    }

    /// A chromatic colour keeps its hue; an independent fine scan along the same hue finds no
    /// passing colour nearer in lightness (to 0.5 %).
    func testNearestAlongOwnHue() throws {
        let cases: [(String, String, Double)] = [
            ("#40B259", "#FFFFFF", 3), ("#40B259", "#FFFFFF", 4.5), ("#CD3C14", "#313131", 4.5),
            ("#3E87DD", "#F5F5F5", 4.5), ("#C7964F", "#1C2838", 7), ("#FFFFFF", "#40B259", 3),
            ("#EA5355", "#F5F5F5", 3), ("#7548AD", "#2A282E", 4.5),
        ]
        for (fgHex, bgHex, ratio) in cases {
            let fg = hex(fgHex), bg = hex(bgHex)
            let requirement = ContrastRequirement(background: bg, ratio: ratio)
            guard let s = ContrastSuggestion.nearest(to: fg, meeting: [requirement]) else {
                XCTFail("no suggestion for \(fgHex) on \(bgHex) at \(ratio)"); continue
            }
            XCTAssertGreaterThanOrEqual(Contrast.ratio(s, bg), ratio, "\(fgHex) on \(bgHex)")
            let start = OKLCH(fg), found = OKLCH(s)
            if start.chroma > 0.02, found.chroma > 0.02 {
                XCTAssertEqual(found.hue, start.hue, accuracy: 2, "\(fgHex) → \(s.hexRGB) hue")
            }
            // Independent scan: 1e-4 steps of lightness both ways, chroma clipped to sRGB.
            var best = Double.infinity
            for i in 0...10_000 {
                let l = Double(i) / 10_000
                let c = OKLCH(lightness: l, chroma: start.chroma, hue: start.hue).mappedToSRGB.rgba
                if Contrast.ratio(c, bg) >= ratio { best = min(best, abs(l - start.lightness)) }
            }
            XCTAssertLessThanOrEqual(abs(found.lightness - start.lightness), best + 0.005,
                                     "\(fgHex) on \(bgHex) at \(ratio): \(s.hexRGB)")
        }
    }

    func testUnreachableRatioHasNoSuggestion() {
        let grey = hex("#808080")
        XCTAssertNil(ContrastSuggestion.nearest(to: hex("#7A7A7A"),
                                                meeting: [ContrastRequirement(background: grey, ratio: 7)]))
    }

    /// One value for a role in several pairs: a border against the light and the dark
    /// background must pass both, or there is none.
    func testSeveralRequirements() throws {
        let both = [ContrastRequirement(background: hex("#FFFFFF"), ratio: 3),
                    ContrastRequirement(background: hex("#000000"), ratio: 3)]
        let s = try XCTUnwrap(ContrastSuggestion.nearest(to: hex("#40B259"), meeting: both))
        XCTAssertTrue(both.allSatisfy { $0.isMet(by: s) }, s.hexRGB)
        // 5:1 on white needs luminance ≤ 0.16, on black ≥ 0.2: no colour does both.
        let impossible = [ContrastRequirement(background: .white, ratio: 5),
                          ContrastRequirement(background: .black, ratio: 5)]
        XCTAssertNil(ContrastSuggestion.nearest(to: hex("#40B259"), meeting: impossible))
    }

    func testPassingColourIsItsOwnSuggestion() {
        let s = ContrastSuggestion.nearest(to: .black, meeting: [ContrastRequirement(background: .white, ratio: 4.5)])
        XCTAssertEqual(s?.hexRGB, "#000000")
    }
}
