/// Escaping for the XML reporters (JUnit, checkstyle) and the HTML report.
enum Markup {
    /// Text safe inside XML/HTML content and double- or single-quoted attributes.
    /// Characters XML 1.0 forbids (most C0 controls, U+FFFE/U+FFFF) are dropped, and
    /// line breaks and tabs become character references so attribute values keep them.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Like `escape`, but keeps line breaks literal (element content where they read
    /// better as real lines, such as a JUnit failure body or HTML `<pre>`).
    static func escapeText(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escape(String($0)) }
            .joined(separator: "\n")
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`: only such values reach a `style` attribute.
    static func isHexColor(_ s: String) -> Bool {
        guard s.first == "#" else { return false }
        let digits = s.dropFirst()
        return [3, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }
}
