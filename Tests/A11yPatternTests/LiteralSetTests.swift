import Testing
@testable import A11yPattern

/// The one pass over a subject (`LiteralSet.scan`) finds every occurrence of every text,
/// exactly where a search for each text alone finds it.
@Suite struct LiteralSetTests {
    /// Every offset of `text` in `subject`, the plain way.
    private func naive(_ text: [UInt8], in subject: [UInt8]) -> [Int] {
        guard text.count <= subject.count else { return [] }
        return (0...(subject.count - text.count)).filter { Array(subject[$0..<($0 + text.count)]) == text }
    }

    private func check(_ set: LiteralSet, on subject: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let found = subject.withUnsafeBufferPointer { set.scan($0) }
        #expect(found.count == set.literals.count)
        for (number, literal) in set.literals.enumerated() {
            #expect(found[number] == naive(literal, in: subject),
                    "\(String(decoding: literal, as: UTF8.self)) in \(String(decoding: subject, as: UTF8.self).debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Overlapping and adjacent occurrences, texts at the subject's first and last
    /// bytes, texts sharing a key or holding one another, texts longer than the subject.
    @Test func edgeCases() {
        let set = LiteralSet(literals: ["aaa", "abab", "Image", "SwiftUI", ".onTapGesture", "onTapGesture", "TapGesture",
                                        "accessibility", "accessibilityLabel", "tint", "int", "é a", "xxx"].map { Array($0.utf8) })
        for subject in ["", "a", "aa", "aaa", "aaaaaa", "abababab", "Image", "ImageImage(", "x.onTapGesture",
                        ".onTapGesture.onTapGesture{}", "accessibilityLabel accessibility", "tintint", "é aé a",
                        "SwiftUI.Image", "xxx", "xxxxx", "Imag", "SwiftU", "accessibilit"] {
            check(set, on: Array(subject.utf8))
        }
    }

    /// The catalogue's and users' patterns' texts on random mixes of their pieces.
    @Test func randomTexts() throws {
        let patterns = try (MatchStartsTests.cataloguePatterns + MatchStartsTests.userPatterns).map { try Pattern($0) }
        let set = LiteralSet(patterns: patterns)
        #expect(set.literals.count > 20)
        let pieces = [".", " ", "\n", "(", "é", "x", "a", "b", "Image", "SwiftUI", "Button", "onTapGesture", "Tap",
                      "Gesture", "system", "sys", "tem", "accessibility", "Label", "Hidden", "tint", "white", "black",
                      "foreground", "Color", "Style", "UIFont", "name", "yzw", "abc", "frame", "padding", "foo", "bar"]
        for text in MatchStartsTests.randomTexts(500, of: pieces, upTo: 30, seed: 0x5EED_0024) {
            check(set, on: Array(text.utf8))
        }
    }

    /// Keys fall on the texts' rarest-looking bytes, never past their ends.
    @Test func keys() {
        #expect(LiteralSet.keyOffset(Array("aaa".utf8)) == 0)
        for text in [".onTapGesture", "Image", "system", ".tint", "accessibilityLabel", "abc"] {
            #expect(LiteralSet.keyOffset(Array(text.utf8)) + 3 <= text.utf8.count, "\(text)")
        }
    }
}
