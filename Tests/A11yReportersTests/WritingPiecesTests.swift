import Testing
import A11yJSON
import A11yModel
import A11yReport
@testable import A11yReporters
#if canImport(Glibc)
import Glibc
#endif

/// The pieces every report is written with (JSON strings and numbers, SHA-256, the
/// escapes that return plain text as it is, the spool's copy to a file) give the bytes
/// their plain definitions give.
@Suite struct WritingPiecesTests {
    /// `writeNumber` writes the bytes of `format`, for integral, fractional, tiny, huge,
    /// negative and non-finite values.
    @Test func numbersAreWrittenAsFormatted() {
        var values: [Double] = [0, -0.0, 1, -1, 3, 4.5, 2.656928323462815, 32.94117647058824, 1e-7, 1e15, 1e15 - 1,
                                -1e15, 1e300, 5e-324, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 0.1 + 0.2]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            values.append(Double(bitPattern: generator.next()))
            values.append(Double.random(in: -100...100, using: &generator))
            values.append((Double.random(in: 0...21, using: &generator) * 100).rounded() / 100)
        }
        for value in values {
            var bytes = Array("x".utf8)
            JSONOutput.writeNumber(value, to: &bytes)
            #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == JSONOutput.format(value), "\(value)")
        }
    }

    /// Strings are escaped as a scalar-by-scalar reading says, wherever the character to
    /// escape falls among the eight-byte words.
    @Test func stringsAreEscapedWhereverTheSpecialCharacterFalls() {
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{2028}", "\u{2029}",
                        "…", "≥", "é", "𝄞", "\u{7F}", "/"]
        for special in specials {
            for before in 0..<18 {
                for after in [0, 1, 7, 8, 9, 20] {
                    let text = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
                    var bytes: [UInt8] = []
                    JSONOutput.writeString(text, to: &bytes)
                    #expect(bytes == Self.reference(text), "\(before) \(special.unicodeScalars.map(\.value)) \(after)")
                }
            }
        }
        var bytes: [UInt8] = []
        JSONOutput.writeString("", to: &bytes)
        #expect(bytes == Array("\"\"".utf8))
        let bridged = "plain text long enough to leave the small form, with \"quotes\" in it"
        bytes = []
        JSONOutput.writeString(String(bridged[...]), to: &bytes)
        #expect(bytes == Self.reference(bridged))
    }

    /// A JSON string literal as the contract reads it: `"`, `\`, controls, U+2028 and
    /// U+2029 escaped, everything else as it is.
    static func reference(_ text: String) -> [UInt8] {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return Array((out + "\"").utf8)
    }

    /// SHA-256 across the padding's edges (one block or two) and past one block.
    @Test func sha256AcrossBlockEdges() {
        let expected: [Int: String] = [
            55: "595615dbe4f0f407ae397d08b4c2cb870cb9b0e11937416f950c5160acf9c005",
            56: "784f623b787495078e93ff28a25b581df0584055a7e71d8cd90c454716b92f51",
            63: "5ca3e1ef5207490eac01a795e5cc94d59582a5118bf9534665c8668d87aa647c",
            64: "2fcd5a0d60e4c941381fcc4e00a4bf8be422c3ddfafb93c809e8d1e2bfffae8e",
            65: "1b3cd1877ab2f2f19f7be001722554f336cb799df0329de0bb4c118dc6abc06d",
            119: "faef67da856d6fd9c8d12f9ed0a4fefd3cf0ce085ab43e2907418d457e3c354b",
            120: "c9512b08619c19fbb503c7da6b46ef20301e5f7a7a5f43989182398536f5c5c8",
            128: "6c05be2c4268843ae47e68e611277ce62c02153f2f4d2e1e2a1a4b44f766cf74",
            200: "8013a82140d916576e2cf550b27449a368abec66cc154a7d9f599019d33aa3d2",
        ]
        for (length, digest) in expected {
            let text = String(String.UnicodeScalarView((0..<length).map { Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26)) }))
            #expect(SHA256.hex(text) == digest, "\(length)")
        }
        #expect(SHA256.hex(String(repeating: "é", count: 40) + "\u{1F}")
                == "8b8fbfe9582cce3a571c688ae2670b2b58a2248922948053bde342dae3866ed5")
    }

    /// Plain text comes back as it is from every escape; text with something to escape
    /// does not.
    @Test func escapesKeepPlainText() {
        for plain in ["", "components/Button1003.json", "Label text contrast 2.66:1 is below 3:1 (WCAG 1.4.3)", "café ü 𝄞 ≥"] {
            #expect(SafeText.escaped(plain) == plain)
            #expect(TextReporter.singleLine(plain) == plain)
        }
        #expect(Markup.escape("C\u{E9} 𝄞 ≥ 1") == "C\u{E9} 𝄞 ≥ 1")
        #expect(Markup.escape("a & b\u{FFFE}") == "a &amp; b")
        #expect(Markup.escapeText("x\ny") == "x\ny")
        #expect(SafeText.escaped("a\u{202E}b") == "a\\u{202E}b")
        #expect(SafeText.escaped("a\u{85}b") == "a\\u{85}b")
        #expect(TextReporter.singleLine("a\u{2028}b") == "a b")
        // Line breaks told by bytes as `Character.isNewline` tells them, beside marks that
        // join characters and the scalars whose UTF-8 starts like a line break's.
        for text in ["fix: a → b", "123×24", "a\u{85}b", "a\u{2029}", "\u{2027}\u{202A}\u{2080}", "\u{C285}", "é\u{301}\n",
                     "a\r\nb", "\u{B}x", "\u{C}", "x\u{301}\r", "\u{200D}\n", "\u{1F1EB}\u{2028}", "\u{80}\u{84}\u{86}", ""] {
            #expect(TextReporter.hasLineBreak(text) == text.contains(where: \.isNewline), "\(text.debugDescription)")
        }
        #expect(GitHubReporter.escapeData("50% ≥ a") == "50%25 ≥ a")
        #expect(GitHubReporter.escapeProperty("a:b,c") == "a%3Ab%2Cc")
        #expect(GitHubReporter.escapeProperty("é:b,c") == "é%3Ab%2Cc")
        #expect(SARIFReporter.artifactURI("specs/a b.json").uri == "specs/a%20b.json")
        #expect(SARIFReporter.artifactURI("specs/ab.json") == ("specs/ab.json", SARIFReporter.sourceRoot))
        #expect(SARIFReporter.artifactURI("./specs/ab.json") == ("specs/ab.json", SARIFReporter.sourceRoot))
        #expect(SARIFReporter.artifactURI("/specs/ab.json") == ("file:///specs/ab.json", nil))
        #expect(ByteScan.contains("in theme brand0/dark", "theme brand0/dark"))
        #expect(!ByteScan.contains("in theme brand0/dark", "theme brand0/light"))
        #expect(ByteScan.contains("variant 'é'", "'é'"))
    }

    /// A sink that takes a file copies the spool's large pieces itself; the bytes are the
    /// same as a sink's that reads them.
    @Test(arguments: [nil, "/nonexistent/a11ylint-spool-test"])
    func spoolCopiesLargePiecesToAFileTakingSink(folder: String?) {
        let spool = Spool(folder: folder)
        var expected: [UInt8] = []
        for index in 0..<40 {
            let size = index % 5 == 0 ? 3 * Spool.chunkSize + index : 1_000 + index
            let bytes = (0..<size).map { UInt8(ascii: "a") + UInt8(($0 + index) % 26) }
            spool.write(bytes: bytes)
            expected += bytes
        }
        var sink = FileTakingSink()
        spool.copy(to: &sink)
        #expect(sink.bytes == expected)
        #expect(sink.fileCopies == (folder == nil ? 1 : 0))
        var again = StreamingWritersTests.PieceSink()
        spool.copy(0..<spool.count, to: &again)
        #expect(again.bytes == expected)
    }

    struct FileTakingSink: ReportSink {
        var bytes: [UInt8] = []
        var fileCopies = 0
        mutating func write(_ text: String) { bytes += Array(text.utf8) }
        mutating func write<Bytes: Collection<UInt8>>(bytes more: Bytes) { bytes += Array(more) }
        mutating func write(fileDescriptor descriptor: Int32, offset: Int, count: Int) -> Bool {
            var piece = [UInt8](repeating: 0, count: count)
            let read = piece.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, count, off_t(offset)) }
            guard read == count else { return false }
            bytes += piece
            fileCopies += 1
            return true
        }
    }
}
