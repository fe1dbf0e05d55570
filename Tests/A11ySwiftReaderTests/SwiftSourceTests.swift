import Testing
import A11ySwiftReader

/// The masked text as a string, for readable expectations.
private func maskedText(_ code: String) -> String {
    let source = SwiftSource(code)
    #expect(source.masked.count == source.bytes.count)
    return String(decoding: source.masked, as: UTF8.self)
}

/// `code` with each of `parts` (found in order) blanked to spaces, line breaks kept:
/// what the lexer must produce when `parts` are the comment and literal contents.
private func blanking(_ code: String, _ parts: String...) -> String {
    var result = Array(code.utf8)
    var searchFrom = 0
    for part in parts {
        let needle = Array(part.utf8)
        guard let start = (searchFrom...(result.count - needle.count)).first(where: {
            Array(result[$0..<$0 + needle.count]) == needle
        }) else {
            Issue.record("'\(part)' is not in the code")
            continue
        }
        for i in start..<start + needle.count where result[i] != UInt8(ascii: "\n") {
            result[i] = UInt8(ascii: " ")
        }
        searchFrom = start + needle.count
    }
    return String(decoding: result, as: UTF8.self)
}

private func slices(_ ranges: [Range<Int>], of code: String) -> [String] {
    let bytes = Array(code.utf8)
    return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
}

@Suite struct SwiftSourceTests {
    @Test func lineCommentIsBlankedButKeepsItsSlashes() {
        let code = "let a = 1 // Image(\"x\").onTapGesture { }\nlet b = 2"
        #expect(maskedText(code) == blanking(code, " Image(\"x\").onTapGesture { }"))
        #expect(slices(SwiftSource(code).comments, of: code) == ["// Image(\"x\").onTapGesture { }"])
    }

    @Test func nestedBlockCommentsEndAtTheOuterClose() {
        let code = "a /* one /* two */ still */ b"
        #expect(maskedText(code) == blanking(code, " one /* two */ still "))
        #expect(slices(SwiftSource(code).comments, of: code) == ["/* one /* two */ still */"])
    }

    @Test func blockCommentKeepsNewlines() {
        let code = "/*\nImage(\"x\")\n*/\nText(\"y\")"
        #expect(maskedText(code) == blanking(code, "\nImage(\"x\")\n", "y"))
    }

    @Test func unclosedBlockCommentRunsToTheEnd() {
        let code = "x /* open ( {"
        #expect(maskedText(code) == blanking(code, " open ( {"))
        #expect(SwiftSource(code).comments == [2..<13])
    }

    @Test func stringWithEscapedQuotesAndBackslashes() {
        let code = #"f("a \"b\" \\", c)"#
        #expect(maskedText(code) == #"f("          ", c)"#)
        #expect(slices(SwiftSource(code).stringLiterals, of: code) == [#""a \"b\" \\""#])
    }

    @Test func commentMarkersInsideStringsAreText() {
        let code = #"let url = "http://x.org/*" ; Image("pic")"#
        #expect(maskedText(code) == blanking(code, "http://x.org/*", "pic"))
        #expect(SwiftSource(code).comments.isEmpty)
    }

    @Test func quotesInsideCommentsAreText() {
        let code = "// it's \"quoted\nText(\"a\")"
        #expect(maskedText(code) == blanking(code, " it's \"quoted", "a"))
        #expect(SwiftSource(code).stringLiterals.count == 1)
    }

