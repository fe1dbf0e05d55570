import A11yColorSources
import Testing

@Suite struct ColorReferenceTests {
    @Test func specStringsNameTheirSource() {
        #expect(ColorReference("{color.text.primary}") == .token("color.text.primary"))
        #expect(ColorReference("asset:Brand/Primary") == .asset("Brand/Primary"))
        #expect(ColorReference("system:label") == .system("label"))
        #expect(ColorReference("#FFFFFF") == nil)
        #expect(ColorReference("{}") == nil)
        #expect(ColorReference("asset:") == nil)
    }
}
