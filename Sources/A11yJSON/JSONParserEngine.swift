// The parsing engine behind `JSONDocument`: one pass over raw UTF-8 bytes, an explicit
// stack instead of recursion (so deep input cannot overflow the call stack), and line
// and column tracked as it goes so every node gets its position without a second pass.

private enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let star = UInt8(ascii: "*")
    static let singleQuote = UInt8(ascii: "'")
}

/// Powers of ten that a Double holds exactly (for the exact fast path of numbers).
private let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

/// Where an open array or object started (for "never closed" messages).
private struct OpenBracket {
    var isObject: Bool
    var start: JSONPosition
}

/// One open array or object while parsing.
private struct OpenContainer {
    var isObject: Bool
    var start: JSONPosition
    /// Where this container's finished elements or members begin in the shared stacks.
    var firstPending: Int
    /// The key whose value is being parsed (objects only).
    var key: String = ""
    var keyPosition: JSONPosition

    init(isObject: Bool, start: JSONPosition, firstPending: Int) {
        self.isObject = isObject
        self.start = start
        self.firstPending = firstPending
        self.keyPosition = start
    }

    var bracket: OpenBracket { OpenBracket(isObject: isObject, start: start) }
}

struct JSONParser {
    private let base: UnsafePointer<UInt8>?
    private let end: Int
    private let maxDepth: Int
    private var offset = 0

    // Line tracking. Line breaks only occur in whitespace (a raw one in a string is an
    // error), so the whitespace skipper is the only place that advances lines.
    private var line = 1
    private var lineStart = 0
    /// Until the current line has shown a non-ASCII byte, column = offset - lineStart + 1.
    private var lineHasNonASCII = false
    /// A known (offset, column) on the current line, so counting scalars never goes back.
    private var anchorOffset = 0
    private var anchorColumn = 1
    private(set) var lineStarts: [Int] = []
    /// Keys repeated within one object, in the order their objects close.
    private(set) var duplicateKeys: [JSONDuplicateKey] = []

    /// Reused buffer for decoding strings that contain escapes.
    private var scratch: [UInt8] = []