    @Test func multiLineStringIsBlankedKeepingNewlines() {
        let code = "let s = \"\"\"\n  Image(\"x\").onTapGesture { }\n  \"\"\"\nImage(\"y\")"
        #expect(maskedText(code) == blanking(code, "\n  Image(\"x\").onTapGesture { }\n  ", "y"))
        #expect(slices(SwiftSource(code).stringLiterals, of: code).first
                == "\"\"\"\n  Image(\"x\").onTapGesture { }\n  \"\"\"")
    }

    @Test func singleQuoteInsideMultiLineStringDoesNotClose() {
        let code = "\"\"\"\na \"b\" c\n\"\"\" + x"
        #expect(maskedText(code) == blanking(code, "\na \"b\" c\n"))
    }

    @Test func rawStringsWithAnyNumberOfHashes() {
        let code = ###"a(#"x "quoted" \n"#, ##"y "# z"##) b"###
        #expect(maskedText(code) == blanking(code, #"x "quoted" \n"#, ##"y "# z"##))
        #expect(slices(SwiftSource(code).stringLiterals, of: code)
                == [##"#"x "quoted" \n"#"##, ###"##"y "# z"##"###])
    }

    @Test func rawMultiLineString() {
        let code = "#\"\"\"\nText(\"\"\"\") \\\"\"\"\n\"\"\"# + y"
        let source = SwiftSource(code)
        #expect(String(decoding: source.masked, as: UTF8.self) == blanking(code, "\nText(\"\"\"\") \\\"\"\"\n"))
        #expect(source.stringLiterals == [0..<(code.utf8.count - 4)])
    }

    @Test func interpolationWithNestedParensAndStringsIsMaskedWhole() {
        let code = #"t("a \(f(g("))", 1))) b") + Image("c")"#
        #expect(maskedText(code) == blanking(code, #"a \(f(g("))", 1))) b"#, "c"))
        #expect(slices(SwiftSource(code).stringLiterals, of: code) == [#""a \(f(g("))", 1))) b""#, #""c""#])
    }

    @Test func rawInterpolationNeedsItsHashes() {
        // `\(` in a raw string is text; `\#(` interpolates.
        let code = ##"#"a \( "# + #"b \#(x + ")") c"#"##
        #expect(slices(SwiftSource(code).stringLiterals, of: code) == [##"#"a \( "#"##, ##"#"b \#(x + ")") c"#"##])
    }

    @Test func interpolationInMultiLineStringMayHoldComments() {
        let code = "\"\"\"\n\\(a /* ) */ + b)\n\"\"\"\nz()"
        let source = SwiftSource(code)
        #expect(source.stringLiterals.count == 1)
        #expect(source.comments.isEmpty)
        #expect(String(decoding: source.masked, as: UTF8.self) == blanking(code, "\n\\(a /* ) */ + b)\n"))
    }

    @Test func unterminatedSingleLineStringStopsAtTheLineBreak() {
        let code = "let s = \"open\nImage(\"x\")"
        #expect(maskedText(code) == blanking(code, "open", "x"))
    }

    @Test func hashWithoutQuoteIsCode() {
        let code = "#if DEBUG\n#selector(f)\n#endif"
        #expect(maskedText(code) == code)
        #expect(SwiftSource(code).stringLiterals.isEmpty)
    }

    /// Lines longer than the checkpoint stride count columns from the nearest checkpoint:
    /// every offset of a long line with multi-byte scalars gives what counting from the
    /// line's start gives.
    @Test func positionsOnLongLinesMatchCountingFromTheStart() {
        var line = ""
        for i in 0..<2_000 { line += i % 7 == 0 ? "é" : i % 11 == 0 ? "𝄞" : i % 13 == 0 ? "中" : "a" }
        let code = "short\n" + line + "\n" + line + "x"
        let source = SwiftSource(code)
        let bytes = Array(code.utf8)
        for offset in stride(from: 0, through: bytes.count, by: 1) where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
            let line = source.line(atOffset: offset)
            let start = source.lineStarts[line - 1]
            let column = 1 + bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count
            guard source.position(atOffset: offset) == (line, column) else {
                Issue.record("offset \(offset): \(source.position(atOffset: offset)) against \((line, column))")
                return
            }
        }
    }

    @Test func lineKeyTextSkipsIndentAndKeepsAtMostFourKilobytes() {
        let long = String(repeating: "é", count: 3_000) // 6,000 bytes
        let source = SwiftSource("\t    Image(\"x\")  \n" + "  " + long + "\n\n")
        #expect(source.lineKeyText(1) == "Image(\"x\")  ")
        // Cut at a scalar boundary: 2,048 "é" are 4,096 bytes.
        #expect(source.lineKeyText(2) == String(repeating: "é", count: 2_048))
        #expect(source.lineKeyText(3) == "")
        #expect(source.lineKeyText(9) == "")
    }

    @Test func positionsCountScalarsFromOne() {
        let code = "ab\né\"ü\" x\n\nlast"
        let source = SwiftSource(code)
        #expect(source.position(atOffset: 0) == (1, 1))
        #expect(source.position(atOffset: 2) == (1, 3))
        // "é" is two bytes: the quote after it is column 2, "x" column 6.
        #expect(source.position(atOffset: 5) == (2, 2))
        #expect(source.position(atOffset: 10) == (2, 6))
        #expect(source.position(atOffset: 12) == (3, 1))
        #expect(source.position(atOffset: 13) == (4, 1))
        #expect(source.lineText(2) == "é\"ü\" x")
        #expect(source.lineText(3) == "")
        #expect(source.lineText(4) == "last")
        #expect(source.lineText(9) == "")
        #expect(source.lineCount == 4)
    }

    @Test func lineTextDropsCarriageReturns() {
        let source = SwiftSource("a\r\nb\r\n")
        #expect(source.lineText(1) == "a")
        #expect(source.lineText(2) == "b")
        #expect(source.position(atOffset: 3) == (2, 1))
    }

    @Test func bracketsPairAcrossLinesIgnoringCommentsAndStrings() {
        let code = "f(a, \")\", /* ) */ [1, 2], {\n x in (x) })"
        let source = SwiftSource(code)
        let bytes = Array(code.utf8)
        let open = bytes.firstIndex(of: UInt8(ascii: "("))!
        let close = bytes.lastIndex(of: UInt8(ascii: ")"))!
        #expect(source.matchingBracket(at: open) == close)
        #expect(source.matchingBracket(at: close) == open)
        let brace = bytes.firstIndex(of: UInt8(ascii: "{"))!
        #expect(source.matchingBracket(at: brace) == bytes.lastIndex(of: UInt8(ascii: "}")))
        let square = bytes.firstIndex(of: UInt8(ascii: "["))!
        #expect(source.matchingBracket(at: square) == bytes.firstIndex(of: UInt8(ascii: "]")))
        // The `)` in the string and the one in the comment pair with nothing.
        #expect(source.matchingBracket(at: 6) == nil)
        #expect(source.matchingBracket(at: 14) == nil)
        #expect(source.matchingBracket(at: 1_000) == nil)
    }

    @Test func unbalancedBracketsStayUnpaired() {
        let code = "a(b[c) d]"
        let source = SwiftSource(code)
        #expect(source.matchingBracket(at: 1) == 5)
        #expect(source.matchingBracket(at: 3) == nil)
        #expect(source.matchingBracket(at: 8) == nil)
    }

    @Test func maskedOutOffsets() {
        let code = "a // c\n\"s\" b"
        let source = SwiftSource(code)
        #expect(!source.isMaskedOut(0))
        #expect(source.isMaskedOut(2))
        #expect(source.isMaskedOut(5))
        #expect(!source.isMaskedOut(6))
        #expect(source.isMaskedOut(7))
        #expect(source.isMaskedOut(9))
        #expect(!source.isMaskedOut(11))
    }

    /// A large file is read whole and right (its speed is the source benchmark's business,
    /// `scripts/bench`, not a timed test's).
    @Test func largeFileLexesWhole() {
        var code = ""
        for i in 0..<20_000 {
            code += "Image(\"n\(i)\") // comment \(i)\n  .padding(/* x */ 4) \"\"\"\n  s\n  \"\"\"\n"
        }
        #expect(SwiftSource(code).stringLiterals.count == 40_000)
    }
}

