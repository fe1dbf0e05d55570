/// Text from specs, source files and file names, made safe to print to a terminal or a CI
/// log: nothing in it can move the cursor, change colours, set a window title, reorder the
/// line (bidi overrides and isolates) or start a new line.
///
/// Escaped, as `\u{1B}`: C0 controls except tab, DEL, C1 controls, the bidi embedding,
/// override, isolate and mark characters (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), and the line and paragraph separators (U+2028, U+2029). Everything else,
/// including non-Latin text, is kept as it is.
enum SafeText {
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A line's first field: escaped, and never starting with `::`, which GitHub Actions
    /// would read as a workflow command.
    static func lineStart(_ text: String) -> String {
        let safe = escaped(text)
        return safe.hasPrefix("::") ? "\\u{3A}" + safe.dropFirst() : safe
    }
}
