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

    /// Values long enough to be read in 64-byte blocks: strings holding brackets and quotes
    /// (escaped), escapes of every kind, strings crossing block ends, multi-byte text, deep
    /// nesting. The answer is known by construction: the root holds `name` or it does not,
    /// and a document cut short never closes its root (the parser's to report).
    @Test func longValuesAreReadAsTheirBytesSay() {
        var random = SplitMix64(state: 24)
        for round in 0..<400 {
            let value = Self.value(&random, depth: 0)
            let hasKey = round % 2 == 0
            let text = "{\"pad\": \(value), \"x\": [\(value)]" + (hasKey ? ", \"name\": 1}" : ", \"y\": {\"name\": 2}}")
            #expect(mayHave(text) == hasKey, "round \(round)")
            let bytes = Array(text.utf8)
            let cut = 1 + Int(random.next() % UInt64(bytes.count - 1))
            #expect(JSONRootKeys.mayHave(anyOf: Self.keys, in: Array(bytes[..<cut])), "round \(round) cut at \(cut)")
        }
    }

    static func value(_ random: inout SplitMix64, depth: Int) -> String {
        let pick = random.next() % (depth > 6 ? 3 : 6)
        switch pick {
        case 0: return String(random.next() % 100_000)
        case 1, 2:
            // Escapes are rare in data files: blocks without one are read as masks.
            let plain = ["a", "é", "語", "{", "}", "[", "]", ",", ":", " "]
            let escapes = ["\\\"", "\\\\", "\\n", "\\u0041", "\\/"]
            var text = ""
            for _ in 0..<Int(random.next() % 90) {
                let pieces = random.next() % 40 == 0 ? escapes : plain
                text += pieces[Int(random.next() % UInt64(pieces.count))]
            }
            return "\"" + text + "\""
        case 3, 4:
            let count = Int(random.next() % 6)
            return "[" + (0..<count).map { _ in value(&random, depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            let count = Int(random.next() % 5)
            return "{" + (0..<count).map { k in "\"name\(k)\": " + value(&random, depth: depth + 1) }.joined(separator: ",") + "}"
        }
    }
}
