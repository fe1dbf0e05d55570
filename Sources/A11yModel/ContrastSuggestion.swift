import Foundation

/// A colour in OKLCH (Björn Ottosson's OKLab, 2020, in polar form as CSS Color 4 defines
/// it): `lightness` 0…1, `chroma` ≥ 0, `hue` in degrees.
public struct OKLCH: Sendable, Hashable {
    public var lightness: Double
    public var chroma: Double
    public var hue: Double

    public init(lightness: Double, chroma: Double, hue: Double) {
        self.lightness = lightness
        self.chroma = chroma
        self.hue = hue
    }

    /// The OKLCH coordinates of an sRGB colour (alpha ignored).
    public init(_ color: RGBA) {
        let r = OKLCH.linear(color.red), g = OKLCH.linear(color.green), b = OKLCH.linear(color.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        let L = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        let A = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        let B = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        let hue = atan2(B, A) * 180 / .pi
        self.init(lightness: L, chroma: (A * A + B * B).squareRoot(), hue: hue < 0 ? hue + 360 : hue)
    }

    /// Linear-light sRGB components; some may fall outside 0…1 (out of gamut).
    func linearRGB() -> (Double, Double, Double) {
        linearRGB(cosHue: cos(hue * .pi / 180), sinHue: sin(hue * .pi / 180))
    }

    /// `linearRGB()` with the hue's cosine and sine given (worked out once for a walk along
    /// one hue: the same numbers, without the trigonometry at every step).
    func linearRGB(cosHue: Double, sinHue: Double) -> (Double, Double, Double) {
        let A = chroma * cosHue, B = chroma * sinHue
        let l = lightness + 0.3963377774 * A + 0.2158037573 * B
        let m = lightness - 0.1055613458 * A - 0.0638541728 * B
        let s = lightness - 0.0894841775 * A - 1.2914855480 * B
        let l3 = l * l * l, m3 = m * m * m, s3 = s * s * s
        return (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
                -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
                -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)
    }

    /// Whether the colour lies inside the sRGB gamut (with a tolerance for rounding).
    public var isInSRGB: Bool { Self.inSRGB(linearRGB()) }

    static func inSRGB(_ rgb: (Double, Double, Double)) -> Bool {
        let (r, g, b) = rgb
        let e = 1e-7
        return r >= -e && r <= 1 + e && g >= -e && g <= 1 + e && b >= -e && b <= 1 + e
    }

    /// The gamma-encoded sRGB colour, components clamped to 0…1.
    public var rgba: RGBA { rgba(cosHue: cos(hue * .pi / 180), sinHue: sin(hue * .pi / 180)) }

    /// `rgba` with the hue's cosine and sine given.
    func rgba(cosHue: Double, sinHue: Double) -> RGBA {
        let (r, g, b) = linearRGB(cosHue: cosHue, sinHue: sinHue)
        return RGBA(red: OKLCH.encode(r), green: OKLCH.encode(g), blue: OKLCH.encode(b))
    }

    /// This colour with its chroma reduced, as little as needed, to lie in sRGB
    /// (lightness and hue kept).
    public var mappedToSRGB: OKLCH { mappedToSRGB(cosHue: cos(hue * .pi / 180), sinHue: sin(hue * .pi / 180)) }

    /// `mappedToSRGB` with the hue's cosine and sine given.
    ///
    /// The chroma is bisected 40 times. Each step depends on the one before, so the steps are
    /// taken two at a time: the middle and both middles a second step may test are tested
    /// together (independent arithmetic the processor overlaps), then the two verdicts pick
    /// the interval. The same midpoints, the same verdicts, the same chroma bit for bit.
    func mappedToSRGB(cosHue: Double, sinHue: Double) -> OKLCH {
        if Self.inSRGB(linearRGB(cosHue: cosHue, sinHue: sinHue)) { return self }
        func fits(_ chroma: Double) -> Bool {
            Self.inSRGB(OKLCH(lightness: lightness, chroma: chroma, hue: hue).linearRGB(cosHue: cosHue, sinHue: sinHue))
        }
        var low = 0.0, high = chroma
        for _ in 0..<20 {
            let mid = (low + high) / 2
            let lower = (low + mid) / 2, upper = (mid + high) / 2
            let fitsMid = fits(mid), fitsLower = fits(lower), fitsUpper = fits(upper)
            // First step: [mid, high] or [low, mid]; second: the half of that at its middle.
            let second = fitsMid ? upper : lower
            let fitsSecond = fitsMid ? fitsUpper : fitsLower
            let (from, to) = fitsMid ? (mid, high) : (low, mid)
            (low, high) = fitsSecond ? (second, to) : (from, second)
        }
        return OKLCH(lightness: lightness, chroma: low, hue: hue)
    }

    static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func encode(_ c: Double) -> Double {
        let v = min(max(c, 0), 1)
        return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}

/// A contrast requirement a suggested colour must meet: drawn over `background`
/// (opaque), at least `ratio`.
public struct ContrastRequirement: Sendable, Hashable {
    /// The colour the candidate is drawn over; or, with `foreground`, nil: the candidate is
    /// then the background under `foreground`.
    public var background: RGBA?
    public var foreground: RGBA?
    public var ratio: Double

    public init(background: RGBA, ratio: Double) {
        self.background = background
        self.ratio = ratio
    }

    /// The candidate as the background under `foreground` (composited over it when
    /// translucent), as a checked fill lies under its checkmark.
    public init(under foreground: RGBA, ratio: Double) {
        self.foreground = foreground
        self.ratio = ratio
    }

    public func isMet(by color: RGBA) -> Bool {
        if let background { return Contrast.ratio(color, background) >= ratio }
        guard let foreground else { return true }
        let fg = foreground.isOpaque ? foreground : foreground.composited(over: color)
        return Contrast.ratio(fg, color) >= ratio
    }
}

/// Proposes the passing colour nearest to a failing one.
///
/// The method: take the colour as it renders (composited, opaque), convert it to OKLCH and
/// move only its lightness, keeping hue and chroma (chroma is reduced only where the
/// lighter or darker colour would leave sRGB). Both directions are searched; the one
/// with the smaller lightness change wins (darker on a tie). The answer is snapped to the
/// 8-bit `#RRGGBB` a designer would type and checked again with the very compositing and
/// ratio the rules use, so a suggestion never fails when it is written back.
public enum ContrastSuggestion {
    /// OKLCH lightness step of the coarse scan; a bisection refines each hit to 1e-7.
    static let step = 0.005

    /// Answers already found in this process: design systems repeat a few colours across
    /// hundreds of components, variants and themes.
    private struct Question: Hashable {
        var color: RGBA
        var requirements: [ContrastRequirement]
        var alpha: Bool
    }
    private static let memo = AnswerMemo<Question, RGBA?>(limit: 100_000)

    /// The nearest opaque colour meeting every requirement, or nil when none exists at
    /// this hue (for example 7:1 against mid grey).
    public static func nearest(to color: RGBA, meeting requirements: [ContrastRequirement]) -> RGBA? {
        memo.answer(Question(color: color, requirements: requirements, alpha: false)) {
            searchNearest(to: color, meeting: requirements)
        }
    }

    static func searchNearest(to color: RGBA, meeting requirements: [ContrastRequirement]) -> RGBA? {
        let start = OKLCH(color)
        func passes(_ c: RGBA) -> Bool { requirements.allSatisfy { $0.isMet(by: c) } }
        if passes(color) { return color.opaque }
        let candidates = [-1.0, 1.0].compactMap { direction -> (distance: Double, color: RGBA)? in
            guard let found = search(from: start, direction: direction, passes: passes) else { return nil }
            return (abs(OKLCH(found).lightness - start.lightness), found)
        }
        return candidates.min { $0.distance < $1.distance }?.color
    }

    /// The colour at lightness `l` on `start`'s hue and chroma, mapped into sRGB.
    static func colour(_ start: OKLCH, lightness l: Double) -> RGBA {
        OKLCH(lightness: l, chroma: start.chroma, hue: start.hue).mappedToSRGB.rgba
    }

    /// Walks lightness from `start` in `direction` to the first passing colour, refines the
    /// boundary, then snaps to 8 bits (stepping on while the snapped colour fails).
    static func search(from start: OKLCH, direction: Double, passes: (RGBA) -> Bool) -> RGBA? {
        var failing = start.lightness
        var l = start.lightness
        while true {
            l += direction * step
            let clamped = min(max(l, 0), 1)
            if passes(colour(start, lightness: clamped)) {
                var low = failing, high = clamped
                for _ in 0..<40 {
                    let mid = (low + high) / 2
                    if passes(colour(start, lightness: mid)) { high = mid } else { low = mid }
                }
                // Snap to #RRGGBB; rounding may land a hair short of the ratio: move on.
                var probe = high
                while probe >= 0, probe <= 1 {
                    let snapped = colour(start, lightness: probe).quantized
                    if passes(snapped) { return snapped }
                    probe += direction * 0.0005
                }
                return nil
            }
            if clamped == 0 || clamped == 1 { return nil }
            failing = clamped
        }
    }

    /// The smallest alpha, on the 8-bit grid of `#RRGGBBAA`, at which `color` (its RGB as
    /// written) composited over each requirement's background meets it; nil when even an
    /// opaque `color` fails, or when `color` is already opaque.
    public static func smallestAlpha(of color: RGBA, meeting requirements: [ContrastRequirement]) -> Double? {
        guard !color.isOpaque else { return nil }
        return memo.answer(Question(color: color, requirements: requirements, alpha: true)) {
            searchSmallestAlpha(of: color, meeting: requirements).map { RGBA(white: 0, alpha: $0) }
        }?.alpha
    }

    static func searchSmallestAlpha(of color: RGBA, meeting requirements: [ContrastRequirement]) -> Double? {
        func passes(_ alpha: Double) -> Bool {
            var c = color
            c.alpha = alpha
            return requirements.allSatisfy { requirement in
                guard let background = requirement.background else { return true }
                return requirement.isMet(by: c.composited(over: background))
            }
        }
        let first = Int((color.alpha * 255).rounded(.down))
        for k in max(first, 0)...255 where passes(Double(k) / 255) {
            return Double(k) / 255
        }
        return nil
    }
}

extension RGBA {
    /// The colour without alpha.
    var opaque: RGBA { RGBA(red: red, green: green, blue: blue) }

    /// Each channel rounded to the nearest of 256 levels, as `#RRGGBB` writes it.
    public var quantized: RGBA {
        func q(_ c: Double) -> Double { (min(max(c, 0), 1) * 255).rounded() / 255 }
        return RGBA(red: q(red), green: q(green), blue: q(blue), alpha: alpha)
    }
}
