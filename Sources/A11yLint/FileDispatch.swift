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
        let lower = path.lowercased()
        if lower.hasSuffix(".swift") { return .swift }
        if lower.hasSuffix(".json") { return .json }
        return nil
    }

    /// True when the document is an index file (`{"components": [...]}`) rather than a spec.
    static func isIndex(_ document: JSONDocument) -> Bool { SpecLoader.isIndex(document) }

    /// Whether a JSON file may be an index, before it is parsed: it holds the bytes of the
    /// `"components"` key (a cheap test; `isIndex` decides).
    static func mayBeIndex(_ bytes: [UInt8]) -> Bool {
        let needle = Array("\"components\"".utf8)
        return bytes.withUnsafeBufferPointer { haystack in
            guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
            var offset = 0
            let last = haystack.count - needle.count
            while offset <= last {
                // memchr finds each quote; the key is compared only there.
                guard let hit = memchr(base + offset, Int32(UInt8(ascii: "\"")), last - offset + 1) else { return false }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, needle, needle.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }
}
