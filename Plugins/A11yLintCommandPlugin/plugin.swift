import Foundation
import PackagePlugin

/// `swift package a11ylint [arguments]`: runs a11ylint in the package's folder with the
/// arguments given (none: the package's `specs/` and `Sources/` folders that exist).
@main
struct A11yLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        var args = arguments
        if args.isEmpty {
            args = ["specs", "Sources"].filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "a11ylint").url
        process.arguments = args
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("a11ylint exited with status \(process.terminationStatus)")
            throw CommandError(status: process.terminationStatus)
        }
    }

    struct CommandError: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "a11ylint exited with status \(status)" }
    }
}
