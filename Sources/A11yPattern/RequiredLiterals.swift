#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Literal texts every match of a pattern contains, read from the pattern's source: each
/// clause lists texts of which a match holds at least one (`\.onTapGesture\b|\.gesture\(`
/// gives one clause, `onTapGesture` or `gesture`). A subject holding no text of some clause
/// cannot match, which a byte search (`memmem`) tells far faster than PCRE2: the way ripgrep
/// skips files and lines without its pattern's literal.
///
/// The reading is deliberately narrow: literal characters outside lookarounds, plain,
/// capturing and atomic groups (a group of alternatives gives one clause when each
/// alternative has one), quantifiers (an optional character or group gives nothing). Any
/// construct it does not know (inline options, `\Q…\E`, `\x{…}`, a named group, a verb)
/// gives no clauses at all, so it never claims a literal a match may lack.
struct RequiredLiterals: Sendable {
    /// Clauses whose every text has at least `minimumLength` bytes (a shorter one is found
    /// almost everywhere: not worth a search).
    private(set) var clauses: [[[UInt8]]]

    /// The same texts laid end to end in one array, each with where it starts, its length and
    /// its search byte (see `find`), and the end of each clause in `texts`: `excludes` without
    /// `literals` reads them in place, with no copy of an inner array per text and no search
    /// for the key byte per call.
    private var flatBytes: [UInt8] = []
    private var texts: [FlatText] = []
    private var clauseEnds: [Int] = []

    private struct FlatText: Sendable {
        var start: Int
        var length: Int
        var key: Int
    }

    /// Whether some text holds a space (see `Pattern.cannotMatch(beforeBlanking:)`).
    var holdsSpace: Bool { clauses.contains { $0.contains { $0.contains(UInt8(ascii: " ")) } } }

    static let minimumLength = 3
    static let maximumClauses = 3

    /// The clauses of `source`; nil when it has none the reading is sure of.
    init?(source: [UInt8]) {
        var parser = Parser(pattern: source)
        let alternatives = parser.alternatives()
        guard !parser.failed, parser.index == source.count else { return nil }
        let found = alternatives.count == 1 ? alternatives[0] : Parser.either(alternatives).map { [$0] } ?? []
        guard !found.isEmpty else { return nil }
        // Longest texts first: the rarest, usually.
        clauses = Array(found.sorted { Parser.shortest($0) > Parser.shortest($1) }.prefix(Self.maximumClauses))
        for clause in clauses {
            for text in clause {
                texts.append(FlatText(start: flatBytes.count, length: text.count, key: Self.keyIndex(text)))
                flatBytes.append(contentsOf: text)
            }
            clauseEnds.append(texts.count)
        }
    }

    /// True when `subject` holds no text of some clause: `excludes(_:literals:)` with no
    /// texts found beforehand, reading the flat copy of the clauses.
    func excludes(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = subject.baseAddress else { return true }
        return flatBytes.withUnsafeBufferPointer { bytes in
            texts.withUnsafeBufferPointer { texts in
                var first = 0
                for end in clauseEnds {
                    var found = false
                    for index in first..<end {
                        let text = texts[index]
                        if RequiredLiterals.find(UnsafeBufferPointer(rebasing: bytes[text.start..<(text.start + text.length)]),
                                                 key: text.key, in: base, count: subject.count) {
                            found = true
                            break
                        }
                    }
                    if !found { return true }
                    first = end
                }
                return false
            }
        }
    }

    /// True when `subject` holds no text of some clause: no match is possible in it.
    /// `literals`: the texts already found in `subject` (shared with other patterns), if any.
    func excludes(_ subject: UnsafeBufferPointer<UInt8>, literals: LiteralOffsets?) -> Bool {
        guard let literals else { return excludes(subject) }
        guard subject.baseAddress != nil else { return true }
        for clause in clauses {
            var found = false
            for text in clause where literals.contains(text, in: subject) {
                found = true
                break
            }
            if !found { return true }
        }
        return false
    }

    /// Whether `text` occurs in the `count` bytes at `base`: `memchr` for one of its bytes
    /// (an upper-case letter when it has one, else its rarest letter: see `keyIndex`), then
    /// `memcmp`.
    static func find(_ text: [UInt8], in base: UnsafePointer<UInt8>, count: Int) -> Bool {
        text.withUnsafeBufferPointer { needle in find(needle, key: keyIndex(text), in: base, count: count) }
    }

    /// The byte `find` looks for with `memchr`: the one least likely to be common in code
    /// (`MatchStarts.keyIndex`; the `f` of `configure`, where its second byte, `o`, stopped
    /// the search every few bytes).
    static func keyIndex(_ text: [UInt8]) -> Int {
        MatchStarts.keyIndex(text)
    }

    /// `find` with the needle's bytes and its `keyIndex` given.
    @inline(__always)
    static func find(_ needle: UnsafeBufferPointer<UInt8>, key: Int, in base: UnsafePointer<UInt8>, count: Int) -> Bool {
        needle.isEmpty || ByteSearch.firstOffset(of: needle, key: key, in: base, count: count) != nil
    }

    /// A recursive reading of the pattern's syntax (see the type's comment).
    private struct Parser: PatternReading {
        typealias Clause = [[UInt8]]
        let pattern: [UInt8]
        var index = 0
        var failed = false

