#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLiteralScan

/// The literal texts a set of patterns searches for (where their matches start,
/// `MatchStarts`, and what every match holds, `RequiredLiterals`), found together in one
/// pass over a subject instead of one byte search per text.
///
/// Each text has a fingerprint: three adjacent bytes of it, chosen least likely to be
/// common in Swift code (around the `pG` of `onTapGesture`). The texts go in eight buckets, and a C
/// pass (`CLiteralScan`, with SIMD byte shuffles where the machine has them) marks each
/// position of the subject where some bucket's fingerprints could sit, by the low and high
/// halves of each of the three bytes; only there are the bucket's texts compared. A common
/// byte such as `.`, `a` or `s` then costs nothing more than any other, where a `memchr`
/// for it would stop at each one.
public struct LiteralSet: Sendable {
    /// The texts, each once.
    let literals: [[UInt8]]
    /// Each text's place in `literals`, for `number(of:)`: open addressing by `slot(of:)`, -1 for an empty slot. A
    /// text is looked up for each pattern and file (`LiteralOffsets`): a dictionary's
    /// hasher cost more than the rest of a look-up.
    private let slots: [Int16]
    /// The texts' bytes one after another, for comparing.
    private let bytes: [UInt8]
    /// The texts by bucket: those of bucket `b` are `members[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private let members: [Member]
    private let bucketStarts: [Int]
    /// A `CLiteralScanTables`, as bytes.
    private let tables: [UInt8]

    struct Member: Sendable {
        /// The text's place in `literals`.
        var literal: Int
        /// Where its bytes start in `bytes`, and how many.
        var start: Int
        var count: Int
        /// Its fingerprint's offset in it.
        var keyOffset: Int
    }

    /// A text as a dictionary key, hashed on its length and first bytes only (hashing an
    /// array hashes each byte on its own: more than the rest of a lookup).
    struct Key: Hashable, Sendable {
        let bytes: [UInt8]

        static func == (left: Key, right: Key) -> Bool { left.bytes == right.bytes }

        func hash(into hasher: inout Hasher) {
            var head: UInt64 = 0
            for byte in bytes.prefix(8) { head = head << 8 | UInt64(byte) }
            hasher.combine(bytes.count)
            hasher.combine(head)
        }
    }