/// Regex literals, raw one-line literals that look multi-line, and interpolations: the
/// places real code has where a hand-written reader goes wrong (issue 7). The expected
/// answers are the ones Apple's SwiftParser gives (see Tests/ReaderDifferential).
@Suite struct SwiftSourceRegexAndRawTests {
    @Test func rawOneLineLiteralHoldingAQuoteIsNotMultiLine() {
        let code = "let quote = #\"\"\"#\nImage(\"after\")\n"
        let source = SwiftSource(code)
        #expect(slices(source.stringLiterals, of: code) == ["#\"\"\"#", "\"after\""])
        #expect(maskedText(code).contains("Image("))
    }

    @Test func rawMultiLineLiteralStillOpensWhenItsLineDoesNotClose() {
        let code = "let s = #\"\"\"\n  \"# not the end\n  \"\"\"#\nImage(\"x\")"
        #expect(slices(SwiftSource(code).stringLiterals, of: code).first == "#\"\"\"\n  \"# not the end\n  \"\"\"#")
    }

    @Test func bareRegexLiteralsInExpressionPosition() {
        let code = "let r = /[a-z]+\\/Image(/\nlet m = s.firstMatch(of: /Image\\(\"x\"\\)/)\nlet q = a / b / c\n"
        let source = SwiftSource(code)
        #expect(slices(source.regexLiterals, of: code) == ["/[a-z]+\\/Image(/", "/Image\\(\"x\"\\)/"])
        #expect(source.stringLiterals.isEmpty)
        #expect(!maskedText(code).contains("Image"))
        #expect(maskedText(code).contains("a / b / c"))
    }

