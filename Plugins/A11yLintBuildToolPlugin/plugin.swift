import Foundation
import PackagePlugin

/// Lints a target's Swift files, and the package's `specs/` folder when it has one, on every
/// build. Findings print as `path:line:column: error|warning: message`, the
/// form `swift build` and Xcode show as diagnostics; an error finding fails the build, as a
/// compiler error would. `.a11ylint.yml` at the package root applies (its `included` and
/// `excluded` filter what is linted).
@main
struct A11yLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let swiftFiles = module.sourceFiles(withSuffix: "swift").map(\.url)
        let root = context.package.directoryURL
        let fm = FileManager.default
        var inputs = swiftFiles
        var paths = swiftFiles.map(\.path)
        let specs = root.appendingPathComponent("specs")
        if fm.fileExists(atPath: specs.path), let walker = fm.enumerator(at: specs, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "json" { inputs.append(url) }
            paths.append(specs.path)
        }
        guard !paths.isEmpty else { return [] }
        var arguments = ["lint"]
        let config = root.appendingPathComponent(".a11ylint.yml")
        if fm.fileExists(atPath: config.path) {
            arguments += ["--config", config.path]
            inputs.append(config)
        }
        // No output files: SwiftPM runs the command on every build (a lint of a target
        // takes milliseconds), so its findings are shown every time, as SwiftLint's are.
        return [.buildCommand(
            displayName: "a11ylint \(target.name)",
            executable: try context.tool(named: "a11ylint").url,
            arguments: arguments + paths,
            inputFiles: inputs)]
    }
}
