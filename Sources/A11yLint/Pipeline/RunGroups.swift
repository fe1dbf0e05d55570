import Foundation
import A11yModel
import A11yRules

/// The groups stage: nested `.a11ylint.yml` files apply to the files below their folder,
/// on top of the run's configuration, so the inputs are grouped by the set of them above
/// each, one linter per group (in the order the groups first occur).
enum RunGroups {
    static func make(_ inputs: [LintInput], settings: inout RunSettings) throws(LintSessionError) -> [LintStream.Group] {
        let configuration = settings.configuration
        var groups: [[String]: [LintInput]] = [:]
        var order: [[String]] = []
        if settings.request.configuration == nil {
            var nested = nestedConfigurations(settings)
            let base = configuration.relativePathBase ?? settings.request.workingDirectory
            for input in inputs {
                let key = input.checksScope ? nested.files(above: PathScope.absolute(input.path, from: base)) : []
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(input)
            }
        } else if !inputs.isEmpty {
            // A configuration given whole stands alone.
            (groups, order) = ([[]: inputs], [[]])
        }
        if order.isEmpty { order = [[]] }
        var result: [LintStream.Group] = []
        for key in order {
            var groupConfiguration = configuration
            if !key.isEmpty {
                let chains = try RunSettings.load(key, catalogue: settings.catalogue, messages: &settings.messages)
                groupConfiguration = settings.configured([settings.chain, chains])
                groupConfiguration.gitIndex = configuration.gitIndex
                groupConfiguration.relativePathBase = configuration.relativePathBase
            }
            do {
                result.append(LintStream.Group(linter: try Linter(catalogue: settings.catalogue, configuration: groupConfiguration),
                                               inputs: groups[key] ?? []))
            } catch {
                throw LintSessionError(message: error.description, messages: settings.messages)
            }
        }
        return result
    }

    /// The finder of nested files: they start below the found configuration's folder, or
    /// the working directory (with `--config`, or with no configuration).
    private static func nestedConfigurations(_ settings: RunSettings) -> NestedConfigurations {
        let chain = settings.chain
        let top = (settings.request.configPaths.isEmpty ? chain.files.last.map { $0.directory } : nil)
            ?? PathScope.standardized(settings.request.workingDirectory)
        return NestedConfigurations(top: top, known: Set(chain.files.map { PathScope.standardized($0.directory) }))
    }
}

/// Finds the `.a11ylint.yml` files between a file's folder and the run's top folder (the
/// folder of the run's configuration, or the working directory), outermost first.
struct NestedConfigurations {
    let top: String
    /// Folders whose configuration is already applied (the run's own files).
    let known: Set<String>
    private var byFolder: [String: [String]] = [:]

    init(top: String, known: Set<String>) {
        self.top = PathScope.standardized(top)
        self.known = known
    }

    mutating func files(above path: String) -> [String] {
        let folder = (PathScope.standardized(path) as NSString).deletingLastPathComponent
        return files(in: folder)
    }

    private mutating func files(in folder: String) -> [String] {
        if let cached = byFolder[folder] { return cached }
        var result: [String] = []
        // Only folders strictly below the top: files elsewhere get the run's configuration.
        if folder.hasPrefix(top == "/" ? "/" : top + "/"), folder != top {
            result = files(in: (folder as NSString).deletingLastPathComponent)
            let candidate = folder + "/" + ConfigurationFile.fileName
            var isDirectory: ObjCBool = false
            if !known.contains(folder), FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                result.append(candidate)
            }
        }
        byFolder[folder] = result
        return result
    }
}
