import Foundation
import PackagePlugin

/// Compiles the rule catalogue (`Rules/**/*.yml`) into the A11yRules module, so the
/// a11ylint binary is one self-contained file. Runs again whenever a file under `Rules/`
/// changes, is added or is removed.
@main
struct EmbedRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appendingPathComponent("Rules")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: rules, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where ["yml", "yaml"].contains(url.pathExtension) {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedRules.swift")
        return [.buildCommand(
            displayName: "Embedding \(inputs.count) rule files",
            executable: try context.tool(named: "a11ylint-embed-rules").url,
            arguments: [output.path, rules.path] + inputs.map(\.path),
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
