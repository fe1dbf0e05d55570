import Foundation
import Testing
import A11yPattern

/// The search that tries PCRE2 only where a match can start (`Pattern.candidates(in:)`)
/// must find exactly what the full search finds, for every pattern it reads.
@Suite struct MatchStartsTests {
    /// The anchors of the catalogue's source rules (Rules/source/*.yml).
    static let cataloguePatterns = [
        #"(?:\.\s*system\s*\(\s*size|\.\s*custom\s*\([^()]*?\bfixedSize|(?<![\w.])UIFont\s*(?:\.\s*(?:bold|italic|monospaced|monospacedDigit)?[sS]ystemFont\s*\(\s*ofSize|\(\s*name\s*:[^()]*?\bsize))\s*:(?!\s*(?:4[89]|[5-9]\d|[1-9]\d{2,})(?:\.\d*)?\s*[,)])"#,
        #"\.(?:colorMultiply|foregroundColor|foregroundStyle|tint)\s*\(\s*(?:(?:SwiftUI\s*\.\s*)?Color\s*)?(?:\.(?:black|white)\b|\(\s*white\s*:\s*[01](?:\.0+)?\s*\))\s*\)"#,
        #"\.\s*accessibilityHidden\s*\(\s*true\s*\)|\.\s*accessibility\s*\(\s*hidden\s*:\s*true\s*\)"#,
        #"(?<![\w.])(?:SwiftUI\s*\.\s*)?Image\s*(?:\(|\.\s*(?!init\b|self\b)[a-z_])"#,
        #"\.onTapGesture\s*+(?:\{|\((?!\s*count\s*:\s*+(?!1\s*[,)]))(?!\s*\)(?!\s*\{)))|\.(?:gesture|simultaneousGesture|highPriorityGesture)\s*\(\s*TapGesture\s*\(\s*(?:count\s*:\s*1\s*)?\)"#,
        #"(?<![\w.])(?:SwiftUI\s*\.\s*)?Button\s*+[({]|\.onTapGesture\s*+[({]|\.(?:gesture|simultaneousGesture|highPriorityGesture)\s*\(\s*TapGesture\b"#,
        ##"(?:\.\s*accessibilityLabel\s*\(\s*(?:(?:SwiftUI\s*\.\s*)?Text\s*\(\s*)?|\.\s*accessibility\s*\(\s*label\s*:\s*(?:SwiftUI\s*\.\s*)?Text\s*\(\s*)\K#*"(?!"")(?=[^"\n]*+"#*\s*[),])"##,
    ]

    /// Patterns a user's rule pack may hold: `\K`, lookbehinds, `\s+`, adjacent and
    /// overlapping literals, named groups, repeats.
    static let userPatterns = [
        #"\.onTapGesture\s*\{"#, #"(?<=\.)\s*padding\s*\("#, #"\bText\s*\(\s*\K"[^"]*""#, #"\.\s+frame\b"#,
        #"aaa"#, #"abab"#, #"(?<n>foo)\s*bar"#, #"(?:x\s*)?yzw"#, #"(?>\.\s*font)\s*\("#, #"(?:ab){2}c"#,
        #"Image(?=\()"#, #"\.\s*(?:tint|foo)?bar"#, #"\$\s*abc"#, #"é\s*abc"#, #"x\s*\.\s*yzw\b"#,
    ]

    /// Patterns whose starts the reading cannot pin down: always the full search.
    @Test func unknownStartsAreNotGuessed() throws {
        for source in [#"\s*foo"#, "(?i)foo", "(?i:foo)bar", "a+bcd", "[ab]cde", #"\Gfoo"#, "fo", "(*UTF)foo",
                       #"\Qfoo\E"#, #"\x{41}bc"#, "foo|.x", "(?:foo)*", " abc"] {
            #expect(try Pattern(source).startTexts == nil, "\(source)")
        }
        #expect(try Pattern("foo", options: .caseless).startTexts == nil)
    }

    @Test func startsOfCataloguePatterns() throws {
        #expect(try Pattern(#"\.\s*system\s*\("#).startTexts == [#".\s*|system"#])
        #expect(try Pattern(#"\.onTapGesture\s*+[({]"#).startTexts == ["|.onTapGesture"])
        #expect(try Pattern(#"(?<![\w.])(?:SwiftUI\s*\.\s*)?Image\s*\("#).startTexts == ["|Image", "|SwiftUI"])
        #expect(try Pattern(#"\.\s+frame"#).startTexts == [#".\s{1,}|frame"#])
        for source in Self.cataloguePatterns {
            #expect(try Pattern(source).startTexts != nil, "\(source)")
        }
    }

