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
        guard mayNeedEscape(text), text.unicodeScalars.contains(where: needsEscape) else { return text }
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

    /// False when no scalar of `text` can need an escape, by its bytes alone (most text):
    /// no byte below 0x20, no DEL, and no lead byte of the other escaped scalars (0xC2:
    /// C1 controls, 0xD8: U+061C, 0xE2: the U+2xxx marks and separators).
    static func mayNeedEscape(_ text: String) -> Bool {
        !ByteScan.lacks(text) { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
    }

    /// A line's first field: escaped, and never starting with `::`, which GitHub Actions
    /// would read as a workflow command.
    static func lineStart(_ text: String) -> String {
        let safe = escaped(text)
        return safe.hasPrefix("::") ? "\\u{3A}" + safe.dropFirst() : safe
    }
}

/// Byte-level tests that let the escaping functions return plain text as it is.
enum ByteScan {
    /// True when no UTF-8 byte of `text` satisfies `special`.
    @inline(__always)
    static func lacks(_ text: String, _ special: (UInt8) -> Bool) -> Bool {
        if let plain = text.utf8.withContiguousStorageIfAvailable({ !$0.contains(where: special) }) { return plain }
        return !text.utf8.contains(where: special)
    }

    static func isASCII(_ text: String) -> Bool { lacks(text) { $0 >= 0x80 } }

    /// Whether `text` contains `part`, as `StringProtocol.contains` says: byte by byte when
    /// both are ASCII and `part` holds no control character (then the two agree), else
    /// through Foundation.
    static func contains(_ text: String, _ part: String) -> Bool {
        guard isASCII(text), lacks(part, { $0 >= 0x80 || $0 < 0x20 }) else { return text.contains(part) }
        var text = text, part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard !part.isEmpty else { return true }
                guard part.count <= text.count else { return false }
                let first = part[0]
                var start = 0
                while start + part.count <= text.count {
                    if text[start] == first && part.indices.allSatisfy({ text[start + $0] == part[$0] }) { return true }
                    start += 1
                }
                return false
            }
        }
    }

    /// `text` with each ASCII byte in `replacements` replaced by its text: the byte-level
    /// `replacingOccurrences` for ASCII text.
    static func replacingASCII(_ text: String, _ replacements: [UInt8: StaticString]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if let replacement = replacements[byte] {
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
