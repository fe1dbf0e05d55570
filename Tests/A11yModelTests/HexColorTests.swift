import A11yModel
import Testing

@Suite struct HexColorTests {
    /// Character.isHexDigit accepts fullwidth digits (U+FF10…, U+FF21…); a spec colour written
    /// with them is an invalid colour, not a crash.
    @Test func fullwidthDigitsAreNotHex() {
        #expect(RGBA(hex: "#ＦＦＦ") == nil)
        #expect(RGBA(hex: "#００００００") == nil)
        #expect(RGBA(hex: "#FFF") == RGBA(red: 1, green: 1, blue: 1))
        if case .success = ColorSyntax.parse(hex: "#ＦＦＦ") { Issue.record("fullwidth hex parsed") }
    }
}
