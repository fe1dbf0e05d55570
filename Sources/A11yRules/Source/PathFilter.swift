import A11yModel

/// `included` / `excluded` file globs of one rule (`PathGlob`), each matching any tail of
/// the path: a glob without `/` matches the file name (`*View.swift`), one with `/` the
/// path or any tail of it that starts at a component, so `Sources/**/*.swift` matches
/// `./Sources/UI/A.swift` and `/repo/Sources/A.swift`.
struct PathFilter: Sendable, Hashable {
    var included: [PathGlob] = []
    var excluded: [PathGlob] = []

    func accepts(_ path: String) -> Bool {
        guard !included.isEmpty || !excluded.isEmpty else { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if !included.isEmpty, !included.contains(where: { $0.matches(parts, anchoring: .suffix) }) { return false }
        return !excluded.contains { $0.matches(parts, anchoring: .suffix) }
    }
}
