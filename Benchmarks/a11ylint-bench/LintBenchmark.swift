import Foundation
import A11yRules
import A11yLint

/// The pre-commit case: lint the bundled samples (three specs, an index, Swift
/// files) in process, warm, and report milliseconds per run.
enum LintBenchmark {
    static func run() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let samples = root.appendingPathComponent("Samples").path
        let catalogue: RuleCatalogue
        do { catalogue = try RuleCatalogue(directory: root.appendingPathComponent("Rules")) } catch {
            print("lint: cannot load rules: \(error)")
            return
        }
        let loadStart = DispatchTime.now()
        var request = LintRequest()
        request.paths = [samples]
        request.configuration = LintConfiguration()
        func lint() -> LintSessionResult { try! LintSession.run(request, catalogue: catalogue) }
        var result = lint()
        let first = Double(DispatchTime.now().uptimeNanoseconds - loadStart.uptimeNanoseconds) / 1e6
        let runs = 50
        let start = DispatchTime.now()
        for _ in 0..<runs { result = lint() }
        let perRun = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 / Double(runs)
        print(String(format: "lint: Samples/ (%d files, %d findings): first run %.1f ms (fonts loaded), warm %.2f ms/run",
                     result.report.files, result.report.findings.count, first, perRun))
    }
}
