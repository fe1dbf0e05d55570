import A11yModel
import A11yReport
import Foundation
import Testing
@testable import A11yReporters

/// The HTML page from findings alone (a report made by hand: no contrast measurements or
/// layouts). The page of a real run, with its grid, drawings and strip, is checked in
/// CLITests (HTMLReportPageTests and the golden pages).
@Suite struct HTMLReporterTests {
    static var options: ReportOptions { ReportOptions(strict: true) }

    @Test func selfContainedSkeleton() {
        let html = Reporters.named("html")!.render(Fixtures.report(), options: Self.options)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</html>\n"))
        for forbidden in ["<script", "<link", "src=", "@import", "url(", "<iframe", "<img"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        // Every link is either in-page or a WCAG Understanding page.
        for href in attributeValues("href", in: html) {
            #expect(href.hasPrefix("#") || href.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/"), "\(href)")
        }
        #expect(html.contains("<h1>a11ylint report</h1>"))
        #expect(html.contains("strict mode: warnings fail"))
        for landmark in ["<header>", "<nav aria-labelledby=\"contents-title\">", "<main id=\"main\">", "<footer>"] {
            #expect(html.components(separatedBy: landmark).count == 2, "\(landmark)")
        }
    }

    @Test func summaryCountsPerRuleWithLinks() throws {
        let html = Reporters.named("html")!.render(Fixtures.report(), options: Self.options)
        #expect(html.contains("<caption id=\"rules-caption\">Findings per rule</caption>"))
        #expect(html.contains("<tr><th scope=\"row\"><code>text-contrast</code>"))
        let row = try #require(html.components(separatedBy: "<tr><th scope=\"row\"><code>touch-target</code>").dropFirst().first)
        let cells = row.prefix { $0 != "\n" }
        #expect(cells.contains("<td class=\"num\">0</td><td class=\"num\">1</td><td class=\"num\">0</td>"), "\(cells)")
        #expect(cells.contains("<a href=\"#component-1\">CheckboxView</a>"))
        #expect(html.contains("<a href=\"#other-findings\">Findings outside components</a>"))
    }

    @Test func findingsOfOneComponentWithWordsNotColourAlone() throws {
        let html = Reporters.named("html")!.render(Fixtures.report(), options: Self.options)
        let component = try #require(html.range(of: "<h2 id=\"component-1\">CheckboxView</h2>"))
        let loose = try #require(html.range(of: "<h2 id=\"other-findings\">"))
        let inputs = try #require(html.range(of: "<h2 id=\"input-errors\">Input errors</h2>"))
        #expect(component.lowerBound < loose.lowerBound && loose.lowerBound < inputs.lowerBound)
        #expect(html.contains("<span class=\"badge error\"><span aria-hidden=\"true\">✗</span> Error</span> <code class=\"rule\">text-contrast</code>"
            + " · variant <code>accept-terms</code> <span class=\"location\">specs/components/CheckboxView.json:12:7</span>"))
        #expect(html.contains("<a href=\"https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html\">WCAG 1.4.3 Contrast (Minimum)</a>"))
        // The measured ratio to two decimals, not 3.977.
        #expect(html.contains("<dt>ratio</dt><dd>3.98</dd>"))
        #expect(html.contains("<td><code>specs/bad.json</code></td><td class=\"num\">3</td><td class=\"num\">9</td>"))
    }

    @Test func identicalFindingsAcrossThemesAreOneLine() {
        var light = Fixtures.contrast
        light.message = "Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) in theme brand/light"
        var dark = light
        dark.theme = "brand/dark"
        dark.message = "Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) in theme brand/dark"
        light.theme = "brand/light"
        var other = dark
        other.theme = "brand/washed"
        other.message = "Label text contrast 2.10:1 is below 4.5:1 (WCAG 1.4.3) in theme brand/washed"
        other.measured["ratio"] = .number(2.1)
        let lines = HTMLReporter.groupedAcrossThemes([dark, light, other])
        #expect(lines.count == 2)
        #expect(lines.first?.themes == ["brand/dark", "brand/light"])
        #expect(lines.last?.themes == ["brand/washed"])
        let html = Reporters.named("html")!.render(Fixtures.report(findings: [light, dark, other], inputErrors: []), options: Self.options)
        #expect(html.contains("<p class=\"message\">Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3)</p>\n"
            + "<p class=\"context\">Themes: <code>brand/dark</code>, <code>brand/light</code></p>"))
        #expect(html.contains("<p class=\"context\">Theme: <code>brand/washed</code></p>"))
    }

    /// The hint is the theme's fix (`measured.fix`, what `--fix` writes); without one, that
    /// no change passes every pair, and the pair's own suggestion.
    @Test func fixSwatchesBesideAFailure() {
        var finding = Fixtures.contrast
        finding.measured["suggestion"] = .string("#6B6B6B")
        finding.measured["suggestionRatio"] = .number(5.33)
        finding.measured["suggestedAlpha"] = .number(0.5411)
        let unsolved = Reporters.named("html")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: Self.options)
        #expect(unsolved.contains("<p class=\"suggestion\">No colour change passes every pair of this theme; this pair alone passes with "
            + "<span class=\"chip\" style=\"background-color:#6B6B6B\" aria-hidden=\"true\"></span> <code>#6B6B6B</code></p>"))
        finding.measured["fix"] = .objects([Measured([("role", .string("textEnabled")), ("from", .string("#808080")),
                                                      ("to", .string("#767676"))])])
        let html = Reporters.named("html")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: Self.options)
        #expect(html.contains("<p class=\"suggestion\">Fix for this theme: <code>textEnabled</code> "
            + "<span class=\"chip\" style=\"background-color:#808080\" aria-hidden=\"true\"></span><code>#808080</code> → "
            + "<span class=\"chip\" style=\"background-color:#767676\" aria-hidden=\"true\"></span><code>#767676</code></p>"), "\(html)")
    }

    @Test func ratioNeverRoundsOntoTheThreshold() {
        #expect(HTMLReporter.ratioText(4.499, required: 4.5) == "4.49")
        #expect(HTMLReporter.ratioText(4.5, required: 4.5) == "4.50")
        #expect(HTMLReporter.ratioText(2.996, required: 3) == "2.99")
        #expect(HTMLReporter.ratioText(3.977, required: 4.5) == "3.98")
        #expect(HTMLReporter.ratioText(1.05, required: 3) == "1.05")
    }

    @Test func numbersRoundedForPeople() {
        #expect(HTMLReporter.number(15.647058823529413) == "15.65")
        #expect(HTMLReporter.number(44) == "44")
        #expect(HTMLReporter.number(0.5) == "0.5")
        #expect(HTMLReporter.number(123.2345) == "123.23")
        #expect(HTMLReporter.number(-2.5) == "-2.5")
        #expect(HTMLReporter.number(0.001) == "0")
        // An opacity that passes is never shown below itself.
        #expect(HTMLReporter.alphaText(0.5411) == "55%")
        #expect(HTMLReporter.alphaText(0.54) == "54%")
    }

    @Test func everythingIsEscaped() {
        var finding = Fixtures.contrast
        finding.component = "<script>alert(1)</script>"
        finding.variant = "a\"b"
        finding.message = "x < y & z > w 'q'"
        finding.measured["foreground"] = .string("red;}</style><script>")
        let html = Reporters.named("html")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: ReportOptions())
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<p class=\"message\">x &lt; y &amp; z &gt; w &#39;q&#39;</p>"))
        #expect(html.contains(" · variant <code>a&quot;b</code>"))
        // A value that is not a hex colour never reaches a style attribute.
        #expect(!html.contains("style=\"background-color:red"))
    }

    @Test func emptyReportSaysSo() {
        let report = LintReport(toolVersion: "0.1.0", files: 1, components: 1, findings: [], inputErrors: [])
        let html = Reporters.named("html")!.render(report, options: ReportOptions())
        #expect(html.contains("<p class=\"clean\">No findings.</p>"))
        #expect(!html.contains("<nav"))
        #expect(html.contains("<title>a11ylint report: 0 errors, 0 warnings, 0 notes</title>"))
    }

    @Test func sameInputSameBytes() {
        let a = Reporters.named("html")!.render(Fixtures.report(), options: Self.options)
        let b = Reporters.named("html")!.render(Fixtures.report(findings: [Fixtures.gesture, Fixtures.note, Fixtures.touch, Fixtures.contrast]),
                                                options: Self.options)
        #expect(a == b)
    }

    @Test func reportersDeclareWhatTheyNeed() {
        #expect(Reporters.names == ["text", "json", "sarif", "junit", "github", "checkstyle", "codeclimate", "html"])
        for reporter in Reporters.all where reporter.name != "html" {
            #expect(reporter.needs.isEmpty, "\(reporter.name) keeps no measurements or layouts")
        }
        #expect(Reporters.named("html")?.needs == [.contrast, .layouts])
        #expect(Reporters.named("sarif")?.showsFixes == true)
        #expect(Reporters.named("json")?.showsFixes == false)
        #expect(Reporters.named("nope") == nil)
    }

    @Test func writersGetFilesInPathOrderThenTotals() {
        struct Recorder: ReportWriter {
            var log: [String] = []
            mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
                sink.write("file \(results.file): \(results.findings.count) findings, \(results.inputErrors.count) errors\n")
            }
            mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
                sink.write("finish: \(totals.files) files, \(totals.findings.count) findings kept in totals\n")
            }
        }
        struct Recording: Reporter {
            var name: String { "recording" }
            func writer(options: ReportOptions) -> any ReportWriter { Recorder() }
        }
        let out = Recording().render(Fixtures.report(), options: ReportOptions())
        #expect(out == """
            file Sources/App/Terms View.swift: 1 findings, 0 errors
            file specs/bad.json: 0 findings, 1 errors
            file specs/components/CheckboxView.json: 3 findings, 0 errors
            finish: 4 files, 0 findings kept in totals

            """)
    }

    private func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
