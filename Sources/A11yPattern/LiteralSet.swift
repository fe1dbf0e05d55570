#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The literal texts a set of patterns searches for (where their matches start,
/// `MatchStarts`, and what every match holds, `RequiredLiterals`), found together in one
/// pass over a subject instead of one byte search per text.
///
/// Each text gets a key: the two adjacent bytes of it least likely to be common in Swift
/// code (`Im` in `Image`, `pG` in `onTapGesture`, `sy` in `system`). The pass reads every
/// two-byte window of the subject once and looks it up in a 65,536-bit table of the keys
/// (8 KiB: it stays in the first-level cache); only where a key sits does it compare the
/// texts holding that key with `memcmp`. A common byte such as `.`, `a` or `s` then costs
/// nothing more than any other, where a `memchr` for it would stop at each one.
public struct LiteralSet: Sendable {
    /// The texts, each once.
    let literals: [[UInt8]]
    /// Each text's place in `literals`.
    let index: [[UInt8]: Int]
    /// One bit per two-byte key (the first byte in the low half): set where some text has
    /// that key.
    private let keyBits: [UInt64]
    /// The keys in ascending order, with the text each belongs to and the key's offset
    /// in it (one entry per text; several texts may share a key).
    private let keys: [UInt16]
    private let entries: [Entry]

    struct Entry: Sendable {
        var literal: Int32
        var keyOffset: Int32
    }

    /// The texts of `patterns` (each pattern's `literalTexts`).
    public init(patterns: [Pattern]) {
        self.init(literals: patterns.flatMap(\.literalTexts))
    }

    /// `literals` shorter than two bytes are left out (they are searched on their own).
    init(literals: [[UInt8]]) {
        var unique: [[UInt8]] = []
        var index: [[UInt8]: Int] = [:]
        for literal in literals where literal.count >= 2 && index[literal] == nil {
            index[literal] = unique.count
            unique.append(literal)
        }
        var keyed: [(key: UInt16, entry: Entry)] = []
        var bits = [UInt64](repeating: 0, count: 1 << 10)
        for (number, literal) in unique.enumerated() {
            let offset = Self.keyOffset(literal)
            let key = UInt16(literal[offset]) | UInt16(literal[offset + 1]) << 8
            bits[Int(key >> 6)] |= 1 << UInt64(key & 63)
            keyed.append((key, Entry(literal: Int32(number), keyOffset: Int32(offset))))
        }
        keyed.sort { ($0.key, $0.entry.literal) < ($1.key, $1.entry.literal) }
        self.literals = unique
        self.index = index
        keyBits = bits
        keys = keyed.map(\.key)
        entries = keyed.map(\.entry)
    }

    /// Every offset of every text in `subject`, ascending, one list per text (in the
    /// order of `literals`).
    func scan(_ subject: UnsafeBufferPointer<UInt8>) -> [[Int]] {
        var found = [[Int]](repeating: [], count: literals.count)
        guard let base = subject.baseAddress, subject.count >= 2, !literals.isEmpty else { return found }
        let count = subject.count
        keyBits.withUnsafeBufferPointer { bits in
            let raw = UnsafeRawPointer(base)
            var position = 0
            let last = count - 1
            while position < last {
                let key = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt16.self))
                if bits[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0 {
                    verify(key, at: position, in: base, count: count, into: &found)
                }
                position += 1
            }
        }
        return found
    }

    /// The texts with `key` whose key would sit at `position`: kept where they are there.
    private func verify(_ key: UInt16, at position: Int, in base: UnsafePointer<UInt8>, count: Int,
                        into found: inout [[Int]]) {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        while low < keys.count, keys[low] == key {
            let entry = entries[low]
            low += 1
            let start = position - Int(entry.keyOffset)
            let literal = literals[Int(entry.literal)]
            guard start >= 0, start + literal.count <= count else { continue }
            let same = literal.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, $0.count) == 0 }
            if same { found[Int(entry.literal)].append(start) }
        }
    }

    /// The offset of the two bytes of `literal` least likely to be common in code.
    static func keyOffset(_ literal: [UInt8]) -> Int {
        var best = 0, bestScore = -1
        for offset in 0..<(literal.count - 1) {
            let score = rarity(literal[offset]) + rarity(literal[offset + 1])
            if score > bestScore {
                best = offset
                bestScore = score
            }
        }
        return best
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
}
