import A11yModel
import A11yReport
import Testing
@testable import A11yReporters

@Suite struct TextReporterTests {
    @Test func linesThenSummaryExactBytes() {
        let text = Reporters.named("text")!.render(Fixtures.report(), options: ReportOptions())
        #expect(text == """
            Sources/App/Terms View.swift:8:9: error: Tap gesture without .isButton or .isLink trait [tap-gesture-without-trait]
            specs/components/CheckboxView.json:2:11: note: Unknown kind "toggle" [spec-unknown-kind]
            specs/components/CheckboxView.json:12:7: error: Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) (variant 'accept-terms') [text-contrast]
            specs/components/CheckboxView.json:20:5: warning: Hit area 20×20 is smaller than 44×44 (variant 'compact') [touch-target]
            specs/bad.json:3:9: error: expected ',' or '}' after object member [input-error]
            Found 2 errors, 1 warning and 1 note in 4 files (1 component); 1 input error.

            """)
    }

    @Test func contractSummaryWording() {
        let text = Reporters.named("text")!.render(Fixtures.contractReport(), options: ReportOptions())
        #expect(text.hasSuffix("\nFound 3 errors, 1 warning and 0 notes in 1 file (1 component).\n"))
        #expect(text.split(separator: "\n").count == 5)
    }

    @Test func suppressedBaselinedAndStrictAreShown() {
        let report = Fixtures.report(findings: [Fixtures.touch], inputErrors: [], suppressed: 2, baselined: 1)
        let text = Reporters.named("text")!.render(report, options: ReportOptions(strict: true))
        #expect(text.hasSuffix(
            "Found 0 errors, 1 warning and 0 notes in 4 files (1 component); 2 suppressed, 1 baselined."
            + " Strict mode: warnings fail.\n"))
        // A baseline that matched nothing is not news.
        let quiet = Reporters.named("text")!.render(Fixtures.report(findings: [], inputErrors: [], baselined: 0),
                                    options: ReportOptions())
        #expect(quiet == "Found 0 errors, 0 warnings and 0 notes in 4 files (1 component).\n")
    }

    @Test func colorOnlyOnSeverityWordAndSummary() {
        let report = Fixtures.report(findings: [Fixtures.contrast, Fixtures.touch], inputErrors: [])
        let text = Reporters.named("text")!.render(report, options: ReportOptions(useColor: true))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "specs/components/CheckboxView.json:12:7: \u{1B}[1;31merror\u{1B}[0m: "
            + "Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) (variant 'accept-terms') [text-contrast]")
        #expect(lines[1].contains(": \u{1B}[1;33mwarning\u{1B}[0m: Hit area"))
        #expect(lines[2] == "\u{1B}[1;31mFound 1 error, 1 warning and 0 notes in 4 files (1 component).\u{1B}[0m")
        let plain = Reporters.named("text")!.render(report, options: ReportOptions(useColor: false))
        #expect(!plain.contains("\u{1B}"))
    }

    /// One variant in a file: the line needs no name; a message that names the variant or
    /// theme already is left alone.
    @Test func variantAndThemeNamedOnlyWhenAmbiguous() {
        let single = Reporters.named("text")!.render(Fixtures.report(findings: [Fixtures.contrast], inputErrors: []),
                                     options: ReportOptions())
        #expect(single.hasPrefix("specs/components/CheckboxView.json:12:7: error: Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) [text-contrast]\n"))
        var dark = Fixtures.contrast
        dark.theme = "default/dark"
        dark.message += " in theme default/dark"
        let both = Reporters.named("text")!.render(Fixtures.report(findings: [Fixtures.contrast, dark], inputErrors: []),
                                   options: ReportOptions())
        #expect(both.contains("(WCAG 1.4.3) (theme default/light) [text-contrast]"), "\(both)")
        #expect(both.contains("(WCAG 1.4.3) in theme default/dark [text-contrast]"), "\(both)")
    }

    @Test func quietLeavesOutSummaryAndNotes() {
        var options = ReportOptions()
        options.quiet = true
        let text = Reporters.named("text")!.render(Fixtures.report(), options: options)
        #expect(!text.contains("Found "))
        #expect(!text.contains(": note: "))
        #expect(text.contains("[input-error]"))
    }

    @Test func unreadableInputOnly() {
        let report = LintReport(toolVersion: "0.1.0", files: 1, components: 0, findings: [],
                                inputErrors: [Fixtures.badInput, InputError(file: "specs/bad.json", message: "not UTF-8")])
        #expect(Reporters.named("text")!.render(report, options: ReportOptions()) == """
            specs/bad.json:1:1: error: not UTF-8 [input-error]
            specs/bad.json:3:9: error: expected ',' or '}' after object member [input-error]
            Found 0 errors, 0 warnings and 0 notes in 1 file (0 components); 2 input errors.

            """)
    }

    @Test func multiLineMessageStaysOnOneLine() {
        var finding = Fixtures.gesture
        finding.message = "first\nsecond"
        let text = Reporters.named("text")!.render(Fixtures.report(findings: [finding], inputErrors: []), options: ReportOptions())
        #expect(text.hasPrefix("Sources/App/Terms View.swift:8:9: error: first second [tap-gesture-without-trait]\n"))
    }

    @Test func outputIsIndependentOfInputOrder() {
        let forward = Fixtures.report()
        let backward = Fixtures.report(findings: [Fixtures.gesture, Fixtures.note, Fixtures.touch, Fixtures.contrast].reversed())
        for format in Reporters.all {
            let a = format.render(forward, options: ReportOptions())
            let b = format.render(backward, options: ReportOptions())
            #expect(a == b, "\(format.name) depends on input order")
            #expect(a.hasSuffix("\n"), "\(format.name) does not end with a newline")
        }
    }

    /// Text streams: a file's lines are written when the file is handed over, the input
    /// errors and the summary at the end; the bytes equal the whole report's.
    @Test func streamsFileByFile() {
        let report = Fixtures.report()
        var writer = TextReporter().writer(options: ReportOptions())
        var sink = ""
        let files = FileResults.split(report)
        writer.file(files[0], to: &sink)
        #expect(sink == "Sources/App/Terms View.swift:8:9: error: Tap gesture without .isButton or .isLink trait [tap-gesture-without-trait]\n")
        for part in files.dropFirst() { writer.file(part, to: &sink) }
        #expect(!sink.contains("Found") && !sink.contains("input-error"))
        var totals = report
        totals.findings = []
        totals.inputErrors = []
        writer.finish(totals, to: &sink)
        #expect(sink == Reporters.named("text")!.render(report, options: ReportOptions()))
        #expect(sink.hasSuffix("specs/bad.json:3:9: error: expected ',' or '}' after object member [input-error]\n"
            + "Found 2 errors, 1 warning and 1 note in 4 files (1 component); 1 input error.\n"))
    }
}