    init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.base = buffer.baseAddress
        self.end = buffer.count
        self.maxDepth = max(maxDepth, 0)
    }

    @inline(__always)
    private func byte(_ index: Int) -> UInt8 { base.unsafelyUnwrapped[index] }

    // MARK: - Document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if end >= 3, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF {
            offset = 3
            lineStart = 3
            anchorOffset = 3
        }
        lineStarts.append(lineStart)
        if offset == end {
            throw JSONSyntaxError(position: JSONPosition(line: 1, column: 1, offset: 0),
                                  message: "file is empty")
        }
        if end >= 2, (byte(0) == 0xFF && byte(1) == 0xFE) || (byte(0) == 0xFE && byte(1) == 0xFF) {
            throw error("invalid UTF-8 byte " + Self.hexByte(byte(0))
                        + " (the file looks UTF-16 encoded; save it as UTF-8)", at: 0)
        }
        skipWhitespace()
        if offset == end {
            throw JSONSyntaxError(position: JSONPosition(line: 1, column: 1, offset: 0),
                                  message: "file contains only whitespace, expected a JSON value")
        }
        let root = try parseValueTree()
        skipWhitespace()
        if offset < end {
            throw unexpected(expected: nil, context: "after the top-level value", open: nil)
        }
        return root
    }

    // MARK: - Values

    /// Parses one value (with everything nested in it) starting at `offset`, which must
    /// be at a non-whitespace byte or the end.
    private mutating func parseValueTree() throws(JSONSyntaxError) -> JSONNode {
        var stack: [OpenContainer] = []
        // Finished children of all open containers, innermost last; a closing bracket
        // moves its children out into one exactly sized array.
        var pendingElements = PendingStack<JSONNode>()
        var pendingMembers = PendingStack<JSONMember>()
        var node: JSONNode

        parseValue: while true {
            guard offset < end else {
                throw endOfInput(expected: "a value", open: stack.last?.bracket)
            }
            let first = byte(offset)
            switch first {
            case Byte.openBrace, Byte.openBracket:
                let isObject = first == Byte.openBrace
                guard let empty = try openContainer(isObject: isObject, on: &stack,
                                                    firstPending: isObject ? pendingMembers.count : pendingElements.count)
                else { continue parseValue }
                node = empty
            case Byte.quote:
                let start = position(at: offset)
                let text = try parseString(openingQuote: start)
                node = JSONNode(value: .string(text), position: start, endOffset: offset)
            case Byte.minus, Byte.zero...Byte.nine:
                node = try parseNumber()
            default:
                node = try parseLiteral(open: stack.last?.bracket)
            }

            // Attach the finished node to its container, closing containers as they end.
            while true {
                guard !stack.isEmpty else { return node }
                skipWhitespace()
                let closed = stack[stack.count - 1].isObject
                    ? try attachMember(node, to: &stack, pending: &pendingMembers)
                    : try attachElement(node, to: &stack, pending: &pendingElements)
                guard let closed else { continue parseValue }
                node = closed
            }
        }
    }

    /// At `{` or `[`: the node of an empty container, or nil once the container is open
    /// (pushed on `stack`, an object's first key read) and its first value comes next.
    @inline(__always)
    private mutating func openContainer(isObject: Bool, on stack: inout [OpenContainer],
                                        firstPending: Int) throws(JSONSyntaxError) -> JSONNode? {
        let start = position(at: offset)
        if stack.count >= maxDepth {
            throw JSONSyntaxError(position: start,
                                  message: "nesting deeper than \(maxDepth) levels")
        }
        offset += 1
        skipWhitespace()
        let close = isObject ? Byte.closeBrace : Byte.closeBracket
        if offset < end, byte(offset) == close {
            offset += 1
            return JSONNode(value: isObject ? .object([]) : .array([]),
                            position: start, endOffset: offset)
        }
        var container = OpenContainer(isObject: isObject, start: start, firstPending: firstPending)
        if isObject {
            try parseMemberKey(into: &container, afterCommaAt: nil, open: OpenBracket(isObject: true, start: start))
        }
        stack.append(container)
        return nil
    }

    /// Adds `value` as a member of the innermost open object (top of `stack`), then reads
    /// what follows it at `offset`: a comma and the next key (nil: that member's value
    /// comes next), or `}` (the finished object, popped off `stack`).
    @inline(__always)
    private mutating func attachMember(_ value: consuming JSONNode, to stack: inout [OpenContainer],
                                       pending: inout PendingStack<JSONMember>) throws(JSONSyntaxError) -> JSONNode? {
        let top = stack.count - 1
        pending.append(JSONMember(key: stack[top].key, keyPosition: stack[top].keyPosition, value: value))
        guard offset < end else {
            throw endOfInput(expected: "',' or '}' after object member", open: stack[top].bracket)
        }
        let next = byte(offset)
        if next == Byte.comma {
            let comma = offset
            offset += 1
            skipWhitespace()
            let open = stack[top].bracket
            try parseMemberKey(into: &stack[top], afterCommaAt: comma, open: open)
            return nil
        }
        if next == Byte.closeBrace {
            offset += 1
            let container = stack.removeLast()
            let members = pending.moveOut(from: container.firstPending)
            if members.count > 1 { findDuplicateKeys(members) }
            return JSONNode(value: .object(members), position: container.start, endOffset: offset)
        }
        throw unexpected(expected: "',' or '}'", context: "after object member", open: stack[top].bracket)
    }

    /// Records every key of `members` that an earlier member already has. Small objects
    /// (the common case) are compared pairwise, with no allocation; larger ones through
    /// a dictionary.
    private mutating func findDuplicateKeys(_ members: [JSONMember]) {
        if members.count <= 16 {
            for later in 1..<members.count {
                for earlier in 0..<later where members[earlier].key == members[later].key {
                    duplicateKeys.append(JSONDuplicateKey(key: members[later].key, first: members[earlier].keyPosition,
                                                          repeated: members[later].keyPosition))
                    break
                }
            }
            return
        }
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(members.count)
        for (index, member) in members.enumerated() {
            if let earlier = firstIndex[member.key] {
                duplicateKeys.append(JSONDuplicateKey(key: member.key, first: members[earlier].keyPosition,
                                                      repeated: member.keyPosition))
            } else {
                firstIndex[member.key] = index
            }
        }
    }

    /// Adds `value` as an element of the innermost open array (top of `stack`), then reads
    /// what follows it at `offset`: a comma (nil: the next element comes next), or `]`
    /// (the finished array, popped off `stack`).
    @inline(__always)
    private mutating func attachElement(_ value: consuming JSONNode, to stack: inout [OpenContainer],
                                        pending: inout PendingStack<JSONNode>) throws(JSONSyntaxError) -> JSONNode? {
        let top = stack.count - 1
        pending.append(value)
        guard offset < end else {
            throw endOfInput(expected: "',' or ']' after array element", open: stack[top].bracket)
        }
        let next = byte(offset)
        if next == Byte.comma {
            let comma = offset
            offset += 1
            skipWhitespace()
            if offset < end, byte(offset) == Byte.closeBracket {
                throw error("trailing comma before ']'", at: comma)
            }
            return nil
        }
        if next == Byte.closeBracket {
            offset += 1
            let container = stack.removeLast()
            return JSONNode(value: .array(pending.moveOut(from: container.firstPending)),
                            position: container.start, endOffset: offset)
        }
        throw unexpected(expected: "',' or ']'", context: "after array element", open: stack[top].bracket)
    }

    /// Parses `"key"` and the `:` after it, leaving `offset` at the member's value.
    /// `offset` is at the first non-whitespace byte after `{` or `,`.
    private mutating func parseMemberKey(into container: inout OpenContainer, afterCommaAt comma: Int?,
                                         open: OpenBracket) throws(JSONSyntaxError) {
        guard offset < end else {
            throw endOfInput(expected: comma == nil ? "a key or '}'" : "a key after ','", open: open)
        }
        let first = byte(offset)
        if first != Byte.quote {
            if first == Byte.closeBrace, let comma {
                throw error("trailing comma before '}'", at: comma)
            }
            if first == Byte.singleQuote {
                throw error("object keys must be in double quotes, not single quotes", at: offset)
            }
            if isWordByte(first), !(Byte.zero...Byte.nine).contains(first) {
                let word = tokenText(from: offset)
                throw error("object key '\(word)' must be in double quotes", at: offset)
            }
            throw unexpected(expected: comma == nil ? "a double-quoted key or '}'" : "a double-quoted key",
                             context: comma == nil ? "after '{'" : "after ','", open: open)
        }
        let keyPosition = position(at: offset)
        let key = try parseString(openingQuote: keyPosition)
        skipWhitespace()
        guard offset < end else { throw endOfInput(expected: "':' after object key", open: open) }
        guard byte(offset) == Byte.colon else {
            throw unexpected(expected: "':'", context: "after object key", open: open)
        }
        offset += 1
        skipWhitespace()
        container.key = key
        container.keyPosition = keyPosition
    }

    // MARK: - Whitespace and positions

    @inline(__always)
    private mutating func skipWhitespace() {
        while offset < end {
            let current = byte(offset)
            if current == Byte.space {
                offset += 1
                // Indentation comes in runs: step over eight spaces at a time.
                while offset + 8 <= end,
                      UnsafeRawPointer(base.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
                        == 0x2020_2020_2020_2020 {
                    offset += 8
                }
            } else if current == Byte.newline {
                offset += 1
                startLine()
            } else if current == Byte.carriageReturn {
                offset += 1
                if offset < end, byte(offset) == Byte.newline { offset += 1 }
                startLine()
            } else if current == Byte.tab {
                offset += 1
            } else {
                return
            }
        }
    }

    @inline(__always)
    private mutating func startLine() {
        line += 1
        lineStart = offset
        lineStarts.append(offset)
        lineHasNonASCII = false
    }

    @inline(__always)
    private mutating func noteNonASCII(at index: Int) {
        if !lineHasNonASCII {
            lineHasNonASCII = true
            anchorOffset = index
            anchorColumn = index - lineStart + 1
        }
    }

    /// Position of `index`, which must not be past what has been scanned.
    @inline(__always)
    private mutating func position(at index: Int) -> JSONPosition {
        guard index >= lineStart else { return positionBeforeCurrentLine(index) }
        if !lineHasNonASCII {
            return JSONPosition(line: line, column: index - lineStart + 1, offset: index)
        }
        if index < anchorOffset {
            anchorOffset = lineStart
            anchorColumn = 1
        }
        var column = anchorColumn
        var scan = anchorOffset
        while scan < index {
            if byte(scan) & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        anchorOffset = index
        anchorColumn = column
        return JSONPosition(line: line, column: column, offset: index)
    }

    /// Slow path for an earlier line (a trailing comma before a line break, for instance).
    private func positionBeforeCurrentLine(_ index: Int) -> JSONPosition {
        let lineIndex = JSONDocument.lineIndex(containing: index, in: lineStarts)
        let start = lineStarts[lineIndex]
        var column = 1
        var scan = start
        while scan < index {
            if byte(scan) & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return JSONPosition(line: lineIndex + 1, column: column, offset: index)
    }

    // MARK: - Strings

    /// True when one of the eight bytes is `"`, `\`, a control character or non-ASCII.
    @inline(__always)
    private static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(Byte.quote))
        let backslashes = word ^ (ones &* UInt64(Byte.backslash))
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = word &- (ones &* 0x20)
        return ((hasQuote | hasBackslash | hasControl | word) & highBits) != 0
    }

    /// Parses the string whose opening quote is at `offset`; leaves `offset` past the
    /// closing quote. Validates UTF-8, escapes and control characters on the way.
    private mutating func parseString(openingQuote: JSONPosition) throws(JSONSyntaxError) -> String {
        let contentStart = offset + 1
        var index = contentStart
        var hasEscape = false
        let start = base.unsafelyUnwrapped
        while true {
            while index + 8 <= end,
                  !Self.needsAttention(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            guard index < end else {
                throw JSONSyntaxError(position: openingQuote,
                                      message: "unterminated string: missing closing '\"' before the end of input")
            }
            let current = byte(index)
            if current == Byte.quote { break }
            if current == Byte.backslash {
                hasEscape = true
                index = try validateEscape(at: index, openingQuote: openingQuote)
            } else if current >= 0x80 {
                noteNonASCII(at: index)
                index = try validateUTF8Sequence(at: index)
            } else if current < 0x20 {
                if current == Byte.newline || current == Byte.carriageReturn {
                    throw JSONSyntaxError(position: openingQuote,
                                          message: "unterminated string: missing closing '\"' before the end of the line")
                }
                throw error("control character \(Self.scalarName(UInt32(current))) in string; write it as "
                            + Self.escapeSuggestion(current), at: index)
            } else {
                index += 1
            }
        }
        offset = index + 1
        let raw = UnsafeBufferPointer(start: start + contentStart, count: index - contentStart)
        if !hasEscape { return String(decoding: raw, as: UTF8.self) }
        return decodeEscapes(raw)
    }

    private static func escapeSuggestion(_ control: UInt8) -> String {
        switch control {
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0C: return "\\f"
        default:
            let hex = String(control, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// Checks the escape at `index` (a backslash); returns the index after it.
    private mutating func validateEscape(at index: Int, openingQuote: JSONPosition) throws(JSONSyntaxError) -> Int {
        guard index + 1 < end else {
            throw JSONSyntaxError(position: openingQuote,
                                  message: "unterminated string: missing closing '\"' before the end of input")
        }
        switch byte(index + 1) {
        case Byte.quote, Byte.backslash, Byte.slash,
             UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            guard let unit = hexUnit(at: index + 2) else {
                throw error("invalid \\u escape: expected 4 hex digits after \\u", at: index)
            }
            if (0xDC00...0xDFFF).contains(unit) {
                throw error("unpaired surrogate escape \(rawText(index, 6)): a low surrogate must follow a high surrogate escape",
                            at: index)
            }
            guard (0xD800...0xDBFF).contains(unit) else { return index + 6 }
            if index + 7 < end, byte(index + 6) == Byte.backslash, byte(index + 7) == UInt8(ascii: "u"),
               let low = hexUnit(at: index + 8), (0xDC00...0xDFFF).contains(low) {
                return index + 12
            }
            throw error("unpaired surrogate escape \(rawText(index, 6)): a high surrogate must be followed by a low surrogate escape (\\uDC00 to \\uDFFF)",
                        at: index)
        default:
            let escaped = byte(index + 1)
            if escaped >= 0x80 { noteNonASCII(at: index + 1) }
            let shown = escaped >= 0x20 && escaped < 0x7F
                ? "'\\\(Character(Unicode.Scalar(escaped)))'"
                : "'\\' followed by \(describeCharacter(at: index + 1))"
            throw error("invalid escape \(shown) in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        at: index)
        }
    }

    private func rawText(_ index: Int, _ count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base.unsafelyUnwrapped + index, count: min(count, end - index)),
               as: UTF8.self)
    }

    @inline(__always)
    private func hexUnit(at index: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        return Self.hexValue(UnsafeBufferPointer(start: base.unsafelyUnwrapped + index, count: 4))
    }

    static func hexValue<Digits: Collection<UInt8>>(_ digits: Digits) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte is at `index`; returns the
    /// index after it. Rejects overlong forms, encoded surrogates and values past U+10FFFF.
    @inline(__always)
    private mutating func validateUTF8Sequence(at index: Int) throws(JSONSyntaxError) -> Int {
        if let length = utf8SequenceLength(at: index) { return index + length }
        throw invalidUTF8(at: index)
    }

    /// Length of the well-formed UTF-8 sequence at `index`, or nil.
    private func utf8SequenceLength(at index: Int) -> Int? {
        let lead = byte(index)
        if lead < 0x80 { return 1 }
        @inline(__always) func continuation(_ at: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            at < end && range.contains(byte(at))
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(index + 1) ? 2 : nil
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            return continuation(index + 1, second) && continuation(index + 2) ? 3 : nil
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            return continuation(index + 1, second) && continuation(index + 2) && continuation(index + 3) ? 4 : nil
        default:
            return nil
        }
    }

    private mutating func invalidUTF8(at index: Int) -> JSONSyntaxError {
        var message = "invalid UTF-8 byte " + Self.hexByte(byte(index))
        if (0xC2...0xF4).contains(byte(index)) { message += " (incomplete or malformed multi-byte sequence)" }
        return error(message, at: index)
    }

    /// Decodes a string body that contains escapes (already validated).
    private mutating func decodeEscapes(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let current = raw[index]
            if current != Byte.backslash {
                scratch.append(current)
                index += 1
                continue
            }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = Self.hexValue(UnsafeBufferPointer(rebasing: raw[index..<(index + 4)]))!
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = Self.hexValue(UnsafeBufferPointer(rebasing: raw[(index + 2)..<(index + 6)]))!
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar)
            default:
                scratch.append(escaped) // \" \\ \/
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            scratch.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - Numbers

    @inline(__always)
    private func isDigit(_ index: Int) -> Bool {
        index < end && (Byte.zero...Byte.nine).contains(byte(index))
    }

    /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `offset`.
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode {
        let start = offset
        let startPosition = position(at: start)
        var index = start
        let negative = byte(index) == Byte.minus
        if negative { index += 1 }
        guard isDigit(index) else {
            let word = tokenText(from: index)
            if ["infinity", "inf"].contains(word.lowercased()) {
                throw JSONSyntaxError(position: startPosition,
                                      message: "-\(word) is not valid JSON (JSON has no infinite numbers; use null or a string)")
            }
            throw invalidNumber(at: startPosition, "expected a digit after '-'")
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        if byte(index) == Byte.zero {
            index += 1
            if isDigit(index) { throw invalidNumber(at: startPosition, "leading zeros are not allowed") }
        } else {
            while isDigit(index) {
                if significantDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(byte(index) - Byte.zero) }
                significantDigits += 1
                index += 1
            }
        }
        var fractionDigits = 0
        if index < end, byte(index) == Byte.dot {
            index += 1
            guard isDigit(index) else {
                throw invalidNumber(at: startPosition, "expected a digit after '.'")
            }
            while isDigit(index) {
                if significantDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(byte(index) - Byte.zero) }
                significantDigits += 1
                fractionDigits += 1
                index += 1
            }
        }
        var hasExponent = false
        if index < end, byte(index) | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index += 1
            if index < end, byte(index) == Byte.plus || byte(index) == Byte.minus { index += 1 }
            guard isDigit(index) else {
                throw invalidNumber(at: startPosition, "expected a digit in the exponent")
            }
            while isDigit(index) { index += 1 }
        }
        if index < end, isWordByte(byte(index)) || byte(index) == Byte.dot
            || byte(index) == Byte.plus || byte(index) == Byte.minus {
            throw invalidNumber(at: startPosition, "unexpected '\(Character(Unicode.Scalar(byte(index))))' in number")
        }
        offset = index
        let literal = String(decoding: UnsafeBufferPointer(start: base.unsafelyUnwrapped + start, count: index - start),
                             as: UTF8.self)
        var value: Double
        if !hasExponent, significantDigits <= 15 {
            // Both operands are exact, so one division rounds correctly.
            value = Double(mantissa) / exactPowersOfTen[fractionDigits]
            if negative { value = -value }
        } else {
            value = Double(literal) ?? (negative ? -.infinity : .infinity)
        }
        return JSONNode(value: .number(value, literal: literal), position: startPosition, endOffset: index)
    }

    private func invalidNumber(at position: JSONPosition, _ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position,
                        message: "invalid number '\(tokenText(from: position.offset))': \(reason)")
    }

    @inline(__always)
    private func isWordByte(_ value: UInt8) -> Bool {
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             Byte.zero...Byte.nine, UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// The run of letters, digits and number punctuation at `index` (for messages).
    private func tokenText(from index: Int) -> String {
        var stop = index
        while stop < end, stop - index < 40 {
            let value = byte(stop)
            guard isWordByte(value) || value == Byte.dot || value == Byte.plus || value == Byte.minus else { break }
            stop += 1
        }
        return rawText(index, stop - index)
    }

    // MARK: - Literals and unexpected characters

    private mutating func parseLiteral(open: OpenBracket?) throws(JSONSyntaxError) -> JSONNode {
        let start = offset
        let first = byte(start)
        guard isWordByte(first) else {
            if first == Byte.plus || first == Byte.dot {
                let reason = first == Byte.plus ? "a number cannot start with '+'" : "a number must start with a digit"
                throw invalidNumber(at: position(at: start), reason)
            }
            if first == Byte.singleQuote {
                throw error("strings must be in double quotes, not single quotes", at: start)
            }
            throw unexpected(expected: "a value", context: nil, open: open)
        }
        var stop = start
        while stop < end, isWordByte(byte(stop)) { stop += 1 }
        let word = rawText(start, stop - start)
        let startPosition = position(at: start)
        let value: JSONNode.Value
        switch word {
        case "true": value = .bool(true)
        case "false": value = .bool(false)
        case "null": value = .null
        default:
            throw JSONSyntaxError(position: startPosition, message: Self.invalidLiteralMessage(word))
        }
        offset = stop
        return JSONNode(value: value, position: startPosition, endOffset: stop)
    }

    static func invalidLiteralMessage(_ word: String) -> String {
        switch word.lowercased() {
        case "nan":
            return "\(word) is not valid JSON (JSON has no NaN; use null or a string)"
        case "infinity", "inf":
            return "\(word) is not valid JSON (JSON has no infinite numbers; use null or a string)"
        case "undefined", "nil", "none":
            return "invalid literal '\(word)', did you mean 'null'?"
        default:
            break
        }
        let lowered = word.lowercased()
        let literals = ["true", "false", "null"]
        if let match = literals.first(where: { $0 == lowered })
            ?? literals.first(where: { Suggestions.distance($0, lowered) <= (lowered.count <= 3 ? 1 : 2) }) {
            return "invalid literal '\(word)', did you mean '\(match)'?"
        }
        if lowered == "yes" || lowered == "on" { return "invalid literal '\(word)', did you mean 'true'?" }
        if lowered == "no" || lowered == "off" { return "invalid literal '\(word)', did you mean 'false'?" }
        return "invalid literal '\(word)' (text must be a string in double quotes)"
    }

    // MARK: - Errors

    private mutating func error(_ message: String, at index: Int) -> JSONSyntaxError {
        JSONSyntaxError(position: position(at: index), message: message)
    }

    /// The error for an unexpected byte at `offset`: comments, invalid UTF-8 and the end
    /// of input get their own messages.
    private mutating func unexpected(expected: String?, context: String?,
                                     open: OpenBracket?) -> JSONSyntaxError {
        guard offset < end else {
            return endOfInput(expected: [expected, context].compactMap { $0 }.joined(separator: " "), open: open)
        }
        let current = byte(offset)
        if current == Byte.slash, offset + 1 < end, byte(offset + 1) == Byte.slash || byte(offset + 1) == Byte.star {
            return error("comments are not allowed in JSON", at: offset)
        }
        if current >= 0x80 {
            if utf8SequenceLength(at: offset) == nil { return invalidUTF8(at: offset) }
            noteNonASCII(at: offset)
        }
        guard let expected else {
            // After the top-level value: nothing more may follow.
            return error("unexpected \(describeCharacter(at: offset)) \(context ?? "")", at: offset)
        }
        var message = "expected \(expected)"
        if let context { message += " \(context)" }
        if expected == "a value" || current >= 0x80 || current < 0x20 {
            message += ", found \(describeCharacter(at: offset))"
        }
        return error(message, at: offset)
    }

    private mutating func endOfInput(expected: String, open: OpenBracket?) -> JSONSyntaxError {
        var message = "unexpected end of input"
        if !expected.isEmpty { message += ", expected \(expected)" }
        if let open {
            message += " (the '\(open.isObject ? "{" : "[")' at line \(open.start.line), column \(open.start.column) is never closed)"
        }
        return error(message, at: end)
    }

    /// `'x'`, or `'é' (U+00E9)` for non-ASCII, or `U+0007` for control characters.
    private func describeCharacter(at index: Int) -> String {
        let value = byte(index)
        if value >= 0x20, value < 0x7F { return "'\(Character(Unicode.Scalar(value)))'" }
        if value < 0x80 { return Self.scalarName(UInt32(value)) }
        guard let length = utf8SequenceLength(at: index) else {
            return "invalid UTF-8 byte " + Self.hexByte(value)
        }
        let text = rawText(index, length)
        let scalar = text.unicodeScalars.first!
        return "'\(text)' (\(Self.scalarName(scalar.value)))"
    }

    /// `0xFF`, `0x0A`.
    static func hexByte(_ value: UInt8) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }

    static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}


/// A growable stack of values that can move its top part out into an Array without
/// copying (an Array cannot give up elements without destroying them).
private struct PendingStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        self.storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Removes the elements from `start` on and returns them, in order.
    mutating func moveOut(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = storage + start
        count = start
        return [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
    }
}
