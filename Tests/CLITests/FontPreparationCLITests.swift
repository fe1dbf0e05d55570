import Foundation
import Testing

/// A lint run with a spec starts loading fontconfig's configuration before the catalogue and
/// the configuration are read (`LintSession.prepare`); the first layout waits for it. Through
/// the binary: the report is the same from run to run and thread count to thread count, and
/// fontconfig's answers are those of `a11ylint layout`, which does not load ahead.
@Suite struct FontPreparationCLITests {
    /// A label with characters Roboto lacks (a system fallback font draws them, and wraps the
    /// label on two lines), and a spec whose family is not installed.
    static let terms = #"""
        {"name": "Terms", "a11y": {"kind": "checkbox", "typography": {"font": "Roboto", "size": 14, "fallback": ["DejaVu Sans"]},
         "themes": {"light": {"background": "#FFFFFF", "colors": {"textEnabled": "#00000080"}}},
         "variants": [{"name": "cjk", "text": "同意する Accept the terms ✓ and conditions of this very long label that wraps"}]}}
        """#
    static let missing = #"{"name": "Missing", "a11y": {"kind": "checkbox", "typography": {"font": "No Such Family Xyz"}, "variants": [{"name": "v", "text": "Hello"}]}}"#

    static func searched(_ text: String) -> String? {
        guard let start = text.range(of: "not found (searched: ") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != ")" })
    }

    @Test func reportIsTheSameWithFontsLoadedAhead() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/A.json", Self.terms)
        dir.write("specs/B.json", Self.missing)
        let first = CLI.run(["specs"], in: dir.url)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.contains("specs/A.json:3:15: warning: Touch target 343×32 pt is smaller than 44×44 pt"),
                "\(first.stdout)")
        for jobs in ["1", "2", "8", "2", "1", "8"] {
            let again = CLI.run(["specs", "--jobs", jobs], in: dir.url)
            #expect(again.stdout == first.stdout, "--jobs \(jobs)")
            #expect(again.status == first.status)
        }
        // The single spec alone (the pre-commit case): its lines of the folder's report.
        let alone = CLI.run(["specs/A.json"], in: dir.url)
        let lines = first.stdout.split(separator: "\n").filter { $0.hasPrefix("specs/A.json:") }
        #expect(alone.stdout.split(separator: "\n").filter { $0.hasPrefix("specs/A.json:") } == lines)

        // fontconfig's answers: the folders searched for a missing family, and the label's
        // two lines, as the layout command (no loading ahead) finds them.
        let layoutMissing = CLI.run(["layout", "specs/B.json"], in: dir.url)
        let folders = try #require(Self.searched(layoutMissing.stderr), "\(layoutMissing.stderr)")
        #expect(!folders.isEmpty)
        #expect(Self.searched(first.stdout) == folders)
        let layout = CLI.run(["layout", "specs/A.json", "--format", "text"], in: dir.url)
        #expect(layout.stdout.contains("label      32        0         311       32  2 lines"), "\(layout.stdout)")
    }
}