        init(pattern: [UInt8]) { self.pattern = pattern }

        /// The clauses of each alternative, up to a `)` or the end.
        mutating func alternatives() -> [[Clause]] {
            var result: [[Clause]] = [sequence()]
            while !failed, current == UInt8(ascii: "|") {
                index += 1
                result.append(sequence())
            }
            return result
        }

        /// One clause for a choice of alternatives: the best clause of each, joined; nil when
        /// some alternative has none.
        static func either(_ alternatives: [[Clause]]) -> Clause? {
            var joined: Clause = []
            for clauses in alternatives {
                guard let best = clauses.max(by: { shortest($0) < shortest($1) }) else { return nil }
                for text in best where !joined.contains(text) { joined.append(text) }
            }
            return joined
        }

        static func shortest(_ clause: Clause) -> Int { clause.map(\.count).min() ?? 0 }

        private mutating func sequence() -> [Clause] {
            var clauses: [Clause] = []
            var run: [UInt8] = []
            while !failed, let byte = current, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                var literal: UInt8?
                switch byte {
                case UInt8(ascii: "\\"):
                    literal = escape()
                case UInt8(ascii: "["):
                    skipClass()
                case UInt8(ascii: "("):
                    let inner = group()
                    if !failed, quantifier() != 0 { clauses += inner }
                case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                    index += 1
                case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                    failed = true
                case 0x80...:
                    index += 1
                    while let next = current, next & 0xC0 == 0x80 { index += 1 }
                default:
                    index += 1
                    literal = byte
                }
                if failed { break }
                // A group's quantifier is read with it; anything else's here.
                let minimum = byte == UInt8(ascii: "(") ? 0 : quantifier()
                if let literal, minimum != 0 { run.append(literal) }
                // Only an unquantified literal continues the run.
                if literal == nil || minimum != nil {
                    if run.count >= RequiredLiterals.minimumLength { clauses.append([run]) }
                    run = []
                }
            }
            if run.count >= RequiredLiterals.minimumLength { clauses.append([run]) }
            return clauses
        }

        /// Reads a quantifier at `index` (with its lazy or possessive mark): nil for none,
        /// else its minimum count.
        private mutating func quantifier() -> Int? {
            switch PatternSyntax.quantifier(in: pattern, at: index) {
            case .none:
                return nil
            case .unknown:
                failed = true
                return nil
            case .some(let end, let minimum, _):
                index = end
                return minimum
            }
        }

        /// Reads an escape: the character for an escaped punctuation character, nil for a
        /// class or an assertion (`\s`, `\b`, `\1`); `failed` for one it does not know.
        private mutating func escape() -> UInt8? {
            guard let escaped = peek(1) else {
                failed = true
                return nil
            }
            index += 2
            if escaped < 0x80, !Pattern.isWordByte(escaped) { return escaped }
            switch escaped {
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                while let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { index += 1 }
            case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "d"),
                 UInt8(ascii: "D"), UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "h"), UInt8(ascii: "H"),
                 UInt8(ascii: "v"), UInt8(ascii: "V"), UInt8(ascii: "R"), UInt8(ascii: "X"), UInt8(ascii: "K"),
                 UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "Z"), UInt8(ascii: "G"), UInt8(ascii: "n"),
                 UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "f"):
                break
            default:
                failed = true
            }
            return nil
        }

        /// Skips a character class `[…]` (see `PatternSyntax.classEnd`).
        private mutating func skipClass() {
            if let end = PatternSyntax.classEnd(in: pattern, from: index) {
                index = end
            } else {
                failed = true
            }
        }

        /// Reads a group from its `(` to after its `)`: the clauses a match of it holds
        /// (none for a lookaround or a group with options).
        private mutating func group() -> [Clause] {
            index += 1
            var counts = true
            if current == UInt8(ascii: "*") {
                failed = true
                return []
            }
            if current == UInt8(ascii: "?") {
                switch peek(1) {
                case UInt8(ascii: ":"), UInt8(ascii: ">"):
                    index += 2
                case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "|"):
                    index += 2
                    counts = false
                case UInt8(ascii: "<") where peek(2) == UInt8(ascii: "=") || peek(2) == UInt8(ascii: "!"):
                    index += 3
                    counts = false
                default:
                    // Options for the group only (`(?i:…)`): read, not counted; anything
                    // else (`(?i)`, named groups, conditions) is not read.
                    var probe = index + 1
                    while probe < pattern.count, Pattern.isWordByte(pattern[probe]) || pattern[probe] == UInt8(ascii: "-")
                            || pattern[probe] == UInt8(ascii: "^") { probe += 1 }
                    guard probe > index + 1, probe < pattern.count, pattern[probe] == UInt8(ascii: ":") else {
                        failed = true
                        return []
                    }
                    index = probe + 1
                    counts = false
                }
            }
            let inner = alternatives()
            guard !failed, current == UInt8(ascii: ")") else {
                failed = true
                return []
            }
            index += 1
            guard counts else { return [] }
            if inner.count == 1 { return inner[0] }
            return Parser.either(inner).map { [$0] } ?? []
        }
    }
}
