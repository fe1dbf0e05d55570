import A11yModel
import A11yReport
import Foundation
import Testing
@testable import A11yReporting

@Suite struct HTMLReporterTests {
    @Test func ratioNeverRoundsOntoTheThreshold() {
        #expect(HTMLReporter.ratioText(4.499, required: 4.5) == "4.49")
        #expect(HTMLReporter.ratioText(4.5, required: 4.5) == "4.50")
        #expect(HTMLReporter.ratioText(2.996, required: 3) == "2.99")
        #expect(HTMLReporter.ratioText(3.977, required: 4.5) == "3.98")
        #expect(HTMLReporter.ratioText(1.05, required: 3) == "1.05")
    }

    @Test func emptyReportSaysSo() {
        let report = LintReport(toolVersion: "0.1.0", files: 1, components: 1, findings: [], inputErrors: [])
        let html = Reporters.named("html")!.render(report, options: ReportOptions())
        #expect(html.contains("<p class=\"clean\">No findings.</p>"))
        #expect(!html.contains("<nav"))
        #expect(html.contains("<title>a11ylint report: 0 errors, 0 warnings, 0 notes</title>"))
    }

    private func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
