/// Pieces of PCRE2 syntax both pattern readings (`RequiredLiterals`, `MatchStarts`) read
/// the same way.
enum PatternSyntax {
    /// A quantifier read at some offset of a pattern.
    enum Quantifier {
        /// No quantifier there.
        case none
        /// `{` that is not a quantifier the readings know (PCRE2 may take it literally).
        case unknown
        /// `end`: the offset after it (its lazy or possessive mark included).
        case some(end: Int, minimum: Int, unbounded: Bool)
    }

    /// The quantifier at `index`: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (minimums above 1,000
    /// read as 1,000).
    static func quantifier(in pattern: [UInt8], at index: Int) -> Quantifier {
        guard index < pattern.count else { return .none }
        var end = index + 1
        var minimum = 0
        var unbounded = true
        switch pattern[index] {
        case UInt8(ascii: "*"):
            break
        case UInt8(ascii: "?"):
            unbounded = false
        case UInt8(ascii: "+"):
            minimum = 1
        case UInt8(ascii: "{"):
            var digits = 0
            while end < pattern.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pattern[end]) {
                minimum = min(minimum * 10 + Int(pattern[end] - UInt8(ascii: "0")), 1_000)
                end += 1
                digits += 1
            }
            guard digits > 0 else { return .unknown }
            unbounded = false
            if end < pattern.count, pattern[end] == UInt8(ascii: ",") {
                end += 1
                unbounded = true
                while end < pattern.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pattern[end]) {
                    end += 1
                    unbounded = false
                }
            }
            guard end < pattern.count, pattern[end] == UInt8(ascii: "}") else { return .unknown }
            end += 1
        default:
            return .none
        }
        if end < pattern.count, pattern[end] == UInt8(ascii: "+") || pattern[end] == UInt8(ascii: "?") { end += 1 }
        return .some(end: end, minimum: minimum, unbounded: unbounded)
    }

    /// The offset after the character class `[…]` opening at `index` (POSIX names and
    /// escapes inside included); nil for one not closed, or holding `\Q`, `\E`, `\p`, `\P`,
    /// `\x`, `\N` or `\o` (whose text may hold a `]`).
    static func classEnd(in pattern: [UInt8], from index: Int) -> Int? {
        var index = index + 1
        if index < pattern.count, pattern[index] == UInt8(ascii: "^") { index += 1 }
        if index < pattern.count, pattern[index] == UInt8(ascii: "]") { index += 1 }
        while index < pattern.count {
            let byte = pattern[index]
            if byte == UInt8(ascii: "]") { return index + 1 }
            if byte == UInt8(ascii: "\\") {
                if index + 1 < pattern.count, "QEpPxNo".utf8.contains(pattern[index + 1]) { return nil }
                index += 2
            } else if byte == UInt8(ascii: "["), index + 1 < pattern.count, pattern[index + 1] == UInt8(ascii: ":") {
                index += 2
                while index < pattern.count, pattern[index] != UInt8(ascii: "]") { index += 1 }
                index += 1
            } else {
                index += 1
            }
        }
        return nil
    }
}

/// A reading of a pattern's bytes from `index` on (both pattern readings are one).
protocol PatternReading {
    var pattern: [UInt8] { get }
    var index: Int { get }
}

extension PatternReading {
    /// The byte at `index`, nil at the end.
    var current: UInt8? { index < pattern.count ? pattern[index] : nil }

    /// The byte `offset` after `index`, nil past the end.
    func peek(_ offset: Int) -> UInt8? {
        index + offset < pattern.count ? pattern[index + offset] : nil
    }
}
