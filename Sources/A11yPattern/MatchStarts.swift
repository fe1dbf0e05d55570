#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a match of a pattern can start, read from its source: each `Start` is a literal
/// text every match beginning that way holds, and the bytes and blank runs (`\s*`, `\s+`)
/// that come before it in the match (`\.\s*system\s*\(` starts with `.`, blanks, then
/// `system`). A search then finds the literals (a byte search, the way ripgrep finds its
/// pattern's literal), walks back over what comes before each to the one place a match
/// holding it can start, and runs PCRE2 anchored there only: one cheap pass per literal
/// instead of PCRE2 stopping at every `.` of a Swift file.
///
/// The reading is narrow, and a pattern it is not sure of gives no starts (then the full
/// search runs): plain characters, `\s*`/`\s+`, plain, capturing, named and atomic groups,
/// quantified parts (an optional one gives a start with and one without it), zero-width
/// assertions (lookarounds, `\b`, `\K`, `^`, `$`: PCRE2 still checks them, and lookbehinds
/// see the text before an anchored start). Inline options, `\G`, verbs, `\Q…\E`, escapes
/// with braces and anything else unknown give nothing.
struct MatchStarts: Sendable {
    /// What comes before a start's literal in a match, first to last.
    enum Step: Sendable, Hashable {
        /// One ASCII byte that is not blank.
        case byte(UInt8)
        /// A run of at least `minimum` blanks (`\s*`, `\s+`), as long as it can be.
        case blanks(minimum: Int)
    }

    struct Start: Sendable, Hashable {
        var before: [Step]
        var literal: [UInt8]
    }

    private(set) var starts: [Start]

    static let minimumLength = 3
    static let maximumStarts = 32

    /// The starts of `source`; nil when the reading is not sure of every place a match
    /// can start.
    init?(source: [UInt8]) {
        var parser = Parser(pattern: source)
        let nodes = parser.alternatives()
        guard !parser.failed, parser.index == source.count else { return nil }
        var walker = Walker()
        walker.walk(nodes)
        guard !walker.failed, !walker.found.isEmpty else { return nil }
        starts = walker.found
    }

    /// The result of looking for starts in a subject.
    enum Found {
        /// The offsets where a match may start, ascending, without repeats.
        case offsets([Int])
        /// A blank run met a non-ASCII character (it may be a Unicode blank): not sure.
        case unsure
    }

    /// Every offset of `subject` where a match may start; `literals` holds the offsets of
    /// literals found in it before (by other patterns) and keeps those found here.
    func offsets(in subject: UnsafeBufferPointer<UInt8>, literals: LiteralOffsets) -> Found {
        guard let base = subject.baseAddress else { return .offsets([]) }
        var offsets: [Int] = []
        for start in starts {
            let ats = literals.offsets(of: start.literal, in: subject)
            // At most one start per occurrence: room for all at once, not grown one by one.
            if !ats.isEmpty { offsets.reserveCapacity(offsets.count + ats.count) }
            for at in ats {
                switch start.walkBack(from: at, in: base) {
                case .some(.some(let offset)): offsets.append(offset)
                case .some(.none): break
                case .none: return .unsure
                }
            }
        }
        if starts.count > 1 {
            offsets.sort()
            var kept = 0
            for offset in offsets where kept == 0 || offsets[kept - 1] != offset {
                offsets[kept] = offset
                kept += 1
            }
            offsets.removeLast(offsets.count - kept)
        }
        return .offsets(offsets)
    }

