import A11yModel
import Foundation

/// Which files a configuration covers: not excluded, and, when `included` is given,
/// included. Files outside the configuration's folder are not affected. Each entry is a
/// `PathGlob` relative to the configuration file's folder that names a file or a folder:
/// `specs/legacy` and `specs/**/legacy` also cover every file below the folders they match.
public struct PathScope: Sendable, Hashable {
    /// Absolute, standardized folder the patterns are relative to.
    public var base: String
    public var included: [PathGlob]
    public var excluded: [PathGlob]

    public init(base: String, included: [String], excluded: [String]) {
        self.base = PathScope.standardized(base)
        self.included = included.map(PathGlob.init)
        self.excluded = excluded.map(PathGlob.init)
    }

    public var isEmpty: Bool { included.isEmpty && excluded.isEmpty }

    /// `absolutePath` must be absolute; it is standardized here.
    public func contains(absolutePath: String) -> Bool {
        guard let relative = PathScope.relative(PathScope.standardized(absolutePath), to: base) else { return true }
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        if !included.isEmpty, !included.contains(where: { $0.matches(components, anchoring: .prefix) }) { return false }
        return !excluded.contains { $0.matches(components, anchoring: .prefix) }
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

    /// `path` absolute (against the working directory) with its `.` and `..` components and
    /// repeated or trailing `/` removed. A path with none of them is returned as it is (what
    /// URL standardization gives it too): the run asks for every folder of its inputs.
    public static func standardized(_ path: String) -> String {
        if isStandardAbsolute(path) { return path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `path` starts with `/` and has no empty, `.` or `..` component and no `/` at
    /// its end (the root `/` itself is standard).
    static func isStandardAbsolute(_ path: String) -> Bool {
        // Read in place (every path of a walked folder comes here): the iterator of the
        // UTF-8 view costs several times more per byte.
        if let answer = path.utf8.withContiguousStorageIfAvailable({ isStandardAbsolute(bytes: $0) }) { return answer }
        return isStandardAbsolute(bytes: Array(path.utf8))
    }

    private static func isStandardAbsolute<Bytes: Sequence<UInt8>>(bytes path: Bytes) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var bytes = path.makeIterator()
        guard bytes.next() == slash else { return false }
        var length = 0, dots = 0, components = 0
        while true {
            let byte = bytes.next()
            if byte == nil || byte == slash {
                // The root alone has one empty component.
                if byte == nil && components == 0 && length == 0 { return true }
                if length == 0 || (dots == length && length <= 2) { return false }
                if byte == nil { return true }
                components += 1
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == dot { dots += 1 }
            }
        }
    }

    /// The folder holding `path` (a standardized absolute path): what is before its last `/`,
    /// or `/` for a name in the root.
    static func parent(ofStandard path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The folder part of `path` as written (up to its last `/`, empty for a bare name): files
    /// with the same one are in the same folder (their names are never `.` or `..`).
    static func folder(of path: String) -> Substring {
        guard let slash = lastSlash(in: path) else { return "" }
        return path[..<slash]
    }

    /// Where the last `/` of `path` is. Read in place: the generic search of the UTF-8 view
    /// costs several times more per byte, and the pipeline asks this of every file it lints.
    static func lastSlash(in path: String) -> String.Index? {
        let found: Int?? = path.utf8.withContiguousStorageIfAvailable { bytes in
            var i = bytes.count
            while i > 0 {
                i -= 1
                if bytes[i] == UInt8(ascii: "/") { return i }
            }
            return nil
        }
        switch found {
        case .some(.some(let offset)): return path.utf8.index(path.utf8.startIndex, offsetBy: offset)
        case .some(.none): return nil
        case .none: return path.utf8.lastIndex(of: UInt8(ascii: "/"))
        }
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
