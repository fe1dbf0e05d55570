import Testing
@testable import A11yLayout

/// The wrap's search (`LineBreaking.lastFitting`, galloping from the line before's count)
/// gives what a scan segment by segment and cluster by cluster gives.
struct GreedyWrapTests {
    /// Deterministic pseudo-random numbers (SplitMix64), so a failure reproduces.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func lastFittingMatchesALinearScanFromEveryHint() {
        for lower in 0..<3 {
            for length in 0..<14 {
                let range = lower..<(lower + length)
                // fits holds up to `cut` (exclusive); every cut from none to all.
                for cut in lower...(lower + length) {
                    let expected = cut > lower ? cut - 1 : nil
                    for hint in (lower - 2)...(lower + length + 2) {
                        var tests = 0
                        let found = LineBreaking.lastFitting(range, hint: hint) { index in
                            #expect(range.contains(index))
                            tests += 1
                            return index < cut
                        }
                        #expect(found == expected, "range \(range), cut \(cut), hint \(hint)")
                        // The answer at the hint costs two tests (it, and the one after).
                        if let expected, hint == expected { #expect(tests <= 2) }
                    }
                }
            }
        }
    }

    /// Monospaced text (every character one point wide) against the textbook greedy wrap:
    /// whole words while they fit, a word longer than the line cut into full lines with its
    /// rest starting the next line, which more words may join.
    @Test(arguments: [1, 2, 3, 4, 5])
    func monospacedTextWrapsAsTheTextbookGreedyWrap(seed: UInt64) {
        var numbers = Numbers(state: seed)
        for _ in 0..<40 {
            let maxWidth = 4 + numbers.next(20)
            var words: [String] = []
            for _ in 0..<(1 + numbers.next(120)) {
                // Mostly short words, some longer than a line.
                let length = numbers.next(8) == 0 ? 1 + numbers.next(3 * maxWidth) : 1 + numbers.next(9)
                words.append(String(repeating: Character(Unicode.Scalar(UInt8(97 + numbers.next(26)))), count: length))
            }
            var expected: [String] = []
            var line = ""
            for word in words {
                if !line.isEmpty, line.count + 1 + word.count <= maxWidth {
                    line += " " + word
                    continue
                }
                if !line.isEmpty { expected.append(line) }
                var rest = Substring(word)
                while rest.count > maxWidth {
                    expected.append(String(rest.prefix(maxWidth)))
                    rest = rest.dropFirst(maxWidth)
                }
                line = String(rest)
            }
            if !line.isEmpty { expected.append(line) }

            var text = words.joined(separator: " ")
            let lines = text.withUTF8 { bytes in
                LineBreaking.wrap(utf8: bytes, maxWidth: Double(maxWidth)) { Double($0.count) }
                    .map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.range]), as: UTF8.self) }
            }
            #expect(lines == expected, "width \(maxWidth): \(words)")
        }
    }
}
