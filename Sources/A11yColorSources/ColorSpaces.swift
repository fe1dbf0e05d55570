import A11yModel
import Foundation

/// Conversions of the colour spaces tokens and asset catalogs use to sRGB, by CSS Color 4
/// (https://www.w3.org/TR/css-color-4/, section 17 "Sample code"): through linear light and
/// XYZ D65, with CIE Lab/LCH adapted from D50 by the Bradford transform. The result is clipped
/// per channel to 0…1 and nothing else is gamut-mapped (docs/spec-format.md, "Colour sources").
public enum ColorSpace: String, Sendable, CaseIterable {
    case srgb
    case srgbLinear = "srgb-linear"
    case displayP3 = "display-p3"
    case hsl
    case hwb
    case lab
    case lch
    case oklab
    case oklch
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"
    case a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020

    /// The sRGB colour of `components` in this space, in CSS Color 4 units: srgb, srgb-linear,
    /// display-p3, a98-rgb, prophoto-rgb, rec2020 and xyz 0…1; hsl and hwb hue in degrees, the others 0…100; lab/lch L 0…100;
    /// oklab/oklch L 0…1; hues in degrees. Each channel clipped to 0…1.
    public func sRGB(_ components: [Double], alpha: Double = 1) -> RGBA? {
        guard components.count == 3, components.allSatisfy(\.isFinite), alpha.isFinite else { return nil }
        let (a, b, c) = (components[0], components[1], components[2])
        let encoded: (Double, Double, Double)
        switch self {
        case .srgb: encoded = (a, b, c)
        case .hsl: encoded = Self.hslToSRGB(a, b / 100, c / 100)
        case .hwb: encoded = Self.hwbToSRGB(a, b / 100, c / 100)
        default:
            let linear = Self.linearSRGB(self, a, b, c)
            encoded = (Self.encode(linear.0), Self.encode(linear.1), Self.encode(linear.2))
        }
        // A conversion of huge finite components can overflow to infinity or NaN: no colour.
        guard [encoded.0, encoded.1, encoded.2].allSatisfy({ !$0.isNaN }) else { return nil }
        func clip(_ v: Double) -> Double { min(max(v, 0), 1) }
        return RGBA(red: clip(encoded.0), green: clip(encoded.1), blue: clip(encoded.2), alpha: clip(alpha))
    }

    /// sRGB's transfer function, extended to negative values by symmetry (CSS Color 4).
    public static func encode(_ v: Double) -> Double {
        let m = abs(v)
        let e = m > 0.0031308 ? 1.055 * pow(m, 1 / 2.4) - 0.055 : 12.92 * m
        return v < 0 ? -e : e
    }

