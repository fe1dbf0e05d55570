import A11yPattern
import CLiteralScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Swift file read once for pattern rules: its bytes, a masked copy in which the
/// contents of comments and string literals are blanked out, where those comments and
/// literals are, its lines, and which brackets pair up.
///
/// The lexer is a single pass over the UTF-8 bytes. It knows `//` and nested `/* */`
/// comments, `"…"` and `"""…"""` literals with escapes, raw literals `#"…"#` with any
/// number of `#` (`#"""#` is a one-line literal holding a quote, as Swift reads it),
/// interpolations `\( … )` (which may nest parentheses, literals and comments), and regex
/// literals: `#/…/#` with any number of `#` (multi-line when `#/` ends its line), and bare
/// `/…/` where Swift's lexer reads one (the rules of SwiftSyntax's `RegexLiteralLexer`:
/// not after an operand, not starting with a space unless it must be a regex, no
/// unbalanced `)`, on one line).
///
/// The public face is safe: arrays, ranges and positions. The tables the structure reader
/// walks (`partners`, `openers`, `openerParents`) and their raw-buffer view
/// (`SwiftSourceTables`) are internal to this module; readers elsewhere go through
/// `withStructure(_:)` (see `SwiftStructure.swift`).
public struct SwiftSource: Sendable {
    /// The source as a string, built when asked for: linting reads only the bytes, and
    /// storing it would cost a copy and a second validation of every file.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The file's UTF-8 (always valid: `init(utf8:)` repairs invalid bytes).
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
    /// Byte ranges of each regex literal, delimiters (`/`, `#`) included.
    public let regexLiterals: [Range<Int>]
    /// Byte ranges of the code inside each interpolation `\( … )` of a listed string
    /// literal (between the parentheses), in order: `Text("\(Image(systemName: "lock")) Private")`
    /// draws the image, so the image rule reads these too.
    public let interpolations: [Range<Int>]
    /// Byte offset where each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// For each code bracket (`(`, `[`, `{` and their closers, outside comments and strings):
    /// the offset of the bracket paired with it, else -1. Only those places are written (the
    /// lexer sees every bracket left in `masked`); the others hold whatever the allocation
    /// held, and are never read: `matchingBracket` looks at `masked` first. Filling the
    /// whole table (four bytes for each byte of the file) was a large part of the lexing.
    let partners: [Int32]
    /// Offsets of the code openers `(`, `[`, `{` in order, and for each the index (in
    /// this list) of the opener around it, -1 at the top level.
    let openers: [Int32]
    let openerParents: [Int32]
    /// For each line longer than `checkpointStride` bytes (keyed by its index in
    /// `lineStarts`): the scalars in it before every `checkpointStride`-th byte, so a column
    /// is counted in fewer than that many steps. A minified file of one 4 MB line with
    /// 100,000 findings would otherwise be counted from the line's start 100,000 times.
    let columnCheckpoints: [Int: [Int32]]
    static let checkpointStride = 1024

    public init(_ text: String) {
        self.init(validUTF8: Array(text.utf8))
    }

    /// A file's bytes as read from disk: used as they are when they are valid UTF-8
    /// (no second copy), else decoded with replacement characters like `String(decoding:)`.
    public init(utf8 bytes: [UInt8]) {
        if Self.isValidUTF8(bytes) {
            self.init(validUTF8: bytes)
        } else {
            self.init(validUTF8: Array(String(decoding: bytes, as: UTF8.self).utf8))
        }
    }

