import Foundation
import Testing

/// Messages name the component's kind, and a configured threshold is cited as the
/// configuration (issue 21, item 5), through the binary.
@Suite struct KindInMessagesTests {
    static func spec(kind: String) -> String {
        #"{"name": "Unnamed", "a11y": {"kind": "\#(kind)", "variants": [{"name": "blank", "text": ""}]}}"#
    }

    @Test(arguments: [("switch", "switch"), ("checkbox", "checkbox"), ("radio", "radio"), ("button", "button"),
                      ("generic", "element")])
    func missingLabelNamesTheKind(kind: String, word: String) throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let path = dir.write("Unnamed.json", Self.spec(kind: kind))
        let result = CLI.run([path, "--only-rule", "missing-label"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(
            "error: Variant 'blank' has no visible text and no accessibility label: VoiceOver announces an unnamed \(word) [missing-label]\n"),
            "\(result.stdout)")
    }

    /// A 40-pt target from the configuration is cited as the configuration, not as WCAG
    /// 2.5.5 / Apple HIG (both mean 44); the default one keeps its references.
    @Test func configuredTouchTargetIsCitedAsTheConfiguration() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let spec = try String(contentsOf: CLI.root.appendingPathComponent("Samples/specs/components/WifiSwitch.json"), encoding: .utf8)
        dir.write("WifiSwitch.json", spec)
        let standard = CLI.run(["WifiSwitch.json", "--only-rule", "touch-target", "--reporter", "json"], in: dir.url)
        #expect(standard.stdout.contains("is smaller than 44×44 pt (WCAG 2.5.5, Apple HIG)"), "\(standard.stdout)")
        #expect(standard.stdout.contains("\"2.5.5\""))
        dir.write(".a11ylint.yml", "touch_target: {warning: 40}\n")
        let configured = CLI.run(["WifiSwitch.json", "--only-rule", "touch-target", "--reporter", "json"], in: dir.url)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout.contains(
            "\"message\": \"Touch target 343×36.24 pt is smaller than 40×40 pt (touch_target warning: 40 in the configuration)\""),
            "\(configured.stdout)")
        #expect(!configured.stdout.contains("WCAG 2.5.5"))
        #expect(!configured.stdout.contains("Apple HIG"))
        dir.write(".a11ylint.yml", "touch_target: {warning: 44, error: 40}\n")
        let error = CLI.run(["WifiSwitch.json", "--only-rule", "touch-target"], in: dir.url)
        #expect(error.status == 1)
        #expect(error.stdout.contains("error: Touch target 343×36.24 pt is smaller than 40×40 pt (touch_target error: 40 in the configuration) (variant 'airplane-rtl') [touch-target]"),
                "\(error.stdout)")
    }
}
