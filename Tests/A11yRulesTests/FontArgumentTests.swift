import Testing
@testable import A11yRules

/// `.font(…)` arguments read as bytes (`FontArgument`) give what the `String` reading gives.
@Suite struct FontArgumentTests {
    static func outcome(_ colors: TextColors) -> String {
        "\(colors.bold) \(colors.fontSize.map { "\($0)" } ?? "-") \(colors.fontIsLarge.map { "\($0)" } ?? "-")"
    }

    static func both(_ argument: String) -> (bytes: String, text: String) {
        var bytes = TextColors(), text = TextColors()
        TextColorWalk.readFont(argument, into: &bytes)
        TextColorWalk.readFont(text: argument, into: &text)
        return (outcome(bytes), outcome(text))
    }

    @Test func writtenFontsReadAlike() {
        let arguments = [".title2.bold()", ".system(size: 18, weight: .bold)", "Font.system(.title, design: .rounded)",
                         ".custom(\"Avenir\", fixedSize: 14.5)", ".headline", "FontFont.largeTitle", "Font.Font.body",
                         ".system(size:\n\t 12.5.1)", "theme.font", ".system(size: .zero)", ".caption2.weight(.heavy)",
                         "Fo.title", "Font.", "Font", "", ".system( size : 20 )", "scaled(size: 20)", ".title3\r\n"]
        for argument in arguments {
            let (bytes, text) = Self.both(argument)
            #expect(bytes == text, "\(argument)")
        }
        #expect(Self.both(".system(size: 18, weight: .bold)").bytes == "true 18.0 true")
        #expect(Self.both("FontFont.largeTitle").bytes == "false - true")
    }

    @Test func randomFontsReadAlike() {
        let pieces = ["Font", ".", "Fon", "t.", "F", "size:", "fixedSize:", " ", "\t", "\n", "18", "1.5", "(", ")", ",",
                      "weight: .bold", "weight: .heavy", "weight: .black", ".bold()", "title", "title2", "body",
                      "caption", "largeTitle", "_", "x", "é", "system", "\r\n"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var argument = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) { argument += pieces.randomElement(using: &random)! }
            let (bytes, text) = Self.both(argument)
            #expect(bytes == text, "\(argument.debugDescription)")
        }
    }
}
