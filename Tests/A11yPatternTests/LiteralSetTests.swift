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

    /// The pass finds what `naive` finds, with the SIMD loop (where the machine has it) and
    /// with the plain one.
    private func check(_ set: LiteralSet, on subject: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        for simd in [true, false] {
            let found = subject.withUnsafeBufferPointer { set.scan($0, simd: simd) }
            #expect(found.count == set.literals.count)
            for (number, literal) in set.literals.enumerated() {
                #expect(found[number] == naive(literal, in: subject),
                        "\(String(decoding: literal, as: UTF8.self)) in \(String(decoding: subject, as: UTF8.self).debugDescription), simd: \(simd)",
                        sourceLocation: sourceLocation)
            }
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

    /// Random subjects of every length up to 200 (the SIMD loop takes 32 positions at a
    /// time, the plain loop the rest), built of the texts, their pieces and random bytes
    /// (some of them 0x80 or above), with texts placed at both ends, overlapping and
    /// repeated; and long runs of one text, more candidates than one call of the C pass
    /// hands back.
    @Test func randomBytes() {
        var state: UInt64 = 0x7EDD_0024
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
        let texts: [[UInt8]] = ["aaa", "aab", "abab", "bab", "Image", "SwiftUI", ".onTapGesture", "onTapGesture",
                                "TapGesture", "accessibility", "accessibilityLabel", "tint", "int", "é a", "\u{FF}\u{FE}x",
                                "xyz", "yzx", "zzzz", ".system", "system(", "Button"].map { Array($0.utf8) }
            + [[0x80, 0x81, 0x82], [0xFF, 0xFF, 0xFF], [0x00, 0x0F, 0xF0], [0x61, 0x00, 0x61], [0x20, 0x20, 0x20, 0x2E]]
        let set = LiteralSet(literals: texts)
        #expect(set.literals.count == texts.count)
        let alphabet = Array("abxyz.( \n".utf8) + [0x00, 0x0F, 0x80, 0x81, 0x82, 0xFE, 0xFF]
        for length in 0...200 {
            for _ in 0..<6 {
                var subject: [UInt8] = []
                while subject.count < length {
                    switch next(4) {
                    case 0: subject += texts[next(texts.count)]
                    case 1:
                        let text = texts[next(texts.count)]
                        subject += text[0..<next(text.count)]
                    case 2: subject.append(UInt8(next(256)))
                    default: subject.append(alphabet[next(alphabet.count)])
                    }
                }
                subject = Array(subject.prefix(length))
                // A text at the very start and one at the very end.
                if length >= 20 {
                    let first = texts[next(texts.count)], last = texts[next(texts.count)]
                    subject.replaceSubrange(0..<first.count, with: first)
                    subject.replaceSubrange((length - last.count)..<length, with: last)
                }
                check(set, on: subject)
            }
        }
        for text in ["aaa", "abab", "zzzz", "tint", "accessibility"] {
            check(set, on: Array(repeating: Array(text.utf8), count: 700).flatMap { $0 })
            check(set, on: Array("x".utf8) + Array(repeating: Array(text.utf8), count: 333).flatMap { $0 } + Array("aa".utf8))
        }
        check(set, on: [UInt8](repeating: 0xFF, count: 1000))
        check(set, on: [UInt8](repeating: UInt8(ascii: "a"), count: 999))
    }

    /// More texts than buckets, the most a set holds: every one still found.
    @Test func manyTexts() {
        let texts = (0..<200).map { number in Array("t\(number * 7919 % 1000)x\(number)".utf8) }
        let set = LiteralSet(literals: texts)
        #expect(set.literals.count == LiteralSet.maximumCount)
        let subject = set.literals.reversed().flatMap { $0 + Array(" ".utf8) } + set.literals.flatMap { $0 }
        check(set, on: subject)
    }

    /// Keys fall on the texts' rarest-looking bytes, never past their ends.
    @Test func keys() {
        #expect(LiteralSet.keyOffset(Array("aaa".utf8)) == 0)
        for text in [".onTapGesture", "Image", "system", ".tint", "accessibilityLabel", "abc"] {
            #expect(LiteralSet.keyOffset(Array(text.utf8)) + 3 <= text.utf8.count, "\(text)")
        }
    }
}
