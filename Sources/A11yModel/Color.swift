import A11yJSON
import Foundation

/// An sRGB color with gamma-encoded components in 0…1 and straight (not
/// premultiplied) alpha. Components are never rounded to 8 bits.
public struct RGBA: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let white = RGBA(white: 1)
    public static let black = RGBA(white: 0)

    public var isOpaque: Bool { alpha >= 1 }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (alpha last). The leading `#` is required.
    public init?(hex: String) {
        // Read as UTF-8 bytes: ASCII hex digits only (Character.isHexDigit would also accept
        // fullwidth digits), 3, 6 or 8 of them after the `#`, gathered into one integer.
        let parsed = hex.utf8.withContiguousStorageIfAvailable { Self.hexDigits($0) } ?? Self.hexDigits(Array(hex.utf8))
        guard let (value, count) = parsed else { return nil }
        func channel(_ shift: Int) -> Double { Double(Int((value >> shift) & 0xFF)) / 255 }
        switch count {
        case 3:
            self.init(red: Double(Int((value >> 8) & 0xF) * 17) / 255, green: Double(Int((value >> 4) & 0xF) * 17) / 255,
                      blue: Double(Int(value & 0xF) * 17) / 255)
        case 6:
            self.init(red: channel(16), green: channel(8), blue: channel(0))
        default:
            self.init(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
        }
    }

    /// The hex digits after `#` as one number, and how many there are (3, 6 or 8); nil
    /// for anything else.
    private static func hexDigits(_ bytes: some Collection<UInt8>) -> (value: UInt64, count: Int)? {
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        let count = bytes.count - 1
        guard count == 3 || count == 6 || count == 8 else { return nil }
        var value: UInt64 = 0
        for byte in bytes.dropFirst() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return (value, count)
    }

    /// `self` laid over `background`, per channel in gamma-encoded sRGB:
    /// c = a·fg + (1 − a)·bg. The result's alpha is the union of both.
    public func composited(over background: RGBA) -> RGBA {
        let a = alpha
        let outAlpha = a + background.alpha * (1 - a)
        return RGBA(red: a * red + (1 - a) * background.red,
                    green: a * green + (1 - a) * background.green,
                    blue: a * blue + (1 - a) * background.blue,
                    alpha: outAlpha)
    }

    /// WCAG 2.x relative luminance (sRGB linearisation threshold 0.04045).
    public var relativeLuminance: Double {
        0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
    }

    /// A channel linearised; the 256 levels `#RRGGBB` writes come from a table (the same values).
    static func linear(_ c: Double) -> Double {
        let level = (c * 255).rounded()
        if level >= 0, level <= 255, Double(Int(level)) / 255 == c { return linearLevels[Int(level)] }
        return linearised(c)
    }

    private static func linearised(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static let linearLevels: [Double] = (0...255).map { linearised(Double($0) / 255) }

    /// `#RRGGBB` upper-case (alpha dropped): how reports name an opaque color.
    public var hexRGB: String { hex(alpha: false) }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
    public var hexString: String { hex(alpha: !isOpaque) }

    /// Written into a few bytes, not through intermediate strings: reports name many colours.
    private func hex(alpha withAlpha: Bool) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        var bytes: (UInt64, UInt64) = (0, 0)
        let count = withAlpha ? 9 : 7
        return withUnsafeMutableBytes(of: &bytes) { buffer in
            func put(_ channel: Double, at index: Int) {
                let v = Int((min(max(channel, 0), 1) * 255).rounded())
                buffer[index] = digits.utf8Start[v >> 4]
                buffer[index + 1] = digits.utf8Start[v & 15]
            }
            buffer[0] = UInt8(ascii: "#")
            put(red, at: 1)
            put(green, at: 3)
            put(blue, at: 5)
            if withAlpha { put(alpha, at: 7) }
            return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
        }
    }
}

