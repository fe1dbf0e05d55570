import A11yJSON
import ArgumentParser
import Foundation
import A11yModel
import A11yRules

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or explain one with its examples.")

    @Argument(help: "A rule id to explain.")
    var ruleID: String?

    func run() throws {
        let catalogue = try loadCatalogue()
        guard let ruleID else {
            let width = catalogue.ids.map(\.count).max() ?? 0
            var out = ""
            for entry in catalogue.entries {
                let d = entry.description
                let id = d.id.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = d.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let wcag = d.wcag.isEmpty ? "" : " (WCAG \(d.wcag.joined(separator: ", ")))"
                let optIn = d.optIn ? "  [opt-in]" : ""
                out += "\(id)  \(severity)  \(d.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  \(d.name)\(wcag)\(optIn)\n"
            }
            out += "\n\(catalogue.entries.count) rules. `a11ylint rules RULE-ID` explains one.\n"
            if catalogue.entries.contains(where: \.description.optIn) {
                out += "[opt-in] rules are off unless `opt_in_rules:` in .a11ylint.yml names them.\n"
            }
            try emit(out, to: nil)
            return
        }
        guard let entry = catalogue.entry(catalogue.swiftlintAliases[ruleID] ?? ruleID) else {
            throw fail("unknown rule '\(ruleID)'" + Suggestions.hint(for: ruleID, in: catalogue.ids)
                       + "; `a11ylint rules` lists them")
        }
        let d = entry.description
        var out = "\(d.id): \(d.name)\n"
        out += "severity: \(d.defaultSeverity.rawValue)   kind: \(d.kind.rawValue)   category: \(d.category)\n"
        if d.kind == .spec { out += "kinds: \(Self.kinds(of: d))\n" }
        if d.optIn {
            out += "opt-in: off by default; `opt_in_rules: [\(d.id)]` in .a11ylint.yml turns it on\n"
        }
        if !entry.swiftlintIDs.isEmpty {
            out += "SwiftLint: \(entry.swiftlintIDs.joined(separator: ", ")) (accepted in .a11ylint.yml and in swiftlint:disable comments)\n"
        }
        if !d.wcag.isEmpty {
            out += "WCAG: " + d.wcag.map { c in WCAG.understandingURL(for: c).map { "\(c) \($0)" } ?? c }
                .joined(separator: ", ") + "\n"
        }
        out += "\n\(d.summary)\n"
        if !d.rationale.isEmpty { out += "\nWhy: \(d.rationale)\n" }
        if !d.howToFix.isEmpty { out += "\nHow to fix: \(d.howToFix)\n" }
        func examples(_ title: String, _ list: [RuleExample]) {
            guard !list.isEmpty else { return }
            out += "\n\(title)\n"
            for example in list {
                out += "  (\(example.fileName))\n"
                out += example.marked.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "    " + $0 }.joined(separator: "\n")
                if !out.hasSuffix("\n") { out += "\n" }
            }
        }
        examples("Triggers (↓ marks where it reports):", entry.triggeringExamples)
        examples("Does not trigger:", entry.nonTriggeringExamples)
        try emit(out, to: nil)
    }

    /// The component kinds a spec rule checks, as its YAML says it (`kinds: all`,
    /// `exceptKinds:`, or a list) and, for `all`, the kinds that makes today.
    static func kinds(of rule: RuleDescription) -> String {
        func names(_ kinds: [ComponentKind]) -> String { kinds.map(\.rawValue).joined(separator: ", ") }
        if let kinds = rule.kinds { return names(kinds) }
        let applies = names(ComponentKind.allCases.filter { rule.applies(to: $0) })
        if rule.exceptKinds.isEmpty { return "all (\(applies))" }
        return "all except \(names(rule.exceptKinds)) (\(applies))"
    }
}
