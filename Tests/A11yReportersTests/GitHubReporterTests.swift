import A11yModel
import Testing
@testable import A11yReporters

@Suite struct GitHubReporterTests {
    @Test func workflowCommandsExactBytes() {
        let text = Reporters.named("github")!.render(Fixtures.report(), options: ReportOptions())
        #expect(text == """
            ::error file=Sources/App/Terms View.swift,line=8,col=9,title=tap-gesture-without-trait::Tap gesture without .isButton or .isLink trait
            ::notice file=specs/components/CheckboxView.json,line=2,col=11,title=spec-unknown-kind::Unknown kind "toggle"
            ::error file=specs/components/CheckboxView.json,line=12,col=7,title=text-contrast::Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3)
            ::warning file=specs/components/CheckboxView.json,line=20,col=5,title=touch-target::Hit area 20×20 is smaller than 44×44
            ::error file=specs/bad.json,line=3,col=9,title=input-error::expected ',' or '}' after object member

            """)
    }

    @Test func escaping() {
        #expect(GitHubReporter.escapeData("100% a:b, c\r\nd") == "100%25 a:b, c%0D%0Ad")
        #expect(GitHubReporter.escapeProperty("dir,1/a:b%.json\n") == "dir%2C1/a%3Ab%25.json%0A")
        var finding = Fixtures.touch
        finding.location.file = "odd,dir/C:x.json"
        finding.message = "50% smaller\nthan 44"
        let text = Reporters.named("github")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: ReportOptions())
        #expect(text == "::warning file=odd%2Cdir/C%3Ax.json,line=20,col=5,title=touch-target::50%25 smaller%0Athan 44\n")
    }

    @Test func cleanRunPrintsOnlyTheSummary() {
        let text = Reporters.named("github")!.render(Fixtures.report(findings: [], inputErrors: []), options: ReportOptions())
        #expect(text == "Found 0 errors, 0 warnings and 0 notes in 4 files (1 component).\n")
    }
}
