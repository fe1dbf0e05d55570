import Foundation
import Testing

/// `a11ylint PATH… [FLAG…]` is read without ArgumentParser (the pre-commit case starts
/// faster); through the binary, it does exactly what `a11ylint lint PATH… [FLAG…]` (read by
/// the parser) does: the same report bytes, messages and exit code.
@Suite struct QuickStartTests {
    static let spec = "Samples/specs/components/BrandCheckbox.json"

    @Test(arguments: [
        [spec],
        [spec, "--quiet"],
        [spec, "--strict", "--quiet"],
        ["Samples/specs/components", "--allow-empty", "--follow-links"],
        ["Samples/specs", "--skip-other-json"],
        [spec, "--fix", "--dry-run"],
        [spec, "--dry-run"],
        ["Samples/specs/components/missing.json"],
        ["Samples/specs/components/CheckboxView.json", spec, "--quiet"],
        // Left to the parser: a flag given twice, an option with a value.
        [spec, "--quiet", "--quiet"],
        [spec, "--reporter", "json"],
    ])
    func theDefaultCommandReadsLikeLint(arguments: [String]) {
        let quick = CLI.run(arguments)
        let parsed = CLI.run(["lint"] + arguments)
        #expect(quick.status == parsed.status)
        #expect(quick.stdout == parsed.stdout)
        #expect(quick.stderr == parsed.stderr)
    }
}
