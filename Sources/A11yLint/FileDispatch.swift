import Foundation
import A11yJSON
import A11yModel

/// Which reader handles which file, decided here and nowhere else: by its name, a
/// `.swift` file is Swift and a `.json` file JSON (other names are not lintable; standard
/// input without a name goes by its first byte, `LintInput.standardInput`); a JSON
/// document is an index when it has a `components` array and no `name`, else a spec.
/// `Linter.lintFile` hands each kind to its reader.
enum FileDispatch {
    /// The reader of a file named `path`, nil when a11ylint reads no such file.
    static func kind(ofPath path: String) -> LintInput.Kind? {
        // Nearly every name is ASCII, and then its last bytes tell (a walk asks this of every
        // file it meets); any other name goes through Unicode's lower-casing.
        if case .some(.some(let kind)) = path.utf8.withContiguousStorageIfAvailable(asciiKind) { return kind }
        let lower = path.lowercased()
        if lower.hasSuffix(".swift") { return .swift }
        if lower.hasSuffix(".json") { return .json }
        return nil
    }

    /// `kind(ofPath:)` of an ASCII name, read from its bytes (`.some(nil)`: neither); nil for a
    /// name that is not all ASCII.
    static func asciiKind(_ bytes: UnsafeBufferPointer<UInt8>) -> LintInput.Kind?? {
        for byte in bytes where byte >= 0x80 { return nil }
        func ends(with suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            return suffix.withUTF8Buffer { wanted in
                // ASCII letters lower-cased by their 0x20 bit; the suffixes' other bytes are `.`.
                for k in 0..<count {
                    let byte = bytes[bytes.count - count + k]
                    let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    if lower != wanted[k] { return false }
                }
                return true
            }
        }
        if ends(with: ".swift") { return .some(.swift) }
        if ends(with: ".json") { return .some(.json) }
        return .some(nil)
    }

    /// True when the document is an index file (`{"components": [...]}`) rather than a spec.
    static func isIndex(_ document: JSONDocument) -> Bool { SpecLoader.isIndex(document) }

    /// Whether a JSON file may be an index, before it is parsed: it holds the bytes of the
    /// `"components"` key (a cheap test; `isIndex` decides).
    static func mayBeIndex(_ bytes: [UInt8]) -> Bool { contains(componentsKey, in: bytes) }

    /// Whether a JSON file found by a walk may be a11ylint's at all, before it is parsed: an
    /// index has a root key `components`, a spec `a11y` or `name` (`Linter.isSpecOrIndex`).
    /// Asset catalogs, data files and manifests without them are skipped unparsed, exactly
    /// the files the parser's verdict would have skipped (`JSONRootKeys` leaves every doubtful
    /// case to the parser).
    static func mayBeOurs(_ bytes: [UInt8]) -> Bool {
        JSONRootKeys.mayHave(anyOf: rootKeys, in: bytes)
    }

    private static let rootKeys = [Array("name".utf8), Array("a11y".utf8), Array("components".utf8)]
    private static let componentsKey = Array("\"components\"".utf8)

    /// Whether `needle` (starting with a quote) occurs in `bytes`: memchr finds each quote, the
    /// rest is compared only there.
    private static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
            var offset = 0
            let last = haystack.count - needle.count
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return false }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, needle, needle.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }
}
