import Testing
@testable import A11yJSON

/// `JSONRootKeys` says "no" only where the parser's document would have none of the keys at
/// its root; every doubtful text goes to the parser.
@Suite struct JSONRootKeysTests {
    static let keys = [Array("name".utf8), Array("a11y".utf8), Array("components".utf8)]

    func mayHave(_ text: String) -> Bool { JSONRootKeys.mayHave(anyOf: Self.keys, in: Array(text.utf8)) }

    @Test func aRootKeyIsFound() {
        #expect(mayHave(#"{"name": "Chip", "tags": ["chip"]}"#))
        #expect(mayHave(#"  {"version": 1, "a11y": {"role": "button"}}"#))
        #expect(mayHave(#"{"info": {"author": "xcode"}, "components": []}"#))
        #expect(mayHave("\u{FEFF}{\"name\": \"Chip\"}"))
    }

    @Test func keysOnlyInsideOrInValuesAreNotTheRoot() {
        // Data files and asset catalogs: `name` nested in arrays and objects, or as a value.
        #expect(!mayHave(#"{"STR_Item": [{"name": "Spielwagen", "id": [80, "0050"]}], "other": {"name": 1}}"#))
        #expect(!mayHave(#"{"images": [{"idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#))
        #expect(!mayHave(#"{"title": "name", "note": "say \"name\": here"}"#))
        #expect(!mayHave(#"[{"name": "Ada"}]"#))
        #expect(!mayHave(#"{"nameless": 1, "a11yish": 2}"#))
    }

    @Test func aRootValuesInsidesArePassedOver() {
        // Brackets, quotes and escapes inside nested strings; a root key after the nested value.
        #expect(mayHave(#"{"a": ["x\"]", {"b": "}"}, [[]]], "name": 1}"#))
        #expect(mayHave(#"{"a": {"b": [1, {"c": "\\"}]}, "x": 2, "a11y": {}}"#))
        #expect(!mayHave(#"{"a": {"b": [1, {"c": "\\"}]}, "x": 2, "y": {"name": "]"}}"#))
        #expect(!mayHave(#"{"a": [[], {}], "b": [{"name": "{"}]}"#))
        #expect(mayHave(#"{"a": [1, 2}"#))                  // unbalanced
        #expect(mayHave(#"{"a": ["open]}"#))                 // a string left open inside
    }

    @Test func doubtfulTextGoesToTheParser() {
        #expect(mayHave(#"{"n\u0061me": "Chip"}"#))      // an escaped key
        #expect(mayHave(#"{"title": "unterminated"#))     // not JSON
        #expect(mayHave(#"{"title": {"a": 1}"#))          // unbalanced
        #expect(mayHave(#""just a string""#))
        #expect(mayHave(""))
    }
}
