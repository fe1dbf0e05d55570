import Testing
@testable import A11yModel

/// The scan's shortcuts must give exactly what a verdict at every step gives: the
/// luminance that linearises a repeated channel once, and the binary searches along an
/// ascending path where the verdict reads only the grid's luminance.
@Suite struct JointFixScanTests {
    typealias Generator = JointColorFixReferenceTests.Generator

    @Test func luminanceIsRelativeLuminance() {
        var g = Generator(state: 3)
        var colors: [RGBA] = [.white, .black, RGBA(white: 0.04045), RGBA(white: 0.0404500001), RGBA(white: 0.5, alpha: 0.5)]
        for _ in 0..<3_000 {
            let top = g.color(translucent: true), under = g.color(translucent: false)
            let grey = RGBA(white: Double(g.below(256)) / 255, alpha: Double(1 + g.below(255)) / 255)
            let greyUnder = RGBA(white: Double(g.below(256)) / 255)
            colors += [top, under, top.composited(over: under), grey.composited(over: greyUnder), grey.composited(over: under),
                       RGBA(red: top.red, green: top.red, blue: under.blue), RGBA(red: top.red, green: under.green, blue: top.red)]
        }
        for color in colors {
            #expect(JointFixProbe.luminance(color).bitPattern == color.relativeLuminance.bitPattern, "\(color)")
        }
    }

    /// The bisection judges a colour by its luminance before it is encoded where that is
    /// farther than 1e-8 from deciding the verdict: encoding a channel and linearising it
    /// again must move it by less (the seam of the sRGB curve is about 2.3e-9).
    @Test func encodingMovesALinearChannelByLessThanTheMargin() {
        var g = Generator(state: 9)
        var values: [Double] = [0, 1, -0.5, 1.5, 0.0031308, 0.0031308.nextUp, 0.0031308.nextDown, 1e-300]
        for _ in 0..<200_000 { values.append(Double(g.next() >> 11) / Double(1 << 53)) }
        for _ in 0..<100_000 { values.append(0.0031308 + (Double(g.next() >> 11) / Double(1 << 53) - 0.5) * 1e-6) }
        var worst = 0.0
        for v in values {
            let clamped = min(max(v, 0), 1)
            worst = max(worst, abs(RGBA.linear(OKLCH.encode(v)) - clamped))
        }
        #expect(worst < 3e-9, "\(worst)")
    }

    /// One role moving along its path against a fixed colour, in each way the search asks:
    /// as a foreground over the theme's background, as the fill under a fixed foreground,
    /// and as the theme's background under a fixed foreground.
    @Test func searchFindsTheEndsOfEveryStep() {
        var g = Generator(state: 5)
        let thresholds = [1.1, 1.5, 3, 4.5, 7, 12, 21]
        var searched = 0, ends = [0, 0, 0]
        for _ in 0..<400 {
            let colors = ["background": g.color(translucent: false), "fill": g.color(translucent: false),
                          "label": g.color(translucent: false)]
            let required = thresholds[g.below(thresholds.count)]
            let problem = ColorFixProblem(
                colors: colors, backdrop: .white,
                checks: [[.init(foreground: "label", background: "background", required: required)],
                         [.init(foreground: "label", background: "fill", required: required)]])
            let search = JointFixSearch(problem, alphaMoves: false)
            for pair in search.pairs {
                for role in [pair.foreground, pair.background, search.backgroundIndex] where role >= 0 {
                    let probe = JointFixProbe(search, pair, moving: role, in: .written)
                    guard !probe.isConstant, probe.readsGridLuminance else { continue }
                    let path = JointFixPath(search.written[role], alpha: false)
                    guard path.ascending else { continue }
                    let found = path.search(probe)
                    #expect(found == path.scanEveryStep(probe), "\(colors) \(required) moving \(search.names[role])")
                    #expect(found == path.referenceEnds { probe.passes($0) }, "\(colors) \(required) moving \(search.names[role])")
                    searched += 1
                    ends[min(found.count, 2)] += 1
                }
            }
        }
        // Every shape of the verdict came up: no end, one, two.
        #expect(searched > 1_500 && ends.allSatisfy { $0 > 100 }, "\(searched) searched, \(ends) by number of ends")
    }
}
