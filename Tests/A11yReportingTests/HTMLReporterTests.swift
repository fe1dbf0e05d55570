import A11yModel
import Foundation
import Testing
@testable import A11yReporting

@Suite struct HTMLReporterTests {
    static let drawing = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 110 24" width="110" height="24" role="img" aria-label="layout"><rect x="2" y="2" width="20" height="20"/></svg>"#

    static let pairs = [
        ContrastPair(component: "CheckboxView", variant: "accept-terms", theme: "default/light", role: "text",
                     foreground: "#808080", background: "#FFFFFF", ratio: 3.977, required: 4.5),
        ContrastPair(component: "CheckboxView", variant: "accept-terms", theme: "default/dark", role: "checkedFill",
                     foreground: "#FF7900", background: "#000000", ratio: 8.47123, required: 3),
        ContrastPair(component: "CheckboxView", variant: "plain", theme: "default/light", role: "text",
                     foreground: "#000000", background: "#FFFFFF", ratio: 21, required: 4.5),
    ]

    static var options: ReportOptions {
        ReportOptions(strict: true,
                      variantDrawings: [ReportOptions.drawingKey(component: "CheckboxView", variant: "accept-terms"): drawing],
                      contrastPairs: pairs)
    }

    @Test func selfContainedAndAccessibleSkeleton() {
        let html = Reporter.render(Fixtures.report(), as: .html, options: Self.options)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url("))
        // Every link is either in-page or a WCAG Understanding page.
        for href in attributeValues("href", in: html) {
            #expect(href.hasPrefix("#") || href.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/"), "\(href)")
        }
        #expect(html.contains("<h1>a11ylint report</h1>"))
        #expect(html.contains("<th scope=\"col\">Ratio</th>"))
        #expect(html.contains("strict mode: warnings fail"))
    }

    @Test func findingsGroupedByComponentThenVariant() throws {
        let html = Reporter.render(Fixtures.report(), as: .html, options: Self.options)
        let component = try #require(html.range(of: "<h2 id=\"component-1\">CheckboxView</h2>"))
        let whole = try #require(html.range(of: "<h3>Whole component</h3>"))
        let accept = try #require(html.range(of: "<h3>Variant <code>accept-terms</code></h3>"))
        let compact = try #require(html.range(of: "<h3>Variant <code>compact</code></h3>"))
        let plain = try #require(html.range(of: "<h3>Variant <code>plain</code></h3>"))
        let loose = try #require(html.range(of: "<h2 id=\"other-findings\">"))
        let inputs = try #require(html.range(of: "<h2 id=\"input-errors\">Input errors</h2>"))
        #expect(component.lowerBound < whole.lowerBound)
        #expect(whole.lowerBound < accept.lowerBound && accept.lowerBound < compact.lowerBound)
        #expect(compact.lowerBound < plain.lowerBound && plain.lowerBound < loose.lowerBound)
        #expect(loose.lowerBound < inputs.lowerBound)
        #expect(html.contains("<span class=\"badge error\">Error</span> <code class=\"rule\">text-contrast</code>"
            + " <span class=\"location\">specs/components/CheckboxView.json:12:7</span>"))
        #expect(html.contains("<a href=\"https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html\">WCAG 1.4.3 Contrast (Minimum)</a>"))
        #expect(html.contains("<dt>ratio</dt><dd>3.977</dd>"))
        #expect(html.contains("<td><code>specs/bad.json</code></td><td class=\"num\">3</td><td class=\"num\">9</td>"))
        // The drawing sits inside its variant, before the next variant starts.
        let svg = try #require(html.range(of: Self.drawing))
        #expect(accept.upperBound < svg.lowerBound && svg.upperBound < compact.lowerBound)
    }

    @Test func swatchesForEveryPair() {
        let html = Reporter.render(Fixtures.report(), as: .html, options: Self.options)
        #expect(html.components(separatedBy: "<span class=\"sample\"").count - 1 == 3)
        #expect(html.contains("<span class=\"sample\" style=\"color:#808080;background-color:#FFFFFF\">Aa</span>"))
        #expect(html.contains("<td class=\"num\">3.98:1</td><td class=\"num\">4.5:1</td><td><span class=\"badge fail\">Fail</span></td>"))
        #expect(html.contains("<td class=\"num\">8.47:1</td><td class=\"num\">3:1</td><td><span class=\"badge pass\">Pass</span></td>"))
        #expect(html.contains("<td class=\"num\">21.00:1</td>"))
        // Sorted by theme: dark before light within accept-terms.
        let dark = html.range(of: "style=\"color:#FF7900")!.lowerBound
        let light = html.range(of: "style=\"color:#808080")!.lowerBound
        #expect(dark < light)
    }

    @Test func ratioNeverRoundsOntoTheThreshold() {
        #expect(HTMLReporter.ratioText(4.499, required: 4.5) == "4.49")
        #expect(HTMLReporter.ratioText(4.5, required: 4.5) == "4.50")
        #expect(HTMLReporter.ratioText(2.996, required: 3) == "2.99")
        #expect(HTMLReporter.ratioText(3.977, required: 4.5) == "3.98")
        #expect(HTMLReporter.ratioText(1.05, required: 3) == "1.05")
    }

    @Test func everythingIsEscaped() {
        var finding = Fixtures.contrast
        finding.component = "<script>alert(1)</script>"
        finding.variant = "a\"b"
        finding.message = "x < y & z > w 'q'"
        let pair = ContrastPair(component: "<script>alert(1)</script>", variant: "a\"b", theme: "t", role: "r",
                                foreground: "red;}</style><script>", background: "#FFFFFF", ratio: 1, required: 3)
        let html = Reporter.render(Fixtures.report(findings: [finding], inputErrors: []), as: .html,
                                   options: ReportOptions(contrastPairs: [pair]))
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<p class=\"message\">x &lt; y &amp; z &gt; w &#39;q&#39;</p>"))
        #expect(html.contains("<h3>Variant <code>a&quot;b</code></h3>"))
        // A value that is not a hex color never reaches a style attribute.
        #expect(!html.contains("style=\"color:red"))
        #expect(!html.contains("background-color:red"))
    }

    @Test func emptyReportSaysSo() {
        let report = LintReport(toolVersion: "0.1.0", files: 1, components: 1, findings: [], inputErrors: [])
        let html = Reporter.render(report, as: .html, options: ReportOptions())
        #expect(html.contains("<p class=\"clean\">No findings.</p>"))
        #expect(!html.contains("<nav"))
        #expect(html.contains("<title>a11ylint report: 0 errors, 0 warnings, 0 notes</title>"))
    }

    @Test func sameInputSameBytes() {
        let a = Reporter.render(Fixtures.report(), as: .html, options: Self.options)
        var shuffled = Self.options
        shuffled.contrastPairs.reverse()
        shuffled.variantDrawings[ReportOptions.drawingKey(component: "Z", variant: "v")] = "<svg></svg>"
        shuffled.variantDrawings[ReportOptions.drawingKey(component: "A", variant: "v")] = "<svg></svg>"
        let b = Reporter.render(Fixtures.report(), as: .html, options: Self.options)
        #expect(a == b)
        // Reversing pairs of different themes keeps the theme order.
        let c = Reporter.render(Fixtures.report(), as: .html, options: shuffled)
        #expect(c.range(of: "style=\"color:#FF7900")!.lowerBound < c.range(of: "style=\"color:#808080")!.lowerBound)
        #expect(c.range(of: ">A</h2>")!.lowerBound < c.range(of: ">CheckboxView</h2>")!.lowerBound)
        #expect(c.range(of: ">CheckboxView</h2>")!.lowerBound < c.range(of: ">Z</h2>")!.lowerBound)
    }

    private func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
