import Foundation
import A11yModel
import A11yRules

/// The groups stage: each linted file gets every `.a11ylint.yml` from its own folder up to
/// the git top level (or the filesystem root outside a repository), the nearer on top, so
/// the inputs are grouped by that chain of files, one linter per group (in the order the
/// groups first occur). The working directory's own chain is the run's configuration; with
/// `--config` (or a configuration given whole) discovery is off and every file gets it.
enum RunGroups {
    static func make(_ inputs: [LintInput], folders: WalkedFolders = WalkedFolders(),
                     settings: inout RunSettings) throws(LintSessionError) -> [LintStream.Group] {
        let configuration = settings.configuration
        // Each chain and its inputs, in the order the chains first occur. Runs have a few
        // chains and the files of one folder come together: a chain is looked for only where
        // it changes, by a scan (no table of arrays of paths to hash).
        var order: [[String]] = []
        var members: [[LintInput]] = []
        let workingDirectory = settings.request.workingDirectory
        var discovery = ConfigurationDiscovery(folders: folders)
        // The chain the run's configuration was read from; nil when discovery is off.
        let runChain = settings.request.configuration == nil && settings.request.configPaths.isEmpty
            ? discovery.files(in: PathScope.standardized(workingDirectory)) : nil
        if let runChain {
            let base = configuration.relativePathBase ?? workingDirectory
            // The chain depends on the file's folder only: worked out (a path standardized,
            // folders probed) once per folder as written, not for each of thousands of files
            // (this runs before any file is linted, on one core).
            var byFolder: [String: [String]] = [:]
            var previous: (folder: Substring, chain: [String])?
            var current = -1
            for input in inputs {
                let key: [String]
                if !input.checksScope {
                    key = runChain
                } else {
                    let folder = PathScope.folder(of: input.path)
                    if let previous, previous.folder == folder {
                        key = previous.chain
                    } else if PathScope.isStandardAbsolute(input.path) {
                        // The folder as written is then the standardized one (the discovery
                        // keeps each folder's answer): no path to rewrite, nothing to look up twice.
                        key = discovery.files(inStandard: folder.isEmpty ? "/" : String(folder))
                    } else if let known = byFolder[String(folder)] {
                        key = known
                    } else {
                        key = discovery.files(above: PathScope.absolute(input.path, from: base))
                        byFolder[String(folder)] = key
                    }
                    previous = (folder, key)
                }
                if current < 0 || order[current] != key {
                    if let known = order.firstIndex(of: key) {
                        current = known
                    } else {
                        current = order.count
                        order.append(key)
                        members.append([])
                    }
                }
                members[current].append(input)
            }
        } else if !inputs.isEmpty {
            // A configuration given whole, or --config files, stand alone.
            (order, members) = ([[]], [inputs])
        }
        if order.isEmpty { (order, members) = ([runChain ?? []], [[]]) }
        var result: [LintStream.Group] = []
        for (key, inputs) in zip(order, members) {
            var groupConfiguration = configuration
            if let runChain, key != runChain {
                let paths = key.map { PathScope.display($0, workingDirectory: workingDirectory) }
                var messages: [String] = []
                let chain = try RunSettings.load(paths, catalogue: settings.catalogue, messages: &messages)
                // A file of several chains warns once.
                for message in messages where !settings.messages.contains(message) { settings.messages.append(message) }
                groupConfiguration = settings.configured([chain])
                groupConfiguration.gitIndex = configuration.gitIndex
                groupConfiguration.colorSources = configuration.colorSources
                groupConfiguration.relativePathBase = configuration.relativePathBase
            }
            do {
                result.append(LintStream.Group(linter: try Linter(catalogue: settings.catalogue, configuration: groupConfiguration),
                                               inputs: inputs))
            } catch {
                throw LintSessionError(message: error.description, messages: settings.messages)
            }
        }
        return result
    }
}

/// Finds, for a folder, every `.a11ylint.yml` from the git top level (the nearest folder
/// above holding `.git`) or the filesystem root down to that folder, outermost first
/// (ESLint's and SwiftLint's way); remembers each folder's answer.
struct ConfigurationDiscovery {
    private var byFolder: [String: [String]] = [:]
    /// The folders a walk listed: what they hold is known without a `stat`.
    private let folders: WalkedFolders
    /// The answers for the walked folders, by their numbers.
    private var walkedChains: [[String]?] = []

