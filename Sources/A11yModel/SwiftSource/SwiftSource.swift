/// A Swift file read once for pattern rules: its bytes, a masked copy in which the
/// contents of comments and string literals are blanked out, where those comments and
/// literals are, its lines, and which brackets pair up.
///
/// The lexer is a single pass over the UTF-8 bytes. It knows `//` and nested `/* */`
/// comments, `"…"` and `"""…"""` literals with escapes, raw literals `#"…"#` with any
/// number of `#`, and interpolations `\( … )` (which may nest parentheses, literals and
/// comments). Regex literals are not recognised: they are rare in view code.
public struct SwiftSource: Sendable {
    public let text: String
    /// UTF-8 of `text`.
    public let bytes: [UInt8]
    /// Same length as `bytes`: the contents of comments and string literals replaced by
    /// spaces (newlines kept, quote delimiters and the `//`, `/*`, `*/` kept), so patterns
    /// run on it never match inside comments or strings and byte offsets stay valid.
    public let masked: [UInt8]
    /// Byte ranges of each comment, `//` or `/*` included (a line comment stops before
    /// its newline). Comments inside string interpolations are not listed.
    public let comments: [Range<Int>]
    /// Byte ranges of each string literal, delimiters included. Literals nested in
    /// another literal's interpolation are part of the outer one and not listed.
    public let stringLiterals: [Range<Int>]
    /// Byte offset where each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// For each byte: the offset of the bracket paired with it when it is a code
    /// bracket (`(`, `[`, `{` and their closers, outside comments and strings), else -1.
    private let partners: [Int32]

