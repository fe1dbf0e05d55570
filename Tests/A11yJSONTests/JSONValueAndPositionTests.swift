import Testing
@testable import A11yJSON

@Suite("JSON values and positions")
struct JSONValueAndPositionTests {
    @Test func parsesEveryKindOfValue() throws {
        let document = try JSONDocument(text: #"{"s": "hi", "n": -12.5e1, "t": true, "f": false, "z": null, "a": [], "o": {}}"#)
        let root = document.root
        #expect(root["s"]?.stringValue == "hi")
        #expect(root["n"]?.doubleValue == -125)
        #expect(root["t"]?.boolValue == true)
        #expect(root["f"]?.boolValue == false)
        #expect(root["z"]?.isNull == true)
        #expect(root["a"]?.arrayValue?.count == 0)
        #expect(root["o"]?.objectMembers?.count == 0)
        #expect(root.objectMembers?.map(\.key) == ["s", "n", "t", "f", "z", "a", "o"])
        #expect(root.endOffset == document.bytes.count)
    }

    @Test func scalarsAtTopLevel() throws {
        #expect(try JSONDocument(text: "  42 \n").root.doubleValue == 42)
        #expect(try JSONDocument(text: "\"x\"").root.stringValue == "x")
        #expect(try JSONDocument(text: "null").root.isNull)
        let number = try JSONDocument(text: "\n\n   7").root
        #expect(number.position == JSONPosition(line: 3, column: 4, offset: 5))
        #expect(number.endOffset == 6)
    }

    @Test func duplicateKeysAreKeptInOrderAndLastWins() throws {
        let root = try JSONDocument(text: #"{"a": 1, "b": 2, "a": 3}"#).root
        #expect(root.objectMembers?.map(\.key) == ["a", "b", "a"])
        #expect(root.objectMembers?.map { $0.value.doubleValue } == [1, 2, 3])
        #expect(root["a"]?.doubleValue == 3)
    }

    @Test func nestedValuesAndKeysCarryLineAndColumn() throws {
        let text = """
        {
          "a11y": {
            "variants": [
              { "name": "x", "size": [24, 48] }
            ]
          }
        }
        """
        let document = try JSONDocument(text: text)
        let a11yMember = try #require(document.root.objectMembers?.first)
        #expect(a11yMember.keyPosition == JSONPosition(line: 2, column: 3, offset: 4))
        #expect(a11yMember.value.position == JSONPosition(line: 2, column: 11, offset: 12))
        let variants = try #require(a11yMember.value["variants"])
        #expect(variants.position.line == 3)
        #expect(variants.position.column == 17)
        let variant = try #require(variants.arrayValue?.first)
        #expect(variant.position.line == 4)
        #expect(variant.position.column == 7)
        let nameMember = try #require(variant.objectMembers?.first)
        #expect(nameMember.keyPosition.column == 9)
        #expect(nameMember.value.position.column == 17)
        let sizes = try #require(variant["size"]?.arrayValue)
        #expect(sizes.map(\.position.column) == [31, 35])
        #expect(sizes.map(\.endOffset).map { document.bytes[$0] } == [UInt8(ascii: ","), UInt8(ascii: "]")])
        #expect(variant.endOffset == variant.position.offset + #"{ "name": "x", "size": [24, 48] }"#.utf8.count)
    }

    @Test func columnsCountScalarsNotBytes() throws {
        // "é" is 2 bytes, "✓" 3 bytes, "😀" 4 bytes: each is one column.
        let document = try JSONDocument(text: #"{"é": "✓😀", "k": 1}"#)
        let members = try #require(document.root.objectMembers)
        #expect(members[0].value.position == JSONPosition(line: 1, column: 7, offset: 7))
        #expect(members[1].keyPosition == JSONPosition(line: 1, column: 13, offset: 18))
        #expect(members[1].value.position == JSONPosition(line: 1, column: 18, offset: 23))
        #expect(members[0].value.stringValue == "✓😀")
    }

    @Test func lineBreaksCRLFAndLoneCR() throws {
        let crlf = try JSONDocument(text: "{\r\n  \"a\": 1,\r\n  \"b\": [\r\n\r\n    true]\r\n}")
        #expect(crlf.root["a"]?.position == JSONPosition(line: 2, column: 8, offset: 10))
        #expect(crlf.root.objectMembers?[1].keyPosition == JSONPosition(line: 3, column: 3, offset: 16))
        #expect(crlf.root["b"]?.arrayValue?.first?.position == JSONPosition(line: 5, column: 5, offset: 30))
        #expect(crlf.lineCount == 6)
        #expect(crlf.lineText(2) == "  \"a\": 1,")
        #expect(crlf.lineText(4) == "")
        #expect(crlf.lineText(6) == "}")

        let loneCR = try JSONDocument(text: "[\r1,\r\r2]")
        #expect(loneCR.root.arrayValue?.map(\.position.line) == [2, 4])
        #expect(loneCR.root.arrayValue?.map(\.position.column) == [1, 1])
        #expect(loneCR.lineText(1) == "[")
        #expect(loneCR.lineText(3) == "")
    }

    @Test func byteOrderMarkIsSkippedAndNotAColumn() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}\n".utf8)
        let document = try JSONDocument(bytes: bytes)
        #expect(document.root.position == JSONPosition(line: 1, column: 1, offset: 3))
        #expect(document.root["a"]?.position == JSONPosition(line: 1, column: 7, offset: 9))
        #expect(document.lineText(1) == "{\"a\": 1}")
        #expect(document.position(atOffset: 0) == JSONPosition(line: 1, column: 1, offset: 0))
        #expect(document.position(atOffset: 9) == JSONPosition(line: 1, column: 7, offset: 9))
    }

    @Test func positionAtOffsetMatchesParserPositions() throws {
        let document = try JSONDocument(text: sampleSpec)
        let (nodes, keys) = allNodes(document.root)
        #expect(nodes.count == 32)
        for position in nodes.map(\.position) + keys {
            #expect(document.position(atOffset: position.offset) == position)
            let naive = naivePosition(document.bytes, position.offset)
            #expect(position.line == naive.line && position.column == naive.column, "\(position)")
        }
        // Clamping, and an offset inside a multi-byte character maps to that character.
        let end = document.bytes.count
        #expect(document.position(atOffset: end + 50) == JSONPosition(line: 17, column: 1, offset: end))
        #expect(document.position(atOffset: -4) == JSONPosition(line: 1, column: 1, offset: 0))
        let aGrave = try #require(document.bytes.firstIndex(of: 0xC3)) // first byte of "à"
        let lead = document.position(atOffset: aGrave)
        #expect(lead.line == 3 && lead.column == 24)
        #expect(document.position(atOffset: aGrave + 1) == lead)
    }

    @Test func lineTextReturnsLinesWithoutBreaks() throws {
        let document = try JSONDocument(text: sampleSpec)
        #expect(document.lineText(1) == "{")
        #expect(document.lineText(3) == #"  "description": "Case à cocher — “accessible” ✓","#)
        #expect(document.lineText(16) == "}")
        #expect(document.lineText(17) == "")
        #expect(document.lineText(0) == "")
        #expect(document.lineText(99) == "")
        #expect(document.lineCount == 17)
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let literals = ["0", "-0", "1", "-1", "0.1", "0.10", "1E+2", "1e-2", "6.5e0", "-0.0",
                        "123456789012345", "12345678901234567890123", "9007199254740993",
                        "1.7976931348623157e308", "5e-324", "2.2250738585072014E-308", "1e400"]
        let document = try JSONDocument(text: "[" + literals.joined(separator: ", ") + "]")
        let numbers = try #require(document.root.arrayValue)
        for (node, literal) in zip(numbers, literals) {
            guard case .number(let value, let text) = node.value else {
                Issue.record("\(literal) is not a number"); continue
            }
            #expect(text == literal)
            #expect(value.bitPattern == Double(literal)!.bitPattern, "\(literal)")
            #expect(node.endOffset - node.position.offset == literal.utf8.count)
        }
        #expect(numbers[1].doubleValue?.sign == .minus)
        #expect(numbers[16].doubleValue == .infinity)
    }

    @Test func fastPathNumbersRoundCorrectly() throws {
        var generator = SplitMix64(state: 7)
        var literals: [String] = []
        for _ in 0..<2000 {
            let integer = UInt64.random(in: 0...999_999_999, using: &generator)
            let fraction = UInt64.random(in: 0...999_999, using: &generator)
            let width = Int.random(in: 1...6, using: &generator)
            let fractionText = String(fraction % [1, 10, 100, 1000, 10_000, 100_000, 1_000_000][width])
            let padded = String(repeating: "0", count: width - fractionText.count) + fractionText
            literals.append((Bool.random(using: &generator) ? "-" : "") + "\(integer).\(padded)")
        }
        let numbers = try #require(JSONDocument(text: "[" + literals.joined(separator: ",") + "]").root.arrayValue)
        for (node, literal) in zip(numbers, literals) {
            #expect(node.doubleValue?.bitPattern == Double(literal)!.bitPattern, "\(literal)")
        }
    }

    @Test func stringEscapesDecode() throws {
        let document = try JSONDocument(text: #"["a\nb\"c\\d\/e\tf\b\f\r", "\u00e9\u2713\ud83d\ude00\u0000", "plain é"]"#)
        let strings = try #require(document.root.arrayValue?.map(\.stringValue))
        #expect(strings[0] == "a\nb\"c\\d/e\tf\u{08}\u{0C}\r")
        #expect(strings[1] == "é✓😀\u{0}")
        #expect(strings[2] == "plain é")
    }

    @Test func sourcePositionFollowsEscapesBackToTheRawLine() throws {
        let document = try JSONDocument(text: sampleSpec)
        let usage = try #require(document.root["usage"])
        let decoded = try #require(usage.stringValue)
        let call = try #require(decoded.firstRange(of: "configure("))
        let mapped = try #require(document.sourcePosition(inString: usage, at: call.lowerBound))
        let rawLine = document.lineText(mapped.line)
        let rawCall = try #require(rawLine.firstRange(of: "configure("))
        #expect(mapped.line == 9)
        #expect(mapped.column == rawLine.unicodeScalars.distance(from: rawLine.startIndex, to: rawCall.lowerBound) + 1)
        #expect(mapped.column == 43)
        #expect(document.bytes[mapped.offset] == UInt8(ascii: "c"))

        // After \" \n \t and \u escapes, including a surrogate pair counted as one scalar.
        let disabled = try #require(decoded.firstRange(of: "box.disabled"))
        let disabledPosition = try #require(document.sourcePosition(inString: usage, at: disabled.lowerBound))
        #expect(disabledPosition.column == rawLine.unicodeScalars.distance(
            from: rawLine.startIndex, to: rawLine.firstRange(of: "box.disabled")!.lowerBound) + 1)
        let scalars = Array(decoded.unicodeScalars)
        let emojiIndex = try #require(scalars.firstIndex(of: "😀"))
        let emoji = try #require(document.sourcePosition(inString: usage, decodedScalarIndex: emojiIndex))
        #expect(String(decoding: document.bytes[emoji.offset..<(emoji.offset + 12)], as: UTF8.self) == #"\ud83d\ude00"#)
        let closing = try #require(document.sourcePosition(inString: usage, decodedScalarIndex: scalars.count))
        #expect(closing.offset == usage.endOffset - 1)
        #expect(closing.column == emoji.column + 12)
        #expect(document.sourcePosition(inString: usage, decodedScalarIndex: scalars.count + 1) == nil)
        #expect(document.sourcePosition(inString: usage, decodedScalarIndex: -1) == nil)
        #expect(document.sourcePosition(inString: document.root, decodedScalarIndex: 0) == nil)
    }

