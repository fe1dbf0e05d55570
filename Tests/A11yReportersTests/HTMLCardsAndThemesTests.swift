import A11yLayout
import A11yModel
import A11yReport
import Testing
@testable import A11yReporters

/// A page a designer reads: one card per defect listing the variants (and themes) it was
/// found in, and each variant drawn once, in the theme a script-free switcher picks.
@Suite struct HTMLCardsAndThemesTests {
    static func finding(variant: String, line: Int, theme: String, ratio: Double = 3.95) -> Finding {
        Finding(rule: "text-contrast", severity: .error,
                message: "Label text contrast is below 4.5:1 (WCAG 1.4.3) in theme \(theme)",
                location: SourceLocation(file: "specs/Box.json", line: line, column: 7), component: "Box",
                variant: variant, theme: theme, wcag: ["1.4.3"],
                measured: Measured([("ratio", .number(ratio)), ("required", .number(4.5)), ("role", .string("textEnabled"))]))
    }

    @Test func oneCardPerDefectListingVariantsThenThemes() {
        // Three variants fail alike in two themes: one card, three variants, two themes.
        let same = ["a", "b", "c"].enumerated().flatMap { index, variant in
            ["brand/light", "brand/dark"].map { Self.finding(variant: variant, line: 10 + index, theme: $0) }
        }
        let lines = HTMLReporter.groupedAcrossThemes(same)
        #expect(lines.count == 1)
        #expect(lines.first?.variants.map(\.name) == ["a", "b", "c"])
        #expect(lines.first?.variants.map(\.location.line) == [10, 11, 12])
        #expect(lines.first?.themes == ["brand/light", "brand/dark"])
        // In a third theme only two of them fail, at another ratio: a card of its own.
        let washed = [Self.finding(variant: "a", line: 10, theme: "brand/washed", ratio: 2.1),
                      Self.finding(variant: "b", line: 11, theme: "brand/washed", ratio: 2.1)]
        let more = HTMLReporter.groupedAcrossThemes(same + washed)
        #expect(more.count == 2)
        #expect(more.last?.variants.map(\.name) == ["a", "b"])
        #expect(more.last?.themes == ["brand/washed"])
        // The same in fewer variants of a theme is not merged with the cards of more.
        let partial = HTMLReporter.groupedAcrossThemes(same + [Self.finding(variant: "a", line: 10, theme: "brand/dim")])
        #expect(partial.count == 2)
        #expect(partial.last?.variants.map(\.name) == ["a"])
        let html = Reporters.named("html")!.render(Fixtures.report(findings: same, inputErrors: []), options: ReportOptions())
        #expect(html.components(separatedBy: "<li class=\"finding ").count - 1 == 1)
        #expect(html.contains("<code class=\"rule\">text-contrast</code> · 3 variants <span class=\"location\">specs/Box.json</span>"))
        #expect(html.contains("<p class=\"context variants\">Variants: <code>a</code> <span class=\"location\">(10:7)</span>, "
            + "<code>b</code> <span class=\"location\">(11:7)</span>, <code>c</code> <span class=\"location\">(12:7)</span></p>"))
        #expect(html.contains("<p class=\"context\">Themes: <code>brand/dark</code>, <code>brand/light</code></p>"))
    }

    /// A checkbox in two themes: one in every theme, one only in the light theme, one with a
    /// text colour of its own.
    static func twoThemeComponent() -> ComponentReport {
        let file = "specs/Duo.json"
        var spec = ComponentSpec(file: file, name: "Duo", location: SourceLocation(file: file, line: 1, column: 1))
        spec.kind = .checkbox
        let dark = Theme(name: "brand/dark", background: ThemeColor(color: RGBA(hex: "#101010")!),
                         colors: ["textEnabled": ThemeColor(color: RGBA(hex: "#E0E0E0")!)])
        spec.themes = [HTMLStreamingTests.theme, dark]
        spec.variants = ["every", "light-only", "own-colour"].enumerated().map { index, name in
            var variant = Variant(name: name, location: SourceLocation(file: file, line: 3 + index, column: 5), origin: .declared)
            variant.text = "Accept terms"
            variant.width = 200
            return variant
        }
        spec.variants[1].themes = ["brand/light"]
        spec.variants[2].colors = ["textEnabled": ThemeColor(color: RGBA(hex: "#AA0000")!)]
        let layouts = spec.variants.map { VariantLayouts.compute(spec, $0, engine: LayoutEngine.shared) }
        return ComponentReport(spec: spec, layouts: layouts)
    }

    @Test func eachVariantDrawnOnceInTheThemePicked() throws {
        var report = LintReport(toolVersion: "0.1.0", files: 1, components: 1, findings: [], inputErrors: [],
                                suppressed: 0, baselined: nil, rules: Fixtures.rules, lintedFiles: ["specs/Duo.json"])
        report.componentReports = [Self.twoThemeComponent()]
        let reporter = Reporters.named("html")!
        let html = reporter.render(report, options: ReportOptions())
        #expect(html.components(separatedBy: "<figure class=\"drawing\">").count - 1 == 3)
        #expect(html.contains("<input type=\"radio\" name=\"component-1-theme\" id=\"component-1-pick1\" class=\"pick-1\" checked>"))
        #expect(html.contains("<input type=\"radio\" name=\"component-1-theme\" id=\"component-1-pick2\" class=\"pick-2\">"))
        #expect(html.contains(".themed:has(.pick-2:checked) .variant { --tc0: var(--t2-c0);"))
        #expect(!html.contains(".pick-3"))
        // The dark theme's colours on the part; the drawings' own are the light theme's.
        let themed = try #require(html.range(of: #"<div class="themed" style="[^"]*">"#, options: .regularExpression))
        #expect(html[themed].contains("#101010") && html[themed].contains("#E0E0E0"))
        #expect(html.contains("style=\"fill:var(--tc0,#FFFFFF)\""))
        // The light-only variant keeps its colours in the dark theme and says so; the one with
        // its own text colour has it in both.
        let sections = html.components(separatedBy: "<section class=\"variant\"").dropFirst().map { $0.prefix { $0 != "\n" } }
        #expect(sections.count == 3)
        #expect(sections[0] == ">")
        #expect(sections[1].contains("--t2-c0:initial;"))
        #expect(html.contains("<p class=\"meta\">Only in theme <code>brand/light</code>; drawn in <code>brand/light</code> for the others</p>"))
        #expect(sections[2].contains("#AA0000") && !sections[2].contains("initial"))
        // Streamed file by file, the same page as from the whole report.
        #expect(html == HTMLWholeRendering.render(report, options: ReportOptions()))
        #expect(StreamingWritersTests.fedEveryFile(reporter, report, options: ReportOptions()) == html)
    }
}
