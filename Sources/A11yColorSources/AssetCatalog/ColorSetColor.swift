import A11yJSON
import A11yModel
import Foundation

// The `color` object of one colour-set entry: its colour space and components, read as
// Xcode writes them (docs/spec-format.md, "Asset catalogs and system colours").

/// The colour spaces a colour set's `color-space` may name, and how each reaches sRGB.
enum AssetColorSpace: String, CaseIterable {
    case srgb
    case extendedSRGB = "extended-srgb"
    case displayP3 = "display-p3"
    case extendedLinearSRGB = "extended-linear-srgb"
    case grayGamma22 = "gray-gamma-22"
    case extendedGray = "extended-gray"

    var isGray: Bool { self == .grayGamma22 || self == .extendedGray }

    /// The component keys this space needs, in the order they are converted.
    var componentKeys: [String] { isGray ? ["white"] : ["red", "green", "blue"] }

    /// sRGB of `values` (red, green, blue or white, as numbers), clipped per channel; nil
    /// when a value is too large to convert (a channel would not be a number).
    func sRGB(_ values: [Double], alpha: Double) -> RGBA? {
        guard let color = unchecked(values, alpha: alpha),
              [color.red, color.green, color.blue, color.alpha].allSatisfy({ !$0.isNaN }) else { return nil }
        return color
    }

    /// Gray spaces have a 2.2 power transfer function, extended to negative values by
    /// reflection (Core Graphics' `genericGrayGamma2_2` and `extendedGray`).
    private func unchecked(_ values: [Double], alpha: Double) -> RGBA? {
        switch self {
        case .srgb, .extendedSRGB: return ColorSpace.srgb.sRGB(values, alpha: alpha)
        case .displayP3: return ColorSpace.displayP3.sRGB(values, alpha: alpha)
        case .extendedLinearSRGB: return ColorSpace.srgbLinear.sRGB(values, alpha: alpha)
        case .grayGamma22, .extendedGray:
            guard let white = values.first else { return nil }
            let linear = white < 0 ? -pow(-white, 2.2) : pow(white, 2.2)
            return ColorSpace.srgbLinear.sRGB([linear, linear, linear], alpha: alpha)
        }
    }
}

/// Reads one component value: a JSON number is a 0–1 value (Apple's format reference);
/// a string with a `.` is a 0–1 value (Xcode's "Floating point"), `0x..` a byte over 255
/// ("8-bit Hexadecimal"), any other integer a byte over 255 ("8-bit (0-255)").
enum ComponentNotation {
    enum Failure: Error { case notANumber, byteOutOfRange }

    static func value(of node: JSONNode) throws(Failure) -> Double {
        switch node.value {
        case .number(let number, _):
            guard number.isFinite else { throw .notANumber }
            return number
        case .string(let raw):
            return try value(ofString: raw.trimmingCharacters(in: .whitespaces))
        default:
            throw .notANumber
        }
    }

    static func value(ofString text: String) throws(Failure) -> Double {
        if text.contains(".") {
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                  let number = Double(text), number.isFinite else { throw .notANumber }
            return number
        }
        let lowered = text.lowercased()
        let byte: Int?
        if lowered.hasPrefix("0x") {
            let digits = lowered.dropFirst(2)
            byte = digits.isEmpty || digits.count > 8 ? nil : Int(digits, radix: 16)
        } else {
            byte = text.count > 12 ? nil : Int(text)
        }
        guard let byte else { throw .notANumber }
        guard (0...255).contains(byte) else { throw .byteOutOfRange }
        return Double(byte) / 255
    }
}
