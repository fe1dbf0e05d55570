import Testing
import Foundation
import A11yModel
import A11yRules
import A11yLint

struct SuppressionTests {
    /// A view with three checkboxes in a forbidden state (read-only and disabled), on
    /// lines 5, 6 and 7, and `extra` lines inserted before them.
    func form(_ lines: [String]) -> String {
        (["import SwiftUI", "struct Form: View {", "    @State var b = false", "    var body: some View {"]
         + lines.map { "        " + $0 } + ["    }", "}", ""]).joined(separator: "\n")
    }

    let bad = #"OUDSCheckboxItem("x", isOn: $b, isReadOnly: true).disabled(true)"#
    let fine = #"OUDSCheckboxItem("x", isOn: $b)"#
    /// Triggers forbidden-state and missing-label at the same place.
    let badUnlabeled = #"OUDSCheckboxItem("", isOn: $b, isReadOnly: true).disabled(true)"#

    /// `line:column rule` of every finding except touch-target (which every small
    /// checkbox gets and is not what these tests are about).
    func findings(_ result: LintSessionResult) -> [String] {
        result.report.findings.filter { $0.rule != "touch-target" }
            .map { "\($0.location.line):\($0.location.column) \($0.rule)" }
    }

    func lintSwift(_ text: String, configure: (inout LintConfiguration) -> Void = { _ in }) -> LintSessionResult {
        lintText(text, name: "Form.swift", configure: configure)
    }

    @Test func unsuppressedBaseline() {
        let result = lintSwift(form([bad, bad]))
        #expect(findings(result) == ["5:9 forbidden-state", "6:9 forbidden-state"])
        #expect(result.report.suppressed == 0)
    }

    @Test func disableNext() {
        let result = lintSwift(form(["// a11ylint:disable:next forbidden-state", bad, bad]))
        #expect(findings(result) == ["7:9 forbidden-state"])
        #expect(result.report.suppressed == 1)
    }

    @Test func disableThis() {
        let result = lintSwift(form([bad + " // a11ylint:disable:this forbidden-state", bad]))
        #expect(findings(result) == ["6:9 forbidden-state"])
        #expect(result.report.suppressed == 1)
    }

    @Test func disablePrevious() {
        let result = lintSwift(form([bad, "// a11ylint:disable:previous forbidden-state", bad]))
        #expect(findings(result) == ["7:9 forbidden-state"])
        #expect(result.report.suppressed == 1)
    }

    @Test func disableEnableRange() {
        let result = lintSwift(form([bad, "// a11ylint:disable forbidden-state", bad, bad,
                                     "// a11ylint:enable forbidden-state", bad]))
        #expect(findings(result) == ["5:9 forbidden-state", "10:9 forbidden-state"])
        #expect(result.report.suppressed == 2)
    }

    @Test func disableWithoutEnableRunsToTheEndOfTheFile() {
        let result = lintSwift(form([bad, "/* a11ylint:disable forbidden-state */", bad, bad]))
        #expect(findings(result) == ["5:9 forbidden-state"])
        #expect(result.report.suppressed == 2)
    }

    @Test func severalIDsAndAll() {
        #expect(findings(lintSwift(form([badUnlabeled]))) == ["5:9 forbidden-state", "5:9 missing-label"])
        let both = lintSwift(form(["// a11ylint:disable:next forbidden-state missing-label", badUnlabeled]))
        #expect(both.report.findings.isEmpty)
        #expect(both.report.suppressed == 2)
        let commas = lintSwift(form(["// a11ylint:disable:next forbidden-state,missing-label -- legacy screen", badUnlabeled]))
        #expect(commas.report.findings.isEmpty)
        #expect(commas.report.suppressed == 2)
        let all = lintSwift(form([badUnlabeled + " // a11ylint:disable:this all", badUnlabeled]))
        #expect(findings(all) == ["6:9 forbidden-state", "6:9 missing-label"])
        #expect(all.report.suppressed == 2)
    }

    @Test func otherRulesStayReported() {
        let result = lintSwift(form(["// a11ylint:disable:next forbidden-state", badUnlabeled]))
        #expect(findings(result) == ["6:9 missing-label"])
        #expect(result.report.suppressed == 1)
    }

    @Test func sourceRuleFindingsAreSuppressedToo() {
        let text = form([#"Image("logo") // a11ylint:disable:this image-without-label"#, #"Image("logo")"#])
        let result = lintSwift(text)
        #expect(result.report.findings.filter { $0.rule == "image-without-label" }.map(\.location.line) == [6])
        #expect(result.report.suppressed == 1)
    }

    @Test func unusedAndMisspeltSuppressionsAreReported() {
        let result = lintSwift(form([
            "// a11ylint:disable:next forbidden-state",
            fine,
            "// a11ylint:disable:next forbiden-state",
            bad,
            "// a11ylint:disabel:next forbidden-state",
            "// a11ylint: prose that mentions the tool is no directive",
        ]))
        let unused = result.report.findings.filter { $0.rule == SuppressionRuleID.unused }
        #expect(unused.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.message)" } == [
            "5:34 warning 'a11ylint:disable:next forbidden-state' silences no finding on the next line; remove it",
            "7:34 warning 'a11ylint:disable:next' names unknown rule 'forbiden-state' (did you mean 'forbidden-state'?)",
            "9:9 warning unknown command 'a11ylint:disabel:next' (did you mean 'disable:next'?)",
        ])
        #expect(unused.first?.baselineKey == "// a11ylint:disable:next forbidden-state")
        // The misspelt suppression did not silence the finding under it.
        #expect(findings(result).contains("8:9 forbidden-state"))
    }