    public static func decode(_ v: Double) -> Double {
        let m = abs(v)
        let d = m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4)
        return v < 0 ? -d : d
    }

    typealias Triple = (Double, Double, Double)

    static func multiply(_ m: [[Double]], _ v: Triple) -> Triple {
        (m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2,
         m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
         m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2)
    }

    static let xyzD65ToLinearSRGB: [[Double]] = [
        [12831 / 3959.0, -329 / 214.0, -1974 / 3959.0],
        [-851781 / 878810.0, 1648619 / 878810.0, 36519 / 878810.0],
        [705 / 12673.0, -2585 / 12673.0, 705 / 667.0],
    ]
    static let linearP3ToXYZD65: [[Double]] = [
        [608311 / 1250200.0, 189793 / 714400.0, 198249 / 1000160.0],
        [35783 / 156275.0, 247089 / 357200.0, 198249 / 2500400.0],
        [0, 32229 / 714400.0, 5220557 / 5000800.0],
    ]
    static let linearA98ToXYZD65: [[Double]] = [
        [573536 / 994567.0, 263643 / 1420810.0, 187206 / 994567.0],
        [591459 / 1989134.0, 6239551 / 9945670.0, 374412 / 4972835.0],
        [53769 / 1989134.0, 351524 / 4972835.0, 4929758 / 4972835.0],
    ]
    /// ProPhoto RGB is D50-relative (CSS Color 4: computed to 64-bit accuracy, not rational).
    static let linearProPhotoToXYZD50: [[Double]] = [
        [0.7977666449006423, 0.13518129740053308, 0.0313477341283922],
        [0.2880748288194013, 0.711835234241873, 0.00008993693872564],
        [0.0, 0.0, 0.8251046025104602],
    ]
    static let linear2020ToXYZD65: [[Double]] = [
        [63426534 / 99577255.0, 20160776 / 139408157.0, 47086771 / 278816314.0],
        [26158966 / 99577255.0, 472592308 / 697040785.0, 8267143 / 139408157.0],
        [0, 19567812 / 697040785.0, 295819943 / 278816314.0],
    ]
    static let d50ToD65: [[Double]] = [
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ]
    static let lmsToXYZD65: [[Double]] = [
        [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
        [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
        [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
    ]
    static let oklabToLMS: [[Double]] = [
        [1.0, 0.3963377773761749, 0.2158037573099136],
        [1.0, -0.1055613458156586, -0.0638541728258133],
        [1.0, -0.0894841775298119, -1.2914855480194092],
    ]
    /// D50 white (CSS Color 4: the 2° observer's, from x, y).
    static let d50White: Triple = (0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585)

    static func linearSRGB(_ space: ColorSpace, _ a: Double, _ b: Double, _ c: Double) -> Triple {
        switch space {
        case .srgbLinear: return (a, b, c)
        case .displayP3:
            let xyz = multiply(linearP3ToXYZD65, (decode(a), decode(b), decode(c)))
            return multiply(xyzD65ToLinearSRGB, xyz)
        case .a98RGB:
            // Transfer: a pure power 563/256, extended to negative values by symmetry.
            func lin(_ v: Double) -> Double { v < 0 ? -pow(-v, 563 / 256) : pow(v, 563 / 256) }
            return multiply(xyzD65ToLinearSRGB, multiply(linearA98ToXYZD65, (lin(a), lin(b), lin(c))))
        case .prophotoRGB:
            // Transfer: gamma 1.8 with a linear part below 16/512, extended by symmetry.
            func lin(_ v: Double) -> Double { abs(v) <= 16.0 / 512 ? v / 16 : (v < 0 ? -pow(-v, 1.8) : pow(v, 1.8)) }
            let xyz50 = multiply(linearProPhotoToXYZD50, (lin(a), lin(b), lin(c)))
            return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, xyz50))
        case .rec2020:
            // Transfer: the reference EOTF of ITU-R BT.1886 (gamma 2.4, no black lift), as
            // CSS Color 4 defines rec2020 since 2024, extended to negative values by symmetry.
            func lin(_ v: Double) -> Double { v < 0 ? -pow(-v, 2.4) : pow(v, 2.4) }
            return multiply(xyzD65ToLinearSRGB, multiply(linear2020ToXYZD65, (lin(a), lin(b), lin(c))))
        case .xyzD65: return multiply(xyzD65ToLinearSRGB, (a, b, c))
        case .xyzD50: return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, (a, b, c)))
        case .lab: return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, labToXYZD50(a, b, c)))
        case .lch:
            let (x, y) = polar(b, c)
            return linearSRGB(.lab, a, x, y)
        case .oklab:
            let lms = multiply(oklabToLMS, (a, b, c))
            return multiply(xyzD65ToLinearSRGB, multiply(lmsToXYZD65, (lms.0 * lms.0 * lms.0, lms.1 * lms.1 * lms.1, lms.2 * lms.2 * lms.2)))
        case .oklch:
            let (x, y) = polar(b, c)
            return linearSRGB(.oklab, a, x, y)
        case .srgb, .hsl, .hwb:
            let e = space.sRGB([a, b, c]).map { ($0.red, $0.green, $0.blue) } ?? (0, 0, 0)
            return (decode(e.0), decode(e.1), decode(e.2))
        }
    }

    /// Chroma and hue (degrees) to the two opponent axes; a negative chroma counts as 0.
    static func polar(_ chroma: Double, _ hue: Double) -> (Double, Double) {
        let c = max(chroma, 0), h = hue * Double.pi / 180
        return (c * cos(h), c * sin(h))
    }

    static func labToXYZD50(_ l: Double, _ a: Double, _ b: Double) -> Triple {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let f1 = (l + 16) / 116, f0 = a / 500 + f1, f2 = f1 - b / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = l > kappa * epsilon ? pow((l + 16) / 116, 3) : l / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        return (x * d50White.0, y * d50White.1, z * d50White.2)
    }

    /// CSS Color 4 hslToRgb: hue in degrees, saturation and lightness 0…1.
    static func hslToSRGB(_ hue: Double, _ s: Double, _ l: Double) -> Triple {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    /// CSS Color 4 hwbToRgb: hue in degrees, whiteness and blackness 0…1.
    static func hwbToSRGB(_ hue: Double, _ white: Double, _ black: Double) -> Triple {
        if white + black >= 1 {
            let gray = white / (white + black)
            return (gray, gray, gray)
        }
        let rgb = hslToSRGB(hue, 1, 0.5)
        func mix(_ c: Double) -> Double { c * (1 - white - black) + white }
        return (mix(rgb.0), mix(rgb.1), mix(rgb.2))
    }
}
