import Testing
import A11ySwiftReader

/// The call reader shares one definition of an identifier with the rest of the reader
/// (how it reads checkbox chains across comments and `#if` blocks is tested through the
/// linter, in A11yLintTests' CheckboxCallReadingTests).
struct SwiftCallReaderTests {
    @Test func dollarIdentifiersAreIdentifiers() {
        let source = SwiftSource("$value.x")
        #expect(isIdentifierByte(source.bytes[0]))
        #expect(!isIdentifierStart(UInt8(ascii: "7")))
    }
}