    /// Bytes are valid UTF-8 exactly when each maximal run of non-ASCII bytes is: an ASCII
    /// byte is a whole character and never part of a multi-byte sequence. Skipping ASCII
    /// 32 or eight bytes at a time and validating only those short runs is several times faster
    /// than validating the whole file, which is nearly all ASCII.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            let count = buffer.count
            var i = 0
            while i < count {
                if i + 32 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        i += 32
                        continue
                    }
                }
                if i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                if buffer[i] < 0x80 {
                    i += 1
                    continue
                }
                var end = i + 1
                while end < count, buffer[end] >= 0x80 { end += 1 }
                guard String(validating: UnsafeBufferPointer(rebasing: buffer[i..<end]), as: UTF8.self) != nil else {
                    return false
                }
                i = end
            }
            return true
        }
    }

    private init(validUTF8 input: [UInt8]) {
        var masked = input
        // Written only at brackets (see `partners`).
        var partners = [Int32](unsafeUninitializedCapacity: input.count) { _, count in count = input.count }
        var comments: [Range<Int>] = []
        var stringLiterals: [Range<Int>] = []
        var regexLiterals: [Range<Int>] = []
        var interpolations: [Range<Int>] = []
        var openers: [Int32] = []
        var openerParents: [Int32] = []
        var starts: [Int] = []
        var longestLine = 0
        input.withUnsafeBufferPointer { inputBuffer in
            masked.withUnsafeMutableBufferPointer { maskedBuffer in
                partners.withUnsafeMutableBufferPointer { partnerBuffer in
                    var lexer = SwiftLexer(input: inputBuffer, masked: maskedBuffer, partners: partnerBuffer)
                    (openers, openerParents) = lexer.run()
                    comments = lexer.comments
                    stringLiterals = lexer.stringLiterals
                    regexLiterals = lexer.regexLiterals
                    interpolations = lexer.interpolations
                }
            }
            (starts, longestLine) = SwiftSource.lineStarts(of: inputBuffer)
        }
        bytes = input
        self.masked = masked
        self.partners = partners
        self.openers = openers
        self.openerParents = openerParents
        self.comments = comments
        self.stringLiterals = stringLiterals
        self.regexLiterals = regexLiterals
        self.interpolations = interpolations
        lineStarts = starts
        // Lines longer than a stride are rare: most files need no look at their line starts.
        columnCheckpoints = longestLine > Self.checkpointStride
            ? SwiftSource.columnCheckpoints(input, lineStarts: starts) : [:]
    }

    private static func columnCheckpoints(_ bytes: [UInt8], lineStarts: [Int]) -> [Int: [Int32]] {
        var result: [Int: [Int32]] = [:]
        for index in lineStarts.indices {
            let start = lineStarts[index]
            let end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
            guard end - start > checkpointStride else { continue }
            var marks: [Int32] = [0]
            var scalars: Int32 = 0
            var i = start
            while i + checkpointStride <= end {
                for j in i..<(i + checkpointStride) where bytes[j] & 0xC0 != 0x80 { scalars += 1 }
                marks.append(scalars)
                i += checkpointStride
            }
            result[index] = marks
        }
        return result
    }

    /// Where each line starts, and the length of the longest line (line break included).
    /// The line breaks are counted first, so the table is made at its size: a `memchr` per
    /// line and an append per start cost more than the line's bytes (lines are short).
    private static func lineStarts(of buffer: UnsafeBufferPointer<UInt8>) -> (starts: [Int], longestLine: Int) {
        guard let base = buffer.baseAddress else { return ([0], 0) }
        let breaks = clitscan_count_newlines(base, buffer.count)
        var longest = 0
        let starts = [Int](unsafeUninitializedCapacity: breaks + 1) { table, initialized in
            table[0] = 0
            longest = clitscan_line_starts(base, buffer.count, table.baseAddress! + 1)
            initialized = breaks + 1
        }
        return (starts, longest)
    }

    public var lineCount: Int { lineStarts.count }

    /// The 1-based line holding byte `offset` (offsets past the end count as the last line).
    public func line(atOffset offset: Int) -> Int { lineNumber(in: lineStarts, atOffset: offset) }

    /// 1-based line and column of byte `offset`; the column counts Unicode scalars.
    public func position(atOffset offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let line = line(atOffset: clamped)
        var column = 1
        var i = lineStarts[line - 1]
        if let marks = columnCheckpoints[line - 1] {
            let block = min((clamped - i) / Self.checkpointStride, marks.count - 1)
            column += Int(marks[block])
            i += block * Self.checkpointStride
        }
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

    /// What a finding's baseline key is made from: `line`'s text from its first character
    /// that is not a space or tab, at most 4 KB of it (the key keeps 200 characters). A
    /// finding does not carry a copy of a whole minified line.
    public func lineKeyText(_ line: Int) -> String {
        let range = lineRange(line)
        var start = range.lowerBound
        while start < range.upperBound, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
            start += 1
        }
        var end = min(range.upperBound, start + 4096)
        while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The offset of the bracket matching the one at `offset` (`(`, `[`, `{` or a closer),
    /// judged on `masked`: nil for a bracket inside a comment or string, or unpaired.
    public func matchingBracket(at offset: Int) -> Int? {
        guard offset >= 0, offset < partners.count, isCodeBracket(masked[offset]) else { return nil }
        let partner = partners[offset]
        return partner < 0 ? nil : Int(partner)
    }

    /// The offset of the innermost code bracket (`(`, `[`, `{`) that opens before
    /// `offset` and closes at or after it; nil at the top level.
    public func enclosingBracket(of offset: Int) -> Int? {
        withUnsafeTables { $0.enclosingBracket(of: offset) }
    }

    /// Calls `body` with the structure tables as raw buffers, valid only during the call:
    /// readers that walk them a lot avoid array bounds and reference-count traffic.
    func withUnsafeTables<Result>(_ body: (SwiftSourceTables) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { raw in
            try masked.withUnsafeBufferPointer { masked in
                try partners.withUnsafeBufferPointer { partners in
                    try openers.withUnsafeBufferPointer { openers in
                        try openerParents.withUnsafeBufferPointer { parents in
                            try comments.withUnsafeBufferPointer { comments in
                                try lineStarts.withUnsafeBufferPointer { lineStarts in
                                    try body(SwiftSourceTables(raw: raw, masked: masked, partners: partners,
                                                               openers: openers, openerParents: parents,
                                                               comments: comments, lineStarts: lineStarts))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The contents of the first string literal that starts in `range` (between its
    /// delimiters: `"`, `"""`, and the `#` of a raw literal), as written in the file
    /// (escapes and interpolations unread); nil when no literal starts there.
    public func literalContents(startingIn range: Range<Int>) -> Range<Int>? {
        var low = 0, high = stringLiterals.count
        while low < high {
            let mid = (low + high) / 2
            if stringLiterals[mid].lowerBound < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        guard low < stringLiterals.count, range.contains(stringLiterals[low].lowerBound) else { return nil }
        let literal = stringLiterals[low]
        var hashes = 0
        while literal.lowerBound + hashes < literal.upperBound, bytes[literal.lowerBound + hashes] == UInt8(ascii: "#") {
            hashes += 1
        }
        let quoteStart = literal.lowerBound + hashes
        let quotes = quoteStart + 3 <= literal.upperBound
            && bytes[quoteStart..<(quoteStart + 3)].allSatisfy { $0 == UInt8(ascii: "\"") } ? 3 : 1
        let start = min(quoteStart + quotes, literal.upperBound)
        return start..<max(start, literal.upperBound - hashes - quotes)
    }

    /// The first match of `pattern` in the contents of the first string literal that starts
    /// in `range` (`^` and `$` are the contents' bounds); no match when none starts there.
    public func firstMatchInLiteral(_ pattern: Pattern, startingIn range: Range<Int>,
                                    scratch: MatchScratch) -> Pattern.Outcome {
        guard let contents = literalContents(startingIn: range) else { return .noMatch }
        return bytes.withUnsafeBufferPointer { buffer in
            pattern.firstMatch(in: UnsafeBufferPointer(rebasing: buffer[contents]), scratch: scratch,
                               subjectIsValidUTF8: true)
        }
    }

    /// True when byte `offset` lies in a comment, a string literal or a regex literal.
    public func isMaskedOut(_ offset: Int) -> Bool {
        Self.contains(comments, offset) || Self.contains(stringLiterals, offset) || Self.contains(regexLiterals, offset)
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

/// `SwiftSource`'s tables as raw buffers (see `SwiftSource.withUnsafeTables`); internal to
/// the reader, valid only during `withUnsafeTables`.
struct SwiftSourceTables {
    /// The file's bytes as written (`SwiftSource.bytes`): what string literals say.
    let raw: UnsafeBufferPointer<UInt8>
    /// See `SwiftSource.masked`.
    let masked: UnsafeBufferPointer<UInt8>
    /// For each byte, the offset of its paired code bracket, else -1.
    let partners: UnsafeBufferPointer<Int32>
    /// Offsets of the code openers, in order, and the index of each one's parent (-1 at
    /// the top level).
    let openers: UnsafeBufferPointer<Int32>
    let openerParents: UnsafeBufferPointer<Int32>
    let comments: UnsafeBufferPointer<Range<Int>>
    let lineStarts: UnsafeBufferPointer<Int>

    func matchingBracket(at offset: Int) -> Int? {
        guard offset >= 0, offset < partners.count, isCodeBracket(masked[offset]) else { return nil }
        let partner = partners[offset]
        return partner < 0 ? nil : Int(partner)
    }

    /// The offset of the innermost code bracket that opens before `offset` and
    /// closes at or after it (see `SwiftSource.enclosingBracket(of:)`).
    func enclosingBracket(of offset: Int) -> Int? {
        enclosingOpenerNumber(of: offset).map { Int(openers[$0]) }
    }

    /// The 1-based line holding byte `offset`.
    func line(atOffset offset: Int) -> Int { lineNumber(in: lineStarts, atOffset: offset) }

    /// The comment holding byte `offset`, if any.
    func comment(containing offset: Int) -> Range<Int>? {
        var low = 0, high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low < comments.count && comments[low].contains(offset) ? comments[low] : nil
    }
}

/// The single pass behind `SwiftSource`.
private struct SwiftLexer {
    // Raw buffers owned by `SwiftSource.init` for the duration of the pass: the lexer
    // touches every byte, so it avoids array bounds and uniqueness checks.
    let input: UnsafeBufferPointer<UInt8>
    let masked: UnsafeMutableBufferPointer<UInt8>
    let partners: UnsafeMutableBufferPointer<Int32>
    var comments: [Range<Int>] = []
    var stringLiterals: [Range<Int>] = []
    var regexLiterals: [Range<Int>] = []
    var interpolations: [Range<Int>] = []
    /// The code openers so far, two entries each: offset, then the index of its parent
    /// opener (-1 at the top level). Owned by the lexer like `openBrackets`, for the same
    /// reason; `run` returns them as the two arrays of `SwiftSource`.
    private var openerTable: UnsafeMutablePointer<Int32>
    private var openerCount = 0
    private var openerCapacity: Int
    /// The brackets still open, innermost last: offset in the high 32 bits, index in
    /// `openers` in the low. A stack the lexer owns (freed by `run`): an array would check
    /// its uniqueness at every push and pop, and brackets come every few bytes.
    private var openBrackets: UnsafeMutablePointer<Int>
    private var openCount = 0
    private var openCapacity = 64
    /// The block of input `nextSpecial` last looked at, and its special bytes (bit k for
    /// byte `blockStart + k`).
    private var blockStart = 0
    private var blockEnd = 0
    private var blockMask: UInt64 = 0

    private static let newline = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let hash = UInt8(ascii: "#")
    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\")
    private static let space = UInt8(ascii: " ")

    init(input: UnsafeBufferPointer<UInt8>, masked: UnsafeMutableBufferPointer<UInt8>,
         partners: UnsafeMutableBufferPointer<Int32>) {
        self.input = input
        self.masked = masked
        self.partners = partners
        openBrackets = .allocate(capacity: openCapacity)
        // Typical Swift has a bracket every 10–20 bytes and a comment or literal every ~100.
        openerCapacity = input.count / 16 + 16
        openerTable = .allocate(capacity: 2 * openerCapacity)
        comments.reserveCapacity(input.count / 256)
        stringLiterals.reserveCapacity(input.count / 128)
    }

    private func byte(_ i: Int) -> UInt8 { i < input.count ? input[i] : 0 }

    /// Bit masks of the bytes that start something: `"`, `#`, `(`, `)`, `/` (0–63) and
    /// `[`, `]`, `{`, `}` (64–127). Everything else is skipped in a tight loop.
    private static let specialLow: UInt64 = 1 << 34 | 1 << 35 | 1 << 40 | 1 << 41 | 1 << 47
    private static let specialHigh: UInt64 = 1 << (91 - 64) | 1 << (93 - 64) | 1 << (123 - 64) | 1 << (125 - 64)

    @inline(__always) private static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 64 ? (specialLow >> UInt64(byte)) & 1 != 0
            : byte < 128 ? (specialHigh >> UInt64(byte - 64)) & 1 != 0 : false
    }

    /// `isSpecial` for every byte value: the loop that skips ordinary bytes does one
    /// lookup per byte instead of the range tests and shifts.
    private static let specialBytes: [Bool] = (0...255).map { isSpecial(UInt8($0)) }

    /// The offset of the first byte at or after `start` that `isSpecial` accepts, or the end.
    /// The bytes are looked at 64 at a time (`specialMask`), and the mask of one block
    /// serves every call that starts inside it: in Swift a special byte comes every ten
    /// bytes or so, so most calls only read the next bit of the mask. `start` never goes
    /// backwards during a scan, which is what lets a block be kept.
    @inline(__always)
    private mutating func nextSpecial(from start: Int, specialBytes: UnsafeBufferPointer<Bool>) -> Int {
        let n = input.count
        var i = start
        while true {
            if i < blockEnd {
                let pending = blockMask & (~0 &<< UInt64(i - blockStart))
                if pending != 0 { return blockStart + pending.trailingZeroBitCount }
                i = blockEnd
            }
            guard i < n, let base = input.baseAddress else { return n }
            blockStart = i
            if i + 64 <= n {
                blockMask = Self.specialMask(UnsafeRawPointer(base + i))
                blockEnd = i + 64
            } else {
                var mask: UInt64 = 0
                for k in 0..<(n - i) where specialBytes[Int(input[i + k])] { mask |= 1 &<< UInt64(k) }
                blockMask = mask
                blockEnd = n
            }
        }
    }

    /// Bit k set when byte k of the 64 at `p` is special.
    @inline(__always)
    private static func specialMask(_ p: UnsafeRawPointer) -> UInt64 {
        typealias Lanes = ByteLanes.Lanes
        var mask: UInt64 = 0
        for k in 0..<4 {
            let (low, high) = specialLanes(p.loadUnaligned(fromByteOffset: 16 * k, as: Lanes.self))
            mask |= (ByteLanes.laneBits(low) | ByteLanes.laneBits(high) &<< 8) &<< UInt64(16 * k)
        }
        return mask
    }

    /// The offset of the first `\\`, `"` or line feed at or after `start` (what ends or
    /// escapes a literal's text), or the end; sixteen bytes at a time.
    @inline(__always)
    private func nextLiteralByte(from start: Int) -> Int {
        let n = input.count
        var i = start
        if let base = input.baseAddress {
            typealias Lanes = ByteLanes.Lanes
            let raw = UnsafeRawPointer(base)
            while i + 16 <= n {
                let bytes = raw.loadUnaligned(fromByteOffset: i, as: Lanes.self)
                let stops = ByteLanes.lanes(bytes, equalTo: Self.backslash) .| ByteLanes.lanes(bytes, equalTo: Self.quote)
                    .| ByteLanes.lanes(bytes, equalTo: Self.newline)
                let (low, high) = ByteLanes.words(Lanes(repeating: 0x80).replacing(with: 0, where: .!stops))
                if low != 0 { return i + low.trailingZeroBitCount >> 3 }
                if high != 0 { return i + 8 + high.trailingZeroBitCount >> 3 }
                i += 16
            }
        }
        while i < n, input[i] != Self.backslash, input[i] != Self.quote, input[i] != Self.newline { i += 1 }
        return i
    }

    /// For sixteen bytes, 0x80 in the lane of each special byte (`"`, `#`, `(`, `)`, `/`, `[`,
    /// `]`, `{`, `}`) and 0 elsewhere, as two words. `"`/`#`, `(`/`)`, `[`/`{` and `]`/`}`
    /// differ in one bit each, so five tests cover the nine bytes.
    @inline(__always)
    private static func specialLanes(_ bytes: ByteLanes.Lanes) -> (low: UInt64, high: UInt64) {
        typealias Lanes = ByteLanes.Lanes
        let oddBit = bytes | Lanes(repeating: 0x01)
        let caseBit = bytes | Lanes(repeating: 0x20)
        let found = ByteLanes.lanes(oddBit, equalTo: 0x23) .| ByteLanes.lanes(oddBit, equalTo: 0x29)
            .| ByteLanes.lanes(bytes, equalTo: 0x2F)
            .| ByteLanes.lanes(caseBit, equalTo: 0x7B) .| ByteLanes.lanes(caseBit, equalTo: 0x7D)
        return ByteLanes.words(Lanes(repeating: 0x80).replacing(with: 0, where: .!found))
    }

    /// Lexes the input; returns the openers and their parents (see `SwiftSource.openers`).
    mutating func run() -> (openers: [Int32], parents: [Int32]) {
        Self.specialBytes.withUnsafeBufferPointer { scan(specialBytes: $0) }
        openBrackets.deallocate()
        let table = openerTable
        let count = openerCount
        let openers = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for k in 0..<count { buffer[k] = table[2 * k] }
            initialized = count
        }
        let parents = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for k in 0..<count { buffer[k] = table[2 * k + 1] }
            initialized = count
        }
        openerTable.deallocate()
        return (openers, parents)
    }

    @inline(__always)
    private mutating func appendOpener(_ offset: Int32, parent: Int32) {
        if openerCount == openerCapacity {
            let grown = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * openerCapacity)
            grown.moveInitialize(from: openerTable, count: 2 * openerCount)
            openerTable.deallocate()
            openerTable = grown
            openerCapacity *= 2
        }
        openerTable[2 * openerCount] = offset
        openerTable[2 * openerCount + 1] = parent
        openerCount += 1
    }

    @inline(__always)
    private mutating func pushOpenBracket(_ entry: Int) {
        if openCount == openCapacity {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: openCapacity * 2)
            grown.moveInitialize(from: openBrackets, count: openCount)
            openBrackets.deallocate()
            openBrackets = grown
            openCapacity *= 2
        }
        openBrackets[openCount] = entry
        openCount += 1
    }

    private mutating func scan(specialBytes: UnsafeBufferPointer<Bool>) {
        let n = input.count
        var i = 0
        while i < n {
            i = nextSpecial(from: i, specialBytes: specialBytes)
            guard i < n else { break }
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
                } else if let end = bareRegex(at: i) {
                    regex(start: i, end: end, hashes: 0)
                    i = end
                } else {
                    i += 1
                }
            case Self.quote:
                i = plainLiteral(start: i) ?? literal(start: i, hashes: 0)
            case Self.hash:
                var j = i
                while j < n, input[j] == Self.hash { j += 1 }
                if j < n, input[j] == Self.quote {
                    i = literal(start: i, hashes: j - i)
                } else if j < n, input[j] == Self.slash {
                    let end = extendedRegexEnd(start: i, hashes: j - i)
                    regex(start: i, end: end, hashes: j - i)
                    i = end
                } else {
                    i = j
                }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                partners[i] = -1 // until it closes
                pushOpenBracket(i << 32 | openerCount)
                appendOpener(Int32(i), parent: openCount > 1 ? Int32(truncatingIfNeeded: openBrackets[openCount - 2]) : -1)
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
    @inline(__always)
    private mutating func close(at offset: Int) {
        let opener: UInt8 = switch input[offset] {
        case UInt8(ascii: ")"): UInt8(ascii: "(")
        case UInt8(ascii: "]"): UInt8(ascii: "[")
        default: UInt8(ascii: "{")
        }
        var index = openCount - 1
        while index >= 0, input[openBrackets[index] >> 32] != opener { index -= 1 }
        guard index >= 0 else {
            partners[offset] = -1
            return
        }
        let open = openBrackets[index] >> 32
        openCount = index
        partners[open] = Int32(offset)
        partners[offset] = Int32(open)
    }

    /// The common literal, `"…"` on one line without a backslash, read without the general
    /// scanner (`literal`), whose call and set-up cost more than the reading: recorded and
    /// blanked; returns its end. Nil for the others: `"""`, or a backslash (an escape or an
    /// interpolation) before the literal's end.
    @inline(__always)
    private mutating func plainLiteral(start: Int) -> Int? {
        let n = input.count
        if byte(start + 1) == Self.quote && byte(start + 2) == Self.quote { return nil }
        let stop = nextLiteralByte(from: start + 1)
        let end: Int
        if stop == n {
            end = n  // left open at the end of the file
        } else if input[stop] == Self.quote {
            end = stop + 1
        } else if input[stop] == Self.newline {
            end = stop  // left open: it ends at its line break
        } else {
            return nil
        }
        stringLiterals.append(start..<end)
        blank((start + 1)..<stop)
        return end
    }

    /// A top-level literal: records it and its interpolations, and blanks its contents.
    private mutating func literal(start: Int, hashes: Int) -> Int {
        let (contentStart, contentEnd, end) = scanLiteral(start: start, hashes: hashes, recordsInterpolations: true)
        stringLiterals.append(start..<end)
        blank(contentStart..<contentEnd)
        return end
    }

    /// A regex literal from `start` (its first `#` or `/`) to `end`: records it and blanks
    /// what lies between its delimiters.
    private mutating func regex(start: Int, end: Int, hashes: Int) {
        regexLiterals.append(start..<end)
        var contentEnd = end
        while contentEnd > start + hashes + 1, input[contentEnd - 1] == Self.hash { contentEnd -= 1 }
        if contentEnd > start + hashes + 1, input[contentEnd - 1] == Self.slash { contentEnd -= 1 }
        blank((start + hashes + 1)..<max(contentEnd, start + hashes + 1))
    }

    // MARK: Regex literals (the rules of SwiftSyntax's RegexLiteralLexer)

    private static func isSpaceOrTab(_ b: UInt8) -> Bool { b == Self.space || b == UInt8(ascii: "\t") }
    private static func isLineBreak(_ b: UInt8) -> Bool { b == Self.newline || b == UInt8(ascii: "\r") }

    private static func isOperatorByte(_ b: UInt8) -> Bool { A11ySwiftReader.isOperatorByte(b) }

    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// Keywords after which a `/` starts an expression (a regex) rather than dividing one:
    /// every keyword but the ones that are expressions themselves.
    private static let regexKeywords: Set<[UInt8]> = Set([
        "return", "case", "in", "if", "guard", "while", "where", "throw", "throws", "try", "await", "else",
        "switch", "let", "var", "is", "as", "repeat", "defer", "do", "catch", "for", "some", "any", "inout",
        "default", "func", "operator", "import", "struct", "class", "enum", "protocol", "extension",
        "static", "private", "public", "internal", "fileprivate", "open", "init", "subscript", "typealias",
        "consume", "copy", "each", "discard", "yield", "then",
    ].map { Array($0.utf8) })

    /// The byte before `offset` that is not white space or part of a comment already
    /// read, or nil at the start of the file.
    private func previousSignificant(before offset: Int) -> Int? {
        var j = offset - 1
        var commentIndex = comments.count - 1
        while j >= 0 {
            let b = input[j]
            if Self.isSpaceOrTab(b) || Self.isLineBreak(b) { j -= 1; continue }
            while commentIndex >= 0, comments[commentIndex].lowerBound > j { commentIndex -= 1 }
            if commentIndex >= 0, comments[commentIndex].contains(j) {
                j = comments[commentIndex].lowerBound - 1
                continue
            }
            return j
        }
        return nil
    }

    /// The word (identifier or keyword) ending at `end` (inclusive).
    private func word(endingAt end: Int) -> ArraySlice<UInt8> {
        var start = end
        while start > 0, Self.isWordByte(input[start - 1]) { start -= 1 }
        return input.count > 0 ? ArraySlice(input[start...end]) : []
    }

    /// SwiftSyntax's `isInRegexLiteralPosition`: whether the previous token expects an
    /// expression after it.
    private func isInRegexLiteralPosition(_ offset: Int) -> Bool {
        guard let p = previousSignificant(before: offset) else { return true }
        let b = input[p]
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: ","),
             UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "^"), UInt8(ascii: "~"),
             UInt8(ascii: "<"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            // Postfix (`x!`, `x?`) when bound to the operand before it; else an operator.
            return p == 0 || !(Self.isWordByte(input[p - 1]) || input[p - 1] == UInt8(ascii: ")")
                               || input[p - 1] == UInt8(ascii: "]"))
        case UInt8(ascii: ">"):
            // `->` and generic closers do not sequence expressions; `a > b` does.
            return p > 0 && Self.isSpaceOrTab(input[p - 1])
        default:
            guard Self.isWordByte(b) else { return false }
            let w = word(endingAt: p)
            if w.first.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true { return false }
            let start = p - w.count + 1
            // `#if`, `#else`, `#endif`: pound keywords sequence expressions.
            if start > 0, input[start - 1] == Self.hash { return true }
            return Self.regexKeywords.contains(Array(w))
        }
    }

    /// The end of the bare `/…/` regex literal whose `/` is at `slash`, or nil when Swift
    /// reads that `/` as an operator.
    private func bareRegexEnd(at slash: Int) -> Int? {
        let n = input.count
        // The operator the `/` is part of starts before it when prefix operator characters
        // lead it (`!/x/.isEmpty`, `-/u/`): boundness is judged at the operator's start.
        var operatorStart = slash
        while operatorStart > 0, Self.isOperatorByte(input[operatorStart - 1]),
              input[operatorStart - 1] != Self.slash, input[operatorStart - 1] != Self.star {
            operatorStart -= 1
        }
        // Left-bound (`a/b`, `x/`): an operator.
        if operatorStart > 0 {
            let slash = operatorStart
            let previous = input[slash - 1]
            let unbound = Self.isSpaceOrTab(previous) || Self.isLineBreak(previous)
                || previous == UInt8(ascii: "(") || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
                || previous == UInt8(ascii: ",") || previous == UInt8(ascii: ";") || previous == UInt8(ascii: ":")
                || (previous == Self.slash && slash > 1 && input[slash - 2] == Self.star)
            if !unbound { return nil }
        }
        // After `func` or `operator` it names an operator.
        if let p = previousSignificant(before: operatorStart), Self.isWordByte(input[p]) {
            let w = word(endingAt: p)
            if w.elementsEqual("func".utf8) || w.elementsEqual("operator".utf8) { return nil }
        }
        var operatorEnd = slash + 1
        while operatorEnd < n, Self.isOperatorByte(input[operatorEnd]) {
            if input[operatorEnd] == Self.slash, operatorEnd + 1 < n,
               input[operatorEnd + 1] == Self.slash || input[operatorEnd + 1] == Self.star { break }
            operatorEnd += 1
        }
        let rightBound: Bool
        if operatorEnd >= n {
            rightBound = false
        } else {
            switch input[operatorEnd] {
            case Self.space, UInt8(ascii: "\t"), Self.newline, UInt8(ascii: "\r"), UInt8(ascii: ")"),
                 UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                rightBound = false
            case Self.slash:
                rightBound = !(operatorEnd + 1 < n && (input[operatorEnd + 1] == Self.slash || input[operatorEnd + 1] == Self.star))
            default:
                rightBound = true
            }
        }
        var mustBeRegex = false
        if !rightBound {
            // Spaced like a binary operator: a regex only in expression position.
            guard isInRegexLiteralPosition(operatorStart) else { return nil }
            if let p = previousSignificant(before: operatorStart) {
                let b = input[p]
                mustBeRegex = !(b == UInt8(ascii: "(") || b == UInt8(ascii: "[") || b == UInt8(ascii: ",")
                                || b == UInt8(ascii: ":"))
            } else {
                mustBeRegex = true
            }
        }
        return scanBareRegex(slash: slash, mustBeRegex: mustBeRegex)
    }

    private func scanBareRegex(slash: Int, mustBeRegex: Bool) -> Int? {
        let n = input.count
        var i = slash + 1
        if i < n {
            let next = input[i]
            if Self.isSpaceOrTab(next), !mustBeRegex { return nil }
            if next == Self.star || next == Self.slash { return nil }
        }
        var groupDepth = 0
        var classDepth = 0
        var lastUnescapedSpace = -1
        while i < n {
            let b = input[i]
            if b == Self.slash {
                if i + 1 < n, input[i + 1] == Self.star || input[i + 1] == Self.slash {
                    return mustBeRegex ? i : nil
                }
                if lastUnescapedSpace == i - 1, !mustBeRegex { return nil }
                return i + 1
            }
            if Self.isLineBreak(b) { return mustBeRegex ? i : nil }
            var escaped = false
            var c = b
            if b == Self.backslash {
                escaped = true
                i += 1
                guard i < n else { return mustBeRegex ? i : nil }
                c = input[i]
                if Self.isLineBreak(c) { return mustBeRegex ? i : nil }
            }
            switch c {
            case UInt8(ascii: "(") where !escaped && classDepth == 0:
                groupDepth += 1
            case UInt8(ascii: ")") where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return nil }
                } else {
                    groupDepth -= 1
                }
            case UInt8(ascii: "[") where !escaped:
                classDepth += 1
            case UInt8(ascii: "]") where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case Self.space, UInt8(ascii: "\t"):
                if !escaped { lastUnescapedSpace = i }
            default:
                break
            }
            i += 1
        }
        return mustBeRegex ? n : nil
    }

    private func bareRegex(at slash: Int) -> Int? { bareRegexEnd(at: slash) }

    /// The end of the `#…#/…/#…#` regex literal whose first `#` is at `start`: `hashes`
    /// `#` before the opening `/`, at least as many after the closing one. It is
    /// multi-line when `#/` is followed by a line break (blanks allowed); else it ends at
    /// its line. Unterminated, it ends at its first line break.
    private func extendedRegexEnd(start: Int, hashes: Int) -> Int {
        let n = input.count
        var i = start + hashes + 1
        var multiLine = false
        var scan = i
        while scan < n, Self.isSpaceOrTab(input[scan]) { scan += 1 }
        if scan < n, Self.isLineBreak(input[scan]) {
            multiLine = true
            i = scan
        }
        let firstLineBreak = multiLine ? i : -1
        while i < n {
            let b = input[i]
            if b == Self.slash {
                var j = i + 1
                while j < n, input[j] == Self.hash { j += 1 }
                if j - i - 1 >= hashes { return j }
                i += 1
                continue
            }
            if Self.isLineBreak(b), !multiLine { return i }
            if b == Self.backslash {
                if i + 1 < n, Self.isLineBreak(input[i + 1]), !multiLine { return i + 1 }
                i += 2
                continue
            }
            i += 1
        }
        return multiLine ? firstLineBreak : n
    }

    /// Blanks `range` in `masked`, keeping line breaks; sixteen bytes at a time (comments and
    /// literals are a large part of most files). Most literals are shorter than sixteen
    /// bytes: their last bytes are blanked as one block too, whose lanes past the range are
    /// written back as they were.
    /// Inlined: called on the lexer held by `scan`, an out-of-line call would copy the
    /// whole lexer struct first.
    @inline(__always)
    private func blank(_ range: Range<Int>) {
        var i = range.lowerBound
        let end = range.upperBound
        if let base = masked.baseAddress {
            typealias Lanes = ByteLanes.Lanes
            let raw = UnsafeMutableRawPointer(base)
            let space = Lanes(repeating: Self.space)
            while i + 16 <= end {
                let bytes = raw.loadUnaligned(fromByteOffset: i, as: Lanes.self)
                let keep = ByteLanes.lanes(bytes, equalTo: Self.newline) .| ByteLanes.lanes(bytes, equalTo: UInt8(ascii: "\r"))
                raw.storeBytes(of: space.replacing(with: bytes, where: keep), toByteOffset: i, as: Lanes.self)
                i += 16
            }
            if i < end, i + 16 <= masked.count {
                let bytes = raw.loadUnaligned(fromByteOffset: i, as: Lanes.self)
                // Lane k lies past the range when k minus the bytes left does not wrap below zero.
                let index = Lanes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
                let outside = (index &- Lanes(repeating: UInt8(truncatingIfNeeded: end - i))) .< Lanes(repeating: 16)
                let keep = outside .| ByteLanes.lanes(bytes, equalTo: Self.newline)
                    .| ByteLanes.lanes(bytes, equalTo: UInt8(ascii: "\r"))
                raw.storeBytes(of: space.replacing(with: bytes, where: keep), toByteOffset: i, as: Lanes.self)
                return
            }
        }
        while i < end {
            if masked[i] != Self.newline && masked[i] != UInt8(ascii: "\r") { masked[i] = Self.space }
            i += 1
        }
    }

    /// End (exclusive) of the `//` comment at `start`: its line break, not included.
    private func skipLineComment(_ start: Int) -> Int {
        let from = start + 2
        guard from < input.count, let base = input.baseAddress,
              let found = memchr(base + from, Int32(Self.newline), input.count - from) else { return input.count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
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
    private mutating func scanLiteral(start: Int, hashes: Int) -> (contentStart: Int, contentEnd: Int, end: Int) {
        scanLiteral(start: start, hashes: hashes, recordsInterpolations: false)
    }

    /// True when the `"""` at `quoteAt` opens a multi-line literal: always for a plain one;
    /// for a raw one, only when its line does not close a one-line literal first (`#"""#`
    /// is the string `"`), as Swift's lexer decides.
    /// Inlined: called from the mutating scanner, an out-of-line call would copy the whole
    /// lexer struct first.
    @inline(__always)
    private func opensMultiLine(quoteAt: Int, hashes: Int) -> Bool {
        guard byte(quoteAt + 1) == Self.quote, byte(quoteAt + 2) == Self.quote else { return false }
        guard hashes > 0 else { return true }
        let n = input.count
        var j = quoteAt + 2
        while j < n, !Self.isLineBreak(input[j]) {
            if input[j] == Self.quote {
                var k = j + 1
                while k < n, k - j - 1 < hashes, input[k] == Self.hash { k += 1 }
                if k - j - 1 == hashes { return false }
            }
            j += 1
        }
        return true
    }

    /// `recordsInterpolations`: append the literal's interpolations to `interpolations`
    /// (a top-level literal; those nested in an interpolation are not listed).
    private mutating func scanLiteral(start: Int, hashes: Int,
                                      recordsInterpolations: Bool) -> (contentStart: Int, contentEnd: Int, end: Int) {
        let n = input.count
        let quoteAt = start + hashes
        let isMultiLine = opensMultiLine(quoteAt: quoteAt, hashes: hashes)
        let contentStart = quoteAt + (isMultiLine ? 3 : 1)
        var i = contentStart
        while i < n {
            i = nextLiteralByte(from: i)
            guard i < n else { break }
            let b = input[i]
            if b == Self.backslash {
                // An escape needs as many `#` after the backslash as the literal has.
                var j = i + 1
                while j < n, j - i - 1 < hashes, input[j] == Self.hash { j += 1 }
                guard j - i - 1 == hashes else { i += 1; continue }
                if byte(j) == UInt8(ascii: "(") {
                    i = skipInterpolation(openParen: j)
                    if recordsInterpolations { interpolations.append((j + 1)..<max(j + 1, i - 1)) }
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
    private mutating func skipInterpolation(openParen: Int) -> Int {
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

/// A bracket byte: in `masked`, a code bracket (those in comments and strings are blanked).
@inline(__always)
func isCodeBracket(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
        return true
    default:
        return false
    }
}

/// The 1-based line holding byte `offset`: the last line start at or before it
/// (offsets past the end count as the last line).
func lineNumber<Starts: RandomAccessCollection<Int>>(in lineStarts: Starts, atOffset offset: Int) -> Int
where Starts.Index == Int {
    var low = 0, high = lineStarts.count - 1
    while low < high {
        let mid = (low + high + 1) / 2
        if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + 1
}

/// A byte that may continue a Swift identifier: ASCII letters, digits, `_`, `$`, and every
/// byte of a non-ASCII character (Swift allows most of them). The one definition every
/// reader of Swift in a11ylint uses. Inlinable: the readers of other modules call it for
/// most bytes they look at.
@inlinable @inline(__always)
public func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
         UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
        return true
    default:
        return false
    }
}

/// A byte that may start a Swift identifier: `isIdentifierByte` but not a digit.
@inlinable @inline(__always)
public func isIdentifierStart(_ byte: UInt8) -> Bool {
    isIdentifierByte(byte) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}

/// An ASCII byte that is an operator character (`+ - * / % < > & | ^ ~ ! = ?`); the one
/// definition the reader and the view-position rules use.
@inlinable @inline(__always)
public func isOperatorByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
         UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
         UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
        return true
    default:
        return false
    }
}

/// Sixteen bytes at a time. Lane-wise comparisons (`.==`) and `&`, `|`, `^`, `&+` compile to
/// single vector instructions; a comparison's lanes become the 0x80 marks that `words` and
/// `laneBits` read with one `&` (`Lanes(repeating: 0x80).replacing(with: 0, where: .!lanes)`).
enum ByteLanes {
    typealias Lanes = SIMD16<UInt8>

    /// The lanes of `x` equal to `byte`.
    @inline(__always)
    static func lanes(_ x: Lanes, equalTo byte: UInt8) -> SIMDMask<SIMD16<Int8>> {
        x .== Lanes(repeating: byte)
    }

    /// The lanes as two words, lane 0 in the low byte of `low`: the index of a marked lane is
    /// its word's `trailingZeroBitCount / 8` (plus 8 in `high`).
    @inline(__always)
    static func words(_ x: Lanes) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(x, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
    }

    /// One bit per lane of a word from `words` (0x80 or 0 in each byte): bit k for byte k.
    /// The multiplication moves the high bit of byte k to bit 56 + k, without carries.
    @inline(__always)
    static func laneBits(_ word: UInt64) -> UInt64 {
        ((word &>> 7) &* 0x0102_0408_1020_4080) &>> 56
    }
}
