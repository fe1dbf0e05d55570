import A11yModel
import A11yReport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import A11yReporters

@Suite struct JUnitReporterTests {
    @Test func suitesCasesAndCounts() throws {
        let xml = Reporters.named("junit")!.render(Fixtures.report(), options: ReportOptions())
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == [
            "Sources/App/Terms View.swift", "specs/bad.json", "specs/components/CheckboxView.json",
            "specs/components/Clean.json"])

        // Swift file: the fallback class "Terms View" × the two source rules (the finding's among them).
        let swift = suites[0].elements(forName: "testcase")
        #expect(swift.map { $0.attribute(forName: "name")?.stringValue } == ["image-without-label", "tap-gesture-without-trait"])
        #expect(swift.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "Terms View" })
        #expect(swift[1].elements(forName: "failure").count == 1)

        // Unreadable file: one error testcase only.
        let bad = suites[1].elements(forName: "testcase")
        #expect(bad.count == 1)
        #expect(bad[0].elements(forName: "error").first?.attribute(forName: "message")?.stringValue
            == "expected ',' or '}' after object member")

        // Spec: CheckboxView × (4 spec/input rules + spec-unknown-kind from a finding).
        let spec = suites[2].elements(forName: "testcase")
        #expect(spec.count == 5)
        #expect(spec.map { $0.attribute(forName: "name")?.stringValue } == [
            "forbidden-state", "spec-unknown-key", "spec-unknown-kind", "text-contrast", "touch-target"])
        let failing = spec.filter { !$0.elements(forName: "failure").isEmpty }
        // A note never fails a test case: it is told in <system-out>.
        #expect(failing.map { $0.attribute(forName: "name")?.stringValue } == ["text-contrast", "touch-target"])
        #expect(failing[1].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "warning")
        let noted = spec.first { $0.attribute(forName: "name")?.stringValue == "spec-unknown-kind" }
        #expect(noted?.elements(forName: "system-out").first?.stringValue?.contains("note:") == true)

        // Clean spec: every spec and input rule passes under the file's base name.
        let clean = suites[3].elements(forName: "testcase")
        #expect(clean.count == 4)
        #expect(clean.allSatisfy { $0.childCount == 0 && $0.attribute(forName: "classname")?.stringValue == "Clean" })

        func count(_ element: XMLElement, _ name: String) -> Int? { element.attribute(forName: name)?.stringValue.flatMap { Int($0) } }
        #expect(count(root, "tests") == 12)
        #expect(count(root, "failures") == 3)
        #expect(count(root, "skipped") == 0)
        #expect(count(root, "errors") == 1)
        for suite in suites {
            let cases = suite.elements(forName: "testcase")
            #expect(count(suite, "tests") == cases.count)
            #expect(count(suite, "failures") == cases.filter { !$0.elements(forName: "failure").isEmpty }.count)
            #expect(count(suite, "errors") == cases.filter { !$0.elements(forName: "error").isEmpty }.count)
        }
    }

    @Test func componentlessFindingInASpecGetsTheFileClass() throws {
        var unknownKey = Fixtures.note
        unknownKey.rule = "spec-unknown-key"
        unknownKey.component = nil
        let report = LintReport(toolVersion: "0.1.0", files: 1, components: 1, findings: [Fixtures.contrast, unknownKey],
                                inputErrors: [], rules: Fixtures.rules,
                                lintedFiles: ["specs/components/Other.json", Fixtures.specFile])
        let suites = JUnitReporter.suites(report)
        #expect(suites.map(\.file) == ["specs/components/CheckboxView.json", "specs/components/Other.json"])
        // CheckboxView.json names the component CheckboxView and the file's own class is the same name.
        #expect(Set(suites[0].cases.map(\.className)) == ["CheckboxView"])
        #expect(suites[0].cases.count == 4)
        #expect(suites[0].cases.filter { !$0.findings.isEmpty }.map(\.name) == ["spec-unknown-key", "text-contrast"])
        // A clean file has one class (its base name) and passes every spec and input rule.
        #expect(suites[1].cases.map(\.className) == Array(repeating: "Other", count: 4))
        #expect(suites[1].failures == 0 && suites[1].errors == 0)
        #expect(JUnitReporter.fallbackClassName("a/b.c/Name.spec.json") == "Name.spec")
        #expect(JUnitReporter.fallbackClassName("Makefile") == "Makefile")
    }

    @Test func severalFindingsInOneCaseAndEscaping() throws {
        var a = Fixtures.contrast
        a.message = "fg <#808080> & bg \"white\""
        var b = Fixtures.contrast
        b.theme = "default/dark"
        b.location.line = 14
        let xml = Reporters.named("junit")!.render(Fixtures.report(findings: [a, b], inputErrors: []), options: ReportOptions())
        let document = try XMLDocument(xmlString: xml)
        let failure = try #require(try document.nodes(forXPath: "//testcase[@name='text-contrast']/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue == "2 findings")
        #expect(failure.stringValue == """
            specs/components/CheckboxView.json:12:7: error: fg <#808080> & bg "white" (variant accept-terms, theme default/light)
            specs/components/CheckboxView.json:14:7: error: Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) (variant accept-terms, theme default/dark)
            """)
    }
}

@Suite struct CheckstyleReporterTests {
    @Test func exactBytesForSmallReport() {
        var finding = Fixtures.touch
        finding.message = "Hit area <20×20> & \"small\""
        let report = LintReport(toolVersion: "0.1.0", files: 3, components: 1, findings: [finding, Fixtures.note],
                                inputErrors: [Fixtures.badInput], lintedFiles: ["a.json", Fixtures.specFile])
        #expect(Reporters.named("checkstyle")!.render(report, options: ReportOptions()) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="4.3">
              <file name="a.json"/>
              <file name="specs/bad.json">
                <error line="3" column="9" severity="error" message="expected &#39;,&#39; or &#39;}&#39; after object member" source="a11ylint.input-error"/>
              </file>
              <file name="specs/components/CheckboxView.json">
                <error line="2" column="11" severity="info" message="Unknown kind &quot;toggle&quot;" source="a11ylint.spec-unknown-kind"/>
                <error line="20" column="5" severity="warning" message="Hit area &lt;20×20&gt; &amp; &quot;small&quot;" source="a11ylint.touch-target"/>
              </file>
            </checkstyle>

            """)
    }

    @Test func wellFormedWithCounts() throws {
        let xml = Reporters.named("checkstyle")!.render(Fixtures.report(), options: ReportOptions())
        let document = try XMLDocument(xmlString: xml)
        let files = try #require(document.rootElement()).elements(forName: "file")
        #expect(files.count == 4)
        let errors = files.flatMap { $0.elements(forName: "error") }
        #expect(errors.count == 5)
        #expect(errors.map { $0.attribute(forName: "severity")?.stringValue ?? "" }.sorted()
            == ["error", "error", "error", "info", "warning"])
    }

    @Test func controlCharactersAreDroppedNotEmitted() throws {
        var finding = Fixtures.gesture
        finding.message = "bell\u{07} and\nnewline"
        let xml = Reporters.named("checkstyle")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: ReportOptions())
        let document = try XMLDocument(xmlString: xml)
        let error = try #require(try document.nodes(forXPath: "//error").first as? XMLElement)
        #expect(error.attribute(forName: "message")?.stringValue == "bell and\nnewline")
    }
}
