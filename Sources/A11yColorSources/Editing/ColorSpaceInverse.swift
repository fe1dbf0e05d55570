import A11yModel
import Foundation

// From sRGB back to each colour space, the inverse of `ColorSpace.sRGB` (CSS Color 4, section
// 17): what `--fix` writes when it edits a colour token or colour set in its own colour space
// (docs/colour-sources.md, "--fix and colour sources").

extension ColorSpace {
    /// The components of the sRGB colour `color` (alpha left out) in this space, in the units
    /// `sRGB(_:alpha:)` reads; `hue` is kept for a colour without chroma.
    public func components(of color: RGBA, hue: Double? = nil) -> [Double] {
        let (r, g, b) = (color.red, color.green, color.blue)
        switch self {
        case .srgb: return [r, g, b]
        case .hsl: return Self.hsl(r, g, b, hue: hue)
        case .hwb:
            let hsl = Self.hsl(r, g, b, hue: hue)
            return [hsl[0], min(r, g, b) * 100, (1 - max(r, g, b)) * 100]
        default: break
        }
        let linear: Triple = (Self.decode(r), Self.decode(g), Self.decode(b))
        let xyz65 = Self.multiply(Self.inverse(Self.xyzD65ToLinearSRGB), linear)
        func xyz50() -> Triple { Self.multiply(Self.inverse(Self.d50ToD65), xyz65) }
        func triple(_ t: Triple) -> [Double] { [t.0, t.1, t.2] }
        func power(_ t: Triple, _ f: (Double) -> Double) -> [Double] { [f(t.0), f(t.1), f(t.2)] }
        switch self {
        case .srgbLinear: return triple(linear)
        case .displayP3: return power(Self.multiply(Self.inverse(Self.linearP3ToXYZD65), xyz65), Self.encode)
        case .a98RGB:
            return power(Self.multiply(Self.inverse(Self.linearA98ToXYZD65), xyz65)) { v in v < 0 ? -pow(-v, 256 / 563) : pow(v, 256 / 563) }
        case .prophotoRGB:
            return power(Self.multiply(Self.inverse(Self.linearProPhotoToXYZD50), xyz50())) { v in
                abs(v) < 1.0 / 512 ? 16 * v : (v < 0 ? -pow(-v, 1 / 1.8) : pow(v, 1 / 1.8))
            }
        case .rec2020:
            return power(Self.multiply(Self.inverse(Self.linear2020ToXYZD65), xyz65)) { v in v < 0 ? -pow(-v, 1 / 2.4) : pow(v, 1 / 2.4) }
        case .xyzD65: return triple(xyz65)
        case .xyzD50: return triple(xyz50())
        case .lab: return Self.lab(xyz50())
        case .lch: return Self.cylindrical(Self.lab(xyz50()), hue: hue)
        case .oklab: return Self.oklab(xyz65)
        case .oklch: return Self.cylindrical(Self.oklab(xyz65), hue: hue)
        case .srgb, .hsl, .hwb: return [r, g, b]
        }
    }

    static func inverse(_ m: [[Double]]) -> [[Double]] {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }

    static func lab(_ xyz: Triple) -> [Double] {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        func f(_ v: Double) -> Double { v > epsilon ? cbrt(v) : (kappa * v + 16) / 116 }
        let fx = f(xyz.0 / d50White.0), fy = f(xyz.1 / d50White.1), fz = f(xyz.2 / d50White.2)
        return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
    }

    static func oklab(_ xyz: Triple) -> [Double] {
        let lms = multiply(inverse(lmsToXYZD65), xyz)
        let t = multiply(inverse(oklabToLMS), (cbrt(lms.0), cbrt(lms.1), cbrt(lms.2)))
        return [t.0, t.1, t.2]
    }

    /// Lightness, chroma and hue (degrees, 0…360) of an opponent-axes colour.
    static func cylindrical(_ lab: [Double], hue: Double?) -> [Double] {
        let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
        var h = atan2(lab[2], lab[1]) * 180 / .pi
        if h < 0 { h += 360 }
        return [lab[0], chroma, chroma < 1e-4 ? (hue ?? 0) : h]
    }

    static func hsl(_ r: Double, _ g: Double, _ b: Double, hue: Double?) -> [Double] {
        let high = max(r, g, b), low = min(r, g, b), l = (high + low) / 2, d = high - low
        guard d > 1e-9 else { return [hue ?? 0, 0, l * 100] }
        let s = l == 0 || l == 1 ? 0 : (high - l) / min(l, 1 - l)
        var h: Double
        switch high {
        case r: h = (g - b) / d + (g < b ? 6 : 0)
        case g: h = (b - r) / d + 2
        default: h = (r - g) / d + 4
        }
        h *= 60
        return [h, s * 100, l * 100]
    }
}

/// Numbers as `--fix` writes them into colour sources: the fewest decimals that give the
/// colour back on the 8-bit grid.
enum SourceNumber {
    /// `value` with at most `places` decimals, trailing zeros dropped (`0.5`, `1`, `259.43`).
    static func format(_ value: Double, places: Int) -> String {
        var text = String(format: "%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// The shortest texts (up to 8 decimals) for `values` that `check` accepts, or nil.
    static func shortest(_ values: [Double], from places: Int = 1, check: ([String]) -> Bool) -> [String]? {
        for p in places...8 {
            let texts = values.map { format($0, places: p) }
            if check(texts) { return texts }
        }
        return nil
    }
}