    @Test func sourcePositionOfACallAfterNewlineAndQuoteEscapes() throws {
        let document = try JSONDocument(text: #"{"usage": "a\nb\"configure("}"#)
        let usage = try #require(document.root["usage"])
        #expect(usage.stringValue == "a\nb\"configure(")
        // Decoded index 4 is `c`; in the raw text it follows `a\nb\"`, i.e. column 18.
        #expect(document.sourcePosition(inString: usage, decodedScalarIndex: 4)
                == JSONPosition(line: 1, column: 18, offset: 17))
        #expect(document.sourcePosition(inString: usage, decodedScalarIndex: 1)
                == JSONPosition(line: 1, column: 13, offset: 12))
    }

    @Test func sourcePositionCountsNonASCIIAsOneColumn() throws {
        let document = try JSONDocument(text: #"  {"k": "é\"x"}"#)
        let value = try #require(document.root["k"])
        #expect(value.position.column == 9)
        #expect(document.sourcePosition(inString: value, decodedScalarIndex: 0)
                == JSONPosition(line: 1, column: 10, offset: 9))
        #expect(document.sourcePosition(inString: value, decodedScalarIndex: 1)
                == JSONPosition(line: 1, column: 11, offset: 11))
        #expect(document.sourcePosition(inString: value, decodedScalarIndex: 2)
                == JSONPosition(line: 1, column: 13, offset: 13))
    }
}
