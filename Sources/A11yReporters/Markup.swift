import A11yModel

/// Escaping for the XML reporters (JUnit, checkstyle) and the HTML report.
enum Markup {
    /// Text safe inside XML/HTML content and double- or single-quoted attributes.
    /// Characters XML 1.0 forbids (most C0 controls, U+FFFE/U+FFFF) are dropped, and
    /// line breaks and tabs become character references so attribute values keep them.
    static func escape(_ text: String) -> String {
        guard mayNeedEscape(text) else { return text }
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
        guard mayNeedEscape(text) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escape(String($0)) }
            .joined(separator: "\n")
    }

    /// False when `escape` keeps every scalar of `text`, by its bytes alone: no markup
    /// character, no control, no 0xEF (the lead byte of U+FFFE and U+FFFF).
    private static func mayNeedEscape(_ text: String) -> Bool {
        !ByteScan.lacks(text) {
            $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0xEF
        }
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`: only such values reach a `style` attribute.
    static func isHexColor(_ s: String) -> Bool {
        guard s.first == "#" else { return false }
        let digits = s.dropFirst()
        return [3, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }
}

/// Human titles of WCAG success criteria, for link text in the HTML and SARIF help.
enum WCAGTitles {
    /// W3C's own titles of the criteria a11ylint cites; others fall back to their slug.
    private static let titles: [String: String] = [
        "1.1.1": "Non-text Content", "1.3.1": "Info and Relationships", "3.1.2": "Language of Parts",
        "1.4.1": "Use of Color", "1.4.3": "Contrast (Minimum)",
        "1.4.4": "Resize Text", "1.4.6": "Contrast (Enhanced)", "1.4.11": "Non-text Contrast",
        "2.1.1": "Keyboard", "2.5.3": "Label in Name", "2.5.5": "Target Size (Enhanced)",
        "2.5.8": "Target Size (Minimum)", "3.3.1": "Error Identification", "4.1.2": "Name, Role, Value",
    ]

    static func title(_ criterion: String) -> String? {
        titles[criterion] ?? WCAG.criteria[criterion].map { slug in
            slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

}