    /// Every match of the search loop the source rules run, with and without candidates.
    /// `set`: the literals of a rule set, found in one pass over the subject and shared by
    /// its patterns (as `SourceRuleSet` does); nil for the pattern's own byte searches.
    private func compare(_ pattern: Pattern, on subject: [UInt8], scratch: MatchScratch, set: LiteralSet? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        subject.withUnsafeBufferPointer { text in
            let literals = LiteralOffsets(set: set)
            let lacks = pattern.lacksRequiredText(text, literals: literals)
            #expect(lacks == pattern.lacksRequiredText(text), "\(pattern.source)", sourceLocation: sourceLocation)
            if lacks {
                #expect(pattern.firstMatch(in: text, scratch: scratch, subjectIsValidUTF8: true) == .noMatch,
                        sourceLocation: sourceLocation)
                return
            }
            var candidates = pattern.candidates(in: text, literals: literals)
            var offset = 0
            while offset <= text.count {
                let full = pattern.firstMatch(in: text, from: offset, scratch: scratch, subjectIsValidUTF8: true)
                let found = pattern.firstMatch(in: text, from: offset, candidates: &candidates, scratch: scratch,
                                               subjectIsValidUTF8: true)
                #expect(full == found, "\(pattern.source) from \(offset) in \(String(decoding: subject, as: UTF8.self).debugDescription)",
                        sourceLocation: sourceLocation)
                guard case .match(let range) = full, full == found else { return }
                offset = range.isEmpty ? range.upperBound + 1 : range.upperBound
                while offset < text.count, text[offset] & 0xC0 == 0x80 { offset += 1 }
            }
        }
    }

    @Test func handWrittenEdgeCases() throws {
        let scratch = MatchScratch()
        let subjects = [
            ".onTapGesture{}.onTapGesture {}", "x.onTapGesture {", ".onTapGesture", "Image(x)Image(y)", "aImage(",
            ". Image(", "SwiftUI . Image(", "SwiftUI.\u{00A0}Image(", ".\u{00A0}system(size: 3)", ".\u{2003} frame",
            "é .system(size: 12)", "UIFont.systemFont(ofSize: 9)", ".accessibilityLabel(Text(\"Button\"))",
            ".accessibilityLabel(\"\")", "Text(\"a\")Text( \"b\")", "aaaaa", "ababab", "foo bar foobar", "x yzwyzw",
            ". \t\n tint(.white)", ".gesture(TapGesture())", "Button {} Button( SwiftUI.Button{", "$abc$ abc",
            "é abc éabc", "x . yzw", ".  frame", ".frame", "", " ", ".", "\n.tint(.black)\n",
        ]
        let patterns = try (Self.cataloguePatterns + Self.userPatterns).map { try Pattern($0) }
        let set = LiteralSet(patterns: patterns)
        for pattern in patterns {
            for subject in subjects {
                compare(pattern, on: Array(subject.utf8), scratch: scratch)
                compare(pattern, on: Array(subject.utf8), scratch: scratch, set: set)
            }
        }
    }

    /// `count` texts of up to `upTo` random `pieces`, from a fixed xorshift sequence (so a
    /// failure repeats).
    static func randomTexts(_ count: Int, of pieces: [String], upTo: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<next(upTo)).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    @Test func randomTexts() throws {
        let scratch = MatchScratch()
        let pieces = [".", " ", "\n", "\t", "(", ")", "{", "}", ":", ",", "\"", "#", "é", "\u{00A0}", "\u{2003}", "x",
                      "Image", "SwiftUI", "Button", "Text", "onTapGesture", "gesture", "TapGesture", "count", "1",
                      "system", "size", "12", "48", "UIFont", "systemFont", "ofSize", "accessibilityLabel",
                      "accessibility", "label", "hidden", "true", "accessibilityHidden", "tint", "white", "black",
                      "Color", "foregroundColor", "custom", "fixedSize", "name", "aa", "ab", "foo", "bar", "yzw",
                      "frame", "padding", "abc", "$", "\\", "init", "self"]
        let patterns = try (Self.cataloguePatterns + Self.userPatterns).map { try Pattern($0) }
        let set = LiteralSet(patterns: patterns)
        for text in Self.randomTexts(600, of: pieces, upTo: 40, seed: 0x2024_0024) {
            for pattern in patterns {
                compare(pattern, on: Array(text.utf8), scratch: scratch)
                compare(pattern, on: Array(text.utf8), scratch: scratch, set: set)
            }
        }
    }

    /// Real Swift files: the reader's differential fixtures and this package's sources.
    @Test func realSwiftFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Tests/ReaderDifferential/Fixtures", "Tests/CLITests", "Sources/A11ySwiftReader"] {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files += names.filter { $0.hasSuffix(".swift") }.sorted().map { url.appendingPathComponent($0) }
        }
        #expect(files.count > 10)
        let scratch = MatchScratch()
        let patterns = try (Self.cataloguePatterns + Self.userPatterns).map { try Pattern($0) }
        let set = LiteralSet(patterns: patterns)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            for pattern in patterns {
                compare(pattern, on: bytes, scratch: scratch)
                compare(pattern, on: bytes, scratch: scratch, set: set)
            }
        }
    }
}