    /// Every offset of `text` in the `count` bytes at `base`, ascending: `memchr` for the
    /// text's rarest-looking byte, then its last and first bytes, then `memcmp`.
    static func occurrences(of text: [UInt8], in base: UnsafePointer<UInt8>, count: Int) -> [Int] {
        let length = text.count
        guard length > 0, length <= count else { return [] }
        let key = keyIndex(text)
        var found: [Int] = []
        text.withUnsafeBufferPointer { needle in
            let wanted = Int32(needle[key])
            let first = needle[0], last = needle[length - 1]
            var start = 0
            let lastStart = count - length
            while start <= lastStart {
                guard let hit = memchr(base + start + key, wanted, lastStart - start + 1) else { return }
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) - key
                if base[at + length - 1] == last, base[at] == first,
                   memcmp(base + at, needle.baseAddress!, length) == 0 { found.append(at) }
                start = at + 1
            }
        }
        return found
    }

    /// The byte of `text` least likely to be common in code: an upper-case letter first,
    /// then the rarest lower-case letter by English letter frequency, else the second.
    static func keyIndex(_ text: [UInt8]) -> Int {
        var best = text.count > 1 ? 1 : 0
        var bestRank = -1
        for (index, byte) in text.enumerated() {
            let rank: Int
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") {
                rank = 100
            } else if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
                rank = Int(letterRanks[Int(byte - UInt8(ascii: "a"))])
            } else {
                continue
            }
            if rank > bestRank {
                best = index
                bestRank = rank
            }
        }
        return best
    }
}

/// The offsets of literal texts in one subject, each found once and shared by every
/// pattern searched there (several source rules' anchors start at `.onTapGesture` or
/// `accessibility`). The texts of `set` are all found in one pass (`LiteralSet`) the
/// first time one of them is asked for; any other text by a byte search of its own.
/// Used by one thread, for one subject.
public final class LiteralOffsets {
    private let set: LiteralSet?
    /// The offsets of each text of `set`, once the pass has run.
    private var passResult: [[Int]]?
    private var found: [[UInt8]: [Int]] = [:]

    public init(set: LiteralSet? = nil) { self.set = set }

    func offsets(of literal: [UInt8], in subject: UnsafeBufferPointer<UInt8>) -> [Int] {
        if let offsets = scanned(literal, in: subject) { return offsets }
        if let known = found[literal] { return known }
        guard let base = subject.baseAddress else { return [] }
        let offsets = MatchStarts.occurrences(of: literal, in: base, count: subject.count)
        found[literal] = offsets
        return offsets
    }

    /// Whether `literal` occurs in `subject`: from the pass when `set` holds it, else a
    /// byte search that stops at the first occurrence.
    func contains(_ literal: [UInt8], in subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if let offsets = scanned(literal, in: subject) { return !offsets.isEmpty }
        guard let base = subject.baseAddress else { return literal.isEmpty }
        return RequiredLiterals.find(literal, in: base, count: subject.count)
    }

    /// The offsets of a text of `set` (the pass runs on the first call); nil for another text.
    private func scanned(_ literal: [UInt8], in subject: UnsafeBufferPointer<UInt8>) -> [Int]? {
        guard let set, let number = set.number(of: literal) else { return nil }
        if let passResult { return passResult[number] }
        let all = set.scan(subject)
        passResult = all
        return all[number]
    }
}

extension MatchStarts.Start {
    /// Where a match holding `literal` at `at` starts: `.some(nil)` when the bytes before
    /// do not fit, nil when a blank run meets a non-ASCII character.
    func walkBack(from at: Int, in base: UnsafePointer<UInt8>) -> Int?? {
        var position = at
        for step in before.reversed() {
            switch step {
            case .byte(let byte):
                guard position > 0, base[position - 1] == byte else { return .some(nil) }
                position -= 1
            case .blanks(let minimum):
                let end = position
                while position > 0, MatchStarts.isBlank(base[position - 1]) { position -= 1 }
                if position > 0, base[position - 1] >= 0x80 { return nil }
                if end - position < minimum { return .some(nil) }
            }
        }
        return .some(position)
    }
}

extension MatchStarts {
    /// Each lower-case letter's place from the most to the least common in English text
    /// ("etaoinsrlcdumphgbfywkvxzjq"): a rough guide to how often code holds it.
    static let letterRanks: [UInt8] = {
        var ranks = [UInt8](repeating: 0, count: 26)
        for (rank, letter) in "etaoinsrlcdumphgbfywkvxzjq".utf8.enumerated() {
            ranks[Int(letter - UInt8(ascii: "a"))] = UInt8(rank)
        }
        return ranks
    }()

