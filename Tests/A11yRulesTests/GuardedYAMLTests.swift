import Testing
import Yams
@testable import A11yRules

@Suite struct GuardedYAMLTests {
    func refusal(_ text: String) -> GuardedYAML.Refusal? {
        do { _ = try GuardedYAML.compose(text); return nil } catch { return error as? GuardedYAML.Refusal }
    }

    @Test func ordinaryFilesComposeAsYamsComposesThem() throws {
        let text = """
        included: [specs, Sources]
        disabled_rules:
          - label-in-name
        custom_rules:
          no-fixed-size: {regex: "\\\\.font\\\\(\\\\.system\\\\(size:", severity: error}
        base: &base {size: 18}
        large_text:
          <<: *base
          bold_size: 14
        rules:
          - {id: a, examples: [[1, 2], {k: v}]}
        """
        let guarded = try GuardedYAML.compose(text)
        #expect(guarded == (try Yams.compose(yaml: text)))
        #expect(try GuardedYAML.compose("") == nil)
    }

    @Test func keysThatAreNotPlainValuesAreRefusedWhereTheyStart() {
        #expect(refusal("a: 1\n? [x, y]\n: 2\n") == .init(line: 2, column: 3, problem: "a key must be a plain value, not a list"))
        #expect(refusal("a:\n  {b: 1}: 2\n") == .init(line: 2, column: 3, problem: "a key must be a plain value, not a mapping"))
        #expect(refusal("{[a]: 1}") == .init(line: 1, column: 2, problem: "a key must be a plain value, not a list"))
        #expect(refusal("- a: &k x\n- *k : 1\n") == .init(line: 2, column: 3, problem: "a key must be a plain value, not an alias"))
        #expect(refusal("- [{ü: [1]}, {ok: {? {x: 1} : 2}}]") == .init(line: 1, column: 22, problem: "a key must be a plain value, not a mapping"))
    }

    /// The shape that made Yams' duplicate-key check exponential: refused, in one pass.
    @Test func nestedListKeysWithDuplicatesAreRefused() {
        var nested = "x"
        for _ in 0..<12 { nested = "[\(nested), x]" }
        let text = ["a", "a", "b", "b"].map { "? [\(nested), \($0)]\n: 1\n" }.joined()
        #expect(refusal(text)?.line == 1)
    }

    @Test func syntaxErrorsAreLeftToYams() {
        #expect(throws: YamlError.self) { try GuardedYAML.compose("a: [1, 2\n") }
    }

    @Test func rulePacksAreGuardedToo() {
        #expect {
            try RuleCatalogue(files: [(path: "pack.yml", text: "rules:\n  - ? [id]\n    : x\n")], origin: "test")
        } throws: { error in
            let error = error as? CatalogueError
            return error?.line == 2 && error?.column == 7 && error?.message == "a key must be a plain value, not a list"
        }
    }
}
