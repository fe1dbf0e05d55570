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
        parts = Self.asciiParts(text) ?? Self.parts(text)
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

    /// The parts of an ASCII text (every rule file's), read byte by byte: the same parts as
    /// the reading by characters above gives (in ASCII a character is one byte, but for
    /// `\r\n`, which is neither a brace nor part of a name). Nil for any other text. The
    /// catalogue reads every rule's texts at start-up, where the reading by characters was
    /// a quarter of the catalogue's time.
    static func asciiParts(_ text: String) -> [Part]? {
        var text = text
        return text.withUTF8 { bytes -> [Part]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
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