    public init(_ text: String) {
        self.text = text
        var lexer = SwiftLexer(Array(text.utf8))
        lexer.run()
        bytes = lexer.input
        masked = lexer.masked
        comments = lexer.comments
        stringLiterals = lexer.stringLiterals
        partners = lexer.partners
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<buffer.count where buffer[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
        }
        lineStarts = starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The 1-based line holding byte `offset` (offsets past the end count as the last line).
    public func line(atOffset offset: Int) -> Int {
        // Last line start that is <= offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// 1-based line and column of byte `offset`; the column counts Unicode scalars.
    public func position(atOffset offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let line = line(atOffset: clamped)
        var column = 1
        var i = lineStarts[line - 1]
        while i < clamped {
            // Every byte that is not a UTF-8 continuation byte starts a scalar.
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }

    /// Byte range of 1-based `line`, without its line break (`\n` or `\r\n`).
    public func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The text of 1-based `line`, without its line break; empty when out of range.
    public func lineText(_ line: Int) -> String {
        String(decoding: bytes[lineRange(line)], as: UTF8.self)
    }

    /// The offset of the bracket matching the one at `offset` (`(`, `[`, `{` or a closer),
    /// judged on `masked`: nil for a bracket inside a comment or string, or unpaired.
    public func matchingBracket(at offset: Int) -> Int? {
        guard offset >= 0, offset < partners.count else { return nil }
        let partner = partners[offset]
        return partner < 0 ? nil : Int(partner)
    }

    /// True when byte `offset` lies in a comment or a string literal.
    public func isMaskedOut(_ offset: Int) -> Bool {
        Self.contains(comments, offset) || Self.contains(stringLiterals, offset)
    }

    private static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low < ranges.count && ranges[low].contains(offset)
    }
}

/// The single pass behind `SwiftSource`.
private struct SwiftLexer {
    let input: [UInt8]
    var masked: [UInt8]
    var partners: [Int32]
    var comments: [Range<Int>] = []
    var stringLiterals: [Range<Int>] = []
    private var openBrackets: [Int] = []

    private static let newline = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let hash = UInt8(ascii: "#")
    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\")
    private static let space = UInt8(ascii: " ")

    init(_ input: [UInt8]) {
        self.input = input
        masked = input
        partners = [Int32](repeating: -1, count: input.count)
    }

    private func byte(_ i: Int) -> UInt8 { i < input.count ? input[i] : 0 }

    mutating func run() {
        let n = input.count
        var i = 0
        while i < n {
            switch input[i] {
            case Self.slash:
                let next = byte(i + 1)
                if next == Self.slash {
                    let end = skipLineComment(i)
                    comments.append(i..<end)
                    blank(i + 2..<end)
                    i = end
                } else if next == Self.star {
                    let end = skipBlockComment(i)
                    comments.append(i..<end)
                    let closed = end - i >= 4 && input[end - 2] == Self.star && input[end - 1] == Self.slash
                    blank(i + 2..<(closed ? end - 2 : end))
                    i = end
                } else {
                    i += 1
                }
            case Self.quote:
                i = literal(start: i, hashes: 0)
            case Self.hash:
                var j = i
                while j < n, input[j] == Self.hash { j += 1 }
                if j < n, input[j] == Self.quote {
                    i = literal(start: i, hashes: j - i)
                } else {
                    i = j
                }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                openBrackets.append(i)
                i += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                close(at: i)
                i += 1
            default:
                i += 1
            }
        }
    }

    /// Pairs the closer at `offset` with the innermost opener of its kind; openers
    /// left unclosed in between stay unpaired.
    private mutating func close(at offset: Int) {
        let opener: UInt8 = switch input[offset] {
        case UInt8(ascii: ")"): UInt8(ascii: "(")
        case UInt8(ascii: "]"): UInt8(ascii: "[")
        default: UInt8(ascii: "{")
        }
        guard let index = openBrackets.lastIndex(where: { input[$0] == opener }) else { return }
        let open = openBrackets[index]
        openBrackets.removeSubrange(index...)
        partners[open] = Int32(offset)
        partners[offset] = Int32(open)
    }

    /// A top-level literal: records it and blanks its contents.
    private mutating func literal(start: Int, hashes: Int) -> Int {
        let (contentStart, contentEnd, end) = scanLiteral(start: start, hashes: hashes)
        stringLiterals.append(start..<end)
        blank(contentStart..<contentEnd)
        return end
    }

    /// Blanks `range` in `masked`, keeping line breaks.
    private mutating func blank(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        masked.withUnsafeMutableBufferPointer { out in
            for i in range where out[i] != Self.newline && out[i] != UInt8(ascii: "\r") {
                out[i] = Self.space
            }
        }
    }

    /// End (exclusive) of the `//` comment at `start`: its line break, not included.
    private func skipLineComment(_ start: Int) -> Int {
        var i = start + 2
        while i < input.count, input[i] != Self.newline { i += 1 }
        return i
    }

    /// End (exclusive) of the `/*` comment at `start`, nested comments included; the
    /// end of the file when it is not closed.
    private func skipBlockComment(_ start: Int) -> Int {
        var depth = 1
        var i = start + 2
        let n = input.count
        while i < n {
            let b = input[i]
            if b == Self.star, byte(i + 1) == Self.slash {
                depth -= 1
                i += 2
                if depth == 0 { return i }
            } else if b == Self.slash, byte(i + 1) == Self.star {
                depth += 1
                i += 2
            } else {
                i += 1
            }
        }
        return n
    }

    /// Scans the literal whose `hashes` `#` start at `start` (the quote follows them).
    /// Returns where its contents start and end and where the literal ends. A single-line
    /// literal left open ends at its line break; a multi-line one at the end of the file.
    private func scanLiteral(start: Int, hashes: Int) -> (contentStart: Int, contentEnd: Int, end: Int) {
        let n = input.count
        let quoteAt = start + hashes
        let isMultiLine = byte(quoteAt + 1) == Self.quote && byte(quoteAt + 2) == Self.quote
        let contentStart = quoteAt + (isMultiLine ? 3 : 1)
        var i = contentStart
        while i < n {
            let b = input[i]
            if b == Self.backslash {
                // An escape needs as many `#` after the backslash as the literal has.
                var j = i + 1
                while j < n, j - i - 1 < hashes, input[j] == Self.hash { j += 1 }
                guard j - i - 1 == hashes else { i += 1; continue }
                if byte(j) == UInt8(ascii: "(") {
                    i = skipInterpolation(openParen: j)
                } else {
                    i = j + 1  // the escaped character (any byte of it; the rest is harmless)
                }
                continue
            }
            if b == Self.quote {
                let quoteCount = isMultiLine ? 3 : 1
                if isMultiLine, !(byte(i + 1) == Self.quote && byte(i + 2) == Self.quote) { i += 1; continue }
                var j = i + quoteCount
                while j < n, j - i - quoteCount < hashes, input[j] == Self.hash { j += 1 }
                if j - i - quoteCount == hashes { return (contentStart, i, j) }
                i += 1
                continue
            }
            if b == Self.newline, !isMultiLine { return (contentStart, i, i) }
            i += 1
        }
        return (contentStart, n, n)
    }

    /// End (just past the `)`) of the interpolation whose `(` is at `openParen`:
    /// nested parentheses, literals and comments included.
    private func skipInterpolation(openParen: Int) -> Int {
        let n = input.count
        var depth = 1
        var i = openParen + 1
        while i < n {
            switch input[i] {
            case UInt8(ascii: "("):
                depth += 1
                i += 1
            case UInt8(ascii: ")"):
                depth -= 1
                i += 1
                if depth == 0 { return i }
            case Self.quote:
                i = scanLiteral(start: i, hashes: 0).end
            case Self.hash:
                var j = i
                while j < n, input[j] == Self.hash { j += 1 }
                i = j < n && input[j] == Self.quote ? scanLiteral(start: i, hashes: j - i).end : j
            case Self.slash where byte(i + 1) == Self.slash:
                i = skipLineComment(i)
            case Self.slash where byte(i + 1) == Self.star:
                i = skipBlockComment(i)
            default:
                i += 1
            }
        }
        return n
    }
}
