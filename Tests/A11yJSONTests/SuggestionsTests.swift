import Testing
import A11yJSON

/// "Did you mean": optimal string alignment distance and which candidate is offered.
struct SuggestionsTests {
    @Test(arguments: [
        ("lihgt", "light", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3),
        ("ca", "abc", 3), ("touch-targte", "touch-target", 1), ("same", "same", 0),
        ("é", "e", 1), ("abcdef", "badcfe", 3),
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(Suggestions.distance(a, b) == expected)
        #expect(Suggestions.distance(b, a) == expected)
    }

    @Test func closestOffersAPlausibleTypoOnly() {
        let rules = ["text-contrast", "touch-target", "missing-label", "label-in-name"]
        #expect(Suggestions.closest(to: "txt-contrast", in: rules) == "text-contrast")
        #expect(Suggestions.closest(to: "Touch-Target", in: rules) == "touch-target")
        #expect(Suggestions.closest(to: "contrast", in: rules) == nil)
        #expect(Suggestions.closest(to: "touch-target", in: rules) == nil)
        #expect(Suggestions.hint(for: "lihgt", in: ["light", "dark"]) == " (did you mean 'light'?)")
        // A long word is not compared cell by cell with every candidate; nothing is close.
        #expect(Suggestions.closest(to: String(repeating: "x", count: 100_000), in: rules) == nil)
    }
}
