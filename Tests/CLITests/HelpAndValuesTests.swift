import Foundation
import Testing

/// Issue 21's small habits, through the binary: `help [SUBCOMMAND]`, enumerated option values
/// in any case (`-o` for layout: CommandLineHabitsTests.layoutWritesToOutput).
@Suite struct HelpAndValuesTests {
    static let seed = "Samples/specs/components/CheckboxView.json"

    @Test(arguments: [[], ["lint"], ["layout"], ["contrast"], ["rules"], ["install-hook"]])
    func helpCommandPrintsTheHelp(subcommand: [String]) {
        let help = CLI.run(["help"] + subcommand)
        let flag = CLI.run(subcommand + ["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(flag.status == 0)
        #expect(!help.stdout.isEmpty)
        #expect(help.stdout == flag.stdout)
        #expect(help.stderr.isEmpty)
    }

    @Test func enumeratedValuesIgnoreCase() {
        let upper = CLI.run([Self.seed, "--level", "AAA", "--reporter", "json"])
        let lower = CLI.run([Self.seed, "--level", "aaa", "--reporter", "JSON"])
        #expect(upper.status == 1)
        #expect(lower.status == upper.status, "\(lower.stderr)")
        #expect(lower.stdout == upper.stdout)
        let mixed = CLI.run([Self.seed, "--level", "Aa", "--reporter", "Text", "--pseudo-locale", "EXPANDED"])
        #expect(mixed.status == CLI.run([Self.seed, "--pseudo-locale", "expanded"]).status, "\(mixed.stderr)")
        #expect(mixed.stdout == CLI.run([Self.seed, "--pseudo-locale", "expanded"]).stdout)
        let layout = CLI.run(["layout", Self.seed, "--format", "SVG", "--direction", "RTL", "--content-size", "xxl"])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.stdout == CLI.run(["layout", Self.seed, "--format", "svg", "--direction", "rtl", "--content-size", "xxL"]).stdout)
        let contrast = CLI.run(["contrast", "#777777", "#FFFFFF", "--level", "aaa", "--format", "JSON"])
        #expect(contrast.status == 1)
        #expect(contrast.stdout == CLI.run(["contrast", "#777777", "#FFFFFF", "--level", "AAA", "--format", "json"]).stdout)
        // A value that is none of them is still a usage error.
        let wrong = CLI.run([Self.seed, "--level", "AAAA"])
        #expect(wrong.status == 2)
        #expect(wrong.stdout.isEmpty)
    }
}
