import A11yPattern
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A modifier chain: a view expression and every `.modifier(…)` applied to it, across
/// lines, trailing closures included. Offsets are bytes of the file.
public struct Chain: Equatable, Sendable {
    public var start: Int
    public var end: Int
    /// `links[0]` is the head (`Image("x")`, `HStack { … }`, `configuration.label`,
    /// `SwiftUI.Image(…)`); the others are the modifiers, each from its `.` to the end
    /// of its arguments and trailing closures.
    public var links: [Range<Int>]

    public var head: Range<Int> { links[0] }
    public var modifiers: ArraySlice<Range<Int>> { links.dropFirst() }

    public init(start: Int, end: Int, links: [Range<Int>]) {
        self.start = start
        self.end = end
        self.links = links
    }

    /// Whether one of the links starts at `offset` (links are in text order).
    func hasLink(startingAt offset: Int) -> Bool {
        guard offset >= start, offset < end else { return false }
        var low = 0, high = links.count
        while low < high {
            let middle = (low + high) / 2
            if links[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < links.count && links[low].lowerBound == offset
    }
}

/// A bracket enclosing a chain, and what it belongs to.
public struct Container {
    /// The chain the bracket belongs to (its call arguments, trailing closure or a
    /// modifier's arguments); nil for statement blocks, closures that are not trailing,
    /// tuples and array literals.
    public internal(set) var chain: Chain?
    /// The label of the closure or argument holding the inner code (`label`, `icon`,
    /// `content`); empty when it has none.
    public internal(set) var slot: Range<Int>
    /// The offset of the bracket (see `SwiftStructure.openerRange(of:)` for the code
    /// before it: `func makeBody(configuration: Configuration) -> some View`).
    public internal(set) var open: Int
    /// The bracket's number among the file's code openers, in text order (see
    /// `SwiftStructure.openerCount`): callers keep what they know per container in arrays
    /// indexed by it instead of hashing offsets.
    public internal(set) var number: Int = -1
}

/// The containers around one anchor: the innermost, then the shared outer ones.
public struct ContainerLevels {
    var first: Container?
    var outer: [Container]

    public var count: Int { first == nil ? 0 : 1 + outer.count }
    public subscript(level: Int) -> Container { level == 0 ? first! : outer[level - 1] }

    // One field of a level, read in place (no copy of the container and its chain).
    public func number(at level: Int) -> Int { level == 0 ? first!.number : outer[level - 1].number }
    public func open(at level: Int) -> Int { level == 0 ? first!.open : outer[level - 1].open }
    public func slot(at level: Int) -> Range<Int> { level == 0 ? first!.slot : outer[level - 1].slot }
    public func chain(at level: Int) -> Chain? { level == 0 ? first!.chain : outer[level - 1].chain }

    /// The link of the chain at `level` that holds `offset` (the link holding the
    /// container's bracket: `.tabItem { … }`); nil when the level has no chain.
    public func link(at level: Int, holding offset: Int) -> Range<Int>? {
        let links = level == 0 ? first!.chain?.links : outer[level - 1].chain?.links
        return links?.first { $0.contains(offset) }
    }
}

/// Containers already read in one file: sibling views share all their outer containers,
/// so each is read once per file, not once per anchor.
public final class ContainerCache {
    public init() {}

    // Its tables are read and written at every step of a walk, by one thread and never
    // from inside another access of the same table: no run-time exclusivity check is kept
    // on them (the checks cost what the reads do).

    /// Per container number (see `Container.number`), in arrays of trivial values allocated
    /// for the file's openers when first needed (an array of optional containers was filled
    /// element by element, 2 % of a corpus run): the index in `stored` of each bracket's
    /// container (-1: not read yet; the slot of a `(` group depends on the argument, and is
    /// filled in per position) and of the container right outside it (-1: none, -2: not read
    /// yet), and the index in `outwardLists` of the containers outside it (innermost first, at
    /// most `SwiftStructure.maxContainerLevels`; -1: not kept), kept while the lists hold fewer
    /// than `outwardBudget` containers in all: 10,000 nested views with a view at each level
    /// would otherwise keep a list per level, 50 million containers.
    @exclusivity(unchecked) var stored: [Container] = []
    @exclusivity(unchecked) var byNumber: [Int32] = []
    @exclusivity(unchecked) var steps: [Int32] = []
    @exclusivity(unchecked) var outward: [Int32] = []
    @exclusivity(unchecked) var outwardLists: [[Container]] = []
    @exclusivity(unchecked) var outwardCount = 0
    static let outwardBudget = 1 << 16

    func prepare(openers: Int) {
        guard byNumber.count != openers else { return }
        Self.refill(&byNumber, with: -1, count: openers)
        Self.refill(&steps, with: -2, count: openers)
        Self.refill(&outward, with: -1, count: openers)
        Self.refill(&viewBlocks, with: 0, count: openers)
    }

    private static func refill<Value>(_ array: inout [Value], with value: Value, count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }

    /// Forgets the file read last, keeping the tables' memory for the next file of the same
    /// thread (see `SourceRuleSet`'s pool): false when the tables grew too large to keep (a
    /// file of 20,000 nested views), and the cache should be dropped instead.
    public func reset() -> Bool {
        // The table of chains by offset has one entry per byte of the file: it is not counted
        // (its memory is kept for files up to `keptChainTable` bytes).
        let footprint = stored.capacity + byNumber.capacity + chainList.capacity + chainLinks.capacity + outwardCount
        guard footprint <= Self.keptFootprint else { return false }
        stored.removeAll(keepingCapacity: true)
        byNumber.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        outward.removeAll(keepingCapacity: true)
        outwardLists.removeAll(keepingCapacity: true)
        outwardCount = 0
        lastChain = -1
        if chains.capacity > Self.keptChainTable {
            chains = []
        } else {
            // Only the entries of `chainLinks` are set: they are cleared one by one, and the
            // table (all -1 again) serves the next file without being filled anew.
            for offset in chainLinks { chains[Int(offset)] = -1 }
        }
        // Each chain's array of links is kept for a chain of the next file (see `spareLinks`):
        // nothing else holds the chains any more, so each array is reused, not freed and
        // allocated again (a long chain's large array is let go).
        if spareLinks.count + chainList.count <= Self.keptSpareLinks {
            while let chain = chainList.popLast() {
                if chain.links.capacity <= 64 { spareLinks.append(chain.links) }
            }
        }
        chainList.removeAll(keepingCapacity: true)
        chainLinks.removeAll(keepingCapacity: true)
        keyLine = 0
        keyText = ""
        viewBlocks.removeAll(keepingCapacity: true)
        if toggleSlots.capacity > Self.keptChainTable {
            toggleSlots = []
        } else {
            for state in toggles { toggleSlots[state.start] = -1 }
        }
        toggles.removeAll(keepingCapacity: true)
        visibleActions.removeAll(keepingCapacity: true)
        controlNames.removeAll(keepingCapacity: true)
        platformBranches = nil
        return true
    }

    /// The most table entries a cache keeps between files.
    static let keptFootprint = 1 << 16
    /// The largest table of chains by offset a cache keeps between files (a file of a
    /// megabyte; a larger one gets a table of its own).
    static let keptChainTable = 1 << 20

    /// Keeps `container` and returns its index in `stored`.
    func store(_ container: Container) -> Int32 {
        stored.append(container)
        return Int32(stored.count - 1)
    }

    /// The chain read last, and every chain read in the file by the start of each of its
    /// links: the rules of a run match the same chains (`.onTapGesture` is an anchor of three
    /// of them, `Image(…)` of two), and a chain of 4,000 `.onTapGesture` modifiers, each a
    /// match, was walked back and read again from every one of them.
    /// (`lastChain` is its index in `chainList`, -1 before the first: no chain is copied to
    /// keep it.)
    @exclusivity(unchecked) var lastChain = -1
    /// The chains read, and the index in `chainList` of each by the start of each of its links
    /// (a table of trivial values: no chain is copied, retained or moved per link), one entry
    /// per byte of the file, -1 where no link read starts: a lookup is an index, where a
    /// dictionary hashed the offset at every match and every link.
    @exclusivity(unchecked) var chains: [Int32] = []
    @exclusivity(unchecked) var chainList: [Chain] = []
    /// The entries of `chains` set for this file.
    @exclusivity(unchecked) var chainLinks: [Int32] = []
    /// Arrays of links of the chains of files read before, emptied when taken: a chain read
    /// through the cache fills one of these instead of allocating its own.
    @exclusivity(unchecked) var spareLinks: [[Range<Int>]] = []
    /// The most spare arrays a cache keeps.
    static let keptSpareLinks = 1 << 14

    /// Sizes `chains` for a file of `count` bytes when first needed: the table kept from
    /// the files before (all -1, see `reset()`) is grown when this file is longer.
    func prepareChains(count: Int) {
        guard chains.count < count else { return }
        chains.append(contentsOf: repeatElement(-1, count: count - chains.count))
    }

    /// The last line whose text a finding took (`SwiftSource.lineKeyText`): findings on one
    /// line share one copy (50,000 rule ids in one suppression comment are 50,000 findings).
    @exclusivity(unchecked) private var keyLine = 0
    @exclusivity(unchecked) private var keyText = ""

    public func lineKeyText(_ line: Int, in source: SwiftSource) -> String {
        if line != keyLine {
            keyLine = line
            keyText = source.lineKeyText(line)
        }
        return keyText
    }
    /// Whether the block opened at a `{` builds views (see `isViewBuilding(block:cache:)`),
    /// by container number: 0 not known yet, 1 no, 2 yes.
    @exclusivity(unchecked) var viewBlocks: [UInt8] = []
    /// What each chain's tap action toggles, by the chain's start (see
    /// `toggledState(of:cache:)`): every `.onTapGesture` of a chain is an anchor of its own.
    /// `toggleSlots` has an entry per byte of the file, the index in `toggles` of the state
    /// of the chain starting there (-1: not read yet); like `chains`, only the entries set
    /// are cleared between files.
    @exclusivity(unchecked) var toggles: [(start: Int, state: ToggledState?)] = []
    @exclusivity(unchecked) var toggleSlots: [Int32] = []
    /// The actions of the visible controls inside a bracket, keyed by the bracket (see
    /// `repeatsVisibleAction(_:levels:cache:)`).
    @exclusivity(unchecked) var visibleActions: [Int: SwiftStructure.VisibleActions] = [:]
    /// The control and action names inside a bracket's contents (`controlNames(in:cache:)`), by the
    /// contents' start: the sets with and without `buttonsOnly` are built from the same names.
    @exclusivity(unchecked) var controlNames: [Int: [Range<Int>]] = [:]
    /// The platforms after each `#if` line of the file (see `platforms(at:cache:)`).
    @exclusivity(unchecked) var platformBranches: [(start: Int, platforms: Set<String>?)]?
}

extension SwiftSource {
    /// Calls `body` with the reader of this file's chains and containers. The reader walks
    /// the file's tables in place (no copy, no reference counting per token) and is valid
    /// only during the call: do not keep it.
    public func withStructure<Result>(_ body: (SwiftStructure) throws -> Result) rethrows -> Result {
        try withUnsafeTables { tables in try body(SwiftStructure(tables: tables)) }
    }
}

/// Reads chains and containers off the masked text of one file (`SwiftSource.masked`).
/// Lives only inside `SwiftSource.withStructure`; its tables are internal.
public struct SwiftStructure {
    let tables: SwiftSourceTables
    let text: UnsafeBufferPointer<UInt8>
    /// Whether some `#` of the file starts a conditional-compilation directive (see
    /// `directive(at:)`): in the many files without one, a step back through a chain does
    /// not look for directive lines.
    private(set) var hasDirectives = true
    /// The number of bytes of the file.
    public var count: Int { text.count }

    init(tables: SwiftSourceTables) {
        self.tables = tables
        self.text = tables.masked
        hasDirectives = containsDirective()
    }

    private func containsDirective() -> Bool {
        guard let base = text.baseAddress else { return false }
        var offset = 0
        // memchr passes over the many bytes that are not `#` several at a time.
        while offset < count, let found = memchr(base + offset, Int32(UInt8(ascii: "#")), count - offset) {
            let index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            if directive(at: index) != nil { return true }
            offset = index + 1
        }
        return false
    }

    /// The masked byte at `offset` (see `SwiftSource.masked`).
    public subscript(offset: Int) -> UInt8 { text[offset] }

    /// How many code openers (`(`, `[`, `{`) the file has: `Container.number` is below it.
    public var openerCount: Int { tables.openers.count }

    // MARK: Patterns on the masked text

    /// The first match of `pattern` in the masked text at or after `offset`.
    public func firstMatch(_ pattern: Pattern, from offset: Int, scratch: MatchScratch) -> Pattern.Outcome {
        // The masked text comes from valid UTF-8 with whole characters blanked: valid UTF-8.
        pattern.firstMatch(in: text, from: offset, scratch: scratch, subjectIsValidUTF8: true)
    }

    /// Where matches of `pattern` may start in the masked text (`Pattern.candidates(in:)`).
    /// `literals`: the file's literal offsets other patterns found, shared.
    public func candidates(of pattern: Pattern, literals: LiteralOffsets) -> MatchCandidates {
        pattern.candidates(in: text, literals: literals)
    }

    /// `firstMatch(_:from:scratch:)`, trying only `candidates` (from `candidates(of:)`).
    public func firstMatch(_ pattern: Pattern, from offset: Int, candidates: inout MatchCandidates,
                           scratch: MatchScratch) -> Pattern.Outcome {
        pattern.firstMatch(in: text, from: offset, candidates: &candidates, scratch: scratch, subjectIsValidUTF8: true)
    }

    /// The first match of `pattern` in the masked text of `range` alone (`^` and `$` are
    /// its bounds; the match's offsets count from `range.lowerBound`).
    public func firstMatch(_ pattern: Pattern, in range: Range<Int>, scratch: MatchScratch) -> Pattern.Outcome {
        pattern.firstMatch(in: UnsafeBufferPointer(rebasing: text[range]), scratch: scratch, subjectIsValidUTF8: true)
    }

    /// `Pattern.cannotMatch` on the masked text of `range`: true when a search there
    /// cannot match, decided without PCRE2.
    public func cannotMatch(_ pattern: Pattern, in range: Range<Int>) -> Bool {
        pattern.cannotMatch(UnsafeBufferPointer(rebasing: text[range]))
    }

    /// `Pattern.lacksRequiredText` on the whole masked text: no match anywhere in the file.
    /// `literals`: the file's literal offsets, shared by every pattern searched in it.
    public func lacksRequiredText(_ pattern: Pattern, literals: LiteralOffsets? = nil) -> Bool {
        pattern.lacksRequiredText(text, literals: literals)
    }

    /// The offset of the character after the one at `offset` (past its continuation bytes).
    public func nextCharacter(after offset: Int) -> Int {
        var next = offset + 1
        while next < text.count, text[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    // MARK: Chains

    /// The chain holding the token at `offset`: a modifier's `.`, or the first byte of
    /// an expression (`Image`, `SwiftUI`, `configuration`).
    public func chain(at offset: Int) -> Chain {
        parseChain(from: chainStart(from: offset))
    }

    /// `chain(at:)` for the many matches of one file: a match at the start of a link of the
    /// chain read last, or of a long chain read before, is that chain.
    public func chain(at offset: Int, cache: ContainerCache) -> Chain {
        let last = cache.lastChain
        if last >= 0, cache.chainList[last].hasLink(startingAt: offset) { return cache.chainList[last] }
        cache.prepareChains(count: count)
        let known = cache.chains[offset]
        if known >= 0 {
            cache.lastChain = Int(known)
            return cache.chainList[Int(known)]
        }
        let chain = parseChain(from: chainStart(from: offset), reusing: cache.spareLinks.popLast() ?? [])
        let index = Int32(cache.chainList.count)
        cache.lastChain = Int(index)
        cache.chainList.append(chain)
        for link in chain.links where link.lowerBound < count {
            cache.chains[link.lowerBound] = index
            cache.chainLinks.append(Int32(link.lowerBound))
        }
        return chain
    }

    /// Walks back from the token at `offset` over `.member`, calls, subscripts and
    /// trailing closures to the first byte of the expression.
    public func chainStart(from offset: Int) -> Int {
        var start = offset
        while true {
            let next: Int
            if text[start] == UInt8(ascii: ".") {
                guard let before = previousChainToken(before: start), endsOperand(at: before) else { return start }
                next = primaryStart(endingAt: before)
            } else {
                guard let before = previousToken(before: start), text[before] == UInt8(ascii: "."),
                      !isRangeOperatorDot(before) else { return start }
                next = before
            }
            // Every step must move back; anything else is code this reader does not know.
            guard next < start else { return start }
            start = next
        }
    }

    /// The first byte of the primary expression ending at `end`: an identifier with its
    /// calls, subscripts and trailing closures (`Button(…) { … } label: { … }`).
    func primaryStart(endingAt end: Int) -> Int {
        var i = end
        while true {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "}"):
                guard let open = tables.matchingBracket(at: i) else { return i }
                guard let before = previousToken(before: open) else { return open }
                if text[before] == UInt8(ascii: ":") {
                    // A labeled trailing closure: `} label: {`.
                    guard let labelEnd = previousToken(before: before), isIdentifierByte(text[labelEnd]) else { return open }
                    let labelStart = identifierStart(endingAt: labelEnd)
                    guard let closeBefore = previousToken(before: labelStart),
                          text[closeBefore] == UInt8(ascii: "}") else { return open }
                    i = closeBefore
                } else if endsOperand(at: before), !isStatementBlock(brace: open, tokenBefore: before) {
                    i = before
                } else {
                    return open
                }
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                guard let open = tables.matchingBracket(at: i) else { return i }
                // A call or subscript must start on the line of its callee.
                guard let before = previousToken(before: open), endsOperand(at: before),
                      sameLine(before, open) else { return open }
                i = before
            case UInt8(ascii: "?"), UInt8(ascii: "!"):
                // Only postfix `x?` / `x!` reach here (see `endsOperand`).
                guard i > 0, endsOperand(at: i - 1) else { return i + 1 }
                i -= 1
            default:
                guard isIdentifierByte(byte) else { return i + 1 }
                return identifierStart(endingAt: i)
            }
        }
    }

    /// Parses the chain starting at `start`: the head, then every `.modifier`.
    /// A chain goes on across `#if … #elseif … #else … #endif` blocks whose branches hold
    /// modifiers (a postfix `#if`, as SwiftSyntax's `PostfixIfConfigExpr`): the modifiers
    /// of every branch are links of the chain, and the chain ends after its `#endif`.
    /// `reusing`: an array whose storage the links take (its elements are dropped), given
    /// up by the caller: a copy held on to would make the array allocate storage of its own.
    func parseChain(from start: Int, reusing spare: consuming [Range<Int>] = []) -> Chain {
        var links = consume spare
        links.removeAll(keepingCapacity: true)
        if links.capacity < 6 { links.reserveCapacity(6) }
        let head = parseHead(at: start)
        links.append(start..<head.end)
        var end = head.end
        // The first token after `end`: the postfix reader has already looked for it.
        var next = head.next
        var openDirectives = 0
        var modifierScan: (token: Int, startsModifier: Bool)?
        while true {
            if next + 1 < count, text[next] == UInt8(ascii: "."), isIdentifierStart(text[next + 1]) {
                let nameEnd = identifierEnd(from: next + 1)
                let link = parsePostfix(from: nameEnd)
                links.append(next..<link.end)
                end = link.end
                next = link.next
                continue
            }
            guard let directive = directive(at: next) else { break }
            switch directive.kind {
            case .if:
                // Only a block whose first branch goes on with a modifier belongs to the chain.
                // Nested `#if` lines in a row all lead to the same token: it is looked for
                // once (20,000 nested `#if`s were each read again by every one before them).
                if let scan = modifierScan, directive.end <= scan.token {
                    guard scan.startsModifier else { break }
                } else {
                    let token = tokenAfterIfDirectives(from: directive.end)
                    let starts = token + 1 < count && text[token] == UInt8(ascii: ".") && isIdentifierStart(text[token + 1])
                    modifierScan = (token, starts)
                    guard starts else { break }
                }
                openDirectives += 1
                end = directive.end
                next = skipTrivia(from: end)
                continue
            case .elseif, .else:
                guard openDirectives > 0 else { break }
                end = directive.end
                next = skipTrivia(from: end)
                continue
            case .endif:
                guard openDirectives > 0 else { break }
                openDirectives -= 1
                end = directive.end
                next = skipTrivia(from: end)
                continue
            }
            break
        }
        return Chain(start: start, end: end, links: links)
    }

    enum DirectiveKind { case `if`, elseif, `else`, endif }

    /// The conditional-compilation directive starting at `offset` (`#if cond`, `#elseif
    /// cond`, `#else`, `#endif`) and where its line ends (the line break not included).
    func directive(at offset: Int) -> (kind: DirectiveKind, end: Int)? {
        guard offset + 2 < count, text[offset] == UInt8(ascii: "#") else { return nil }
        let wordEnd = identifierEnd(from: offset + 1)
        let word = (offset + 1)..<wordEnd
        let kind: DirectiveKind
        if equals(word, "if") { kind = .if }
        else if equals(word, "elseif") { kind = .elseif }
        else if equals(word, "else") { kind = .else }
        else if equals(word, "endif") { kind = .endif }
        else { return nil }
        var end = wordEnd
        if kind == .if || kind == .elseif {
            while end < count, text[end] != UInt8(ascii: "\n") { end += 1 }
            while end > wordEnd, text[end - 1] == UInt8(ascii: " ") || text[end - 1] == UInt8(ascii: "\t")
                || text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return (kind, end)
    }

    /// The first token from `offset` past `#if` lines (of further nested blocks): a chain's
    /// `#if` belongs to it when this token is a `.modifier`.
    private func tokenAfterIfDirectives(from offset: Int) -> Int {
        var i = skipTrivia(from: offset)
        while let directive = directive(at: i), directive.kind == .if { i = skipTrivia(from: directive.end) }
        return i
    }

    func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { buffer in
            for k in 0..<range.count where buffer[k] != text[range.lowerBound + k] { return false }
            return true
        }
    }

    /// The token before `offset` in a chain read backwards: directive lines of a `#if`
    /// inside the chain are skipped (`Image("x")\n#if os(iOS)\n.padding()`).
    func previousChainToken(before offset: Int) -> Int? {
        guard hasDirectives else { return previousToken(before: offset) }
        var position = offset
        while true {
            guard let before = previousToken(before: position) else { return nil }
            let lineStart = lineStart(of: before)
            var first = lineStart
            while first < before, text[first] == UInt8(ascii: " ") || text[first] == UInt8(ascii: "\t") { first += 1 }
            guard directive(at: first) != nil else { return before }
            position = first
        }
    }

    /// The head: a (qualified) name with its calls and closures, an implicit member
    /// (`.red`), or a parenthesised expression.
    /// Returns where the head ends and the first token after it (see `parsePostfix`).
    private func parseHead(at start: Int) -> (end: Int, next: Int) {
        var i = start
        if text[i] == UInt8(ascii: ".") { i += 1 }
        // `#Preview { … }`, `#selector(…)`: a macro or directive name is a name too.
        guard i < count, isIdentifierStart(text[i]) || text[i] == UInt8(ascii: "#") else {
            return parsePostfix(from: start)
        }
        i = identifierEnd(from: i)
        // `SwiftUI.Image(…)`, `configuration.label`: dotted segments written without
        // spaces belong to the head until one of them is called.
        while true {
            let afterPostfix = parsePostfix(from: i)
            if afterPostfix.end != i { return afterPostfix }
            guard i + 1 < count, text[i] == UInt8(ascii: "."), isIdentifierStart(text[i + 1]) else { return afterPostfix }
            i = identifierEnd(from: i + 1)
        }
    }

    /// Past the calls `(…)`, subscripts `[…]`, `?`/`!` and trailing closures (labeled
    /// ones after the first) that follow `start`; with the first token after that end
    /// (`skipTrivia(from: end)`), which the chain reader looks at next and which this reader
    /// has already found.
    private func parsePostfix(from start: Int) -> (end: Int, next: Int) {
        var i = start
        var sawClosure = false
        while i < count {
            var j = i
            while j < count, text[j] == UInt8(ascii: " ") || text[j] == UInt8(ascii: "\t") { j += 1 }
            guard j < count else { return (i, count) }
            let byte = text[j]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "["), !sawClosure,
               let close = tables.matchingBracket(at: j) {
                i = close + 1
                continue
            }
            if (byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")), j == i,
               j + 1 >= count || text[j + 1] != UInt8(ascii: "=") {
                i = j + 1
                continue
            }
            let next = skipTrivia(from: i)
            guard next < count else { return (i, count) }
            if text[next] == UInt8(ascii: "{"), let close = tables.matchingBracket(at: next) {
                i = close + 1
                sawClosure = true
                continue
            }
            if sawClosure, isIdentifierStart(text[next]) {
                let labelEnd = identifierEnd(from: next)
                let colon = skipTrivia(from: labelEnd)
                if colon < count, text[colon] == UInt8(ascii: ":") {
                    let brace = skipTrivia(from: colon + 1)
                    if brace < count, text[brace] == UInt8(ascii: "{"), let close = tables.matchingBracket(at: brace) {
                        i = close + 1
                        continue
                    }
                }
            }
            return (i, next)
        }
        return (i, count)
    }

    // MARK: Containers

    /// The brackets around `chain`, innermost first, each with what it belongs to.
    func containers(of chain: Chain, cache: ContainerCache) -> [Container] {
        guard let first = container(around: chain.start, cache: cache) else { return [] }
        return [first] + outward(from: first, cache: cache).prefix(Self.maxContainerLevels - 1)
    }

    /// The innermost container around `chain` and the (cached, shared) ones outside it:
    /// no array is built per anchor.
    public func containerLevels(of chain: Chain, cache: ContainerCache) -> ContainerLevels {
        guard let first = container(around: chain.start, cache: cache) else {
            return ContainerLevels(first: nil, outer: [])
        }
        return ContainerLevels(first: first, outer: outward(from: first, cache: cache))
    }

    /// How many containers around an anchor its rules look at: real views nest a few dozen
    /// deep; a file of 20,000 nested stacks is read in linear time and memory, its
    /// anchors seeing the 256 containers nearest them.
    static let maxContainerLevels = 256

    /// The containers outside `inner` (at most `maxContainerLevels`), kept per container
    /// number while the lists kept hold fewer than `outwardBudget` containers in all.
    private func outward(from inner: Container, cache: ContainerCache) -> [Container] {
        cache.prepare(openers: openerCount)
        let known = cache.outward[inner.number]
        if known >= 0 { return cache.outwardLists[Int(known)] }
        var result: [Container] = []
        // Views nest a few levels deep: one allocation, not one per doubling.
        result.reserveCapacity(16)
        var current = inner
        while result.count < Self.maxContainerLevels, let next = step(from: current, cache: cache) {
            result.append(next)
            current = next
        }
        if cache.outwardCount + result.count <= ContainerCache.outwardBudget {
            cache.outward[inner.number] = Int32(cache.outwardLists.count)
            cache.outwardLists.append(result)
            cache.outwardCount += result.count
        }
        return result
    }

    /// The container right outside `inner` (its slot read for where the walk goes on), read
    /// once per container.
    private func step(from inner: Container, cache: ContainerCache) -> Container? {
        let known = cache.steps[inner.number]
        if known >= 0 { return cache.stored[Int(known)] }
        if known == -1 { return nil }
        // Continue outside the owner (a labeled closure argument sits in its owner's
        // parentheses, which must not count twice).
        var position = inner.open
        if let owner = inner.chain, owner.start < inner.open { position = owner.start }
        let found = container(around: position, cache: cache)
        cache.steps[inner.number] = found.map { cache.store($0) } ?? -1
        return found
    }

    /// The container right around `position`, with the slot `position` is in.
    private func container(around position: Int, cache: ContainerCache) -> Container? {
        guard let number = tables.enclosingOpenerNumber(of: position) else { return nil }
        var container = self.container(number: number, cache: cache)
        if text[container.open] != UInt8(ascii: "{") {
            container.slot = argumentLabel(inGroup: container.open, holding: position)
        }
        return container
    }

    /// The container of the opener numbered `number` (for a `(` group, with no slot), read
    /// once per file.
    func container(number: Int, cache: ContainerCache) -> Container {
        cache.prepare(openers: openerCount)
        let known = cache.byNumber[number]
        if known >= 0 { return cache.stored[Int(known)] }
        var container = self.container(opening: Int(tables.openers[number]), cache: cache)
        container.number = number
        cache.byNumber[number] = cache.store(container)
        return container
    }

    /// The container of the bracket at `open`. Its owner chain is read through `cache`: the
    /// chain of a view holding others (`HStack { … }`, `Toggle(isOn:) { … }`) is often an
    /// anchor's too.
    func container(opening open: Int, cache: ContainerCache) -> Container {
        let opener = open
        let empty = open..<open
        guard let before = previousToken(before: open) else {
            return Container(chain: nil, slot: empty, open: opener)
        }
        if text[open] == UInt8(ascii: "{") {
            if text[before] == UInt8(ascii: ":") {
                guard let labelEnd = previousToken(before: before), isIdentifierByte(text[labelEnd]) else {
                    return Container(chain: nil, slot: empty, open: opener)
                }
                let labelStart = identifierStart(endingAt: labelEnd)
                let slot = labelStart..<(labelEnd + 1)
                guard let ahead = previousToken(before: labelStart) else {
                    return Container(chain: nil, slot: slot, open: opener)
                }
                if text[ahead] == UInt8(ascii: "}") {
                    // `} label: {` — the owner's labeled trailing closure.
                    return Container(chain: chain(at: primaryStart(endingAt: ahead), cache: cache), slot: slot, open: opener)
                }
                if text[ahead] == UInt8(ascii: "(") || text[ahead] == UInt8(ascii: ",") {
                    // `Label(content: { … }, icon: { … })` — a closure argument.
                    if let paren = tables.enclosingBracket(of: labelStart),
                       text[paren] == UInt8(ascii: "("), let call = callOwner(ofGroup: paren, cache: cache) {
                        return Container(chain: call, slot: slot, open: opener)
                    }
                }
                return Container(chain: nil, slot: slot, open: opener)
            }
            guard endsOperand(at: before), !isStatementBlock(brace: open, tokenBefore: before) else {
                return Container(chain: nil, slot: empty, open: opener)
            }
            return Container(chain: chain(at: primaryStart(endingAt: before), cache: cache), slot: empty, open: opener)
        }
        return Container(chain: callOwner(ofGroup: open, cache: cache), slot: empty, open: opener)
    }

    /// The chain a `(`/`[` group is the call or subscript of; nil for tuples, array
    /// literals and conditions.
    func callOwner(ofGroup open: Int, cache: ContainerCache) -> Chain? {
        guard let before = previousToken(before: open), endsOperand(at: before), sameLine(before, open) else { return nil }
        return chain(at: primaryStart(endingAt: before), cache: cache)
    }

    /// The label of the argument of the group at `open` that holds `position`.
    func argumentLabel(inGroup open: Int, holding position: Int) -> Range<Int> {
        // Back from `position` to the `,` or `(` that starts its argument, skipping groups.
        var i = position - 1
        while i > open {
            let byte = text[i]
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"),
               let partner = tables.matchingBracket(at: i), partner > open {
                i = partner - 1
                continue
            }
            if byte == UInt8(ascii: ",") { break }
            i -= 1
        }
        let labelStart = skipTrivia(from: i + 1)
        guard labelStart < count, isIdentifierStart(text[labelStart]) else { return open..<open }
        let labelEnd = identifierEnd(from: labelStart)
        let colon = skipTrivia(from: labelEnd)
        guard colon < count, text[colon] == UInt8(ascii: ":"), colon < position else { return open..<open }
        return labelStart..<labelEnd
    }

    /// The code between the bracket at `open` and its partner (to the end of the file when
    /// it has none).
    public func contents(ofBracket open: Int) -> Range<Int> {
        let close = tables.matchingBracket(at: open) ?? count
        return min(open + 1, close)..<close
    }

    /// The code before the bracket at `open` on its line; a line that starts with `)`
    /// (a signature over several lines) reaches back to the line of its `(`.
    public func openerRange(of open: Int) -> Range<Int> {
        var lineStart = lineStart(of: open)
        var first = min(firstNonSpace(from: lineStart), open)
        while first < open, text[first] == UInt8(ascii: " ") || text[first] == UInt8(ascii: "\t") { first += 1 }
        if first < open, text[first] == UInt8(ascii: ")"), let partner = tables.matchingBracket(at: first) {
            lineStart = self.lineStart(of: partner)
        }
        return lineStart..<open
    }

    // MARK: Tokens

    /// The last byte of the token before `offset`, skipping white space and comments.
    public func previousToken(before offset: Int) -> Int? {
        var i = offset - 1
        while i >= 0 {
            let byte = text[i]
            if byte == UInt8(ascii: " ") {
                i = lastNonSpace(atOrBefore: i - 1)
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                i -= 1
                continue
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*"), let comment = comment(containing: i) {
                i = comment.lowerBound - 1
                continue
            }
            return i
        }
        return nil
    }

    /// The first byte at or after `offset` that is not white space or comment.
    public func skipTrivia(from offset: Int) -> Int {
        var i = offset
        while i < count {
            let byte = text[i]
            if byte == UInt8(ascii: " ") {
                i = firstNonSpace(from: i + 1)
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                i += 1
                continue
            }
            if byte == UInt8(ascii: "/"), i + 1 < count,
               text[i + 1] == UInt8(ascii: "/") || text[i + 1] == UInt8(ascii: "*"),
               let comment = comment(containing: i) {
                i = comment.upperBound
                continue
            }
            return i
        }
        return count
    }

    // Indentation and blanked comments are long runs of spaces in the masked text: they are
    // crossed eight bytes at a time (little-endian words; the bytes past a run are counted
    // from the lowest differing byte).
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

    /// The first byte at or after `offset` that is not a space (`count` when none is).
    @inline(__always)
    func firstNonSpace(from offset: Int) -> Int {
        var i = offset
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ Self.eightSpaces
                if word != 0 { return i + word.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < count, text[i] == UInt8(ascii: " ") { i += 1 }
        return i
    }

    /// The last byte at or before `offset` that is not a space (-1 when none is).
    @inline(__always)
    func lastNonSpace(atOrBefore offset: Int) -> Int {
        var i = offset
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i >= 7 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i - 7, as: UInt64.self)) ^ Self.eightSpaces
                if word != 0 { return i - word.leadingZeroBitCount / 8 }
                i -= 8
            }
        }
        while i >= 0, text[i] == UInt8(ascii: " ") { i -= 1 }
        return i
    }

    /// Where the line holding `offset` starts (after the `\n` before it, as
    /// `SwiftSource.lineStarts`; the masked text keeps every line break): the bytes before
    /// `offset` are looked at eight at a time, and the table of lines searched when the line
    /// is long.
    func lineStart(of offset: Int) -> Int {
        var i = offset
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            let breaks: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            var words = 0
            while i >= 8 {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i - 8, as: UInt64.self)) ^ breaks
                // 0x80 in each byte that is a line break, 0 elsewhere (no carry crosses bytes).
                let found = ~(((x & low7) &+ low7) | x | low7)
                if found != 0 { return i - found.leadingZeroBitCount / 8 }
                i -= 8
                words += 1
                if words == 32 { return tables.lineStarts[tables.line(atOffset: offset) - 1] }
            }
        }
        while i > 0, text[i - 1] != UInt8(ascii: "\n") { i -= 1 }
        return i
    }

    private func comment(containing offset: Int) -> Range<Int>? {
        tables.comment(containing: offset)
    }

    /// True when the token ending at `offset` can be followed by a call, a member access
    /// or a trailing closure: an identifier that is not a keyword, `)`, `]`, `}`, postfix
    /// `?` and `!`.
    func endsOperand(at offset: Int) -> Bool {
        let byte = text[offset]
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            return true
        case UInt8(ascii: "?"), UInt8(ascii: "!"):
            // Postfix only: `x?.y`, `x!.y`; not a ternary `c ? .a : .b` or a prefix `!x`.
            guard offset > 0 else { return false }
            let previous = text[offset - 1]
            return isIdentifierByte(previous) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")
        default:
            guard isIdentifierByte(byte) else { return false }
            return !SwiftKeywords.isExpressionKeyword(text, identifierStart(endingAt: offset)..<(offset + 1))
        }
    }

    /// True for `{` that opens a statement body (`if x {`, `func f() -> some View {`,
    /// `var body: some View {`) rather than a trailing closure.
    private func isStatementBlock(brace: Int, tokenBefore: Int) -> Bool {
        let lineStart = lineStart(of: tokenBefore)
        var i = lineStart
        while i < tokenBefore {
            let byte = text[i]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "}") {
                i += 1
                continue
            }
            if byte == UInt8(ascii: "@") {
                // An attribute, possibly with arguments: `@MainActor`, `@available(…)`.
                i = identifierEnd(from: i + 1)
                if i < count, text[i] == UInt8(ascii: "("), let close = tables.matchingBracket(at: i) { i = close + 1 }
                continue
            }
            guard isIdentifierStart(byte) else { return false }
            let end = identifierEnd(from: i)
            let word = i..<end
            if SwiftKeywords.isDeclarationModifier(text, word) {
                i = end
                continue
            }
            guard SwiftKeywords.isStatementIntroducer(text, word) else { return false }
            // `var body: some View {` is a body; `let header = HStack {` is a call.
            if SwiftKeywords.isBinding(text, word) { return !hasAssignment(in: end..<tokenBefore) }
            return true
        }
        return false
    }

    /// True when `range` holds a lone `=` (not `==`, `!=`, `<=`, `>=`, `=>`).
    func hasAssignment(in range: Range<Int>) -> Bool {
        for i in range where text[i] == UInt8(ascii: "=") {
            let before = i > 0 ? text[i - 1] : 0
            let after = i + 1 < count ? text[i + 1] : 0
            if after == UInt8(ascii: "=") || after == UInt8(ascii: ">") { continue }
            if before == UInt8(ascii: "=") || before == UInt8(ascii: "!") || before == UInt8(ascii: "<")
                || before == UInt8(ascii: ">") { continue }
            return true
        }
        return false
    }

    /// Whether the byte at `earlier` is on a line before the one of `later` (`earlier <
    /// later`): the bytes between are looked at for a line break when they are few (the
    /// gap between two tokens, mostly), the table of lines searched otherwise.
    func isOnEarlierLine(_ earlier: Int, than later: Int) -> Bool {
        guard later - earlier <= 64 else { return tables.line(atOffset: earlier) < tables.line(atOffset: later) }
        // Lines start after each `\n` of the file as written (`SwiftSource.lineStarts`).
        var i = earlier
        while i < later {
            if tables.raw[i] == UInt8(ascii: "\n") { return true }
            i += 1
        }
        return false
    }

    /// The first offset in `range` that holds `byte` (memchr: many bytes a step), nil when none does.
    func firstOffset(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = text.baseAddress,
              let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
    }

    func sameLine(_ a: Int, _ b: Int) -> Bool {
        var i = min(a, b)
        let end = max(a, b)
        while i < end {
            if text[i] == UInt8(ascii: "\n") { return false }
            i += 1
        }
        return true
    }

    /// A `.` that is part of `...` or `..<` (not a member access).
    private func isRangeOperatorDot(_ offset: Int) -> Bool {
        (offset > 0 && text[offset - 1] == UInt8(ascii: "."))
            || (offset + 1 < count && (text[offset + 1] == UInt8(ascii: ".") || text[offset + 1] == UInt8(ascii: "<")))
    }

    public func identifierStart(endingAt offset: Int) -> Int {
        var i = offset
        while i > 0, Self.isNameByte(text[i - 1]) { i -= 1 }
        // `#Preview`, `#selector`: the `#` belongs to the name.
        if i > 0, text[i - 1] == UInt8(ascii: "#") { i -= 1 }
        return i
    }

    func identifierEnd(from offset: Int) -> Int {
        var i = offset
        if i < count, text[i] == UInt8(ascii: "#") || text[i] == UInt8(ascii: "$") { i += 1 }
        while i < count, Self.isNameByte(text[i]) { i += 1 }
        return i
    }

    /// `isIdentifierByte` as one bit test, for the name scans above (every chain, container
    /// and keyword reads names byte by byte): bit n of `low` is byte n (`$`, the digits), bit n
    /// of `high` byte 64 + n (the letters, `_`); every byte from 0x80 is one.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_0010_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        if byte >= 0x80 { return true }
        return (byte < 64 ? low : high) >> UInt64(byte & 63) & 1 != 0
    }
}

