import Foundation
import A11yModel
import A11yReport
import A11yRules

/// `LintSession.run`'s stages, in order; each stage's type does the work, this only
/// passes each one's result to the next.
struct LintPipeline {
    let request: LintRequest
    let catalogue: RuleCatalogue

    func run(writer makeWriter: (_ strict: Bool) -> any ReportWriter,
             to sink: inout some ReportSink) throws(LintSessionError) -> LintSessionResult {
        // configuration → inputs (and --fix) → groups
        var settings = try RunSettings(request, catalogue: catalogue)
        let inputs = try RunInputs(&settings)
        let fix = try RunFix(&settings, inputs: inputs.inputs)
        let groups = try RunGroups.make(inputs.inputs, folders: inputs.folders, settings: &settings)
        RunInputs.shareSwiftFiles(inputs.inputs, settings: settings)
        // → stream → baseline → tally → writers, file by file
        var baseline = try RunBaseline(settings)
        var tally = Tally()
        var writer = settings.request.dryRun ? nil : makeWriter(settings.strict)
        let stream = LintStream(groups: groups, chosenJobs: settings.configuration.chosenJobs,
                                keepSpecs: settings.request.keepSpecs, folders: inputs.folders)
        let totals = stream.run(inputErrors: inputs.errors) { results in
            var results = results
            baseline.pass(&results)
            tally.count(results)
            if !results.isEmpty { writer?.file(results, to: &sink) }
        }
        // Keys the run's token files repeat: known once every spec has read its sources.
        for var results in groups.first?.linter.colorSourceFindings() ?? [] {
            baseline.pass(&results)
            tally.count(results)
            if !results.isEmpty { writer?.file(results, to: &sink) }
        }
        var report = totals.report()
        if baseline.isInUse { report.baselined = baseline.baselined }
        var messages = settings.messages
        if settings.request.staged && report.files == 0 && !settings.request.quiet {
            messages.append("a11ylint: no staged spec, index or Swift file to lint")
        }
        // Nothing was handed over then, so these come last and still in order.
        for results in RunInputs.nothingToLint(settings.request, report: report, tally: tally,
                                               outOfScope: totals.outOfScope) {
            tally.count(results)
            writer?.file(results, to: &sink)
        }
        if let note = try baseline.write(quiet: settings.request.quiet, messages: messages) { messages.append(note) }
        // The end of the writers: the report's totals, or the diff of --fix --dry-run.
        if let diff = fix.diff { sink.write(diff) } else { writer?.finish(report, to: &sink) }

        var result = LintSessionResult(report: report, specs: totals.specs.sorted { ($0.file, $0.name) < ($1.file, $1.name) },
                                       ruleOptions: settings.configuration.ruleOptions, strict: settings.strict,
                                       messages: messages)
        result.tally = tally
        result.changes = fix.changes
        result.diff = fix.diff
        result.outOfScope = totals.outOfScope
        return result
    }
}
