import Testing
import Foundation
import A11yModel
import A11yRules
import A11yLint

/// Every rule carries examples that trigger (with ↓ where it must report) and that
/// do not; this runs them all through the whole linter, so a rule whose examples do
/// not hold fails the suite.
struct RuleExamplesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let index: Int
        let triggering: Bool
        let example: RuleExample
        var testDescription: String { "\(rule) \(triggering ? "triggering" : "non-triggering") #\(index + 1)" }
    }

    static let cases: [Case] = Repo.catalogue.entries.flatMap { entry in
        entry.triggeringExamples.enumerated().map { Case(rule: entry.description.id, index: $0, triggering: true, example: $1) }
            + entry.nonTriggeringExamples.enumerated().map { Case(rule: entry.description.id, index: $0, triggering: false, example: $1) }
    }

    @Test("rule examples", arguments: cases)
    func example(_ c: Case) {
        // An example may carry its own .a11ylint.yml (custom rules, thresholds).
        var configurationFile: ConfigurationFile?
        if let yaml = c.example.configuration {
            do {
                configurationFile = try ConfigurationFile(yaml: yaml, path: ".a11ylint.yml", knownRules: Repo.catalogue.ids)
            } catch {
                Issue.record("example configuration does not load: \(error)")
                return
            }
        }
        // An opt-in rule's own examples run with it turned on (`opt_in_rules`).
        let optIn = Repo.catalogue.description(c.rule)?.optIn == true
        let result = lintText(c.example.text, name: c.example.fileName, files: c.example.files) {
            configurationFile?.apply(to: &$0)
            if optIn { $0.optInRules.insert(c.rule) }
        }
        #expect(result.report.inputErrors.isEmpty, "example does not parse: \(result.report.inputErrors)")
        for finding in result.report.findings {
            #expect(!Self.isUnfilled(finding), "\(finding.rule): message text missing or unfilled: \(finding.message)")
        }
        let found = Set(result.report.findings.filter { $0.rule == c.rule }.map { "\($0.location.line):\($0.location.column)" })
        let expected = Set(c.example.markedPositions.map { "\($0.line):\($0.column)" })
        if c.triggering {
            #expect(!expected.isEmpty, "a triggering example needs a ↓ marker")
            #expect(found == expected, "expected \(c.rule) at \(expected.sorted()), found \(found.sorted())")
        } else {
            #expect(found.isEmpty, "expected no \(c.rule), found at \(found.sorted())")
        }
    }

    /// A message whose text is not in the rule's YAML (the rule id and key stand in), or
    /// that kept a `{placeholder}` the rule did not fill.
    static func isUnfilled(_ finding: Finding) -> Bool {
        if finding.message.hasPrefix(finding.rule + " (") { return true }
        return finding.message.contains(/\{[A-Za-z][A-Za-z0-9_]*\}/)
    }

    @Test func unfilledMessagesAreCaught() {
        let catalogue = Repo.catalogue
        let touch = catalogue.description("touch-target")!
        #expect(touch.message("belowMinimum", ["size": "20×20 pt", "target": "24×24 pt", "criterion": "2.5.8"])
                == "Touch target 20×20 pt is smaller than 24×24 pt (WCAG 2.5.8)")
        func finding(_ message: String) -> Finding {
            Finding(rule: "touch-target", severity: .error, message: message,
                    location: SourceLocation(file: "a.json", line: 1, column: 1))
        }
        #expect(Self.isUnfilled(finding(touch.message("belowMinimum", ["size": "20×20 pt"]))))
        #expect(Self.isUnfilled(finding(touch.message("tooSmall", ["size": "20×20 pt"]))))
        let group = catalogue.description("missing-group-label")!.message("default", ["component": "Delivery"])
        #expect(group.hasPrefix(#"Radio group 'Delivery' has no label: add "a11y": {"group": {"label": …}}"#))
        #expect(!Self.isUnfilled(finding(group)))
    }

    /// Every message a rule's code names exists in its YAML, and every placeholder a
    /// message has is a value some finding of the rule fills (checked on the examples).
    @Test func everyRuleHasItsMessageTexts() {
        for entry in Repo.catalogue.entries where entry.description.kind != .source {
            #expect(!entry.description.messages.isEmpty, "\(entry.description.id) has no message text in its YAML")
        }
    }

    @Test func everyRuleHasExamplesBothWays() {
        for entry in Repo.catalogue.entries {
            #expect(!entry.triggeringExamples.isEmpty, "\(entry.description.id) has no triggering example")
            #expect(!entry.nonTriggeringExamples.isEmpty, "\(entry.description.id) has no non-triggering example")
        }
    }

    @Test func everySpecRuleIsImplementedAndDescribed() {
        let described = Set(Repo.catalogue.entries.filter { $0.description.kind == .spec }.map(\.description.id))
        let implemented = Set(SpecRules.all.map(\.id)).union(SpecRules.reportedByReader)
        // A rule that reads both Swift and specs (`unhelpful-label`) is described once, as a source rule.
        #expect(described.isSubset(of: implemented))
        for id in implemented.subtracting(described) {
            #expect(Repo.catalogue.description(id)?.kind == .source, "\(id) is implemented but not described")
        }
    }

    @Test func catalogueHasTheContractRules() {
        let required = ["text-contrast", "nontext-contrast", "forbidden-state", "missing-label", "label-in-name",
                        "missing-value", "missing-trait", "error-without-message", "index-consistency",
                        "spec-unknown-key", "spec-unknown-kind"]
        for id in required { #expect(Repo.catalogue.entry(id) != nil, "missing rule \(id)") }
    }
}
