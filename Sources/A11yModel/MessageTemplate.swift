/// A finding's text as a rule's YAML writes it (`message:` or one entry of `messages:`),
/// with `{name}` placeholders the rule fills in: `Touch target {size} is smaller than
/// {target}`. A placeholder is a brace, an identifier and a brace; any other brace is
/// text (`{"group": …}` stays as written).
public struct MessageTemplate: Sendable, Hashable, CustomStringConvertible {
    enum Part: Sendable, Hashable {
        case text(String)
        case value(String)
    }

    /// The template as written (whitespace trimmed).
    public let text: String
    let parts: [Part]

    public init(_ text: String) {
        self.text = text
        parts = Self.byteParts(text) ?? Self.parts(text)
    }

    /// The parts of any text, read character by character.
    static func parts(_ text: String) -> [Part] {
        var parts: [Part] = []
        var literal = Substring()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            let name = rest[afterOpen...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            let close = name.endIndex
            guard let first = name.first, first.isLetter, close < rest.endIndex, rest[close] == "}" else {
                literal += rest[...open]
                rest = rest[afterOpen...]
                continue
            }
            literal += rest[..<open]
            if !literal.isEmpty { parts.append(.text(String(literal))) }
            literal = Substring()
            parts.append(.value(String(name)))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(String(literal))) }
        return parts
    }

    /// The parts of a text read byte by byte in UTF-8: the same parts as the reading by
    /// characters above gives, wherever every brace is a character of its own. Braces and
    /// the bytes of a name are ASCII, a non-ASCII byte is never one of them, and an ASCII
    /// byte next to an ASCII byte is a character of its own (but for `\r\n`, which is
    /// neither a brace nor part of a name). Beside a non-ASCII character a brace stays a
    /// character of its own when that character can join nothing (`BraceNeighbours`); next
    /// to any other (a combining mark after it, a prepended mark before it), nil: read by
    /// characters. The catalogue reads every rule's texts at start-up: the reading by
    /// characters was a quarter of the catalogue's time, and its first `Substring` appends
    /// searched the binary's conformance records.
    static func byteParts(_ text: String) -> [Part]? {
        var text = text
        return text.withUTF8 { bytes -> [Part]? in
            for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                if i > 0, bytes[i - 1] >= 0x80, !BraceNeighbours.before(bytes, endingAt: i) { return nil }
                if i + 1 < bytes.count, bytes[i + 1] >= 0x80, !BraceNeighbours.after(bytes, startingAt: i + 1) { return nil }
            }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            func isNameByte(_ byte: UInt8) -> Bool {
                isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
            var parts: [Part] = []
            var literalStart = 0
            var at = 0
            while let open = bytes[at...].firstIndex(of: UInt8(ascii: "{")) {
                var close = open + 1
                while close < bytes.count, isNameByte(bytes[close]) { close += 1 }
                guard close > open + 1, isLetter(bytes[open + 1]), close < bytes.count, bytes[close] == UInt8(ascii: "}") else {
                    at = open + 1
                    continue
                }
                if open > literalStart { parts.append(.text(string(literalStart..<open))) }
                parts.append(.value(string(open + 1..<close)))
                literalStart = close + 1
                at = close + 1
            }
            if bytes.count > literalStart { parts.append(.text(string(literalStart..<bytes.count))) }
            return parts
        }
    }

    /// The non-ASCII characters a brace may stand beside and stay a character of its own
    /// (Unicode's grapheme cluster rules, UAX #29): before it, any that is not a prepended
    /// mark (all of those are at U+0600 or above); after it, any that does not extend the
    /// character before it (no combining mark, joiner or spacing mark). Only ranges known to
    /// hold none of those are taken (Latin, general punctuation, arrows, symbols: `…`, `→`,
    /// `×`); any other character sends the text to the reading by characters.
    enum BraceNeighbours {
        /// Whether the character whose UTF-8 ends just before `end` may precede a brace.
        static func before(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Bool {
            var start = end - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard let scalar = scalar(bytes, at: start) else { return false }
            return scalar < 0x0600 || (0x2000..<0x3000).contains(scalar)
        }

        /// Whether the character whose UTF-8 starts at `start` may follow a brace.
        static func after(_ bytes: UnsafeBufferPointer<UInt8>, startingAt start: Int) -> Bool {
            guard let scalar = scalar(bytes, at: start) else { return false }
            return (0x00A0..<0x0300).contains(scalar) || (0x2010..<0x20D0).contains(scalar)
                || (0x2100..<0x2C00).contains(scalar)
        }

        /// The scalar value whose UTF-8 starts at `start` (nil past the end or inside one).
        static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
            guard start < bytes.count else { return nil }
            let lead = bytes[start]
            let count = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard count > 0, start + count <= bytes.count else { return nil }
            var value = count == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (count + 1))
            for i in 1..<count { value = value << 6 | UInt32(bytes[start + i] & 0x3F) }
            return value
        }
    }

    /// The placeholder names, in order of first use.
    public var placeholders: [String] {
        var seen: [String] = []
        for case .value(let name) in parts where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// The message with each placeholder replaced by its value; a placeholder with no
    /// value stays as written, so a rule that forgets one shows it rather than hiding it.
    public func render(_ values: KeyValuePairs<String, String>) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let s): result += s
            case .value(let name):
                if let value = values.first(where: { $0.key == name })?.value {
                    result += value
                } else {
                    result += "{" + name + "}"
                }
            }
        }
        return result
    }

    public var description: String { text }

    /// The message of a rule nobody described (a reader used outside a linter): the rule
    /// id and the values, so nothing is lost.
    static func undescribed(_ rule: String, key: String, _ values: KeyValuePairs<String, String>) -> String {
        let shown = values.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "\(rule) (\(key))" + (shown.isEmpty ? "" : " " + shown)
    }
}
