// Foundation for `range(of:)` and `replacingOccurrences(of:with:)` in string-literal decoding
// (kept as they were, so literals decode exactly as before).
import Foundation

/// Just enough Swift call syntax to read a checkbox's configuration: the arguments
/// of a call and the modifiers chained after it. Works on `SwiftSource.masked`, so
/// commas, brackets and dots inside comments and strings never count.

/// An expression as written, with the few readings a configuration needs.
public struct SwiftExpression: Sendable, Hashable {
    public var raw: String

    public var isNil: Bool { raw == "nil" }
    public var bool: Bool? { raw == "true" ? true : raw == "false" ? false : nil }
    /// `.circle` → "circle".
    public var member: String? {
        guard raw.hasPrefix("."), raw.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(raw.dropFirst())
    }
    public var isStringLiteral: Bool { SwiftExpression.decodeStringLiteral(raw) != nil }

    /// The text a literal spells; any other expression stands for itself (a
    /// `LocalizedStringKey("agree_terms")` or a variable still is a text).
    public var text: String? {
        if isNil { return nil }
        return SwiftExpression.decodeStringLiteral(raw) ?? raw
    }

    /// Decodes `"…"`, `#"…"#` and `"""…"""` literals (escapes, `\u{…}`); nil if `raw`
    /// is not a single string literal.
    public static func decodeStringLiteral(_ raw: String) -> String? {
        var body = Substring(raw)
        var hashes = 0
        while body.hasPrefix("#") { body = body.dropFirst(); hashes += 1 }
        let closingHashes = String(repeating: "#", count: hashes)
        guard body.hasSuffix(closingHashes) else { return nil }
        body = body.dropLast(hashes)
        let multiline = body.hasPrefix("\"\"\"") && body.hasSuffix("\"\"\"") && body.count >= 6
        if multiline {
            body = body.dropFirst(3).dropLast(3)
            if body.hasPrefix("\n") { body = body.dropFirst() }
            if let lastNewline = body.lastIndex(of: "\n") { body = body[..<lastNewline] }
        } else {
            guard body.count >= 2, body.hasPrefix("\""), body.hasSuffix("\"") else { return nil }
            body = body.dropFirst().dropLast()
        }
        let escape = "\\" + closingHashes
        var out = ""
        var rest = body
        while let range = rest.range(of: escape) {
            out += rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
            guard let c = rest.first else { return nil }
            rest = rest.dropFirst()
            switch c {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "0": out += "\0"
            case "\"", "'", "\\": out.append(c)
            case "u":
                guard rest.hasPrefix("{"), let end = rest.firstIndex(of: "}"),
                      let value = UInt32(rest[rest.index(after: rest.startIndex)..<end], radix: 16),
                      let scalar = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: end)...]
            case "(":
                // Interpolation: keep it as written; its value is not known here.
                out += escape + "("
            default: return nil
            }
        }
        out += rest
        // A literal that still has an unescaped quote was two literals or an expression.
        if !multiline, hashes == 0, body.replacingOccurrences(of: "\\\"", with: "").contains("\"") { return nil }
        return out
    }
}

public struct SwiftArgument: Sendable, Hashable {
    public var label: String?
    public var value: SwiftExpression
}

/// `.name(arguments)` after an expression.
public struct SwiftModifier: Sendable, Hashable {
    public var name: String
    public var arguments: [SwiftArgument]
}