    @Test func suppressionsOfDisabledRulesAreNotUnused() {
        let result = lintSwift(form(["// a11ylint:disable:next forbidden-state", fine])) {
            $0.disabledRules = ["forbidden-state"]
        }
        #expect(result.report.findings.filter { $0.rule == SuppressionRuleID.unused }.isEmpty)
        let quiet = lintSwift(form(["// a11ylint:disable:next forbidden-state", fine])) {
            $0.disabledRules = [SuppressionRuleID.unused]
        }
        #expect(quiet.report.findings.filter { $0.rule == SuppressionRuleID.unused }.isEmpty)
    }

    @Test func commentsInsideStringsAreNotDirectives() {
        let result = lintSwift(form([#"let s = "// a11ylint:disable:next forbidden-state""#, bad]))
        #expect(findings(result) == ["6:9 forbidden-state"])
    }

    // MARK: specs

    @Test func specSuppressionByRule() {
        let spec = forbiddenStateSpec(suppress: #"[{"rule": "forbidden-state", "reason": "legacy screen"}]"#)
        let result = lintText(spec)
        #expect(!result.report.findings.contains { $0.rule == "forbidden-state" })
        #expect(result.report.suppressed == 1)
        #expect(!result.report.findings.contains { $0.rule == SuppressionRuleID.unused })
    }

    @Test func specSuppressionNarrowedToAVariantAndTheme() {
        // Contrast findings come per theme: a dark-only failure of the label color.
        let spec = """
            {"name": "CheckboxView",
             "a11y": {
               "themes": {"brand/light": {"background": "#FFFFFF", "colors": {"borderEnabled": "#000000",
                            "checkedFill": "#000000", "checkmark": "#FFFFFF", "textEnabled": "#000000"}},
                          "brand/dark": {"background": "#000000", "colors": {"borderEnabled": "#FFFFFF",
                            "checkedFill": "#FFFFFF", "checkmark": "#000000", "textEnabled": "#333333"}}},
               "variants": [{"name": "a", "text": "Accept"}, {"name": "b", "text": "Decline"}],
               "suppress": [%@]}}
            """
        func contrast(_ suppress: String) -> (findings: [String], suppressed: Int, unused: [String]) {
            let result = lintText(spec.replacingOccurrences(of: "%@", with: suppress))
            return (result.report.findings.filter { $0.rule == "text-contrast" }.map { "\($0.variant!) \($0.theme!)" },
                    result.report.suppressed,
                    result.report.findings.filter { $0.rule == SuppressionRuleID.unused }.map(\.message))
        }
        #expect(contrast("").findings == ["a brand/dark", "b brand/dark"])
        let variant = contrast(#"{"rule": "text-contrast", "variant": "a", "reason": "r"}"#)
        #expect(variant.findings == ["b brand/dark"])
        #expect(variant.suppressed == 1)
        let theme = contrast(#"{"rule": "text-contrast", "theme": "brand/dark", "reason": "r"}"#)
        #expect(theme.findings == [])
        #expect(theme.suppressed == 2)
        let wrongTheme = contrast(#"{"rule": "text-contrast", "variant": "a", "theme": "brand/light", "reason": "r"}"#)
        #expect(wrongTheme.findings == ["a brand/dark", "b brand/dark"])
        #expect(wrongTheme.unused == ["Suppression of 'text-contrast' for variant 'a' in theme 'brand/light' matches no finding; remove it"])
    }

    @Test func unusedSpecSuppressionsSayWhy() {
        let spec = forbiddenStateSpec(suppress: """
            [{"rule": "forbidden-state", "variant": "terms", "reason": "legacy"},
                {"rule": "text-contrast", "reason": "stale"},
                {"rule": "forbiden-state", "reason": "typo"},
                {"rule": "forbidden-state", "variant": "term", "reason": "typo"},
                {"rule": "forbidden-state", "theme": "brand/dakr", "reason": "typo"}]
            """)
        let result = lintText(spec)
        let unused = result.report.findings.filter { $0.rule == SuppressionRuleID.unused }
        #expect(unused.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "16:5 Suppression of 'text-contrast' matches no finding; remove it",
            "17:5 Suppression names unknown rule 'forbiden-state' (did you mean 'forbidden-state'?)",
            "18:5 Suppression of 'forbidden-state' names variant 'term', which this spec does not have (did you mean 'terms'?)",
            "19:5 Suppression of 'forbidden-state' names theme 'brand/dakr', which this spec does not have (did you mean 'brand/dark'?)",
        ])
        #expect(unused.allSatisfy { $0.severity == .warning && $0.component == "CheckboxView" && $0.baselineKey != nil })
        #expect(result.report.suppressed == 1)
    }

    @Test func suppressedCountInTheCommandLineSummary() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Form.swift", form(["// a11ylint:disable:next forbidden-state", bad]))
        guard let text = CLI.run(["Form.swift"], in: folder.url),
              let json = CLI.run(["--reporter", "json", "Form.swift"], in: folder.url) else { return }
        #expect(text.status == 0)
        #expect(text.stdout == ("Found 0 errors, 0 warnings and 0 notes in 1 file (1 component); 1 suppressed.\n"))
        #expect(json.stdout.contains("\"suppressed\": 1"))
    }
}
