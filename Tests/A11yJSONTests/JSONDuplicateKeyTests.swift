import Testing
@testable import A11yJSON

@Suite("JSON duplicate keys")
struct JSONDuplicateKeyTests {
    @Test func repeatedKeysAreRecordedWithBothPositions() throws {
        let document = try JSONDocument(text: "{\"a\": 1, \"b\": {\"c\": 1,\n \"c\": 2}, \"a\": 3}")
        #expect(document.duplicateKeys.map(\.key) == ["c", "a"])
        let c = try #require(document.duplicateKeys.first)
        #expect(c.first.line == 1 && c.first.column == 16)
        #expect(c.repeated.line == 2 && c.repeated.column == 2)
        // The last one wins.
        #expect(document.root["a"]?.doubleValue == 3)
        #expect(document.root["b"]?["c"]?.doubleValue == 2)
    }

    @Test func largeObjectsAndDistinctKeys() throws {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        #expect(try JSONDocument(text: "{" + keys.joined(separator: ", ") + "}").duplicateKeys.isEmpty)
        let repeated = try JSONDocument(text: "{" + (keys + ["\"k7\": 0", "\"k7\": 1"]).joined(separator: ", ") + "}")
        #expect(repeated.duplicateKeys.map(\.key) == ["k7", "k7"])
        #expect(repeated.duplicateKeys.allSatisfy { $0.first.column == 65 })
        #expect(try JSONDocument(text: "[{\"a\": 1}, {\"a\": 2}]").duplicateKeys.isEmpty)
    }
}