extension SwiftSource {
    /// Index, in Unicode scalars, of the scalar starting at byte `offset`.
    public func scalarIndex(atOffset offset: Int) -> Int {
        var count = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
    private func isIdentifier(_ b: UInt8) -> Bool { isIdentifierByte(b) }

    /// The first byte at or after `offset` that is not white space, a comment, or a
    /// conditional-compilation line (`#if …`, `#elseif …`, `#else`, `#endif`): a chain goes
    /// on across them, as the source rules read it.
    func skipChainTrivia(from offset: Int) -> Int {
        var i = offset
        while i < masked.count {
            let b = masked[i]
            if isSpace(b) { i += 1; continue }
            if b == UInt8(ascii: "/"), i + 1 < masked.count,
               masked[i + 1] == UInt8(ascii: "/") || masked[i + 1] == UInt8(ascii: "*"),
               let comment = comments.first(where: { $0.contains(i) }) {
                i = comment.upperBound
                continue
            }
            if b == UInt8(ascii: "#") {
                var j = i + 1
                while j < masked.count, isIdentifier(masked[j]) { j += 1 }
                let word = text((i + 1)..<j)
                if word == "if" || word == "elseif" || word == "else" || word == "endif" {
                    while j < masked.count, masked[j] != UInt8(ascii: "\n") { j += 1 }
                    i = j
                    continue
                }
            }
            return i
        }
        return masked.count
    }

    /// True when the name at `offset` is being declared (`func configure(`, `init(`).
    public func isDeclaration(at offset: Int) -> Bool {
        var i = offset - 1
        while i >= 0, isSpace(masked[i]) { i -= 1 }
        let end = i + 1
        while i >= 0, isIdentifier(masked[i]) { i -= 1 }
        let word = text((i + 1)..<end)
        return word == "func"
    }

    /// The comma-separated arguments between the brackets at `open` and `close`.
    public func arguments(between open: Int, and close: Int) -> [SwiftArgument] {
        var pieces: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        var i = open + 1
        while i < close {
            switch masked[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","): if depth == 0 { pieces.append(start..<i); start = i + 1 }
            default: break
            }
            i += 1
        }
        pieces.append(start..<close)
        return pieces.compactMap { piece in
            var lower = piece.lowerBound, upper = piece.upperBound
            while lower < upper, isSpace(masked[lower]) { lower += 1 }
            while upper > lower, isSpace(masked[upper - 1]) { upper -= 1 }
            guard lower < upper else { return nil }
            // A label is an identifier followed by a single `:` at the start.
            var j = lower
            while j < upper, isIdentifier(masked[j]) { j += 1 }
            var k = j
            while k < upper, isSpace(masked[k]) { k += 1 }
            if j > lower, k < upper, masked[k] == UInt8(ascii: ":"), k + 1 >= upper || masked[k + 1] != UInt8(ascii: ":") {
                var v = k + 1
                while v < upper, isSpace(masked[v]) { v += 1 }
                return SwiftArgument(label: text(lower..<j), value: SwiftExpression(raw: text(v..<upper)))
            }
            return SwiftArgument(label: nil, value: SwiftExpression(raw: text(lower..<upper)))
        }
    }

    /// The modifiers chained after the bracket closing at `close`: `.name(…)`,
    /// `.name { … }` or `.name`, across lines.
    public func chain(after close: Int) -> [SwiftModifier] {
        var modifiers: [SwiftModifier] = []
        var i = close + 1
        while true {
            i = skipChainTrivia(from: i)
            guard i < masked.count, masked[i] == UInt8(ascii: ".") else { break }
            let nameStart = i + 1
            var j = nameStart
            while j < masked.count, isIdentifier(masked[j]) { j += 1 }
            guard j > nameStart else { break }
            let name = text(nameStart..<j)
            var arguments: [SwiftArgument] = []
            var k = j
            while k < masked.count, masked[k] == 0x20 || masked[k] == 0x09 { k += 1 }
            i = j
            if k < masked.count, masked[k] == UInt8(ascii: "("), let end = matchingBracket(at: k) {
                arguments = self.arguments(between: k, and: end)
                i = end + 1
                k = i
                while k < masked.count, masked[k] == 0x20 || masked[k] == 0x09 { k += 1 }
            }
            if k < masked.count, masked[k] == UInt8(ascii: "{"), let end = matchingBracket(at: k) { i = end + 1 }
            modifiers.append(SwiftModifier(name: name, arguments: arguments))
        }
        return modifiers
    }

    /// For `receiver.configure(` at `callStart`: the receiver's name.
    public func receiver(before callStart: Int) -> [UInt8]? {
        var i = callStart - 1
        while i >= 0, isSpace(masked[i]) { i -= 1 }
        guard i >= 0, masked[i] == UInt8(ascii: ".") else { return nil }
        i -= 1
        while i >= 0, isSpace(masked[i]) { i -= 1 }
        let end = i + 1
        while i >= 0, isIdentifier(masked[i]) { i -= 1 }
        guard end > i + 1 else { return nil }
        return Array(masked[(i + 1)..<end])
    }

    /// Every name `x` the code sets `x.accessibilityLabel = …` on, in one pass over the file
    /// (asked once per file, not once per `configure(` call: a file with thousands of calls
    /// was read thousands of times).
    public func receiversSettingAccessibilityLabel() -> Set<[UInt8]> {
        let needle = Array(".accessibilityLabel".utf8)
        var result = Set<[UInt8]>()
        var searchStart = 0
        while let found = firstRange(of: needle, in: masked, from: searchStart) {
            searchStart = found.upperBound
            var k = found.upperBound
            while k < masked.count, isSpace(masked[k]) { k += 1 }
            guard k + 1 < masked.count, masked[k] == UInt8(ascii: "="), masked[k + 1] != UInt8(ascii: "=") else { continue }
            var i = found.lowerBound - 1
            while i >= 0, isIdentifier(masked[i]) { i -= 1 }
            guard found.lowerBound > i + 1 else { continue }
            result.insert(Array(masked[(i + 1)..<found.lowerBound]))
        }
        return result
    }

    private func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
            i += 1
        }
        return nil
    }
}
