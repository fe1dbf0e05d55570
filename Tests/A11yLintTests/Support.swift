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

/// Lints `paths` through the run's one entry point, with `configure`'s settings (no
/// configuration file looked up) and the whole report in the result.
func lint(_ paths: [String], configure: (inout LintConfiguration) -> Void = { _ in }) -> LintSessionResult {
    var configuration = LintConfiguration()
    configuration.jobs = 1
    configure(&configuration)
    var request = LintRequest()
    request.paths = paths
    request.configuration = configuration
    request.keepSpecs = true
    request.allowEmpty = true
    return try! LintSession.run(request, catalogue: Repo.catalogue)
}

/// Lints one file's text under `name` in a temporary folder.
func lintText(_ text: String, name: String = "Spec.json", files: [String: String] = [:],
              configure: (inout LintConfiguration) -> Void = { _ in }) -> LintSessionResult {
    let folder = TempFolder()
    defer { folder.cleanUp() }
    for (file, content) in files { folder.write(file, content) }
    let path = folder.write(name, text)
    return lint([path], configure: configure)
}
