import Foundation
import A11yModel
import A11yRules
import A11yLint

/// The repository's own `Rules/` folder and samples.
enum Repo {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let rules = root.appendingPathComponent("Rules")
    static let samples = root.appendingPathComponent("Samples")
    static let catalogue: RuleCatalogue = try! RuleCatalogue(directory: rules)
}

/// A fresh temporary folder, removed by the caller with `cleanUp()`.
struct TempFolder {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("a11ylint-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: file)
        return file.path
    }
    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

func lint(_ paths: [String], configure: (inout LintConfiguration) -> Void = { _ in }) -> LintResult {
    var configuration = LintConfiguration()
    configuration.jobs = 1
    configure(&configuration)
    let linter = try! Linter(catalogue: Repo.catalogue, configuration: configuration)
    return linter.lint(paths: paths)
}

/// Lints one file's text under `name` in a temporary folder.
func lintText(_ text: String, name: String = "Spec.json", files: [String: String] = [:],
              configure: (inout LintConfiguration) -> Void = { _ in }) -> LintResult {
    let folder = TempFolder()
    defer { folder.cleanUp() }
    for (file, content) in files { folder.write(file, content) }
    let path = folder.write(name, text)
    return lint([path], configure: configure)
}
