import A11yModel

/// A file glob of a rule's `included` / `excluded` list: `*` and `?` within one path
/// component, `**` across any number of them. A glob without `/` matches a file name
/// (`*View.swift`); one with `/` matches the path, or any tail of it that starts at a
/// component, so `Sources/**/*.swift` matches `./Sources/UI/A.swift` and
/// `/repo/Sources/A.swift`.
struct PathGlob: Sendable, Hashable {
    let pattern: String
    private let components: [[UInt8]]
    private let matchesNameOnly: Bool
    private static let anyFolders = Array("**".utf8)

    init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        matchesNameOnly = !trimmed.contains("/")
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
    }

    func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .map { Array($0.utf8) }
        guard let name = parts.last else { return false }
        if matchesNameOnly { return components.count == 1 && PathGlob.matchComponent(components[0][...], name[...]) }
        return FolderGlob.matches(components, parts, anchoring: .suffix, isAnyFolders: { $0 == PathGlob.anyFolders },
                                  component: { PathGlob.matchComponent($0[...], $1[...]) })
    }

    /// `*` and `?` within one component (iterative, with one backtrack point per `*`).
    static func matchComponent(_ glob: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var g = glob.startIndex, n = name.startIndex
        var starGlob = -1, starName = -1
        while n < name.endIndex {
            if g < glob.endIndex, glob[g] == UInt8(ascii: "?") || glob[g] == name[n] && glob[g] != UInt8(ascii: "*") {
                g += 1
                n += 1
            } else if g < glob.endIndex, glob[g] == UInt8(ascii: "*") {
                starGlob = g
                starName = n
                g += 1
            } else if starGlob >= 0 {
                g = starGlob + 1
                starName += 1
                n = starName
            } else {
                return false
            }
        }
        while g < glob.endIndex, glob[g] == UInt8(ascii: "*") { g += 1 }
        return g == glob.endIndex
    }
}

/// `included` / `excluded` globs of one rule.
struct PathFilter: Sendable, Hashable {
    var included: [PathGlob] = []
    var excluded: [PathGlob] = []

    func accepts(_ path: String) -> Bool {
        if !included.isEmpty, !included.contains(where: { $0.matches(path) }) { return false }
        return !excluded.contains { $0.matches(path) }
    }
}
