#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLiteralScan

/// Where bytes occur in others, by libc's `memchr` (vectorised) for one byte, then `memcmp`
/// for the rest: the one search of this kind in the product. Patterns' required texts, the
/// control names of a view (`A11ySwiftReader`), colour names in Swift files and the plain
/// runs of path globs (`A11yRules`) all call it. A needle of common bytes only (`static`) is
/// searched by its two ends instead (`firstOffset(byEnds:)`).
public enum ByteSearch {
    /// The first offset at or after `start` where the `needle` is in the `count` bytes at
    /// `base`. `memchr` looks for the needle's byte at `key` (the caller picks its rarest);
    /// nil when the needle is not there. An empty needle is found at `start`.
    @inlinable @inline(__always)
    public static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, key: Int, in base: UnsafePointer<UInt8>,
                                   count: Int, from start: Int = 0) -> Int? {
        let length = needle.count
        guard length > 0 else { return start <= count ? start : nil }
        guard start >= 0, start + length <= count else { return nil }
        let wanted = Int32(needle[key])
        // Candidate starts run up to `count - length`; the key byte sits `key` further.
        var at = start
        let lastStart = count - length
        while at <= lastStart {
            guard let hit = memchr(base + at + key, wanted, lastStart - at + 1) else { return nil }
            let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) - key
            if memcmp(base + offset, needle.baseAddress!, length) == 0 { return offset }
            at = offset + 1
        }
        return nil
    }

    /// The first offset at or after `start` where `needle` is in `haystack`, searched by its
    /// byte at `key` (its first by default; see `rarestKey`); nil when it is not there, or
    /// `needle` is empty.
    @inlinable
    public static func firstOffset(of needle: [UInt8], key: Int = 0, in haystack: UnsafeBufferPointer<UInt8>,
                                   from start: Int) -> Int? {
        guard !needle.isEmpty, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { firstOffset(of: $0, key: key, in: base, count: haystack.count, from: start) }
    }

    /// The place in `needle` of its byte least likely to be common in code, for `key`: the
    /// `v` of `overlay`, where a search by its `o` stops every few bytes.
    public static func rarestKey(_ needle: [UInt8]) -> Int { MatchStarts.keyIndex(needle) }

    /// `firstOffset` for a needle whose bytes are all common (`static`: `memchr` would stop at
    /// every `s` of a file): the places holding both the needle's first byte and its last byte
    /// (at the needle's length from there) are compared in full. The C pass takes 32 places
    /// at a time where the machine has AVX2; the places it leaves (the last few, or all
    /// without AVX2) are tried eight at a time here.
    public static func firstOffset(byEnds needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { wanted in
                guard let base = hay.baseAddress else { return nil }
                return firstOffset(byEnds: wanted, in: base, count: hay.count, from: start)
            }
        }
    }

    /// `firstOffset(byEnds:in:from:)` in the `count` bytes at `base`.
    public static func firstOffset(byEnds needle: UnsafeBufferPointer<UInt8>, in base: UnsafePointer<UInt8>, count: Int,
                                   from start: Int) -> Int? {
        guard let wantedBase = needle.baseAddress, let first = needle.first, let lastByte = needle.last, start >= 0,
              start + needle.count <= count else { return nil }
        var position = start
        if clitscan_find_by_ends(base, count, &position, wantedBase, needle.count) { return position }
        let last = count - needle.count // the last place the needle may start
        let span = needle.count - 1
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let firsts = ones &* UInt64(first), lasts = ones &* UInt64(lastByte)
        var at = position
        while at + 7 <= last {
            let heads = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ firsts
            let tails = raw.loadUnaligned(fromByteOffset: at + span, as: UInt64.self) ^ lasts
            // 0x80 in each lane whose byte is zero (and perhaps in a lane above one that
            // is: `memcmp` rejects those); no zero lane is ever missed.
            var places = (heads &- ones) & ~heads & (tails &- ones) & ~tails & (ones &* 0x80)
            while places != 0 {
                let offset = at + places.trailingZeroBitCount >> 3
                if memcmp(base + offset, wantedBase, needle.count) == 0 { return offset }
                places &= places &- 1
            }
            at += 8
        }
        while at <= last {
            if base[at] == first, memcmp(base + at, wantedBase, needle.count) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// Calls `body` with each offset in `range` of the bytes at `base` that holds `byte`, in order.
    @inlinable @inline(__always)
    public static func forEachOffset(of byte: UInt8, in base: UnsafePointer<UInt8>, range: Range<Int>,
                                     _ body: (Int) -> Void) {
        var i = range.lowerBound
        while i < range.upperBound, let hit = memchr(base + i, Int32(byte), range.upperBound - i) {
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            body(at)
            i = at + 1
        }
    }
}
