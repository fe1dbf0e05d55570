import A11yModel
import A11yReport
@testable import A11yReporters

/// Hand-built reports: every reporter test reads these, so a golden string names
/// exactly the facts it checks.
enum Fixtures {
    static let specFile = "specs/components/CheckboxView.json"
    static let swiftFile = "Sources/App/Terms View.swift"

    static func rule(_ id: String, _ kind: RuleDescription.Kind, _ severity: Severity, wcag: [String]) -> RuleDescription {
        RuleDescription(id: id, name: id, kind: kind, defaultSeverity: severity, wcag: wcag, category: "test",
                        summary: "Summary of \(id).", rationale: "Why \(id) matters.", howToFix: "Fix \(id).")
    }

    static let rules: [RuleDescription] = [
        rule("text-contrast", .spec, .error, wcag: ["1.4.3"]),
        rule("touch-target", .spec, .warning, wcag: ["2.5.8", "2.5.5"]),
        rule("forbidden-state", .spec, .error, wcag: []),
        rule("tap-gesture-without-trait", .source, .error, wcag: ["4.1.2"]),
        rule("image-without-label", .source, .warning, wcag: ["1.1.1"]),
        rule("spec-unknown-key", .input, .warning, wcag: []),
    ]

    static let contrast = Finding(
        rule: "text-contrast", severity: .error,
        message: "Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3)",
        location: SourceLocation(file: specFile, line: 12, column: 7),
        component: "CheckboxView", variant: "accept-terms", theme: "default/light", wcag: ["1.4.3"],
        measured: Measured([("ratio", .number(3.977)), ("required", .number(4.5)),
                            ("foreground", .string("#808080")), ("background", .string("#FFFFFF"))]))

    static let touch = Finding(
        rule: "touch-target", severity: .warning, message: "Hit area 20×20 is smaller than 44×44",
        location: SourceLocation(file: specFile, line: 20, column: 5),
        component: "CheckboxView", variant: "compact", wcag: ["2.5.8", "2.5.5"],
        measured: Measured([("width", .number(20)), ("height", .number(20)), ("required", .number(44))]))

    static let note = Finding(
        rule: "spec-unknown-kind", severity: .note, message: "Unknown kind \"toggle\"",
        location: SourceLocation(file: specFile, line: 2, column: 11), component: "CheckboxView")

    static let gesture = Finding(
        rule: "tap-gesture-without-trait", severity: .error,
        message: "Tap gesture without .isButton or .isLink trait",
        location: SourceLocation(file: swiftFile, line: 8, column: 9), wcag: ["4.1.2"])

    static let badInput = InputError(file: "specs/bad.json", line: 3, column: 9,
                                     message: "expected ',' or '}' after object member")

    static func report(findings: [Finding] = [contrast, touch, note, gesture], inputErrors: [InputError] = [badInput],
                       suppressed: Int = 0, baselined: Int? = nil) -> LintReport {
        LintReport(toolVersion: "0.1.0", files: 4, components: 1, findings: findings, inputErrors: inputErrors,
                   suppressed: suppressed, baselined: baselined, rules: rules,
                   lintedFiles: [specFile, swiftFile, "specs/components/Clean.json"])
    }

    /// The contract's example: one file, one component, three errors and a warning.
    static func contractReport() -> LintReport {
        let errors = (0..<2).map { i in
            Finding(rule: "forbidden-state", severity: .error, message: "isError with isReadOnly",
                    location: SourceLocation(file: specFile, line: 30 + i, column: 5), component: "CheckboxView",
                    variant: "v\(i)")
        }
        return LintReport(toolVersion: "0.1.0", files: 1, components: 1, findings: [contrast, touch] + errors,
                          inputErrors: [], rules: rules, lintedFiles: [specFile])
    }
}