extension SwiftSourceTables {
    /// How many code openers start before `offset` (the number of the first one at or after it).
    private func openerCount(before offset: Int) -> Int {
        var low = 0, high = openers.count
        while low < high {
            let mid = (low + high) / 2
            if Int(openers[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The number in `openers` of the code opener at `offset`; nil when there is none there.
    func openerNumber(at offset: Int) -> Int? {
        let low = openerCount(before: offset)
        return low < openers.count && Int(openers[low]) == offset ? low : nil
    }

    /// The number in `openers` of the innermost code bracket that opens before `offset` and
    /// closes at or after it (`enclosingBracket(of:)` is `openers[number]`); nil at the top level.
    func enclosingOpenerNumber(of offset: Int) -> Int? {
        // The last opener before `offset`, then out through its parents to one that is
        // still open at `offset`.
        var index = openerCount(before: offset) - 1
        while index >= 0 {
            let close = partners[Int(openers[index])]
            // An opener never closed (broken code) encloses nothing.
            if close >= 0, Int(close) >= offset { return index }
            index = Int(openerParents[index])
        }
        return nil
    }
}

/// The few Swift keywords the structure reader must recognise, compared on bytes.
enum SwiftKeywords {
    /// A keyword packed into two words (every keyword here has at most 16 bytes): a list of
    /// these is searched with no reference counting, unlike an array of byte arrays.
    struct Packed {
        var length: Int
        var low: UInt64
        var high: UInt64

        init(_ word: String) {
            let bytes = Array(word.utf8)
            precondition(bytes.count <= 16, "keywords have at most 16 bytes")
            length = bytes.count
            low = 0
            high = 0
            for (k, byte) in bytes.enumerated() {
                if k < 8 { low |= UInt64(byte) << (8 * UInt64(k)) } else { high |= UInt64(byte) << (8 * UInt64(k - 8)) }
            }
        }
    }

    /// Words after which `(` or `{` does not call anything: `if (a)`, `else {`, `in {`.
    private static let expression = List([
        "if", "else", "guard", "while", "for", "in", "switch", "case", "return", "where", "do",
        "repeat", "defer", "try", "await", "throw", "is", "as", "some", "any", "catch", "default",
        "let", "var", "func", "init", "get", "set", "willSet", "didSet", "subscript",
    ])
    /// First words of a line that make its `{` a statement or declaration body.
    private static let statements = List([
        "if", "else", "guard", "while", "for", "switch", "case", "default", "do", "repeat",
        "defer", "catch", "func", "var", "let", "init", "deinit", "subscript", "struct", "class",
        "enum", "extension", "protocol", "actor", "get", "set", "willSet", "didSet",
    ])
    private static let bindings = List(["let", "var"])
    private static let modifiers = List([
        "private", "fileprivate", "internal", "public", "open", "static", "override", "final",
        "mutating", "nonmutating", "nonisolated", "lazy", "weak", "unowned", "indirect",
        "convenience", "required", "dynamic", "package", "consuming", "borrowing",
    ])

    static func isExpressionKeyword(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        contains(expression, text, word)
    }

    static func isStatementIntroducer(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        contains(statements, text, word)
    }

    static func isBinding(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        contains(bindings, text, word)
    }

    static func isDeclarationModifier(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        contains(modifiers, text, word)
    }

    /// Keywords, with the lengths and first letters they have: most identifiers (`padding`,
    /// `Image`, `title`) are told apart by these alone, without being packed and compared.
    struct List {
        let words: [Packed]
        /// Bit n: some word has n bytes; bit k of `firstLetters`: some word starts with the
        /// letter "a" + k (every keyword starts with a lowercase ASCII letter).
        let lengths: UInt32
        let firstLetters: UInt32

        init(_ list: [String]) {
            words = list.map(Packed.init)
            var lengths: UInt32 = 0
            var firstLetters: UInt32 = 0
            for word in list {
                let first = word.utf8.first!
                precondition(first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"), "keywords start with a lowercase letter")
                lengths |= 1 << UInt32(word.utf8.count)
                firstLetters |= 1 << UInt32(first - UInt8(ascii: "a"))
            }
            self.lengths = lengths
            self.firstLetters = firstLetters
        }

        @inline(__always)
        func mayHold(first: UInt8, length: Int) -> Bool {
            guard length < 32, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
            return lengths & (1 << UInt32(length)) != 0 && firstLetters & (1 << UInt32(first - UInt8(ascii: "a"))) != 0
        }
    }

    private static func contains(_ list: List, _ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        let length = word.count
        guard length > 0, length <= 16, list.mayHold(first: text[word.lowerBound], length: length) else { return false }
        let words = list.words
        var low: UInt64 = 0
        var high: UInt64 = 0
        for k in 0..<length {
            let byte = UInt64(text[word.lowerBound + k])
            if k < 8 { low |= byte << (8 * UInt64(k)) } else { high |= byte << (8 * UInt64(k - 8)) }
        }
        for candidate in words where candidate.low == low && candidate.high == high && candidate.length == length {
            return true
        }
        return false
    }
}
