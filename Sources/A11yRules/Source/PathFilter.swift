import A11yModel
import A11yPattern

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
        // The path's bytes read in place, once for every chunk of every glob (each file of a
        // run asks this of each rule that has globs).
        var contiguous = path
        return contiguous.withUTF8 { bytes in accepts(path, bytes: bytes) }
    }

    private func accepts(_ path: String, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parts: [Substring]?
        func matches(_ glob: PathGlob, _ chunks: [[UInt8]]) -> Bool {
            guard chunks.allSatisfy({ $0.isEmpty || ByteSearch.firstOffset(of: $0, in: bytes, from: 0) != nil }) else { return false }
            if parts == nil { parts = Self.components(of: path, bytes: bytes) }
            return glob.matches(parts!, anchoring: .suffix)
        }
        if !included.isEmpty, !included.indices.contains(where: { matches(included[$0], includedChunks[$0]) }) {
            return false
        }
        return !excluded.indices.contains { matches(excluded[$0], excludedChunks[$0]) }
    }

    /// The path's components, `.` and empty ones left out. An ASCII path is cut at its `/`
    /// bytes (splitting a `String` compares whole characters: many times slower); any other
    /// goes by characters, where a `/` followed by a combining mark is not a separator.
    private static func components(of path: String, bytes: UnsafeBufferPointer<UInt8>) -> [Substring] {
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            return path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        }
        // Cut by byte offsets (stepping a string's indices costs more than the rest).
        var parts: [Substring] = []
        let utf8 = path.utf8
        var start = 0
        func add(_ end: Int) {
            guard end > start, !(end == start + 1 && bytes[start] == UInt8(ascii: ".")) else { return }
            parts.append(path[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
        }
        for offset in 0..<bytes.count where bytes[offset] == UInt8(ascii: "/") {
            add(offset)
            start = offset + 1
        }
        add(bytes.count)
        return parts
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
