import Testing
import A11yPattern

@Suite struct PatternMatchingTests {
    @Test func namedGroupsGiveByteRanges() throws {
        let pattern = try Pattern(#"(?<label>\w+):\s*(?<value>\d+)?"#)
        #expect(pattern.groupCount == 2)
        #expect(pattern.groupNames == ["label": 1, "value": 2])
        // "é" is two bytes: offsets after it are byte offsets, not characters.
        let matches = try pattern.matches(in: "é width: 44, height:")
        #expect(matches.count == 2)
        #expect(matches[0].range == 3..<12)
        #expect(matches[0]["label"] == 3..<8)
        #expect(matches[0]["value"] == 10..<12)
        #expect(matches[1].range == 14..<21)
        #expect(matches[1]["label"] == 14..<20)
        #expect(matches[1]["value"] == nil)
        #expect(matches[1][2] == nil)
        #expect(matches[1][9] == nil)
        #expect(matches[0]["missing"] == nil)
    }

    @Test func emptyMatchesAdvanceOneWholeCharacter() throws {
        // `x*` matches empty before each character that is not x; "é" and "😀" are 2 and 4
        // bytes, so the next search must start after the whole character.
        let pattern = try Pattern("x*")
        let ranges = try pattern.matches(in: "éx😀").map(\.range)
        #expect(ranges == [0..<0, 2..<3, 3..<3, 7..<7])
        let bytes = try pattern.matches(in: Array("éx😀".utf8)).map(\.range)
        #expect(bytes == ranges)
        #expect(try Pattern("").matches(in: "").map(\.range) == [0..<0])
    }

    @Test func emptyThenNonEmptyAtTheSameOffset() throws {
        // At offset 0 the empty alternative wins; the non-empty one is still found there.
        let matches = try Pattern("|ab").matches(in: "ab").map(\.range)
        #expect(matches == [0..<0, 0..<2, 2..<2])
    }

    @Test func firstMatchAndIsMatch() throws {
        let pattern = try Pattern(#"\.onTapGesture\b"#)
        #expect(try pattern.firstMatch(in: "Text(\"a\").onTapGesture { }")?.range == 9..<22)
        #expect(try pattern.firstMatch(in: "Text(\"a\").onTapGestures") == nil)
        #expect(try pattern.isMatch("x.onTapGesture"))
        #expect(try Pattern("image", options: .caseless).isMatch("IMAGE"))
        #expect(try Pattern("^b", options: .multiline).firstMatch(in: "a\nb")?.range == 2..<3)
        #expect(try Pattern("^b").firstMatch(in: "a\nb") == nil)
    }

    @Test func invalidUTF8BytesAreAnErrorUnlessDeclaredValid() throws {
        let pattern = try Pattern("a")
        #expect(throws: PatternLimitError.self) { try pattern.matches(in: [0x61, 0xFF]) }
        let scratch = MatchScratch()
        let outcome = [UInt8]([0x62, 0xFF]).withUnsafeBufferPointer { pattern.firstMatch(in: $0, scratch: scratch) }
        guard case .limit(let error) = outcome else {
            Issue.record("expected a UTF-8 error, got \(outcome)")
            return
        }
        #expect(error.message.contains("UTF-8"))
    }
}

@Suite struct PatternLimitTests {
    @Test func catastrophicBacktrackingHitsTheLimit() throws {
        let pattern = try Pattern("(a+)+$")
        let subject = String(repeating: "a", count: 40) + "!"
        let error = #expect(throws: PatternLimitError.self) { try pattern.matches(in: subject) }
        #expect(error?.pattern == "(a+)+$")
        #expect(error?.message.contains("limit") == true)
        // The same through a reused scratch: reported, not thrown, and the scratch stays usable.
        let scratch = MatchScratch(limits: MatchLimits(matchLimit: 10_000, depthLimit: 1_000))
        var bytes = Array(subject.utf8)
        let outcome = bytes.withUnsafeMutableBufferPointer {
            pattern.firstMatch(in: UnsafeBufferPointer($0), scratch: scratch, subjectIsValidUTF8: true)
        }
        guard case .limit(let limitError) = outcome else {
            Issue.record("expected the match limit, got \(outcome)")
            return
        }
        #expect(limitError.message.contains("limit"))
        bytes = Array("aaa".utf8)
        #expect(bytes.withUnsafeBufferPointer { pattern.firstMatch(in: $0, scratch: scratch) } == .match(0..<3))
    }

    @Test func smallLimitsStopEvenModestWork() throws {
        let pattern = try Pattern(#"(\w+\s?)*$"#)
        let subject = String(repeating: "word ", count: 12) + "!"
        #expect(throws: PatternLimitError.self) {
            try pattern.matches(in: subject, limits: MatchLimits(matchLimit: 100, depthLimit: 100))
        }
    }
}

@Suite struct MatchScratchTests {
    @Test func oneScratchServesManyMatchesOfManyPatterns() throws {
        let image = try Pattern(#"\bImage\("#)
        let tap = try Pattern(#"\.onTapGesture\b"#)
        let line = "Image(\"a\").onTapGesture { } // 28 bytes+\n"
        let text = String(repeating: line, count: 500)
        let bytes = Array(text.utf8)
        let scratch = MatchScratch()
        var starts: [Int] = []
        var tapCount = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while case .match(let range) = image.firstMatch(in: buffer, from: offset, scratch: scratch,
                                                             subjectIsValidUTF8: true) {
                starts.append(range.lowerBound)
                offset = range.upperBound
                if case .match = tap.firstMatch(in: buffer, from: offset, scratch: scratch) { tapCount += 1 }
            }
        }
        let lineLength = line.utf8.count
        #expect(starts.count == 500)
        #expect(starts == (0..<500).map { $0 * lineLength })
        #expect(tapCount == 500)
        #expect(!scratch.hasLargeJITStack)
    }

    @Test func deepMatchRetriesOnceOnALargerJITStack() throws {
        let pattern = try Pattern(#"^(\((?:[^()]|(?1))*\))$"#)
        guard pattern.isJITCompiled else { return }  // the retry is a JIT matter
        // Deep nesting needs more than the JIT's default 32 KiB machine stack.
        let depth = 2_000
        let subject = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        let scratch = MatchScratch(limits: MatchLimits(matchLimit: 10_000_000, depthLimit: 1_000_000))
        let outcome = Array(subject.utf8).withUnsafeBufferPointer {
            pattern.firstMatch(in: $0, scratch: scratch, subjectIsValidUTF8: true)
        }
        #expect(outcome == .match(0..<(2 * depth)))
        #expect(scratch.hasLargeJITStack)
        // The convenient API gets the same retry.
        #expect(try pattern.firstMatch(in: subject, limits: scratch.limits)?.range == 0..<(2 * depth))
    }

    @Test func emptySubjects() throws {
        let scratch = MatchScratch()
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(try Pattern("^$").firstMatch(in: empty, scratch: scratch) == .match(0..<0))
        #expect(try Pattern("a").firstMatch(in: empty, scratch: scratch) == .noMatch)
    }
}

@Suite struct PatternPrefilterTests {
    @Test func anchoredLiteralPrefixes() throws {
        func prefix(_ pattern: String) -> String {
            String(decoding: Pattern.literalPrefix(ofAnchored: Array(pattern.utf8)), as: UTF8.self)
        }
        #expect(prefix(#"^\.accessibilityHidden\s*\(\s*true"#) == ".accessibilityHidden")
        #expect(prefix("^abc?d") == "ab")
        #expect(prefix("^ab+c") == "ab")
        #expect(prefix("^(?:SwiftUI)?Image") == "")
        #expect(prefix("^a|b") == "")
        #expect(prefix("a^b") == "")
        // Only plain patterns get one: multiline `^` and caseless letters differ.
        #expect(try Pattern("^abc").anchoredPrefix == Array("abc".utf8))
        #expect(try Pattern("^abc", options: .multiline).anchoredPrefix.isEmpty)
        #expect(try Pattern("^abc", options: .caseless).anchoredPrefix.isEmpty)
    }

    @Test func rejectionsAgreeWithPCRE2() throws {
        let scratch = MatchScratch()
        let patterns = [#"^\.accessibilityHidden\s*\(\s*true\s*\)"#, #"^(?:SwiftUI\s*\.\s*)?(?:Button|Link)\b"#,
                        "^$", "^x?y", "^(?i)image", #"\bText\("#, "^[ab]c", "^é"]
        let subjects = [".accessibilityHidden(true)", ".accessibilityHidden(false)", "SwiftUI.Button", "Link(",
                        "VStack {", "", "y", "xy", "IMAGE", "a Text(", "bc", "cc", "é", "e"]
        var rejected = 0
        for source in patterns {
            let pattern = try Pattern(source)
            for subject in subjects {
                let bytes = Array(subject.utf8)
                let matched: Bool = bytes.withUnsafeBufferPointer { buffer in
                    if pattern.cannotMatch(buffer) { rejected += 1; return false }
                    if case .match = pattern.firstMatch(in: buffer, scratch: scratch) { return true }
                    return false
                }
                #expect(matched == (try Pattern(source).isMatch(subject)), "\(source) on '\(subject)'")
            }
        }
        #expect(rejected > 40)
    }

    @Test func textsAfterTheAnchoredPrefixAreSearchedAfterIt() throws {
        let scratch = MatchScratch()
        func rejects(_ pattern: Pattern, _ subject: String) -> Bool {
            Array(subject.utf8).withUnsafeBufferPointer { pattern.cannotMatch($0) }
        }
        // `Tap` is a text every match holds, and the prefix `.onTapGesture` holds one: only a
        // `Tap` after the prefix can be the one the rest of the pattern matches.
        let tap = try Pattern(#"^\.onTapGesture\s*\{\s*[^\n;{}]*(?:backgroundTap|[tT]apped)[^\n;{}]*\}"#)
        #expect(rejects(tap, ".onTapGesture { isOn.toggle() }"))
        #expect(!rejects(tap, ".onTapGesture { backgroundTap() }"))
        // `^ab+`: the rest, `b+cde`, starts on the prefix's last byte.
        let repeated = try Pattern("^ab+cde")
        #expect(rejects(repeated, "abcd"))
        #expect(!rejects(repeated, "abbcde"))
        let subjects = [".onTapGesture { isOn.toggle() }", ".onTapGesture { backgroundTap() }", ".onTapGesture {Tapped}",
                        ".onTapGesture", "abcde", "abbbcde", "abcd", "ab", "xabcde", ""]
        for pattern in [tap, repeated] {
            for subject in subjects {
                let bytes = Array(subject.utf8)
                let matched: Bool = bytes.withUnsafeBufferPointer { buffer in
                    if pattern.cannotMatch(buffer) { return false }
                    if case .match = pattern.firstMatch(in: buffer, scratch: scratch) { return true }
                    return false
                }
                #expect(matched == (try pattern.isMatch(subject)), "\(pattern.source) on '\(subject)'")
            }
        }
    }
}

@Suite struct RequiredLiteralTests {
    @Test func textsEveryMatchHolds() throws {
        func texts(_ source: String) throws -> [[String]]? { try Pattern(source).requiredTexts }
        #expect(try texts(#"\.onTapGesture\s*\{"#) == [[".onTapGesture"]])
        #expect(try texts(#"\.\s*accessibilityHidden\s*\(\s*true|\.\s*accessibility\s*\(\s*hidden"#)
            == [["accessibilityHidden", "accessibility"]])
        // Lookarounds, optional parts and short runs give nothing; a group of alternatives
        // gives one clause.
        #expect(try texts(#"(?<![\w.])(?:SwiftUI\s*\.\s*)?Image\s*\("#) == [["Image"]])
        #expect(try texts(#"\.(?:colorMultiply|tint)\s*\("#) == [["colorMultiply", "tint"]])
        #expect(try texts("abcd?e") == [["abc"]])
        #expect(try texts("ab+cde") == [["cde"]])
        #expect(try texts("(?:abc)?xy") == nil)
        #expect(try texts("(?:abc)+xy") == [["abc"]])
        #expect(try texts("(?=abc)x") == nil)
        #expect(try texts("abc|x") == nil)
        #expect(try texts("ab[cd]ef") == nil)
        #expect(Set(try texts(#"foo\d{2,}bar"#) ?? []) == [["foo"], ["bar"]])
        // Constructs not read give nothing at all.
        #expect(try texts("(?i)abc") == nil)
        #expect(try texts("(?i:abc)def") == [["def"]])
        #expect(try texts(#"\Qabc\E"#) == nil)
        #expect(try texts(#"\x{41}BCD"#) == nil)
        #expect(try texts("(?<name>abc)") == nil)
        #expect(try texts("a{x}bcd") == nil)
        // Anchored patterns too (what follows their start may be long); other options are
        // left to PCRE2.
        #expect(Set(try texts(#"^\.onTapGesture[\s\S]*\.performClick\s*\("#) ?? [])
            == [[".onTapGesture"], [".performClick"]])
        #expect(try Pattern("abc", options: .caseless).requiredTexts == nil)
    }

    @Test func rejectionsNeverHideAMatch() throws {
        let scratch = MatchScratch()
        let patterns = [#"\bText\("#, #"\.onTapGesture\s*+[({]"#, "(?:abc|def)+x", #"(ab)\1cde"#, "x[]]yzw",
                        #"\.(?:gesture|simultaneousGesture)\s*\(\s*TapGesture"#, "é+abc", #"[[:alpha:]]+xyz"#,
                        #"abc(?:def)*ghi"#, #"\$\(abc\)"#]
        let subjects = ["Text(", "a Text (", ".onTapGesture {", ".onTapGesture(", "abcx", "defdefx", "abx",
                        "ababcde", "abcde", "x]yzw", "x]]yzw", ".gesture( TapGesture", ".simultaneousGesture(TapGesture",
                        "éabc", "ééabc", "abc", "qxyz", "xyz", "abcghi", "abcdefghi", "$(abc)", ""]
        for source in patterns {
            let pattern = try Pattern(source)
            #expect(pattern.requiredTexts != nil, "\(source)")
            for subject in subjects {
                let bytes = Array(subject.utf8)
                let rejected = bytes.withUnsafeBufferPointer { pattern.cannotMatch($0) }
                if rejected { #expect(!(try pattern.isMatch(subject)), "\(source) on '\(subject)'") }
            }
        }
        _ = scratch
    }
}

@Suite struct PatternErrorTests {
    @Test func invalidPatternsGiveOffsetAndMessage() {
        func failure(_ source: String) -> PatternError? {
            do {
                _ = try Pattern(source)
                return nil
            } catch {
                return error
            }
        }
        let unclosed = failure("Image\\((")
        #expect(unclosed?.offset == 8)
        #expect(unclosed?.message == "missing closing parenthesis")
        #expect(unclosed?.description == "invalid pattern at offset 8: missing closing parenthesis")
        let quantifier = failure("ab*+*")
        #expect(quantifier?.offset == 4)
        #expect(quantifier?.message == "quantifier does not follow a repeatable item")
        // Offsets count bytes: "é" is two.
        #expect(failure("é[")?.offset == 3)
        #expect(failure("é[")?.message == "missing terminating ] for character class")
        #expect(failure("(?<n>a)(?<n>b)")?.message == "two named subpatterns have the same name (PCRE2_DUPNAMES not set)")
    }
}