    /// The place of `literal` in `literals`; nil when it is not one of them.
    func number(of literal: [UInt8]) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.slot(of: literal, mask: mask)
            while true {
                let number = Int(slots[slot])
                guard number >= 0 else { return nil }
                if literals[number] == literal { return number }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Where a text's search in `slots` starts: from its length and first eight bytes.
    private static func slot(of literal: [UInt8], mask: Int) -> Int {
        var head = UInt64(literal.count)
        literal.withUnsafeBufferPointer { bytes in
            for byte in bytes.prefix(8) { head = head << 8 | UInt64(byte) }
        }
        return Int(truncatingIfNeeded: (head &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// At most this many texts; a pattern's others are searched on their own.
    static let maximumCount = 127

    /// How many buckets the C pass tells apart (one bit each of a byte).
    static let bucketCount = 8

    /// The texts of `patterns` (each pattern's `literalTexts`).
    public init(patterns: [Pattern]) {
        self.init(literals: patterns.flatMap(\.literalTexts))
    }

    /// `literals` shorter than three bytes are left out (they are searched on their own).
    init(literals: [[UInt8]]) {
        var unique: [[UInt8]] = []
        var seen: Set<Key> = []
        for literal in literals where literal.count >= 3 && !seen.contains(Key(bytes: literal)) {
            guard unique.count < Self.maximumCount else { break }
            seen.insert(Key(bytes: literal))
            unique.append(literal)
        }
        self.literals = unique
        // At most half the slots full: a miss ends at an empty slot soon.
        var size = 8
        while size < unique.count * 2 { size <<= 1 }
        var slots = [Int16](repeating: -1, count: size)
        for number in unique.indices {
            var slot = Self.slot(of: unique[number], mask: slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int16(number)
        }
        self.slots = slots
        bytes = unique.flatMap { $0 }

        // Each bucket's allowed low and high nibbles, for each fingerprint byte. A text goes
        // where it widens these the least (texts alike share a bucket), taken in the order
        // of their fingerprints so that alike ones come together.
        let keyOffsets = unique.map(Self.keyOffset)
        let fingerprints = unique.indices.map { Array(unique[$0][keyOffsets[$0]..<(keyOffsets[$0] + 3)]) }
        var low = [[UInt16]](repeating: [0, 0, 0], count: Self.bucketCount)
        var high = low
        func width(_ low: [UInt16], _ high: [UInt16]) -> Int {
            (0..<3).reduce(1) { $0 * low[$1].nonzeroBitCount * high[$1].nonzeroBitCount }
        }
        var bucketOf = [Int](repeating: 0, count: unique.count)
        for number in unique.indices.sorted(by: { fingerprints[$0].lexicographicallyPrecedes(fingerprints[$1]) }) {
            var best = 0, bestGrowth = Int.max
            for bucket in 0..<Self.bucketCount {
                var newLow = low[bucket], newHigh = high[bucket]
                for k in 0..<3 {
                    newLow[k] |= 1 << (fingerprints[number][k] & 15)
                    newHigh[k] |= 1 << (fingerprints[number][k] >> 4)
                }
                let growth = width(newLow, newHigh) - width(low[bucket], high[bucket])
                if growth < bestGrowth {
                    best = bucket
                    bestGrowth = growth
                }
            }
            bucketOf[number] = best
            for k in 0..<3 {
                low[best][k] |= 1 << (fingerprints[number][k] & 15)
                high[best][k] |= 1 << (fingerprints[number][k] >> 4)
            }
        }

        var members: [Member] = []
        var bucketStarts: [Int] = []
        var textStarts: [Int] = [0]
        for literal in unique { textStarts.append(textStarts.last! + literal.count) }
        for bucket in 0..<Self.bucketCount {
            bucketStarts.append(members.count)
            for number in unique.indices where bucketOf[number] == bucket {
                members.append(Member(literal: number, start: textStarts[number], count: unique[number].count,
                                      keyOffset: keyOffsets[number]))
            }
        }
        bucketStarts.append(members.count)
        self.members = members
        self.bucketStarts = bucketStarts

        // CLiteralScanTables: low[3][16], high[3][16], then byte[3][256].
        var tables = [UInt8](repeating: 0, count: MemoryLayout<CLiteralScanTables>.size)
        for bucket in 0..<Self.bucketCount {
            for k in 0..<3 {
                for nibble in 0..<16 {
                    if low[bucket][k] & (1 << nibble) != 0 { tables[k * 16 + nibble] |= 1 << bucket }
                    if high[bucket][k] & (1 << nibble) != 0 { tables[48 + k * 16 + nibble] |= 1 << bucket }
                }
            }
        }
        for k in 0..<3 {
            for byte in 0..<256 {
                tables[96 + k * 256 + byte] = tables[k * 16 + (byte & 15)] & tables[48 + k * 16 + (byte >> 4)]
            }
        }
        self.tables = tables
    }

    /// Every offset of every text in `subject`, ascending, one list per text (in the
    /// order of `literals`). `simd`: false for the C pass's plain loop (for tests).
    func scan(_ subject: UnsafeBufferPointer<UInt8>, simd: Bool = true) -> [[Int]] {
        var found = [[Int]](repeating: [], count: literals.count)
        guard let base = subject.baseAddress, subject.count >= 3, !literals.isEmpty else { return found }
        let count = subject.count
        tables.withUnsafeBytes { tableBytes in
            bytes.withUnsafeBufferPointer { texts in
                let tables = tableBytes.baseAddress!.assumingMemoryBound(to: CLiteralScanTables.self)
                let capacity = 256
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { candidates in
                    var position = 0
                    while position < count - 2 {
                        let written = clitscan_candidates(tables, base, count, &position, candidates.baseAddress!,
                                                          capacity, simd)
                        for candidate in candidates[0..<written] {
                            let at = Int(candidate >> 8)
                            var buckets = UInt8(truncatingIfNeeded: candidate)
                            repeat {
                                let bucket = buckets.trailingZeroBitCount
                                buckets &= buckets - 1
                                for place in bucketStarts[bucket]..<bucketStarts[bucket + 1] {
                                    let member = members[place]
                                    let start = at - member.keyOffset
                                    guard start >= 0, start + member.count <= count,
                                          memcmp(base + start, texts.baseAddress! + member.start, member.count) == 0
                                    else { continue }
                                    // A text found once in a file is usually found again: room for
                                    // several at the first, not a new list at the second, fourth and eighth.
                                    if found[member.literal].isEmpty { found[member.literal].reserveCapacity(16) }
                                    found[member.literal].append(start)
                                }
                            } while buckets != 0
                        }
                    }
                }
            }
        }
        return found
    }

    /// The offset of the three bytes of `literal` (its fingerprint) least likely to be common
    /// in code: the pair of pairs whose commoner pair is the least common (`pairScore`).
    static func keyOffset(_ literal: [UInt8]) -> Int {
        var best = 0, bestScore = -1
        for offset in 0..<(literal.count - 2) {
            let score = min(pairScore(literal[offset], literal[offset + 1]),
                            pairScore(literal[offset + 1], literal[offset + 2]))
            if score > bestScore {
                best = offset
                bestScore = score
            }
        }
        return best
    }

    /// How rare a pair of adjacent bytes is: one outside `commonPairs` rarer than any in
    /// it (by `rarity`), and those ranked by how common they are.
    static func pairScore(_ first: UInt8, _ second: UInt8) -> Int {
        commonPairRanks[Int(first) << 8 | Int(second)].map { Int($0) }
            ?? commonPairs.count / 2 + rarity(first) + rarity(second)
    }

    /// How rare a byte is in code, roughly: upper-case letters rarer than lower-case ones
    /// (ranked by English letter frequency), blanks and Swift's punctuation the commonest.
    static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return 30
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            return Int(MatchStarts.letterRanks[Int(byte - UInt8(ascii: "a"))])
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return 15
        case UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: ":"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "_"):
            return 0
        case 0...0x20:
            return 0
        default:
            return 20
        }
    }

    /// The 256 commonest pairs of adjacent visible bytes in SwiftUI apps' sources, most
    /// common first (counted over six open-source apps, 3,745 files, 16 MB: together they
    /// are 48 % of all pairs there).
    static let commonPairs: [UInt8] = Array((
        #"oneratteintileresentencooretessticaltadeitarriionglimeedeltrcaroasisurndth//nse:ctunveanvablhesi"#
        + #"neacilStgeielaectoigCooufiraoldiodniemomamIccenautidmachlortmptupeues.abssexubnceaift(ewvie(agfo"#
        + #".s()imDeMallplaipurnpotypriattSerr")usivhadaow",ryot.iocaprvgnadcke.hoResoxtlupa.caynIshlslfs(tl"#
        + #"rsr.tsVit:wiuln.t.miInlD.tnfs:tcr:ppr(irrdfuoofa.ae"e)keeIptn:lt.fqubaTesue,spefcunoizopbeuad:ru"#
        + #"umn,Mo.d.rPrevscbomoIdcr))Loguf.ldhi.prcwagr("Enaulyeg(n),ipsaoahtov(seeupos(.clrm.lAcVa10ccdoey"#
        + #"Da.mFod(epIt"\gheSy:gsrIgaURgize"#).utf8)

    /// For each pair (first byte high): its place in `commonPairs` (0: the commonest), nil
    /// for a pair not among them.
    private static let commonPairRanks: [UInt8?] = {
        var ranks = [UInt8?](repeating: nil, count: 1 << 16)
        let count = commonPairs.count / 2
        for place in 0..<count {
            let pair = Int(commonPairs[2 * place]) << 8 | Int(commonPairs[2 * place + 1])
            if ranks[pair] == nil { ranks[pair] = UInt8(place) }
        }
        return ranks
    }()
}
