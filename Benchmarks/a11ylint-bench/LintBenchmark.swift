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
        let linter = try! Linter(catalogue: catalogue)
        var result = linter.lint(paths: [samples])
        let first = Double(DispatchTime.now().uptimeNanoseconds - loadStart.uptimeNanoseconds) / 1e6
        let runs = 50
        let start = DispatchTime.now()
        for _ in 0..<runs { result = linter.lint(paths: [samples]) }
        let perRun = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 / Double(runs)
        print(String(format: "lint: Samples/ (%d files, %d findings): first run %.1f ms (fonts loaded), warm %.2f ms/run",
                     result.report.files, result.report.findings.count, first, perRun))
    }
}
