import A11yModel
import Testing

@Suite struct HexColorTests {
    /// Character.isHexDigit accepts fullwidth digits (U+FF10…, U+FF21…); a spec colour written
    /// with them is an invalid colour, not a crash.
    @Test func everyFormAndEveryDigitReadsAsTheBytesItNames() {
        for n in 0...255 {
            let two = String(n, radix: 16)
            let lower = two.count == 1 ? "0" + two : two
            let v = Double(n) / 255
            #expect(RGBA(hex: "#\(lower)\(lower)\(lower)") == RGBA(red: v, green: v, blue: v))
            #expect(RGBA(hex: "#00FF00\(lower.uppercased())") == RGBA(red: 0, green: 1, blue: 0, alpha: v))
        }
        #expect(RGBA(hex: "#a1B") == RGBA(red: 170.0 / 255, green: 17.0 / 255, blue: 187.0 / 255))
        for bad in ["", "#", "fff", "#ff", "#ffff", "#fffff", "#fffffff", "#fffffffff", "#ggg", "# fff", "#fff ", "#\u{301}fff", "##fff"] {
            #expect(RGBA(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func fullwidthDigitsAreNotHex() {
        #expect(RGBA(hex: "#ＦＦＦ") == nil)
        #expect(RGBA(hex: "#００００００") == nil)
        #expect(RGBA(hex: "#FFF") == RGBA(red: 1, green: 1, blue: 1))
        if case .success = ColorSyntax.parse(hex: "#ＦＦＦ") { Issue.record("fullwidth hex parsed") }
    }
}
