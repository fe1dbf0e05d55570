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
        let result = lintText(c.example.text, name: c.example.fileName, files: c.example.files) {
            configurationFile?.apply(to: &$0)
        }
        #expect(result.report.inputErrors.isEmpty, "example does not parse: \(result.report.inputErrors)")
        let found = Set(result.report.findings.filter { $0.rule == c.rule }.map { "\($0.location.line):\($0.location.column)" })
        let expected = Set(c.example.markedPositions.map { "\($0.line):\($0.column)" })
        if c.triggering {
            #expect(!expected.isEmpty, "a triggering example needs a ↓ marker")
            #expect(found == expected, "expected \(c.rule) at \(expected.sorted()), found \(found.sorted())")
        } else {
            #expect(found.isEmpty, "expected no \(c.rule), found at \(found.sorted())")
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
        #expect(described == implemented)
    }

    @Test func catalogueHasTheContractRules() {
        let required = ["text-contrast", "nontext-contrast", "forbidden-state", "missing-label", "label-in-name",
                        "missing-value", "missing-trait", "error-without-message", "index-consistency",
                        "spec-unknown-key", "spec-unknown-kind"]
        for id in required { #expect(Repo.catalogue.entry(id) != nil, "missing rule \(id)") }
    }
}
