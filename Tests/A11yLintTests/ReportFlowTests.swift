import Foundation
import Testing
import A11yModel
import A11yLayout
import A11yRules
import A11yLint
import A11yReport

/// Reporting flows one way: the run measures each spec's contrast once, its rules, the
/// fixer and the report read those measurements, and the report keeps per component only
/// what the reporter asked for.
struct ReportFlowTests {
    static let brand = Repo.samples.appendingPathComponent("specs/components/BrandCheckbox.json").path

    @Test func reportKeepsOnlyWhatTheReporterNeeds() throws {
        let plain = lint([Self.brand])
        #expect(plain.report.componentReports.isEmpty)
        #expect(plain.report.fixes.isEmpty)

        let full = lint([Self.brand]) { $0.reportNeeds = [.contrast, .layouts]; $0.reportFixes = true }
        // Asking for more changes no finding.
        #expect(full.report.findings == plain.report.findings)
        let component = try #require(full.report.componentReports.first)
        #expect(full.report.componentReports.count == 1)
        let spec = try #require(full.specs.first)
        // The measurements kept are the run's: the same pairs the contrast rules measure,
        // with their suggestions, and exactly the failing ones became findings.
        #expect(component.contrast == ContrastMeasurements.measure(spec, options: RuleOptions()))
        let failing = component.contrast.filter(\.isReported)
        #expect(failing.count == full.report.findings.filter { $0.rule.hasSuffix("contrast") }.count)
        #expect(failing.allSatisfy { $0.suggestion != nil })
        // A layout per variant at every Dynamic Type size, xS…AX5.
        #expect(component.layouts.map(\.variant.name) == spec.variants.map(\.name))
        for variant in component.layouts {
            #expect(variant.sizes.map(\.size) == ContentSize.allCases)
            #expect(variant.layout?.contentSize == variant.variant.contentSize)
            #expect(variant[.AX5]!.fontSize > variant[.xS]!.fontSize)
        }
        #expect(component.touchTarget == 44)
        // The fixer worked from the same measurements: one fix per failing colour value.
        #expect(!full.report.fixes.isEmpty)
        #expect(full.report.fixes.values.allSatisfy { $0.file == Self.brand && !$0.edits.isEmpty })

        let contrastOnly = lint([Self.brand]) { $0.reportNeeds = [.contrast] }
        #expect(contrastOnly.report.componentReports.first?.layouts.isEmpty == true)
        #expect(contrastOnly.report.componentReports.first?.contrast.isEmpty == false)
    }

    /// The contrast rules report from the measurements the run hands them, not from
    /// measuring again.
    @Test func contrastRulesReadTheRunsMeasurements() throws {
        let linter = try Linter(catalogue: Repo.catalogue)
        let spec = try #require(linter.specs(at: Self.brand).0.first)
        let description = try #require(Repo.catalogue.description("text-contrast"))
        var context = SpecRuleContext(options: RuleOptions(), description: description, layoutEngine: nil)
        let measured = ContrastMeasurements.measure(spec, options: RuleOptions())
        #expect(!TextContrastRule().check(spec, in: context).isEmpty)  // measures itself when alone
        context.contrast = []
        #expect(TextContrastRule().check(spec, in: context).isEmpty)
        context.contrast = measured.filter { $0.theme.name == "frisbee/light" }
        let findings = TextContrastRule().check(spec, in: context)
        #expect(!findings.isEmpty && findings.allSatisfy { $0.theme == "frisbee/light" })
    }

    @Test func sessionAsksForWhatTheReporterNeeds() throws {
        var request = LintRequest()
        request.paths = [Self.brand]
        request.jobs = 1
        request.reportNeeds = [.layouts]
        let session = try LintSession.run(request, catalogue: Repo.catalogue)
        #expect(session.report.componentReports.count == 1)
        #expect(session.report.componentReports.first?.contrast.isEmpty == true)
        #expect(session.report.componentReports.first?.layouts.isEmpty == false)
    }
}
