/// A JSON syntax error, with the place in the file where it was found.
///
/// Where the error points:
/// - a character that cannot start or continue what was expected: that character
///   (for a missing ',' or ':' it is the character found instead);
/// - a trailing comma: the comma itself (it is what has to be deleted);
/// - a malformed number or literal (`01`, `1.`, `-`, `+1`, `True`, `NaN`): the start of
///   that token, and the message quotes the whole token;
/// - an invalid or unpaired escape: its backslash; a control character or an invalid
///   UTF-8 byte: that byte;
/// - an unterminated string: its opening quote;
/// - the end of input: the end of the file;
/// - an empty or whitespace-only file: line 1, column 1.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let position: JSONPosition
    public let message: String

    public init(position: JSONPosition, message: String) {
        self.position = position
        self.message = message
    }

    /// `line:column: message`, the form editors jump to once a path is put in front.
    public var description: String { "\(position.line):\(position.column): \(message)" }
}

/// A key that one JSON object repeats: where it first stands, and where it is repeated
/// (the later member is the one read).
public struct JSONDuplicateKey: Sendable, Hashable {
    public let key: String
    public let first: JSONPosition
    public let repeated: JSONPosition
}

/// A parsed JSON file that remembers where every value, key and line is.
///
/// Parsing is strict RFC 8259, with one deliberate allowance: a UTF-8 byte order mark
/// (EF BB BF) at the very start is accepted and skipped. It does not count as a column
/// (the first character after it is column 1) but byte offsets still include its three
/// bytes, so offsets always index `bytes` directly.
///
/// Lines end at `\n`, at `\r\n` (one break) and at a lone `\r`. Columns count Unicode
/// scalars, so `é` counts one whatever its byte length.
///
/// Numbers keep their literal text; a literal too large for a `Double` (`1e400`) is
/// valid JSON and is kept with the value ±infinity.
public struct JSONDocument: Sendable {
    public let bytes: [UInt8]
    public let root: JSONNode
    /// Byte offset where each line starts; `lineStarts[0]` is 0, or 3 after a BOM.
    private let lineStarts: [Int]
    /// Every key an object repeats (the member reads, `node[key]`, take the last one).
    public let duplicateKeys: [JSONDuplicateKey]

    /// Parses `bytes` as one JSON value.
    /// - Parameter maxDepth: how many arrays and objects may be nested. Deeper input is a
    ///   `JSONSyntaxError` ("nesting deeper than 512 levels"); parsing itself never
    ///   recurses, so the limit protects the code that walks the tree afterwards, and
    ///   Swift's own (recursive) release of a very deep tree: keep it in the thousands.
    public init(bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) {
        self.bytes = bytes
        let parsed: (root: JSONNode, lineStarts: [Int], duplicateKeys: [JSONDuplicateKey]) =
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                var parser = JSONParser(buffer: buffer, maxDepth: maxDepth)
                let root = try parser.parseDocument()
                return (root, parser.lineStarts, parser.duplicateKeys)
            }
        self.root = parsed.root
        self.lineStarts = parsed.lineStarts
        self.duplicateKeys = parsed.duplicateKeys
    }

    public init(text: String, maxDepth: Int = 512) throws(JSONSyntaxError) {
        try self.init(bytes: Array(text.utf8), maxDepth: maxDepth)
    }

    /// Number of lines in the file (a final line break does not start an extra line
    /// unless something follows it; an empty last line still counts as a line).
    public var lineCount: Int { lineStarts.count }

    /// Line and column of any byte offset in the file. Offsets are clamped to
    /// `0...bytes.count`; an offset inside a multi-byte character maps to that character.
    public func position(atOffset offset: Int) -> JSONPosition {
        var target = min(max(offset, 0), bytes.count)
        let lineIndex = Self.lineIndex(containing: target, in: lineStarts)
        let lineStart = lineStarts[lineIndex]
        if target <= lineStart {
            // Only the BOM lies before the first line start.
            return JSONPosition(line: lineIndex + 1, column: 1, offset: target)
        }
        while target > lineStart, target < bytes.count, bytes[target] & 0xC0 == 0x80 {
            target -= 1
        }
        var column = 1
        for index in lineStart..<target where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return JSONPosition(line: lineIndex + 1, column: column, offset: target)
    }

    /// The source position of the scalar at `decodedScalarIndex` of a string node's
    /// decoded value (its `unicodeScalars`), following escapes back to the raw text:
    /// in `"a\nb"` index 2 (`b`) is the column of `b`, two past the `\`. An index equal to
    /// the scalar count gives the closing quote. Returns nil for a node that is not a
    /// string of this document or an index out of range.
    public func sourcePosition(inString node: JSONNode, decodedScalarIndex: Int) -> JSONPosition? {
        guard case .string = node.value, decodedScalarIndex >= 0 else { return nil }
        let open = node.position.offset
        guard open >= 0, open < bytes.count, bytes[open] == UInt8(ascii: "\"") else { return nil }
        var offset = open + 1
        var column = node.position.column + 1
        var remaining = decodedScalarIndex
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if remaining == 0 {
                return JSONPosition(line: node.position.line, column: column, offset: offset)
            }
            let width = rawWidthOfScalar(at: offset)
            // Escapes are ASCII, so each raw byte is a column; a raw scalar is one column.
            column += byte == UInt8(ascii: "\\") ? width : 1
            offset += width
            remaining -= 1
        }
        guard remaining == 0, offset < bytes.count else { return nil }
        return JSONPosition(line: node.position.line, column: column, offset: offset)
    }

    /// Same as `sourcePosition(inString:decodedScalarIndex:)` for an index of the node's
    /// decoded string, e.g. from `range(of:)`.
    public func sourcePosition(inString node: JSONNode, at index: String.Index) -> JSONPosition? {
        guard let text = node.stringValue else { return nil }
        let scalarIndex = text.unicodeScalars.distance(from: text.startIndex, to: index)
        return sourcePosition(inString: node, decodedScalarIndex: scalarIndex)
    }

    /// The text of a 1-based line without its line break (and without a BOM); empty for
    /// a line number outside the file.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Bytes one decoded scalar occupies in the raw string starting at `offset`.
    private func rawWidthOfScalar(at offset: Int) -> Int {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\\") {
            guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else { return 2 }
            // A validated document only has a high surrogate escape as the first half of a pair.
            if offset + 5 < bytes.count,
               let unit = JSONParser.hexValue(bytes[(offset + 2)...(offset + 5)]),
               (0xD800...0xDBFF).contains(unit) {
                return 12
            }
            return 6
        }
        if byte < 0x80 { return 1 }
        if byte < 0xE0 { return 2 }
        if byte < 0xF0 { return 3 }
        return 4
    }

    /// Index of the last line start that is `<= offset` (line 0 for anything before it).
    static func lineIndex(containing offset: Int, in lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
