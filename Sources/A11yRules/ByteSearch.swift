#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run of bytes occurs in others: candidates by libc's `memchr` for its first byte,
/// checked by `memcmp`. The one search of this kind in the module (colour names in Swift
/// files, the plain runs of path globs).
enum ByteSearch {
    /// The first offset at or after `start` where `needle` is in `haystack`; nil when it is
    /// not there, or `needle` is empty.
    static func firstOffset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, start + needle.count <= haystack.count,
              let base = haystack.baseAddress else { return nil }
        let last = haystack.count - needle.count
        return needle.withUnsafeBufferPointer { wanted -> Int? in
            var at = start
            while at <= last {
                guard let hit = memchr(base + at, Int32(first), last + 1 - at) else { return nil }
                let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                if memcmp(base + offset, wanted.baseAddress!, wanted.count) == 0 { return offset }
                at = offset + 1
            }
            return nil
        }
    }
}
