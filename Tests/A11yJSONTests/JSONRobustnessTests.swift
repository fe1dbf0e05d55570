import Testing
@testable import A11yJSON

@Suite("JSON robustness")
struct JSONRobustnessTests {
    @Test func twoHundredThousandNestedArraysIsAnErrorNotACrash() throws {
        let depth = 200_000
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        do {
            _ = try JSONDocument(bytes: bytes)
            Issue.record("parsed a file nested \(depth) levels deep")
        } catch {
            #expect(error.message == "nesting deeper than 512 levels")
            #expect(error.position == JSONPosition(line: 1, column: 513, offset: 512))
        }
        // Unclosed, and objects: same limit.
        let objects = String(repeating: "{\"a\":", count: depth)
        do {
            _ = try JSONDocument(text: objects)
            Issue.record("parsed deeply nested objects")
        } catch {
            #expect(error.message == "nesting deeper than 512 levels")
            #expect(error.position.column == 512 * 5 + 1)
        }
    }

    @Test func nestingUpToTheLimitParses() throws {
        let atLimit = String(repeating: "[", count: 512) + "7" + String(repeating: "]", count: 512)
        var node = try JSONDocument(text: atLimit).root
        for _ in 0..<512 { node = try #require(node.arrayValue?.first) }
        #expect(node.doubleValue == 7)
        #expect(node.position.column == 513)

        let overLimit = "[" + atLimit + "]"
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(text: overLimit) }
        #expect(throws: JSONSyntaxError(position: JSONPosition(line: 1, column: 9, offset: 8),
                                        message: "nesting deeper than 3 levels")) {
            try JSONDocument(text: "[[{\"a\": []}]]", maxDepth: 3)
        }
        #expect(try JSONDocument(text: "[[{\"a\": 1}]]", maxDepth: 3).root.arrayValue?.count == 1)
    }

    /// Feeds truncations and mutations of a valid spec: the parser must never crash and
    /// must give either a document whose positions are right, or an error inside the file.
    @Test func truncatedAndMutatedSpecsNeverCrash() throws {
        let original = Array(sampleSpec.utf8) + Array("\r\n".utf8)
        var generator = SplitMix64(state: 0xA11F)
        let interesting: [UInt8] = Array("{}[]:,\"\\/ \n\r\t0-+.eEtfnu*".utf8) + [0x00, 0x01, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFE, 0xFF]
        var parsedCount = 0
        var errorCount = 0
        for round in 0..<3000 {
            var bytes = original
            switch round % 4 {
            case 0:
                bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
            case 1:
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = interesting.randomElement(using: &generator)!
                }
            case 2:
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...8, using: &generator)))
            default:
                bytes.insert(interesting.randomElement(using: &generator)!,
                             at: Int.random(in: 0...bytes.count, using: &generator))
            }
            do {
                let document = try JSONDocument(bytes: bytes)
                parsedCount += 1
                let (nodes, keys) = allNodes(document.root)
                for position in nodes.map(\.position) + keys {
                    let naive = naivePosition(bytes, position.offset)
                    #expect(position.line == naive.line && position.column == naive.column, "round \(round)")
                }
                #expect(nodes.allSatisfy { $0.endOffset > $0.position.offset && $0.endOffset <= bytes.count })
            } catch {
                errorCount += 1
                let position = error.position
                #expect(position.offset >= 0 && position.offset <= bytes.count, "round \(round): \(error)")
                #expect(!error.message.isEmpty)
                if position.offset > 0 {
                    let naive = naivePosition(bytes, position.offset)
                    #expect(position.line == naive.line && position.column == naive.column,
                            "round \(round): \(error)")
                }
            }
        }
        // Both outcomes must actually be exercised.
        #expect(parsedCount > 100)
        #expect(errorCount > 1000)
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(state: 42)
        let alphabet: [UInt8] = Array("{}[]:,\"\\ \n0123456789-.eEtrufalsn".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            do {
                let document = try JSONDocument(bytes: bytes)
                #expect(document.root.endOffset <= bytes.count)
            } catch {
                #expect(error.position.offset <= bytes.count)
                #expect(error.position.line >= 1 && error.position.column >= 1)
            }
        }
    }

    @Test func parsesAGeneratedMultiMegabyteFile() throws {
        var text = "["
        for index in 0..<20_000 {
            if index > 0 { text += ",\n" }
            text += #"  {"name": "item\#(index)", "size": \#(index % 97).5, "tags": ["é", "a\"b"], "ok": true}"#
        }
        text += "\n]"
        let document = try JSONDocument(text: text)
        let items = try #require(document.root.arrayValue)
        #expect(items.count == 20_000)
        #expect(items[19_999]["name"]?.stringValue == "item19999")
        #expect(items[19_999].position == JSONPosition(line: 20_000, column: 3,
                                                      offset: items[19_999].position.offset))
        #expect(items[123]["tags"]?.arrayValue?[1].stringValue == "a\"b")
        #expect(document.lineCount == 20_001)
    }
}