    @Test func divisionAndOperatorsAreNotRegexes() {
        for code in ["let x = a/b/c", "let x = (a) / 2 / (b)", "let y = f(x) / g(y) /* c */", "x /= 2; y /= 3",
                     "let h = w / 2\nlet k = v / 3", "static func / (l: V, r: V) -> V { l }",
                     "let z = arr.map { $0 / 2 }.reduce(0, /)"] {
            #expect(SwiftSource(code).regexLiterals.isEmpty, "\(code)")
        }
    }

    @Test func bareRegexAfterAPrefixOperator() {
        let code = "if !/x+/.wholeMatch(s) { f(-/u/) }\nlet q = a != b / c"
        let source = SwiftSource(code)
        #expect(slices(source.regexLiterals, of: code) == ["/x+/", "/u/"])
    }

    @Test func unbalancedParenthesisMeansAnOperatorReference() {
        let code = "let r = foo(/, /)"
        #expect(SwiftSource(code).regexLiterals.isEmpty)
    }

    @Test func extendedRegexLiteralsOneAndMultiLine() {
        let code = "let a = #/ Image(\"x\") /#\nlet b = ##/\n  a/#b\n  /##\nImage(\"y\")"
        let source = SwiftSource(code)
        #expect(slices(source.regexLiterals, of: code) == ["#/ Image(\"x\") /#", "##/\n  a/#b\n  /##"])
        #expect(maskedText(code).hasSuffix("Image(\" \")"))
        #expect(source.isMaskedOut(12))
    }

    @Test func bareRegexAfterKeywordsAndInCaseLabels() {
        let code = "if x.contains(/\\d+/) { return /abc/ }\nswitch s { case /a+/: break; default: break }"
        #expect(SwiftSource(code).regexLiterals.count == 3)
    }

    @Test func interpolationsOfTopLevelLiteralsAreListed() {
        let code = #"Text("\(Image(systemName: "lock.fill")) Private \(n + 1)")"#
        let source = SwiftSource(code)
        #expect(slices(source.interpolations, of: code) == [#"Image(systemName: "lock.fill")"#, "n + 1"])
    }
}
