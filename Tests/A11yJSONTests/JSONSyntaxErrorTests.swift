import Testing
@testable import A11yJSON

/// One malformed input and the exact error a user must see.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let line: Int
    let column: Int
    let message: String

    init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        self.init(bytes: Array(text.utf8), line, column, message)
    }

    init(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
        self.bytes = bytes
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { String(decoding: bytes.prefix(40), as: UTF8.self) }
}

private func parseError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument(bytes: bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

@Suite("JSON syntax errors")
struct JSONSyntaxErrorTests {
    static let structureCases: [ErrorCase] = [
        ErrorCase("", 1, 1, "file is empty"),
        ErrorCase(" \n\t\r\n ", 1, 1, "file contains only whitespace, expected a JSON value"),
        ErrorCase("{\n  \"a\": 1,\n  \"b\": 2\n", 4, 1,
                  "unexpected end of input, expected ',' or '}' after object member (the '{' at line 1, column 1 is never closed)"),
        ErrorCase("[1, [2, 3", 1, 10,
                  "unexpected end of input, expected ',' or ']' after array element (the '[' at line 1, column 5 is never closed)"),
        ErrorCase("{\"a\":", 1, 6,
                  "unexpected end of input, expected a value (the '{' at line 1, column 1 is never closed)"),
        ErrorCase("{\"a\"", 1, 5,
                  "unexpected end of input, expected ':' after object key (the '{' at line 1, column 1 is never closed)"),
        ErrorCase("{", 1, 2,
                  "unexpected end of input, expected a key or '}' (the '{' at line 1, column 1 is never closed)"),
        ErrorCase("{\n  \"a\": 1,\n  \"b\": 2,\n}", 3, 9, "trailing comma before '}'"),
        ErrorCase("[1, 2,]", 1, 6, "trailing comma before ']'"),
        ErrorCase("[1, 2,\r\n  ]", 1, 6, "trailing comma before ']'"),
        ErrorCase("{\"é\" 1}", 1, 6, "expected ':' after object key"),
        ErrorCase("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after object member"),
        ErrorCase("[1 2]", 1, 4, "expected ',' or ']' after array element"),
        ErrorCase("[1}", 1, 3, "expected ',' or ']' after array element"),
        ErrorCase("{\"a\": 1]", 1, 8, "expected ',' or '}' after object member"),
        ErrorCase("[1,,2]", 1, 4, "expected a value, found ','"),
        ErrorCase("{\"a\": }", 1, 7, "expected a value, found '}'"),
        ErrorCase("{,}", 1, 2, "expected a double-quoted key or '}' after '{'"),
        ErrorCase("{\"a\": 1, 2: 3}", 1, 10, "expected a double-quoted key after ','"),
        ErrorCase("{name: 1}", 1, 2, "object key 'name' must be in double quotes"),
        ErrorCase("{'a': 1}", 1, 2, "object keys must be in double quotes, not single quotes"),
        ErrorCase("['a']", 1, 2, "strings must be in double quotes, not single quotes"),
        ErrorCase("{} {}", 1, 4, "unexpected '{' after the top-level value"),
        ErrorCase("[1]\n]", 2, 1, "unexpected ']' after the top-level value"),
        ErrorCase("1 2", 1, 3, "unexpected '2' after the top-level value"),
        ErrorCase("// comment\n{}", 1, 1, "comments are not allowed in JSON"),
        ErrorCase("{\"a\": 1 /* note */}", 1, 9, "comments are not allowed in JSON"),
        ErrorCase("[1, // two\n2]", 1, 5, "comments are not allowed in JSON"),
        ErrorCase("{}\n// trailing", 2, 1, "comments are not allowed in JSON"),
        ErrorCase("[“x”]", 1, 2, "expected a value, found '“' (U+201C)"),
        ErrorCase("[\u{7}]", 1, 2, "expected a value, found U+0007"),
    ]

    static let stringCases: [ErrorCase] = [
        ErrorCase("{\"name\": \"Check", 1, 10, "unterminated string: missing closing '\"' before the end of input"),
        ErrorCase("[\"ab\ncd\"]", 1, 2, "unterminated string: missing closing '\"' before the end of the line"),
        ErrorCase("\"a\\", 1, 1, "unterminated string: missing closing '\"' before the end of input"),
        ErrorCase("\"tab\there\"", 1, 5, "control character U+0009 in string; write it as \\t"),
        ErrorCase("\"é\u{1}\"", 1, 3, "control character U+0001 in string; write it as \\u0001"),
        ErrorCase("[\"ok\", \"bad \\x escape\"]", 1, 13,
                  "invalid escape '\\x' in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        ErrorCase("\"\\é\"", 1, 2,
                  "invalid escape '\\' followed by 'é' (U+00E9) in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        ErrorCase("\"\\u12G4\"", 1, 2, "invalid \\u escape: expected 4 hex digits after \\u"),
        ErrorCase("\"ab\\uD800\"", 1, 4,
                  "unpaired surrogate escape \\uD800: a high surrogate must be followed by a low surrogate escape (\\uDC00 to \\uDFFF)"),
        ErrorCase("\"\\ud83d\\u0041\"", 1, 2,
                  "unpaired surrogate escape \\ud83d: a high surrogate must be followed by a low surrogate escape (\\uDC00 to \\uDFFF)"),
        ErrorCase("\"x\\uDC00\"", 1, 3,
                  "unpaired surrogate escape \\uDC00: a low surrogate must follow a high surrogate escape"),
    ]

    static let numberAndLiteralCases: [ErrorCase] = [
        ErrorCase("[01]", 1, 2, "invalid number '01': leading zeros are not allowed"),
        ErrorCase("{\"size\": -007}", 1, 10, "invalid number '-007': leading zeros are not allowed"),
        ErrorCase("[1.]", 1, 2, "invalid number '1.': expected a digit after '.'"),
        ErrorCase("[-]", 1, 2, "invalid number '-': expected a digit after '-'"),
        ErrorCase("-", 1, 1, "invalid number '-': expected a digit after '-'"),
        ErrorCase("[+1]", 1, 2, "invalid number '+1': a number cannot start with '+'"),
        ErrorCase("[.5]", 1, 2, "invalid number '.5': a number must start with a digit"),
        ErrorCase("[1e]", 1, 2, "invalid number '1e': expected a digit in the exponent"),
        ErrorCase("[1e+]", 1, 2, "invalid number '1e+': expected a digit in the exponent"),
        ErrorCase("[1.2.3]", 1, 2, "invalid number '1.2.3': unexpected '.' in number"),
        ErrorCase("[12px]", 1, 2, "invalid number '12px': unexpected 'p' in number"),
        ErrorCase("[0x1F]", 1, 2, "invalid number '0x1F': unexpected 'x' in number"),
        ErrorCase("{\"a\": True}", 1, 7, "invalid literal 'True', did you mean 'true'?"),
        ErrorCase("[nul]", 1, 2, "invalid literal 'nul', did you mean 'null'?"),
        ErrorCase("[ture, flase, NULL, None]", 1, 2, "invalid literal 'ture', did you mean 'true'?"),
        ErrorCase("[flase]", 1, 2, "invalid literal 'flase', did you mean 'false'?"),
        ErrorCase("[nil]", 1, 2, "invalid literal 'nil', did you mean 'null'?"),
        ErrorCase("[truex]", 1, 2, "invalid literal 'truex', did you mean 'true'?"),
        ErrorCase("[hello]", 1, 2, "invalid literal 'hello' (text must be a string in double quotes)"),
        ErrorCase("[NaN]", 1, 2, "NaN is not valid JSON (JSON has no NaN; use null or a string)"),
        ErrorCase("[Infinity]", 1, 2, "Infinity is not valid JSON (JSON has no infinite numbers; use null or a string)"),
        ErrorCase("[nan]", 1, 2, "nan is not valid JSON (JSON has no NaN; use null or a string)"),
        ErrorCase("[-inf]", 1, 2, "-inf is not valid JSON (JSON has no infinite numbers; use null or a string)"),
        ErrorCase("[None]", 1, 2, "invalid literal 'None', did you mean 'null'?"),
        ErrorCase("[-Infinity]", 1, 2, "-Infinity is not valid JSON (JSON has no infinite numbers; use null or a string)"),
    ]

    static let encodingCases: [ErrorCase] = [
        ErrorCase(bytes: Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8), 1, 9, "invalid UTF-8 byte 0xFF"),
        ErrorCase(bytes: Array("{\n  \"é\": ".utf8) + [0xFF], 2, 8, "invalid UTF-8 byte 0xFF"),
        ErrorCase(bytes: Array("[\"caf".utf8) + [0xE9] + Array("\"]".utf8), 1, 6,
                  "invalid UTF-8 byte 0xE9 (incomplete or malformed multi-byte sequence)"),
        ErrorCase(bytes: [0x22, 0xC0, 0xAF, 0x22], 1, 2, "invalid UTF-8 byte 0xC0"),
        ErrorCase(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2,
                  "invalid UTF-8 byte 0xED (incomplete or malformed multi-byte sequence)"),
        ErrorCase(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2,
                  "invalid UTF-8 byte 0xF4 (incomplete or malformed multi-byte sequence)"),
        ErrorCase(bytes: [0x22, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0x80"),
        ErrorCase(bytes: [0xFF, 0xFE, 0x7B, 0x00], 1, 1,
                  "invalid UTF-8 byte 0xFF (the file looks UTF-16 encoded; save it as UTF-8)"),
        ErrorCase(bytes: [0xEF, 0xBB, 0xBF], 1, 1, "file is empty"),
        ErrorCase(bytes: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), 1, 3, "trailing comma before ']'"),
    ]

    @Test(arguments: structureCases + stringCases + numberAndLiteralCases + encodingCases)
    func reportsExactPositionAndMessage(_ errorCase: ErrorCase) throws {
        let error = try #require(parseError(errorCase.bytes))
        #expect(error.message == errorCase.message)
        #expect(error.position.line == errorCase.line)
        #expect(error.position.column == errorCase.column)
        // The offset must agree with line and column.
        let naive = naivePosition(errorCase.bytes, error.position.offset)
        if errorCase.message != "file is empty", !errorCase.message.hasPrefix("file contains only") {
            #expect(naive.line == errorCase.line && naive.column == errorCase.column)
        }
    }

    @Test func descriptionIsLineColonColumn() throws {
        let error = try #require(parseError(Array("{\n  \"a\": 1,\n}".utf8)))
        #expect(error.description == "2:9: trailing comma before '}'")
        #expect(error.position.offset == 10)
    }

    @Test func endOfInputPointsAtTheEndOfTheFile() throws {
        let text = "[\n  {\"a\": [1, 2]\n"
        let error = try #require(parseError(Array(text.utf8)))
        #expect(error.position == JSONPosition(line: 3, column: 1, offset: text.utf8.count))
        #expect(error.message.hasPrefix("unexpected end of input"))
        #expect(error.message.hasSuffix("(the '{' at line 2, column 3 is never closed)"))
    }

    @Test func invalidByteAfterMultiByteCharactersHasTheScalarColumn() throws {
        // 3 two-byte and 1 four-byte characters before the bad byte: column 2 + 4 + 1.
        let bytes = Array("[\"éèà😀".utf8) + [0xFE] + Array("\"]".utf8)
        let error = try #require(parseError(bytes))
        #expect(error.position == JSONPosition(line: 1, column: 7, offset: 12))
        #expect(error.message == "invalid UTF-8 byte 0xFE")
    }
}
