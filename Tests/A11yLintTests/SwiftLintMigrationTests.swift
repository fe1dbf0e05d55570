import Testing
import Foundation
import A11yModel
import A11yRules
import A11yLint

/// Moving from SwiftLint: its rule identifiers and its `// swiftlint:disable…` comments
/// keep meaning what they meant (docs/rules.md, the source rules).
struct SwiftLintMigrationTests {
    /// A view whose image (line 5, column 9) and tap (line 6, column 9) are findings,
    /// with `before` lines inserted at the top of the body.
    func view(_ before: [String] = [], image: String = #"Image("logo")"#,
              tap: String = #"Text("Go").onTapGesture { go() }"#) -> String {
        let body = before + [image, tap]
        return (["import SwiftUI", "struct Screen: View {", "    var body: some View {", "        VStack {"]
                + body.map { "            " + $0 } + ["        }", "    }", "}", ""]).joined(separator: "\n")
    }

    func rules(_ result: LintSessionResult) -> [String] {
        result.report.findings.map { "\($0.location.line):\($0.location.column) \($0.rule)" }
    }

    @Test func withoutCommentsBothRulesReport() {
        #expect(rules(lintText(view(), name: "Screen.swift")) == ["5:13 image-without-label", "6:13 tap-gesture-without-trait"])
    }

    @Test func disableNextNamesTheSwiftLintRule() {
        let result = lintText(view(["// swiftlint:disable:next accessibility_label_for_image"]), name: "Screen.swift")
        #expect(rules(result) == ["7:13 tap-gesture-without-trait"])
        #expect(result.report.suppressed == 1)
    }

    @Test func disableThisAndPrevious() {
        let this = lintText(view(image: #"Image("logo") // swiftlint:disable:this accessibility_label_for_image"#),
                            name: "Screen.swift")
        #expect(rules(this) == ["6:13 tap-gesture-without-trait"])
        let previous = lintText(view(tap: "Text(\"Go\").onTapGesture { go() }\n// swiftlint:disable:previous accessibility_trait_for_button"),
                                name: "Screen.swift")
        #expect(rules(previous) == ["5:13 image-without-label"])
    }

    @Test func disableAllAndEnableRanges() {
        let all = lintText(view(["// swiftlint:disable all"]), name: "Screen.swift")
        #expect(rules(all).isEmpty)
        #expect(all.report.suppressed == 2)
        let ranged = lintText(view(["// swiftlint:disable accessibility_trait_for_button",
                                    "Text(\"A\").onTapGesture { a() }",
                                    "// swiftlint:enable accessibility_trait_for_button"]), name: "Screen.swift")
        #expect(rules(ranged) == ["8:13 image-without-label", "9:13 tap-gesture-without-trait"])
    }

    @Test func otherSwiftLintRulesAndUnusedSwiftLintCommentsAreIgnored() {
        let result = lintText(view(["// swiftlint:disable:next line_length force_cast",
                                    "// swiftlint:disable:next accessibility_label_for_image",
                                    "Text(\"no image here\")"]), name: "Screen.swift")
        #expect(rules(result) == ["8:13 image-without-label", "9:13 tap-gesture-without-trait"])
        #expect(!result.report.findings.contains { $0.rule == SuppressionRuleID.unused })
    }

    @Test func configurationAcceptsSwiftLintIdentifiers() throws {
        let aliases = Repo.catalogue.swiftlintAliases
        #expect(aliases == ["accessibility_label_for_image": "image-without-label",
                            "accessibility_trait_for_button": "tap-gesture-without-trait"])
        let yaml = """
        disabled_rules: [accessibility_trait_for_button]
        opt_in_rules: [accessibility_label_for_image]
        accessibility_label_for_image:
          severity: error
        """
        let file = try ConfigurationFile(yaml: yaml, path: "/p/.a11ylint.yml", knownRules: Repo.catalogue.ids,
                                         aliases: aliases)
        #expect(file.warnings.isEmpty)
        let result = lintText(view(), name: "Screen.swift") { file.apply(to: &$0) }
        #expect(result.report.findings.map { "\($0.rule) \($0.severity.rawValue)" } == ["image-without-label error"])
        let only = try ConfigurationFile(yaml: "only_rules: [accessibility_trait_for_button]", path: "/p/.a11ylint.yml",
                                         knownRules: Repo.catalogue.ids, aliases: aliases)
        #expect(rules(lintText(view(), name: "Screen.swift") { only.apply(to: &$0) }) == ["6:13 tap-gesture-without-trait"])
    }
}
