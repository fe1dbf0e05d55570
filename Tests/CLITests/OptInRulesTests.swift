import Foundation
import Testing

/// `opt_in_rules` (issue 23, item 6): `forced-label-color` is off by default and runs when
/// `.a11ylint.yml` names it, as SwiftLint's opt-in rules; through the binary.
@Suite struct OptInRulesTests {
    static let code = """
        import SwiftUI

        struct Delete: View {
            var body: some View {
                Button("Delete") { remove() }.foregroundColor(.white)
            }
        }

        """

    func run(config: String?, _ extra: [String] = []) -> CLI.Result {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write(".git/HEAD", "ref: refs/heads/main\n")
        if let config { dir.write(".a11ylint.yml", config) }
        dir.write("Delete.swift", Self.code)
        return CLI.run(["Delete.swift"] + extra, in: dir.url)
    }

    @Test func offByDefault() {
        let result = run(config: nil)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("[forced-label-color]"), "\(result.stdout)")
    }

    @Test func optInRulesTurnsItOn() {
        let result = run(config: "opt_in_rules: [forced-label-color]\n")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("Delete.swift:5:38: warning: .foregroundColor(.white) forces a fixed color"),
                "\(result.stdout)")
        #expect(result.stdout.contains("[forced-label-color]"))
    }

    /// `only_rules` and `--only-rule` name the whole set, opt-in rules included;
    /// `disabled_rules` wins over `opt_in_rules`.
    @Test func onlyAndDisabledRulesKeepWorking() {
        let only = run(config: "only_rules: [forced-label-color]\n")
        #expect(only.stdout.contains("[forced-label-color]"), "\(only.stdout)")
        let flag = run(config: nil, ["--only-rule", "forced-label-color"])
        #expect(flag.stdout.contains("[forced-label-color]"), "\(flag.stdout)")
        let both = run(config: "opt_in_rules: [forced-label-color]\ndisabled_rules: [forced-label-color]\n")
        #expect(!both.stdout.contains("[forced-label-color]"), "\(both.stdout)")
        #expect(both.status == 0)
    }

    @Test func unknownOptInRuleIsAWarningWithASuggestion() {
        let result = run(config: "opt_in_rules: [forced-label-colour]\n")
        #expect(result.stderr.contains(
            ".a11ylint.yml:1:16: warning: unknown rule 'forced-label-colour' in 'opt_in_rules' (did you mean 'forced-label-color'?)"),
            "\(result.stderr)")
    }

    @Test func rulesCommandShowsOptIn() {
        let list = CLI.run(["rules"])
        let line = list.stdout.split(separator: "\n").first { $0.hasPrefix("forced-label-color ") }
        #expect(line?.hasSuffix("[opt-in]") == true, "\(list.stdout)")
        #expect(list.stdout.contains("[opt-in] rules are off unless `opt_in_rules:` in .a11ylint.yml names them."))
        let one = CLI.run(["rules", "forced-label-color"])
        #expect(one.stdout.contains("opt-in: off by default; `opt_in_rules: [forced-label-color]` in .a11ylint.yml turns it on"))
        let other = CLI.run(["rules", "image-without-label"])
        #expect(!other.stdout.contains("opt-in"))
    }
}
