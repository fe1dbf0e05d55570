/// Matching a path, component by component, against a glob in which `**` stands for any
/// number of components (the configuration's `included` / `excluded` and the rules' file
/// globs both use it).
///
/// Trying each way `**` could split the path and backtracking is exponential in the number
/// of `**`: `**/**/…/**/x` (18 of them) against a path 30 folders deep did not finish. This
/// fills a table of which tail of the glob matches which tail of the path instead: at most
/// (glob components + 1) × (path components + 1) cells, each component compared once.
public enum FolderGlob {
    public enum Anchoring {
        /// The whole path must match.
        case whole
        /// A leading part of the path may match (a folder covers what it holds).
        case prefix
        /// Any run of components ending with the last (`Sources/*.swift` matches
        /// `/repo/Sources/A.swift`).
        case suffix
    }

    /// `isAnyFolders(g)`: whether glob component `g` is `**`; `component(g, p)`: whether
    /// one glob component matches one path component.
    public static func matches<Glob, Part>(_ globs: [Glob], _ parts: [Part], anchoring: Anchoring,
                                           isAnyFolders: (Glob) -> Bool,
                                           component: (Glob, Part) -> Bool) -> Bool {
        let width = parts.count + 1
        // next[p]: globs[g + 1...] matches parts[p...] (as anchored); row g is built from it.
        var next = [Bool](repeating: anchoring == .prefix, count: width)
        next[parts.count] = true
        var row = [Bool](repeating: false, count: width)
        for g in globs.indices.reversed() {
            if isAnyFolders(globs[g]) {
                row[parts.count] = next[parts.count]
                for p in stride(from: parts.count - 1, through: 0, by: -1) { row[p] = next[p] || row[p + 1] }
            } else {
                row[parts.count] = false
                for p in 0..<parts.count { row[p] = next[p + 1] && component(globs[g], parts[p]) }
            }
            swap(&row, &next)
        }
        return anchoring == .suffix ? next.dropLast().contains(true) : next[0]
    }
}
