import A11yModel

/// `included` / `excluded` file globs of one rule (`PathGlob`), each matching any tail of
/// the path: a glob without `/` matches the file name (`*View.swift`), one with `/` the
/// path or any tail of it that starts at a component, so `Sources/**/*.swift` matches
/// `./Sources/UI/A.swift` and `/repo/Sources/A.swift`.
struct PathFilter: Sendable, Hashable {
    let included: [PathGlob]
    let excluded: [PathGlob]
    /// For each glob, text every path it matches contains (see `literalChunks`): a path
    /// lacking one of them is not matched, decided without splitting it or calling fnmatch.
    private let includedChunks: [[[UInt8]]]
    private let excludedChunks: [[[UInt8]]]

    init(included: [PathGlob] = [], excluded: [PathGlob] = []) {
        self.included = included
        self.excluded = excluded
        includedChunks = included.map(PathFilter.literalChunks)
        excludedChunks = excluded.map(PathFilter.literalChunks)
    }

    func accepts(_ path: String) -> Bool {
        guard !included.isEmpty || !excluded.isEmpty else { return true }
        var parts: [Substring]?
        func matches(_ glob: PathGlob, _ chunks: [[UInt8]]) -> Bool {
            guard chunks.allSatisfy({ path.containsUTF8($0) }) else { return false }
            if parts == nil { parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." } }
            return glob.matches(parts!, anchoring: .suffix)
        }
        if !included.isEmpty, !included.indices.contains(where: { matches(included[$0], includedChunks[$0]) }) {
            return false
        }
        return !excluded.indices.contains { matches(excluded[$0], excludedChunks[$0]) }
    }

    /// The runs of plain characters of a glob's components (`*Tests/**/*.swift`: `Tests`,
    /// `.swift`): each is part of a path component any match matches. Components with `[`
    /// or `\` give none (their text is not read literally).
    private static func literalChunks(_ glob: PathGlob) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        for component in glob.text.utf8.split(separator: UInt8(ascii: "/"))
        where !component.elementsEqual(".".utf8) && !component.elementsEqual("**".utf8)
            && !component.contains(UInt8(ascii: "[")) && !component.contains(UInt8(ascii: "\\")) {
            for chunk in component.split(whereSeparator: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }) {
                chunks.append(Array(chunk))
            }
        }
        return chunks
    }
}
