import A11yModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `included` / `excluded` entry of `.a11ylint.yml`: a path relative to the
/// configuration file's folder, in which a component may use `*`, `?` and `[…]`
/// (within that component) and `**` stands for any number of folders. An entry names
/// a file or a folder: `specs/legacy` and `specs/**/legacy` also cover every file
/// below the folders they match.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    private let components: [String]

    public init(_ text: String) {
        self.text = text
        components = text.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .map(String.init)
    }

    public var description: String { text }

    /// True when the pattern matches `path` (components relative to the pattern's
    /// folder) or one of the folders holding it.
    public func matches(_ path: [Substring]) -> Bool {
        FolderGlob.matches(components, path, anchoring: .prefix, isAnyFolders: { $0 == "**" },
                           component: PathPattern.matchComponent)
    }

    /// The leading components without wildcards: the folder (or file) to walk when
    /// this entry is the only thing to lint.
    public var literalPrefix: String {
        components.prefix { !PathPattern.hasWildcard($0) }.joined(separator: "/")
    }

    static func hasWildcard(_ component: String) -> Bool {
        component.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    static func matchComponent(_ pattern: String, _ name: Substring) -> Bool {
        if !hasWildcard(pattern) { return pattern == name }
        // fnmatch(3) without FNM_PERIOD: `*` also matches names starting with a dot,
        // as in SwiftLint's globs.
        return fnmatch(pattern, String(name), 0) == 0
    }
}

/// Which files a configuration covers: not excluded, and, when `included` is given,
/// included. Files outside the configuration's folder are not affected.
public struct PathScope: Sendable, Hashable {
    /// Absolute, standardized folder the patterns are relative to.
    public var base: String
    public var included: [PathPattern]
    public var excluded: [PathPattern]

    public init(base: String, included: [String], excluded: [String]) {
        self.base = PathScope.standardized(base)
        self.included = included.map(PathPattern.init)
        self.excluded = excluded.map(PathPattern.init)
    }

    public var isEmpty: Bool { included.isEmpty && excluded.isEmpty }

    /// `absolutePath` must be absolute; it is standardized here.
    public func contains(absolutePath: String) -> Bool {
        guard let relative = PathScope.relative(PathScope.standardized(absolutePath), to: base) else { return true }
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        if !included.isEmpty, !included.contains(where: { $0.matches(components) }) { return false }
        return !excluded.contains { $0.matches(components) }
    }

    /// The files and folders to lint when the command line names none: each
    /// `included` entry up to its first wildcard, spelled relative to
    /// `workingDirectory` when below it.
    public func includedRoots(workingDirectory: String) -> [String] {
        var seen = Set<String>()
        var roots: [String] = []
        for pattern in included {
            let prefix = pattern.literalPrefix
            let absolute = prefix.isEmpty ? base : base + "/" + prefix
            let shown = PathScope.display(absolute, workingDirectory: workingDirectory)
            if seen.insert(shown).inserted { roots.append(shown) }
        }
        return roots
    }

    public static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` below `folder` as a relative path ("" for the folder itself), nil when outside.
    public static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Relative to `workingDirectory` when below it, else absolute.
    public static func display(_ absolute: String, workingDirectory: String) -> String {
        let cwd = standardized(workingDirectory)
        guard let relative = relative(standardized(absolute), to: cwd) else { return absolute }
        return relative.isEmpty ? "." : relative
    }

    /// `path` made absolute against `directory` (when relative) and standardized.
    public static func absolute(_ path: String, from directory: String) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        return standardized(directory + "/" + path)
    }
}
