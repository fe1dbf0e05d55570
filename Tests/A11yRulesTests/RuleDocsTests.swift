import Foundation
import Testing
import A11yModel
@testable import A11yRules

/// `docs/rules.md` is generated from the rule catalogue (`Rules/*.yml`, the catalogue
/// `a11ylint rules` reads), so it cannot drift: this test renders it and fails when the file
/// differs. `A11YLINT_UPDATE_DOCS=1` (or `scripts/gen-rules-docs`) rewrites the file instead.
@Suite struct RuleDocsTests {
    /// `docs/rules.md`, beside the repository's `Rules/` folder.
    static let file = EmbeddedCatalogueTests.folder.deletingLastPathComponent().appendingPathComponent("docs/rules.md")

    @Test func rulesDocumentIsCurrent() throws {
        let rendered = RuleDocs.render(try RuleCatalogue.embedded())
        if ProcessInfo.processInfo.environment["A11YLINT_UPDATE_DOCS"] == "1" {
            try Data(rendered.utf8).write(to: Self.file)
            return
        }
        let onDisk = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        guard onDisk != rendered else { return }
        let firstDifference = zip(onDisk.split(separator: "\n", omittingEmptySubsequences: false),
                                  rendered.split(separator: "\n", omittingEmptySubsequences: false))
            .enumerated().first { $0.element.0 != $0.element.1 }.map { "first difference at line \($0.offset + 1)" }
            ?? "the files differ in length"
        Issue.record("""
            docs/rules.md is not what the rule catalogue (Rules/*.yml) gives (\(firstDifference)). \
            Regenerate it with scripts/gen-rules-docs (A11YLINT_UPDATE_DOCS=1 swift test --filter RuleDocsTests) \
            and commit the result.
            """)
    }
}

/// Renders the rule directory: an index by category, then each rule with its metadata,
/// explanation, settings and examples.
enum RuleDocs {
    /// The `.a11ylint.yml` settings that tune a rule beyond `disabled_rules`, `only_rules`
    /// and a severity (docs/cli.md describes them). Not in the rule YAML: the configuration
    /// reads them.
    static let settings: [String: [String]] = [
        "text-contrast": ["`contrast_level: AA` (default) or `AAA`: 4.5:1 / 3:1, or 7:1 / 4.5:1 for large text",
                          "`large_text: {size: 18, bold_size: 14}`: from which point size (bold) text counts as large"],
        "nontext-contrast": ["`contrast_level: AA` (default) or `AAA`"],
        "touch-target": ["`touch_target: {warning: 44, error: 24}`: below `warning` pt a warning, below `error` pt an error"],
    ]

    static func render(_ catalogue: RuleCatalogue) -> String {
        var out = """
            # Rules

            <!-- Generated from Rules/*.yml by scripts/gen-rules-docs (Tests/A11yRulesTests/RuleDocsTests.swift). Do not edit. -->

            Every rule a11ylint ships, generated from the rule catalogue under `Rules/` (the same data
            `a11ylint rules` and `a11ylint rules RULE-ID` print). In
            `.a11ylint.yml` a rule can be switched off (`disabled_rules: [RULE-ID]`), selected
            (`only_rules`), or given another severity (`RULE-ID: error`); rules marked "off (opt-in)" run only
            when `opt_in_rules: [RULE-ID]` names them; see [cli.md](cli.md). In the
            examples, `↓` marks where the rule reports; the test suite runs every rule on its own examples.

            \(catalogue.entries.count) rules.

            | Rule | Category | Reads | Default severity | WCAG |
            |---|---|---|---|---|

            """
        let byCategory = Dictionary(grouping: catalogue.entries, by: \.description.category)
        for category in byCategory.keys.sorted() {
            for entry in byCategory[category]! {
                let d = entry.description
                out += "| [`\(d.id)`](#\(d.id)) | \(d.category) | \(d.kind.rawValue) | \(severity(d)) "
                    + "| \(d.wcag.isEmpty ? "—" : d.wcag.joined(separator: ", ")) |\n"
            }
        }
        for entry in catalogue.entries { out += "\n" + rule(entry) }
        return out
    }

    static func rule(_ entry: RuleEntry) -> String {
        let d = entry.description
        var out = "## \(d.id)\n\n**\(d.name)**\n\n| | |\n|---|---|\n"
        out += "| Identifier | `\(d.id)` |\n| Category | \(d.category) |\n"
        out += "| Checks | \(checks(d)) |\n| Default severity | \(severity(d)) |\n"
        let wcag = d.wcag.map { c in WCAG.understandingURL(for: c).map { "[\(c)](\($0))" } ?? c }
        out += "| WCAG | \(wcag.isEmpty ? "—" : wcag.joined(separator: ", ")) |\n"
        if !entry.swiftlintIDs.isEmpty {
            out += "| SwiftLint | \(entry.swiftlintIDs.map { "`\($0)`" }.joined(separator: ", ")) |\n"
        }
        out += "\n\(d.summary)\n"
        if !d.rationale.isEmpty { out += "\n**Why.** \(d.rationale)\n" }
        if !d.howToFix.isEmpty { out += "\n**How to fix.** \(d.howToFix)\n" }
        if let settings = settings[d.id] {
            out += "\n**Settings** (`.a11ylint.yml`):\n\n" + settings.map { "- \($0)\n" }.joined()
        }
        out += examples("Triggering examples", entry.triggeringExamples)
        out += examples("Non-triggering examples", entry.nonTriggeringExamples)
        return out
    }

    /// The default severity, or "off (opt-in, warning when on)" for an opt-in rule.
    static func severity(_ d: RuleDescription) -> String {
        d.optIn ? "off (opt-in, \(d.defaultSeverity.rawValue) when on)" : d.defaultSeverity.rawValue
    }

    /// What the rule reads: the spec kinds it applies to, Swift source, or the run's inputs.
    static func checks(_ d: RuleDescription) -> String {
        switch d.kind {
        case .spec:
            guard let kinds = d.kinds else { return "component specs of every kind" }
            return "component specs of kind " + kinds.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        case .source: return "Swift source"
        case .input: return "the run's inputs (specs, Swift files, configuration)"
        }
    }

    static func examples(_ title: String, _ list: [RuleExample]) -> String {
        guard !list.isEmpty else { return "" }
        var out = "\n<details>\n<summary>\(title) (\(list.count))</summary>\n\n"
        for example in list {
            if let configuration = example.configuration {
                out += "With `.a11ylint.yml`:\n\n" + block(configuration, language: "yaml")
            }
            for name in example.files.keys.sorted() {
                out += "Next to `\(name)`:\n\n" + block(example.files[name]!, language: language(of: name))
            }
            out += block(example.marked, language: language(of: example.fileName))
        }
        return out + "</details>\n"
    }

    static func language(of fileName: String) -> String {
        switch (fileName as NSString).pathExtension {
        case "swift": "swift"
        case "json", "xcstrings": "json"
        case "yml", "yaml": "yaml"
        default: ""
        }
    }

    /// A fenced code block whose fence is longer than any run of backticks in `text`.
    static func block(_ text: String, language: String) -> String {
        var longest = 0, run = 0
        for c in text { run = c == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let body = text.hasSuffix("\n") ? text : text + "\n"
        return "\(fence)\(language)\n\(body)\(fence)\n\n"
    }
}