public enum Contrast {
    /// A ratio with two decimals for people, never rounded up to a threshold it
    /// fails: 4.499 against 4.5 shows as 4.49, not 4.50 (JSON keeps the exact value).
    public static func format(_ ratio: Double, against required: Double) -> String {
        var shown = (ratio * 100).rounded() / 100
        if ratio < required, shown >= required { shown = (ratio * 100).rounded(.down) / 100 }
        return twoDecimals(shown)
    }

    /// `String(format: "%.2f", value)`, without Foundation's formatter for a value that has
    /// two decimals already (hundredths, as `format` rounds them), or that is clearly nearer
    /// one hundredth than halfway to the next (`value * 100` is off by far less than 0.01
    /// below 1e9, so its rounding is the exact value's): the same text. Halfway cases are
    /// left to the formatter.
    public static func twoDecimals(_ value: Double) -> String {
        let scaled = value * 100
        let hundredths = scaled.rounded()
        guard value > 0 || value.bitPattern == 0, value < 1e9,
              hundredths / 100 == value || abs(scaled - hundredths) < 0.49 else {
            return String(format: "%.2f", value)
        }
        let cents = Int(hundredths)
        let fraction = cents % 100
        return "\(cents / 100)." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// WCAG 2.x contrast ratio of two opaque colors, unrounded, ≥ 1.
    public static func ratio(_ a: RGBA, _ b: RGBA) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The contrast of `foreground` drawn over `background` (itself composited over
    /// `backdrop` when translucent). Returns the ratio and the opaque colors compared.
    public static func measure(foreground: RGBA, background: RGBA,
                               backdrop: RGBA = .white) -> (ratio: Double, foreground: RGBA, background: RGBA) {
        let bg = background.isOpaque ? background : background.composited(over: backdrop)
        let fg = foreground.isOpaque ? foreground : foreground.composited(over: bg)
        return (ratio(fg, bg), fg, bg)
    }
}

/// The color forms a spec (and a preset) may use, with messages that say what is wrong.
public enum ColorSyntax {
    public static let forms = "#RGB, #RRGGBB, #RRGGBBAA, {\"white\", \"alpha\"} or {\"red\", \"green\", \"blue\", \"alpha\"}"

    public static func parse(hex: String) -> Result<RGBA, ColorSyntaxError> {
        if let color = RGBA(hex: hex) { return .success(color) }
        return .failure(ColorSyntaxError(message: "invalid color '\(hex)': expected \(forms)"))
    }

    /// `{"white": w, "alpha": a}` or `{"red", "green", "blue", "alpha"}`, components 0…1;
    /// alpha defaults to 1.
    public static func parse(components: [(key: String, value: Double)]) -> Result<RGBA, ColorSyntaxError> {
        // Five variables rather than a dictionary by name: the catalogue's colour schemes are
        // read at every start, where a dictionary of this type was made for the first time
        // (its generic type looked up by name, a quarter of a millisecond).
        var white: Double?, red: Double?, green: Double?, blue: Double?, alpha: Double?
        for (key, value) in components {
            guard ["white", "red", "green", "blue", "alpha"].contains(key) else {
                return .failure(ColorSyntaxError(message: "unknown color component '\(key)'"
                    + Suggestions.hint(for: key, in: ["white", "red", "green", "blue", "alpha"])))
            }
            guard value >= 0, value <= 1 else {
                return .failure(ColorSyntaxError(message: "color component '\(key)' must be between 0 and 1, got \(value)"))
            }
            switch key {
            case "white": white = value
            case "red": red = value
            case "green": green = value
            case "blue": blue = value
            default: alpha = value
            }
        }
        let opacity = alpha ?? 1
        if let white {
            guard red == nil, green == nil, blue == nil else {
                return .failure(ColorSyntaxError(message: "a color has either 'white' or 'red', 'green' and 'blue'"))
            }
            return .success(RGBA(white: white, alpha: opacity))
        }
        guard let r = red, let g = green, let b = blue else {
            return .failure(ColorSyntaxError(message: "a color object needs 'white', or all of 'red', 'green' and 'blue'"))
        }
        return .success(RGBA(red: r, green: g, blue: b, alpha: opacity))
    }
}

public struct ColorSyntaxError: Error, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}