    init(folders: WalkedFolders = WalkedFolders()) { self.folders = folders }

    /// The files for the folder holding `path`.
    mutating func files(above path: String) -> [String] {
        files(in: PathScope.parent(ofStandard: PathScope.standardized(path)))
    }

    /// The files for `folder` (an absolute, standardized path).
    mutating func files(in folder: String) -> [String] {
        if let cached = byFolder[folder] { return cached }
        if PathScope.isStandardAbsolute(folder) { return files(inStandard: folder) }
        let parent = (folder as NSString).deletingLastPathComponent
        let isTop = parent == folder || folder.isEmpty
            || FileStatus.of(Self.join(folder, ".git", standard: false)) != nil
        var result = isTop ? [] : files(in: parent)
        let candidate = Self.join(folder, ConfigurationFile.fileName, standard: false)
        if FileStatus.of(candidate) == .other {
            result.append(candidate)
        }
        byFolder[folder] = result
        return result
    }

    /// `files(in:)` of a folder known to be standardized and absolute (`PathScope.isStandardAbsolute`),
    /// as are its parents: asked for every folder of a walked tree, before any file is linted,
    /// so the folder is not checked again at each step up.
    mutating func files(inStandard folder: String) -> [String] {
        if let number = folders.number(of: folder), folders.absolute(number) == folder { return files(inWalked: number) }
        if let cached = byFolder[folder] { return cached }
        let result = files(inStandard: folder, number: nil)
        byFolder[folder] = result
        return result
    }

    /// The files for the folder the walk listed as number `number`, whose absolute path it
    /// knows: its parent is the folder holding it, by number (no path to look up).
    private mutating func files(inWalked number: Int) -> [String] {
        if number < walkedChains.count, let known = walkedChains[number] { return known }
        let result = files(inStandard: folders.absolute(number)!, number: number)
        if walkedChains.count < folders.count { walkedChains = Array(repeating: nil, count: folders.count) }
        walkedChains[number] = result
        return result
    }

    private mutating func files(inStandard folder: String, number: Int?) -> [String] {
        let parent = PathScope.parent(ofStandard: folder)
        let isTop = parent == folder || folders.status(of: \.git, inFolder: number, path: folder + "/.git") != nil
        var result: [String] = []
        if !isTop {
            if let number, let holder = folders.parent(number) { result = files(inWalked: holder) } else { result = files(inStandard: parent) }
        }
        let candidate = folder == "/" ? "/" + ConfigurationFile.fileName : folder + Self.slashFileName
        if folders.status(of: \.configuration, inFolder: number, path: candidate) == .other { result.append(candidate) }
        return result
    }

    private static let slashFileName = "/" + ConfigurationFile.fileName

    /// `folder`/`name` as `NSString.appendingPathComponent` gives it; joined by hand when the
    /// folder is standardized and absolute (no `.`, `..` or trailing `/` to fold), which is
    /// nearly always: this runs for every folder of a walked tree, before any file is linted.
    private static func join(_ folder: String, _ name: String, standard: Bool) -> String {
        guard standard else { return (folder as NSString).appendingPathComponent(name) }
        return folder == "/" ? "/" + name : folder + "/" + name
    }
}

/// What `FileManager.fileExists(atPath:isDirectory:)` answers, asked the same way (one
/// `stat`, links followed) without making `FileManager.default`: its first use was a
/// twentieth of a millisecond of the one-spec run, whose path needs nothing else of it.
enum FileStatus: Equatable {
    case directory, other

    /// Nil when nothing is at `path` (or it cannot be reached).
    static func of(_ path: String) -> FileStatus? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }

    /// The working directory, as `FileManager.currentDirectoryPath` gives it (`getcwd` into a
    /// buffer of the same size; empty when it fails).
    static var currentDirectory: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1026) { buffer in
            guard let base = buffer.baseAddress, getcwd(base, buffer.count) != nil else { return "" }
            return String(cString: base)
        }
    }
}