    /// ASCII characters `\s` matches.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// A pattern read as far as starts need.
    indirect enum Node: Sendable {
        case byte(UInt8)
        /// `\s`.
        case blank
        /// Zero-width: a lookaround, `\b`, `\B`, `\A`, `\z`, `\Z`, `\K`, `^`, `$`.
        case assertion
        /// Anything else (a class, `.`, `\w`, a back reference, a non-ASCII character).
        case other
        case group([[Node]])
        case repeated(Node, minimum: Int, unbounded: Bool)
        /// Marks where a run of literal bytes must end (after one turn of a repeated part).
        case stop
    }

    /// Follows every way a match can begin, collecting starts. The way being followed is
    /// kept in place (what is left to read, the steps and the run of literal bytes so far):
    /// each turn changes it, follows on, and puts it back as it was before trying the next
    /// way, instead of copying it at every turn.
    struct Walker {
        var found: [Start] = []
        var failed = false
        private var turns = 0
        /// What is left to read: the nodes of each open sequence from `next` on, the
        /// innermost last.
        private var stack: [Frame] = []
        private var steps: [Step] = []
        private var run: [UInt8] = []

        private struct Frame {
            let nodes: [Node]
            var next: Int
            var isDone: Bool { next == nodes.count }
        }

        mutating func walk(_ root: Node) {
            stack = [Frame(nodes: [root], next: 0)]
            turn()
        }

        private mutating func turn() {
            turns += 1
            guard !failed, turns < 1_000, found.count <= MatchStarts.maximumStarts else {
                failed = true
                return
            }
            // Sequences read to their end are set aside, and put back before returning.
            var finished: [[Node]] = []
            while let last = stack.last, last.isDone { finished.append(stack.removeLast().nodes) }
            defer { while let nodes = finished.popLast() { stack.append(Frame(nodes: nodes, next: nodes.count)) } }
            guard !stack.isEmpty else {
                finish()
                return
            }
            let top = stack.count - 1
            let node = stack[top].nodes[stack[top].next]
            stack[top].next += 1
            defer { stack[top].next -= 1 }
            let long = run.count >= MatchStarts.minimumLength
            switch node {
            case .byte(let byte):
                run.append(byte)
                turn()
                run.removeLast()
            case .assertion:
                turn()
            case .blank, .other, .stop:
                finish()
            case .group(let alternatives):
                if long { return finish() }
                for alternative in alternatives {
                    stack.append(Frame(nodes: alternative, next: 0))
                    turn()
                    stack.removeLast()
                }
            case .repeated(let inner, let minimum, let unbounded):
                if long { return finish() }
                if case .blank = inner, unbounded {
                    guard !steps.isEmpty || !run.isEmpty else {
                        failed = true
                        return
                    }
                    let (savedSteps, savedRun) = (steps, run)
                    steps.append(contentsOf: run.map { Step.byte($0) })
                    if case .blanks(let previous) = steps.last! {
                        steps[steps.count - 1] = .blanks(minimum: previous + minimum)
                    } else {
                        steps.append(.blanks(minimum: minimum))
                    }
                    run = []
                    turn()
                    (steps, run) = (savedSteps, savedRun)
                    return
                }
                if minimum == 0 { turn() }
                // One turn of the repeated part, then a stop: a run of literal bytes ends
                // there (what follows may repeat it).
                stack.append(Frame(nodes: Walker.stopOnly, next: 0))
                stack.append(Frame(nodes: [inner], next: 0))
                turn()
                stack.removeLast(2)
            }
        }

        private static let stopOnly: [Node] = [.stop]

        /// A run of literal bytes ends: a start when it is long enough, else the pattern
        /// has a way to begin the reading cannot pin down.
        private mutating func finish() {
            guard run.count >= MatchStarts.minimumLength else {
                failed = true
                return
            }
            let start = Start(before: steps, literal: run)
            if !found.contains(start) { found.append(start) }
        }
    }
}

extension MatchStarts {
    /// Reads a pattern's syntax into `Node`s; `failed` for anything it does not know.
    struct Parser: PatternReading {
        let pattern: [UInt8]
        var index = 0
        var failed = false

        init(pattern: [UInt8]) { self.pattern = pattern }

        /// The alternatives up to a `)` or the end, as one group.
        mutating func alternatives() -> Node {
            var result: [[Node]] = [sequence()]
            while !failed, current == UInt8(ascii: "|") {
                index += 1
                result.append(sequence())
            }
            return .group(result)
        }

