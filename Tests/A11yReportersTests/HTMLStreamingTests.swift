import A11yLayout
import A11yModel
import A11yReport
import Testing
@testable import A11yReporters

/// The HTML page is written file by file: each file's part goes to a spool as it comes, and
/// only small facts per section stay in memory. The page is the one the whole report made
/// (`HTMLWholeRendering`), sections in component-name order, even when a finding's section
/// is another file's, before or after its own.
@Suite struct HTMLStreamingTests {
    static let theme = Theme(name: "brand/light", background: ThemeColor(color: .white),
                             colors: ["textEnabled": ThemeColor(color: RGBA(hex: "#808080")!)])

    /// A checkbox spec with its variants laid out and, when asked, one contrast pair each.
    static func component(_ name: String, file: String, variants: [String], contrast: Bool = true) -> ComponentReport {
        var spec = ComponentSpec(file: file, name: name, location: SourceLocation(file: file, line: 1, column: 1))
        spec.kind = .checkbox
        spec.themes = [theme]
        spec.variants = variants.enumerated().map { index, name in
            var variant = Variant(name: name, location: SourceLocation(file: file, line: 3 + index, column: 5), origin: .declared)
            variant.text = index % 2 == 0 ? "Accept terms" : "I agree to the terms and conditions, every one of them"
            variant.width = 200
            return variant
        }
        let layouts = spec.variants.map { VariantLayouts.compute(spec, $0, engine: LayoutEngine.shared) }
        let pairs = contrast ? spec.variants.map { variant in
            ContrastMeasurement(kind: .text, variant: variant, theme: theme, role: "textEnabled", subject: "Label text",
                                foreground: RGBA(hex: "#808080")!, background: .white, ratio: 3.95, required: 4.5,
                                wcag: ["1.4.3"])
        } : []
        return ComponentReport(spec: spec, contrast: pairs, layouts: layouts)
    }

    static func finding(_ file: String, line: Int, component: String?, variant: String? = nil, theme: String? = nil,
                        rule: String = "text-contrast", severity: Severity = .error) -> Finding {
        Finding(rule: rule, severity: severity,
                message: "Finding at \(line) <of> \(component ?? "none")" + (theme.map { " in theme \($0)" } ?? ""),
                location: SourceLocation(file: file, line: line, column: 3), component: component, variant: variant,
                theme: theme, wcag: ["1.4.3"], measured: Measured([("ratio", .number(3.951)), ("required", .number(4.5))]))
    }

    /// Sections from specs and from findings alone, two specs of one name, findings whose
    /// section is a spec of a later file (an index's entry), of an earlier one, or no spec's
    /// (two indexes naming a missing one), variant links into them, findings outside
    /// components, input errors, a clean spec.
    static func report() -> LintReport {
        let components = [
            component("CheckboxView", file: Fixtures.specFile, variants: ["accept-terms", "compact", "accept-terms"]),
            component("Alpha", file: "a/Alpha.json", variants: ["v1"], contrast: false),
            component("Alpha", file: "a/Extra.json", variants: ["v1", "v2"]),
            component("Missing", file: "b/Other.json", variants: ["m1", "m2"]),
            component("Quiet", file: "d/Quiet.json", variants: ["q"]),
        ]
        let findings = [
            Fixtures.contrast, Fixtures.touch, Fixtures.note, Fixtures.gesture,
            finding("a/Alpha.json", line: 4, component: "Alpha", variant: "v1", theme: "brand/light"),
            finding("a/Alpha.json", line: 4, component: "Alpha", variant: "v1", theme: "brand/dark"),
            finding("a/Extra.json", line: 5, component: "Alpha", variant: "v2", severity: .warning),
            finding("a/Extra.json", line: 1, component: "Extra", rule: "index-consistency", severity: .warning),
            finding("a/index.json", line: 2, component: "Missing", variant: "m2", rule: "index-consistency", severity: .warning),
            finding("a/index.json", line: 3, component: "Nowhere", rule: "index-consistency", severity: .warning),
            finding("b/Other.json", line: 6, component: "Missing", variant: "m1", severity: .note),
            finding("c/index.json", line: 2, component: "CheckboxView", variant: "compact", rule: "index-consistency"),
            finding("c/index.json", line: 3, component: "Nowhere", variant: "gone", rule: "index-consistency"),
            finding("z/index.json", line: 2, component: "Alpha", variant: "v1", rule: "index-consistency"),
            finding("z/Loose.swift", line: 9, component: nil, rule: "tap-gesture-without-trait"),
        ]
        var report = LintReport(toolVersion: "0.1.0", files: 11, components: components.count, findings: findings,
                                inputErrors: [Fixtures.badInput, InputError(file: "a/index.json", line: 1, column: 1, message: "odd")],
                                suppressed: 1, baselined: 2, rules: Fixtures.rules,
                                lintedFiles: components.map(\.spec.file) + ["a/index.json", "c/index.json", "z/index.json"])
        report.componentReports = components
        return report
    }

    @Test(arguments: [false, true])
    func samePageAsTheWholeReport(strict: Bool) {
        let options = ReportOptions(strict: strict)
        let reporter = Reporters.named("html")!
        let report = Self.report()
        let whole = HTMLWholeRendering.render(report, options: options)
        // The cases are there: a waiting section joined a later spec's, variant links into it.
        #expect(whole.contains("<a href=\"#component-5-v2\"><code>m2</code></a>"))
        #expect(whole.contains("<h2 id=\"component-2\">Alpha in a/Extra.json</h2>"))
        #expect(whole.contains("<h2 id=\"component-6\">Nowhere</h2>"))
        #expect(reporter.render(report, options: options) == whole)
        #expect(StreamingWritersTests.fedEveryFile(reporter, report, options: options) == whole)
    }

    @Test func sectionsOfOneFileInNameOrderAndClean() {
        var report = Self.report()
        report.findings = []
        report.inputErrors = []
        let whole = HTMLWholeRendering.render(report, options: ReportOptions())
        #expect(whole.contains("<p class=\"clean\">No findings.</p>"))
        #expect(Reporters.named("html")!.render(report, options: ReportOptions()) == whole)
    }

    /// What the writer holds between files: no finding, input error or component (the
    /// whole-report writer kept them all until the end).
    @Test func keepsNoFindingsBetweenFiles() {
        var writer = Reporters.named("html")!.writer(options: ReportOptions())
        var sink = ""
        for part in FileResults.split(Self.report()) { writer.file(part, to: &sink) }
        #expect(sink.isEmpty, "the page is written at the end")
        var kept: [String] = []
        func walk(_ value: Any, depth: Int) {
            guard depth < 12, !(value is [UInt8]) else { return }
            switch value {
            case is Finding, is InputError, is ComponentReport, is ComponentSpec, is FileResults, is VariantLayouts:
                kept.append("\(type(of: value))")
                return
            default: break
            }
            for child in Mirror(reflecting: value).children { walk(child.value, depth: depth + 1) }
        }
        walk(writer, depth: 0)
        #expect(kept.isEmpty, "kept: \(Set(kept).sorted())")
    }
}
