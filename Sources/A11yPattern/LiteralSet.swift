#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The literal texts a set of patterns searches for (where their matches start,
/// `MatchStarts`, and what every match holds, `RequiredLiterals`), found together in one
/// pass over a subject instead of one byte search per text.
///
/// Each text gets two keys: two overlapping pairs of adjacent bytes of it (three bytes in
/// all), chosen least likely to be common in Swift code (`apG`/`pGe` in `onTapGesture`).
/// Of the two, one always sits at an even offset of the subject, so the pass reads every
/// other two-byte window only, and looks it up in a 65,536-bit table of the keys (8 KiB:
/// it stays in the first-level cache); only where a key sits does it compare the texts
/// holding that key. A common byte such as `.`, `a` or `s` then costs nothing more than
/// any other, where a `memchr` for it would stop at each one.
public struct LiteralSet: Sendable {
    /// The texts, each once.
    let literals: [[UInt8]]
    /// Each text's place in `literals`.
    let index: [Key: Int]
    /// One bit per two-byte key (the first byte in the low half): set where some text has
    /// that key.
    private let keyBits: [UInt64]
    /// For each key: 1 + the place in `entries` of the first text with that key (they
    /// follow one another there), 0 for none. Read only where `keyBits` has the key.
    private let firstEntry: [UInt8]
    /// Two per text, by key: the text and the key's offset in it.
    private let entries: [Entry]

    struct Entry: Sendable {
        var key: UInt16
        var literal: Int32
        var keyOffset: Int32
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

    /// At most this many texts; a pattern's others are searched on their own.
    static let maximumCount = 127

    /// The texts of `patterns` (each pattern's `literalTexts`).
    public init(patterns: [Pattern]) {
        self.init(literals: patterns.flatMap(\.literalTexts))
    }

    /// `literals` shorter than three bytes are left out (they are searched on their own).
    init(literals: [[UInt8]]) {
        var unique: [[UInt8]] = []
        var index: [Key: Int] = [:]
        for literal in literals where literal.count >= 3 && index[Key(bytes: literal)] == nil {
            guard unique.count < Self.maximumCount else { break }
            index[Key(bytes: literal)] = unique.count
            unique.append(literal)
        }
        var entries: [Entry] = []
        var bits = [UInt64](repeating: 0, count: 1 << 10)
        for (number, literal) in unique.enumerated() {
            let first = Self.keyOffset(literal)
            for offset in first...(first + 1) {
                let key = UInt16(literal[offset]) | UInt16(literal[offset + 1]) << 8
                bits[Int(key >> 6)] |= 1 << UInt64(key & 63)
                entries.append(Entry(key: key, literal: Int32(number), keyOffset: Int32(offset)))
            }
        }
        // At one offset of the subject, a text's later key gives the earlier start: first.
        entries.sort { ($0.key, $0.literal, $1.keyOffset) < ($1.key, $1.literal, $0.keyOffset) }
        var first = [UInt8](repeating: 0, count: 1 << 16)
        for (place, entry) in entries.enumerated().reversed() { first[Int(entry.key)] = UInt8(place + 1) }
        self.literals = unique
        self.index = index
        keyBits = bits
        firstEntry = first
        self.entries = entries
    }

    /// Every offset of every text in `subject`, ascending, one list per text (in the
    /// order of `literals`).
    func scan(_ subject: UnsafeBufferPointer<UInt8>) -> [[Int]] {
        var found = [[Int]](repeating: [], count: literals.count)
        guard let base = subject.baseAddress, subject.count >= 3, !literals.isEmpty else { return found }
        let count = subject.count
        keyBits.withUnsafeBufferPointer { bits in
            let raw = UnsafeRawPointer(base)
            var position = 0
            let last = count - 1
            while position < last {
                let key = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt16.self))
                if bits[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0 {
                    verify(key, at: position, in: subject, into: &found)
                }
                position += 2
            }
        }
        return found
    }

    /// The texts with `key` whose key would sit at `position`: kept where they are there.
    private func verify(_ key: UInt16, at position: Int, in subject: UnsafeBufferPointer<UInt8>,
                        into found: inout [[Int]]) {
        var place = Int(firstEntry[Int(key)]) - 1
        while place < entries.count, entries[place].key == key {
            let entry = entries[place]
            place += 1
            let start = position - Int(entry.keyOffset)
            let literal = literals[Int(entry.literal)]
            guard start >= 0, start + literal.count <= subject.count else { continue }
            var same = true
            for (offset, byte) in literal.enumerated() where subject[start + offset] != byte {
                same = false
                break
            }
            if same {
                // A text found once in a file is usually found again: room for several at
                // the first, not a new list at the second, fourth and eighth.
                if found[Int(entry.literal)].isEmpty { found[Int(entry.literal)].reserveCapacity(16) }
                found[Int(entry.literal)].append(start)
            }
        }
    }

    /// The offset of the three bytes of `literal` (its two keys) least likely to be common
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
