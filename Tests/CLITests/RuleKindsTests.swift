import Foundation
import Testing

/// `rules RULE` says which component kinds a spec rule checks, as its YAML says it.
@Suite struct RuleKindsTests {
    @Test(arguments: [
        ("missing-label", "kinds: all (checkbox, radio, switch, button, generic)\n"),
        ("error-without-message", "kinds: all except switch, button, generic (checkbox, radio)\n"),
        ("missing-group-label", "kinds: radio\n"),
    ])
    func specRulesNameTheirKinds(rule: String, line: String) {
        let result = CLI.run(["rules", rule])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 3)
        #expect(lines[2] + "\n" == line, "\(result.stdout)")
    }

    @Test func sourceRulesHaveNoKinds() {
        let result = CLI.run(["rules", "image-without-label"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\nkinds: "))
    }
}
