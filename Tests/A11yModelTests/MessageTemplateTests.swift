@testable import A11yModel
import Testing

@Suite struct MessageTemplateTests {
    /// Templates are read byte by byte (every rule file's, at start-up): the parts must be the
    /// ones the reading by characters gives, for every brace a template can hold, beside
    /// ASCII and non-ASCII characters (a combining mark joins a brace into a larger character).
    @Test func byteReadingGivesTheCharacterReadingsParts() {
        var texts = ["", "plain", "{a}", "{a}{b}", "x {size} y {target}", "{", "}", "{}", "{ a}", "{a }", "{1a}",
                     "{a1_b}", "{_a}", "{{a}}", "{a}}", "{\"group\": 1}", "a {b", "a b}", "{a\r\n}", "\r\n{a}\r\n",
                     "{A_Z}", "{`}", "{[}", "{@}", "end {z}"]
        // Every short text of these bytes.
        let alphabet: [String] = ["{", "}", "a", "1", "_", " ", "\r\n", "`", "Z", "é", "\u{301}", "×", "…"]
        func add(_ prefix: String, _ depth: Int) {
            texts.append(prefix)
            guard depth > 0 else { return }
            for piece in alphabet { add(prefix + piece, depth - 1) }
        }
        add("", 4)
        for text in texts {
            if let parts = MessageTemplate.byteParts(text) {
                #expect(parts == MessageTemplate.parts(text), "\(text.debugDescription)")
            }
            #expect(MessageTemplate(text).parts == MessageTemplate.parts(text), "\(text.debugDescription)")
        }
        #expect(MessageTemplate.byteParts("é {a} → {b}×2 …}") == MessageTemplate.parts("é {a} → {b}×2 …}"))
        #expect(MessageTemplate.byteParts("\u{600}{a}") == nil)
        #expect(MessageTemplate.byteParts("{a}\u{301}") == nil)
        #expect(MessageTemplate.parts("{a}\u{301}") == [.text("{a}\u{301}")])
        #expect(MessageTemplate("é {a} ü").parts == [.text("é "), .value("a"), .text(" ü")])
    }
}