        private mutating func sequence() -> [Node] {
            var nodes: [Node] = []
            while !failed, let byte = current, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                var node: Node
                switch byte {
                case UInt8(ascii: "\\"):
                    node = escape()
                case UInt8(ascii: "["):
                    skipClass()
                    node = .other
                case UInt8(ascii: "("):
                    node = group()
                case UInt8(ascii: "^"), UInt8(ascii: "$"):
                    index += 1
                    node = .assertion
                case UInt8(ascii: "."):
                    index += 1
                    node = .other
                case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                    failed = true
                    node = .other
                case 0x80...:
                    index += 1
                    while let next = current, next & 0xC0 == 0x80 { index += 1 }
                    node = .other
                default:
                    index += 1
                    node = MatchStarts.isBlank(byte) ? .other : .byte(byte)
                }
                if failed { break }
                if let (minimum, unbounded) = quantifier() {
                    node = .repeated(node, minimum: minimum, unbounded: unbounded)
                }
                nodes.append(node)
            }
            return nodes
        }

        /// Reads a quantifier at `index` (with its lazy or possessive mark): nil for none,
        /// else its minimum count and whether it has no maximum.
        private mutating func quantifier() -> (Int, Bool)? {
            switch PatternSyntax.quantifier(in: pattern, at: index) {
            case .none:
                return nil
            case .unknown:
                failed = true
                return nil
            case .some(let end, let minimum, let unbounded):
                index = end
                return (minimum, unbounded)
            }
        }

        /// Reads an escape; `failed` for one it does not know.
        private mutating func escape() -> Node {
            guard let escaped = peek(1) else {
                failed = true
                return .other
            }
            index += 2
            if escaped < 0x80, !Pattern.isWordByte(escaped) {
                return MatchStarts.isBlank(escaped) ? .other : .byte(escaped)
            }
            switch escaped {
            case UInt8(ascii: "s"):
                return .blank
            case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "Z"),
                 UInt8(ascii: "K"):
                return .assertion
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                while let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { index += 1 }
                return .other
            case UInt8(ascii: "S"), UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "d"), UInt8(ascii: "D"),
                 UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "v"), UInt8(ascii: "V"), UInt8(ascii: "R"),
                 UInt8(ascii: "X"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "f"):
                return .other
            default:
                failed = true
                return .other
            }
        }

        /// Skips a character class `[…]` (see `PatternSyntax.classEnd`).
        private mutating func skipClass() {
            if let end = PatternSyntax.classEnd(in: pattern, from: index) {
                index = end
            } else {
                failed = true
            }
        }

        /// Reads a group from its `(` to after its `)`.
        private mutating func group() -> Node {
            index += 1
            var zeroWidth = false
            if current == UInt8(ascii: "*") {
                failed = true
                return .other
            }
            if current == UInt8(ascii: "?") {
                switch peek(1) {
                case UInt8(ascii: ":"), UInt8(ascii: ">"):
                    index += 2
                case UInt8(ascii: "="), UInt8(ascii: "!"):
                    index += 2
                    zeroWidth = true
                case UInt8(ascii: "<") where peek(2) == UInt8(ascii: "=") || peek(2) == UInt8(ascii: "!"):
                    index += 3
                    zeroWidth = true
                case UInt8(ascii: "<"), UInt8(ascii: "P"):
                    // A named group: `(?<name>…)`, `(?P<name>…)`.
                    let named = peek(1) == UInt8(ascii: "P") ? 3 : 2
                    guard named == 2 || peek(2) == UInt8(ascii: "<") else {
                        failed = true
                        return .other
                    }
                    index += named
                    while let next = current, Pattern.isWordByte(next) { index += 1 }
                    guard current == UInt8(ascii: ">") else {
                        failed = true
                        return .other
                    }
                    index += 1
                default:
                    failed = true
                    return .other
                }
            }
            let inner = alternatives()
            guard !failed, current == UInt8(ascii: ")") else {
                failed = true
                return .other
            }
            index += 1
            return zeroWidth ? .assertion : inner
        }
    }
}
