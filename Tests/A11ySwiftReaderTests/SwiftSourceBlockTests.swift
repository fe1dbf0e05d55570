import Testing
@testable import A11ySwiftReader

/// The lexer looks for the bytes that start something sixteen at a time (and for the end of
/// a literal's text and of each line the same way), then byte by byte for the last few. The
/// same code must be read the same wherever it falls against those blocks, and bytes above
/// 0x7F whose low seven bits spell a special byte are never taken for one: `¢` (C2 A2, like
/// `"`), `¨` (C2 A8, like `(`), `¯` (C2 AF, like `/`), `Ê` (C3 8A, like a line feed), `Ý`
/// (C3 9D, like `]`), `Û` (C3 9B, like `[`) and U+071C (DC 9C, like `\`).
@Suite struct SwiftSourceBlockTests {
    /// Every kind of thing the lexer marks, over more than one block and a tail.
    static let code = """
        let a¢¨¯ÊÝÛ\u{71C} = items.map { (x: Int) -> [Int] in [x, x + 1] } // note ( [ {
        /* block /* nested */ ( */ let s = "say \\"hi\\" \\(f(g("in")))" + #"raw "quoted" \\n"#
        let r = /a+[b(]c/ ; let e = #/x/y/# ; let m = \"\"\"
            multi ( line "text"
            \"\"\"
        call(one: [1, 2], two: { $0 })
        """

    @Test func theCodeIsReadAsSwiftReadsIt() {
        let source = SwiftSource(Self.code)
        let bytes = Array(Self.code.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        #expect(source.comments.map(text) == ["// note ( [ {", "/* block /* nested */ ( */"])
        #expect(source.stringLiterals.map(text) == [#""say \"hi\" \(f(g("in")))""#, ##"#"raw "quoted" \n"#"##,
                                                    "\"\"\"\n    multi ( line \"text\"\n    \"\"\""])
        #expect(source.regexLiterals.map(text) == ["/a+[b(]c/", "#/x/y/#"])
        #expect(source.interpolations.map(text) == [#"f(g("in"))"#])
        #expect(source.lineCount == 6)
        // The brace after `map` pairs with the one before the comment; the comment's do not count.
        let open = bytes.firstIndex(of: UInt8(ascii: "{"))!
        let close = bytes[..<source.comments[0].lowerBound].lastIndex(of: UInt8(ascii: "}"))!
        #expect(source.matchingBracket(at: open) == close)
        #expect(source.matchingBracket(at: close) == open)
        let call = Array("call(".utf8)
        let callStart = (0...(bytes.count - call.count)).first { Array(bytes[$0..<$0 + call.count]) == call }!
        #expect(source.matchingBracket(at: callStart + 4) == bytes.count - 1)
    }

    @Test(arguments: 0..<35)
    func tablesDoNotDependOnWhereTheCodeFalls(shift: Int) {
        let base = SwiftSource(Self.code)
        let shifted = SwiftSource(String(repeating: " ", count: shift) + Self.code)
        func moved(_ ranges: [Range<Int>]) -> [Range<Int>] { ranges.map { ($0.lowerBound + shift)..<($0.upperBound + shift) } }
        #expect(Array(shifted.masked.dropFirst(shift)) == base.masked)
        #expect(shifted.comments == moved(base.comments))
        #expect(shifted.stringLiterals == moved(base.stringLiterals))
        #expect(shifted.regexLiterals == moved(base.regexLiterals))
        #expect(shifted.interpolations == moved(base.interpolations))
        #expect(shifted.lineStarts == [0] + base.lineStarts.dropFirst().map { $0 + shift })
        for offset in 0..<base.bytes.count {
            #expect(shifted.matchingBracket(at: offset + shift) == base.matchingBracket(at: offset).map { $0 + shift })
        }
    }

    /// A line break at every place in a block and in the tail, for blocks of 16 and 32 bytes.
    @Test(arguments: [3, 5, 31, 32, 33])
    func everyLineStartIsFound(every: Int) {
        for length in 1...100 {
            let code = (0..<length).map { $0 % every == 1 ? "\n" : "Ê" }.joined()
            let bytes = Array(code.utf8)
            let expected = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
            #expect(SwiftSource(code).lineStarts == expected)
        }
        let breaks = String(repeating: "\n", count: 70)
        #expect(SwiftSource(breaks).lineStarts == Array(0...70))
    }

    /// The longest line decides whether columns are counted from checkpoints: a line of more
    /// than a stride gets them wherever it falls, the last line included; shorter ones none.
    @Test(arguments: [0, 1, 2, 3])
    func aLongLineGetsColumnCheckpoints(place: Int) {
        let long = String(repeating: "é", count: 600) // 1,200 bytes
        var lines = Array(repeating: "let x = 1", count: 3)
        lines.insert(long, at: place)
        let source = SwiftSource(lines.joined(separator: "\n"))
        #expect(source.columnCheckpoints.count == 1)
        let lineStart = source.lineStarts[place]
        #expect(source.position(atOffset: lineStart + 1_100) == (line: place + 1, column: 551))
        #expect(SwiftSource(Array(repeating: String(repeating: "a", count: 1_000), count: 3).joined(separator: "\n"))
            .columnCheckpoints.isEmpty)
    }
}
