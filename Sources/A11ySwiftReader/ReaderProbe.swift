/// A window onto how the fast Swift reader sees a file, for tests outside this module
/// (the differential test against SwiftSyntax in `Tests/ReaderDifferential`). Linting
/// does not use it.
public enum SwiftReaderProbe {
    /// For each offset (the first byte of a token: an identifier such as `Image`, or a
    /// modifier's `.`), the byte range of the modifier chain holding that token, as the
    /// rules read it: from the first byte of the expression to the end of its last
    /// modifier (calls, trailing closures and `#if` blocks in the chain included).
    public static func chains(in source: SwiftSource, anchoredAt offsets: [Int]) -> [Range<Int>] {
        guard !offsets.isEmpty else { return [] }
        return source.withStructure { structure in
            offsets.map { offset in
                let chain = structure.chain(at: offset)
                return chain.start..<chain.end
            }
        }
    }
}
