@testable import A11yModel
import Testing

@Suite struct MessageTemplateTests {
    /// ASCII templates are read byte by byte (every rule file's, at start-up): the parts must be
    /// the ones the reading by characters gives, for every brace a template can hold.
    @Test func asciiReadingGivesTheCharacterReadingsParts() {
        var texts = ["", "plain", "{a}", "{a}{b}", "x {size} y {target}", "{", "}", "{}", "{ a}", "{a }", "{1a}",
                     "{a1_b}", "{_a}", "{{a}}", "{a}}", "{\"group\": 1}", "a {b", "a b}", "{a\r\n}", "\r\n{a}\r\n",
                     "{A_Z}", "{`}", "{[}", "{@}", "end {z}"]
        // Every short text of these bytes.
        let alphabet: [String] = ["{", "}", "a", "1", "_", " ", "\r\n", "`", "Z"]
        func add(_ prefix: String, _ depth: Int) {
            texts.append(prefix)
            guard depth > 0 else { return }
            for piece in alphabet { add(prefix + piece, depth - 1) }
        }
        add("", 4)
        for text in texts {
            #expect(MessageTemplate.asciiParts(text) == MessageTemplate.parts(text), "\(text.debugDescription)")
        }
        #expect(MessageTemplate.asciiParts("é {a}") == nil)
        #expect(MessageTemplate("é {a} ü").parts == [.text("é "), .value("a"), .text(" ü")])
    }
}
