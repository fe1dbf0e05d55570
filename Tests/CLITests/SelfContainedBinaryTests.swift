import Foundation
import Testing

/// The binary copied alone into an empty folder runs every command: the rule catalogue and
/// presets are compiled in, nothing is read from the checkout.
@Suite struct SelfContainedBinaryTests {
    @Test func binaryAloneRunsEveryCommand() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let copy = dir.url.appendingPathComponent("a11ylint")
        try FileManager.default.copyItem(at: CLI.binary, to: copy)
        let spec = dir.write("CheckboxView.json", """
            {"name": "CheckboxView", "usage": "CheckboxView().configure(text: \\"Accept terms\\")"}
            """)
        func run(_ arguments: [String]) -> CLI.Result {
            CLI.run(arguments, in: dir.url, binary: copy, environment: ["A11YLINT_RULES": ""])
        }
        let lint = run([spec])
        #expect(lint.status == 1, "\(lint.stderr)")
        #expect(lint.stdout.contains("Label text contrast 3.98:1 is below 4.5:1"), "\(lint.stdout)")
        #expect(lint.stdout.contains("[text-contrast]"))
        #expect(!lint.stderr.contains("Rules"), "\(lint.stderr)")

        let layout = run(["layout", spec, "--format", "json"])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.stdout.contains("\"variant\""))

        let contrast = run(["contrast", "#767676", "#FFFFFF"])
        #expect(contrast.status == 0)
        #expect(contrast.stdout.hasPrefix("#767676 on #FFFFFF: 4.54:1"))

        let rules = run(["rules", "image-without-label"])
        #expect(rules.status == 0, "\(rules.stderr)")
        #expect(rules.stdout.contains("image-without-label"))
        let list = run(["rules"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("text-contrast") && list.stdout.contains("tap-gesture-without-trait"))
    }

    @Test func rulesFolderInEnvironmentOverridesTheBuiltInCatalogue() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Rules/spec/only.yml", """
            id: only-rule
            name: Only rule
            kind: spec
            severity: note
            category: test
            summary: The one rule of this folder.
            """)
        let result = CLI.run(["rules"], environment: ["A11YLINT_RULES": dir.url.appendingPathComponent("Rules").path])
        #expect(result.stdout.contains("only-rule"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("text-contrast"))
    }
}
