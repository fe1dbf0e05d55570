import A11yModel
import A11yReport
import Foundation
import Testing
@testable import A11yReporters

@Suite struct JSONReporterTests {
    @Test func contractShapeExactBytes() {
        var report = LintReport(toolVersion: "0.1.0", files: 2, components: 1,
                                findings: [Fixtures.contrast, Fixtures.gesture], inputErrors: [Fixtures.badInput])
        report.coverage = [ComponentCoverage(
            file: "specs/components/CheckboxView.json", component: "CheckboxView", kind: "checkbox", variants: 2,
            themes: 2, appearances: 1, languages: 1, pairsChecked: 7, pairsUnverified: 1,
            unverifiedReasons: ["missing-color": 1], location: SourceLocation(file: "specs/components/CheckboxView.json", line: 1, column: 10))]
        let json = Reporters.named("json")!.render(report, options: ReportOptions())
        #expect(json == #"""
            {
              "tool": {
                "name": "a11ylint",
                "version": "0.1.0"
              },
              "summary": {
                "files": 2,
                "components": 1,
                "findings": 2,
                "errors": 2,
                "warnings": 0,
                "notes": 0
              },
              "findings": [
                {
                  "rule": "tap-gesture-without-trait",
                  "severity": "error",
                  "message": "Tap gesture without .isButton or .isLink trait",
                  "file": "Sources/App/Terms View.swift",
                  "line": 8,
                  "column": 9,
                  "component": null,
                  "variant": null,
                  "theme": null,
                  "wcag": [
                    "4.1.2"
                  ],
                  "measured": {}
                },
                {
                  "rule": "text-contrast",
                  "severity": "error",
                  "message": "Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3)",
                  "file": "specs/components/CheckboxView.json",
                  "line": 12,
                  "column": 7,
                  "component": "CheckboxView",
                  "variant": "accept-terms",
                  "theme": "default/light",
                  "wcag": [
                    "1.4.3"
                  ],
                  "measured": {
                    "ratio": 3.977,
                    "required": 4.5,
                    "foreground": "#808080",
                    "background": "#FFFFFF"
                  }
                }
              ],
              "inputErrors": [
                {
                  "file": "specs/bad.json",
                  "line": 3,
                  "column": 9,
                  "message": "expected ',' or '}' after object member"
                }
              ],
              "coverage": [
                {
                  "file": "specs/components/CheckboxView.json",
                  "component": "CheckboxView",
                  "kind": "checkbox",
                  "variants": 2,
                  "themes": 2,
                  "appearances": 1,
                  "languages": 1,
                  "pairsChecked": 7,
                  "pairsUnverified": 1,
                  "unverifiedReasons": {
                    "missing-color": 1
                  }
                }
              ]
            }

            """#)
    }

    @Test func emptyReportIsValidJSONWithEmptyArrays() throws {
        let report = LintReport(toolVersion: "0.1.0", files: 0, components: 0, findings: [], inputErrors: [])
        let object = try parse(Reporters.named("json")!.render(report, options: ReportOptions()))
        #expect((object["findings"] as? [Any])?.isEmpty == true)
        #expect((object["inputErrors"] as? [Any])?.isEmpty == true)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["files": 0, "components": 0, "findings": 0, "errors": 0, "warnings": 0, "notes": 0])
    }

    @Test func countsAndExtraSummaryKeysParse() throws {
        let report = Fixtures.report(suppressed: 3, baselined: 0)
        let text = Reporters.named("json")!.render(report, options: ReportOptions())
        let object = try parse(text)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["files": 4, "components": 1, "findings": 4, "errors": 2, "warnings": 1, "notes": 1,
                            "suppressed": 3, "baselined": 0])
        // Appended after the contract's keys, in this order.
        #expect(text.contains("\"notes\": 1,\n    \"suppressed\": 3,\n    \"baselined\": 0\n"))
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["tap-gesture-without-trait", "spec-unknown-kind",
                                                           "text-contrast", "touch-target"])
        #expect(findings[3]["measured"] as? [String: Int] == ["width": 20, "height": 20, "required": 44])
    }

    @Test func hostileStringsStayValid() throws {
        var finding = Fixtures.contrast
        finding.message = "quote \" backslash \\ newline \n tab \t bell \u{07} line sep \u{2028} emoji ✅"
        finding.component = "<Check & Box>"
        let text = Reporters.named("json")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: ReportOptions())
        let object = try parse(text)
        let parsed = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(parsed["message"] as? String == finding.message)
        #expect(parsed["component"] as? String == "<Check & Box>")
    }

    @Test func numbersAreNotRounded() throws {
        var finding = Fixtures.contrast
        finding.measured["ratio"] = .number(4.499999)
        let text = Reporters.named("json")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: ReportOptions())
        #expect(text.contains("\"ratio\": 4.499999,"))
    }

    private func parse(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
