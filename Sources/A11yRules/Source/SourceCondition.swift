import Foundation
import Yams
import A11yModel
import A11yPattern
import A11ySwiftReader

/// A test on a chain (the anchor's, or an enclosing container's), written in a rule's
/// YAML. Patterns are PCRE2 over the masked text, run on one part of the chain at a time,
/// so `^` and `$` are the bounds of that part:
///
/// - `head: RE` — the head (`Image("x")`, `HStack { … }`, `Button(…) { … } label: { … }`);
/// - `modifier: RE` — some modifier, from its `.` (`^\.accessibilityHidden\(\s*true\s*\)`);
/// - `link: RE` — the head or some modifier;
/// - `text: RE` — the whole chain, contents of its closures included;
/// - `slot: RE` — the label of the closure or argument that holds the anchor (`icon`,
///   `label`; empty when unlabeled); on the anchor itself, the slot it sits in;
/// - `opener: RE` — the code before the container's bracket on its line (`func makeBody(…)`);
/// - `holder: RE` — on a container level, the link of its chain that holds its bracket
///   (`.tabItem { … }`, `Menu { … } label: { … }`); never on the anchor itself;
/// - `toggles: any | drawn | announced` — the chain's tap action (a `Button`'s action, an
///   `.onTapGesture`, a `TapGesture`) toggles a Bool `X`; `drawn`: and its own label or chain
///   uses `X`; `announced`: and what VoiceOver reads changes with `X` in words (see
///   `SwiftStructure.toggledState(of:)`);
/// - `onlyOn: RE` — the anchor's match is compiled only for platforms whose names all match RE
///   (`#if os(tvOS)`, the `#else` of `#if !os(tvOS)`; see `SwiftStructure.platforms(at:cache:)`);
/// - `repeats: action` — the chain's tap action is the same call as that of a control in
///   the same view code that is not hidden (see `SwiftStructure.repeatsVisibleAction`);
///   `repeats: button` — the same, counting only `Button`s (controls with a role) and the
///   `.accessibilityAction`s of other chains;
/// - `literal: RE` — the contents of the first string literal that starts in the anchor's
///   match, as written in the file (`^` and `$` are its bounds; the masked text has none);
/// - `inside: RE` — the code between the container's brackets (a type's body: `@ScaledMetric`);
/// - `drawn: view` — the chain is drawn as a view where it stands (statement level in
///   view-building code, a ternary branch there, the content of `Text(…)`; not a value:
///   see `SwiftStructure.isDrawnAsView`); on a container level, that container's chain;
/// - `enclosing: COND` — some container around this chain (innermost first) satisfies COND;
/// - `parent: COND` — the innermost container around this chain satisfies COND (the
///   modifier a value is the argument of: `Image(…).font(.system(size: 20))`);
/// - `anyOf: [COND]`, `allOf: [COND]`, `not: COND`.
///
/// Keys of one mapping must all hold; a list holds when any item does; a plain string is
/// short for `modifier:`.
final class SourceCondition: Sendable {
    // The parsed tree; rules are evaluated from its flat form, `ConditionProgram`.
    enum Kind: Sendable {
        case head, modifier, link, text, slot, opener, holder, inside, literal, drawn, togglesAny, togglesDrawn, togglesAnnounced,
             repeatsAction, repeatsButton, onlyOn
        case enclosing, parent, all, any, not
    }

    let kind: Kind
    /// The pattern of `head` … `opener`.
    let pattern: Pattern?
    /// The operands of `enclosing`, `not` (one), `all` and `any`.
    let children: [SourceCondition]

    init(_ kind: Kind, pattern: Pattern? = nil, children: [SourceCondition] = []) {
        self.kind = kind
        self.pattern = pattern
        self.children = children
    }

    static func any(_ children: [SourceCondition]) -> SourceCondition { SourceCondition(.any, children: children) }
    static func all(_ children: [SourceCondition]) -> SourceCondition { SourceCondition(.all, children: children) }
    static func enclosing(_ child: SourceCondition) -> SourceCondition { SourceCondition(.enclosing, children: [child]) }

    static let keys = ["head", "modifier", "link", "text", "slot", "opener", "holder", "inside", "literal", "drawn", "toggles", "repeats", "onlyOn",
                       "enclosing", "parent",
                       "anyOf", "allOf", "not"]

    /// Reads a condition from a rule's YAML: a Yams node, or a node of a built-in rule
    /// file's tree (read in place, no Yams node made).
    static func parse(_ node: some RuleTreeNode, file: String) throws(CatalogueError) -> SourceCondition {
        let items = node.items
        if let text = node.string, !node.isMapping, items == nil {
            return SourceCondition(.modifier, pattern: try compile(text, at: node, file: file))
        }
        if let items {
            var conditions: [SourceCondition] = []
            for item in items { conditions.append(try parse(item, file: file)) }
            return .any(conditions)
        }
        guard let mapping = node.members, !mapping.isEmpty else {
            throw CatalogueError.at(node, file: file, "a condition is a pattern, a list of conditions or a mapping")
        }
        var parts: [SourceCondition] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "head", "modifier", "link", "text", "slot", "opener", "holder", "inside", "literal":
                guard let source = value.string, !value.isMapping, value.items == nil else {
                    throw CatalogueError.at(value, file: file, "'\(key)' must be a pattern")
                }
                let pattern = try compile(source, at: value, file: file)
                let kind: Kind = switch key {
                case "head": .head
                case "modifier": .modifier
                case "link": .link
                case "text": .text
                case "slot": .slot
                case "holder": .holder
                case "inside": .inside
                case "literal": .literal
                default: .opener
                }
                parts.append(SourceCondition(kind, pattern: pattern))
            case "drawn":
                guard value.string == "view", !value.isMapping, value.items == nil else {
                    throw CatalogueError.at(value, file: file, "'drawn' takes the value 'view'")
                }
                parts.append(SourceCondition(.drawn))
            case "toggles":
                let kind: Kind? = switch value.string {
                case "any": .togglesAny
                case "drawn": .togglesDrawn
                case "announced": .togglesAnnounced
                default: nil
                }
                guard let kind, !value.isMapping, value.items == nil else {
                    throw CatalogueError.at(value, file: file, "'toggles' takes any, drawn or announced")
                }
                parts.append(SourceCondition(kind))
            case "onlyOn":
                guard let source = value.string, !value.isMapping, value.items == nil else {
                    throw CatalogueError.at(value, file: file, "'onlyOn' must be a pattern of platform names")
                }
                parts.append(SourceCondition(.onlyOn, pattern: try compile(source, at: value, file: file)))
            case "repeats":
                guard value.string == "action" || value.string == "button", !value.isMapping, value.items == nil else {
                    throw CatalogueError.at(value, file: file, "'repeats' takes action or button")
                }
                parts.append(SourceCondition(value.string == "action" ? .repeatsAction : .repeatsButton))
            case "enclosing":
                parts.append(.enclosing(try parse(value, file: file)))
            case "parent":
                parts.append(SourceCondition(.parent, children: [try parse(value, file: file)]))
            case "not":
                parts.append(SourceCondition(.not, children: [try parse(value, file: file)]))
            case "anyOf", "allOf":
                guard let items = value.items else {
                    throw CatalogueError.at(value, file: file, "'\(key)' must be a list of conditions")
                }
                var conditions: [SourceCondition] = []
                for item in items { conditions.append(try parse(item, file: file)) }
                parts.append(key == "anyOf" ? .any(conditions) : .all(conditions))
            default:
                throw CatalogueError.at(keyNode, file: file,
                                        "unknown condition '\(key)' (one of \(keys.joined(separator: ", ")))")
            }
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    static func compile(_ source: String, at node: some RuleTreeNode, file: String) throws(CatalogueError) -> Pattern {
        do {
            return try CompiledConditionPatterns.shared.pattern(source)
        } catch {
            throw CatalogueError.at(node, file: file, "invalid pattern at offset \(error.offset): \(error.message)")
        }
    }
}

extension SourceCondition {
    /// Whether the condition holds on a string with no code around it: `literal` tests it,
    /// `allOf`, `anyOf` and `not` combine, every test of code is false.
    func holds(onLiteral text: String) -> Bool {
        switch kind {
        case .literal: (try? pattern!.isMatch(text)) ?? false
        case .all: children.allSatisfy { $0.holds(onLiteral: text) }
        case .any: children.contains { $0.holds(onLiteral: text) }
        case .not: !children[0].holds(onLiteral: text)
        default: false
        }
    }
}

/// The condition patterns compiled so far in the process, by source: the rules repeat many
/// of them (`^#Preview\b` and `\bPreviewProvider\b` in five rules, `^\.accessibilityHidden…`
/// in three), and each is compiled (and JIT-compiled) once. A pattern is immutable and
/// matched with the caller's own scratch, so every rule and thread can share it.
final class CompiledConditionPatterns: @unchecked Sendable {
    static let shared = CompiledConditionPatterns()
    private let lock = NSLock()
    private var patterns: [String: Pattern] = [:]

    func pattern(_ source: String) throws(PatternError) -> Pattern {
        lock.lock()
        defer { lock.unlock() }
        if let known = patterns[source] { return known }
        let compiled = try Pattern(source)
        patterns[source] = compiled
        return compiled
    }
}

/// A pattern ran into its match limit while a condition was evaluated.
struct ConditionLimitHit: Error {
    var message: String
}

/// The conditions of a rule set in the form they are evaluated in: one flat array of trivial
/// nodes (children by index, patterns in a side array), so walking a condition costs no
/// reference counting and no class dispatch (`SourceCondition` is the parsed form).
struct ConditionProgram: Sendable {
    struct Node: Sendable {
        var kind: SourceCondition.Kind
        /// The index of the node's pattern in `patterns`, -1 for none.
        var pattern: Int32
        /// The node's operands: `operands[first ..< first + count]`.
        var first: Int32
        var count: Int32
        /// For `enclosing`: its number among the program's `enclosing` nodes (a column of
        /// the per-file table of verdicts); -1 otherwise.
        var memo: Int32
    }

    private(set) var nodes: [Node] = []
    private(set) var operands: [Int32] = []
    private(set) var patterns: [Pattern] = []
    /// `patterns` without ownership (kept alive by `patterns`): the tests of links and ranges,
    /// the most frequent calls of a run, then retain and release no pattern.
    private(set) var unretainedPatterns: [Unmanaged<Pattern>] = []
    private(set) var enclosingCount = 0

    /// Adds `condition` and everything under it; returns the index of its node.
    mutating func add(_ condition: SourceCondition) -> Int32 {
        var children: [Int32] = []
        for child in condition.children { children.append(add(child)) }
        let first = Int32(operands.count)
        operands.append(contentsOf: children)
        var pattern: Int32 = -1
        if let compiled = condition.pattern {
            pattern = Int32(patterns.count)
            patterns.append(compiled)
            unretainedPatterns.append(Unmanaged.passUnretained(compiled))
        }
        var memo: Int32 = -1
        if condition.kind == .enclosing {
            memo = Int32(enclosingCount)
            enclosingCount += 1
        }
        nodes.append(Node(kind: condition.kind, pattern: pattern, first: first, count: Int32(children.count), memo: memo))
        return Int32(nodes.count - 1)
    }
}

/// Evaluates conditions for the anchors of one file: made once per file (the file, the
/// structure, the program and what is known per container), then `begin(anchor:match:)`
/// for each anchor, whose containers are read once, when first needed.
struct ConditionEvaluator {
    let structure: SwiftStructure
    let scratch: MatchScratch
    /// The file, for `literal:` (the structure reads the masked text only).
    let source: SwiftSource
    let cache: ContainerCache
    private let nodes: [ConditionProgram.Node]
    private let operands: [Int32]
    private let patterns: [Pattern]
    private let unretainedPatterns: [Unmanaged<Pattern>]
    private let enclosingCount: Int
    /// What each `enclosing` operand gave on each container of the file, by container number
    /// × `memo`: 0 not known yet, 1 false, 2 true (allocated when first needed).
    private var verdicts: [UInt8] = []
    /// The same for a `(`/`[` container whose slot is an argument label (its verdict depends
    /// on the argument), keyed by the label's offset × `enclosingCount` + `memo`.
    private var labeledVerdicts: [Int: Bool] = [:]

    /// The anchor chain and the anchor pattern's match (for `literal:` and `onlyOn:`).
    private(set) var anchor = Chain(start: 0, end: 0, links: [0..<0])
    private(set) var match = 0..<0
    private var found: ContainerLevels?
    /// The anchor's `toggledState`, read when first needed.
    private var anchorToggle: ToggledState??

    init(structure: SwiftStructure, scratch: MatchScratch, cache: ContainerCache, source: SwiftSource,
         program: ConditionProgram) {
        self.structure = structure
        self.scratch = scratch
        self.source = source
        self.cache = cache
        nodes = program.nodes
        operands = program.operands
        patterns = program.patterns
        unretainedPatterns = program.unretainedPatterns
        enclosingCount = program.enclosingCount
    }

    /// Starts on a new anchor of the same file.
    mutating func begin(anchor: Chain, match: Range<Int>) {
        self.anchor = anchor
        self.match = match
        found = nil
        anchorToggle = nil
    }

    /// Reads the containers of the anchor chain (innermost first) into `found` when first
    /// needed, and returns how many there are. The levels are then read in place through
    /// `found!` (a copy of them, taken at every test, retained and released both arrays).
    private mutating func containerCount() -> Int {
        if found == nil { found = structure.containerLevels(of: anchor, cache: cache) }
        return found!.count
    }

    /// Whether the condition at `node` (an index of the program) holds; `level` -1 is the
    /// anchor chain; 0, 1, … are its containers.
    mutating func holds(_ node: Int32, level: Int = -1) throws(ConditionLimitHit) -> Bool {
        let condition = nodes[Int(node)]
        switch condition.kind {
        case .head, .modifier, .link, .text:
            return try chainMatches(condition, level: level)
        case .slot, .opener, .inside:
            let index = max(level, 0)
            guard index < containerCount() else { return false }
            let range = switch condition.kind {
            case .slot: found!.slot(at: index)
            case .opener: structure.openerRange(of: found!.open(at: index))
            default: structure.contents(ofBracket: found!.open(at: index))
            }
            return try matches(condition.pattern, range)
        case .holder:
            guard level >= 0, level < containerCount(), let link = found!.link(at: level, holding: found!.open(at: level))
            else { return false }
            return try matches(condition.pattern, link)
        case .literal:
            switch source.firstMatchInLiteral(patterns[Int(condition.pattern)], startingIn: match, scratch: scratch) {
            case .match: return true
            case .noMatch: return false
            case .limit(let error): throw ConditionLimitHit(message: error.message)
            }
        case .parent:
            guard level + 1 < containerCount() else { return false }
            return try holds(operands[Int(condition.first)], level: level + 1)
        case .drawn:
            if level < 0 { return structure.isDrawnAsView(anchor, cache: cache) }
            guard let chain = chain(at: level) else { return false }
            return structure.isDrawnAsView(chain, cache: cache)
        case .togglesAny, .togglesDrawn, .togglesAnnounced:
            guard let state = toggledState(at: level) else { return false }
            return condition.kind == .togglesAny || (condition.kind == .togglesDrawn ? state.isDrawn : state.isAnnounced)
        case .onlyOn:
            guard let platforms = structure.platforms(at: match.lowerBound, cache: cache) else { return false }
            let pattern = patterns[Int(condition.pattern)]
            for platform in platforms where !((try? pattern.isMatch(platform)) ?? false) { return false }
            return true
        case .repeatsAction, .repeatsButton:
            let buttonsOnly = condition.kind == .repeatsButton
            if level < 0 {
                _ = containerCount()
                return structure.repeatsVisibleAction(anchor, levels: found!, cache: cache, buttonsOnly: buttonsOnly)
            }
            guard let chain = chain(at: level) else { return false }
            return structure.repeatsVisibleAction(chain, levels: found!, cache: cache, buttonsOnly: buttonsOnly)
        case .enclosing:
            return try enclosing(condition, level: level)
        case .all:
            for k in 0..<Int(condition.count) where !(try operandHolds(operands[Int(condition.first) + k], level: level)) {
                return false
            }
            return true
        case .any:
            for k in 0..<Int(condition.count) where try operandHolds(operands[Int(condition.first) + k], level: level) {
                return true
            }
            return false
        case .not:
            return !(try holds(operands[Int(condition.first)], level: level))
        }
    }

    /// `holds` for an operand of `allOf` / `anyOf`: the tests of a chain's parts, most of the
    /// operands (a rule's `unless` list), are made here without a second pass through `holds`.
    @inline(__always)
    private mutating func operandHolds(_ node: Int32, level: Int) throws(ConditionLimitHit) -> Bool {
        let condition = nodes[Int(node)]
        switch condition.kind {
        case .head, .modifier, .link, .text: return try chainMatches(condition, level: level)
        default: return try holds(node, level: level)
        }
    }

    /// `head`, `modifier`, `link` and `text` on the chain at `level`.
    private mutating func chainMatches(_ condition: ConditionProgram.Node, level: Int) throws(ConditionLimitHit) -> Bool {
        if level < 0 { return try matches(condition, in: anchor) }
        guard level < containerCount(), let chain = found!.chain(at: level) else { return false }
        return try matches(condition, in: chain)
    }

    // `mutating` although it changes nothing: a non-mutating method called from the
    // mutating ones copied the whole evaluator for every call.
    private mutating func matches(_ condition: ConditionProgram.Node, in chain: Chain) throws(ConditionLimitHit) -> Bool {
        switch condition.kind {
        case .head:
            return try matches(condition.pattern, chain.links[0])
        case .text:
            return try matches(condition.pattern, chain.start..<chain.end)
        default:
            let links = chain.links
            for index in (condition.kind == .modifier ? 1 : 0)..<links.count where try matches(condition.pattern, links[index]) {
                return true
            }
            return false
        }
    }

    /// Some container outside `level` satisfies the operand. What holds on a container
    /// depends only on that container (its bracket, and the argument slot for a `(` group)
    /// and those outside it: sibling anchors share the answer, so it is computed once per
    /// file, kept by container number.
    private mutating func enclosing(_ condition: ConditionProgram.Node, level: Int) throws(ConditionLimitHit) -> Bool {
        let count = containerCount()
        let inner = operands[Int(condition.first)]
        let memo = Int(condition.memo)
        if verdicts.isEmpty { verdicts = [UInt8](repeating: 0, count: max(1, structure.openerCount * enclosingCount)) }
        var index = level + 1
        while index < count {
            let number = found!.number(at: index)
            let slot = found!.slot(at: index)
            let verdict: Bool
            if slot.isEmpty || structure[found!.open(at: index)] == UInt8(ascii: "{") {
                let cell = number * enclosingCount + memo
                let known = verdicts[cell]
                if known != 0 {
                    verdict = known == 2
                } else {
                    verdict = try holds(inner, level: index)
                    verdicts[cell] = verdict ? 2 : 1
                }
            } else {
                let key = slot.lowerBound * enclosingCount + memo
                if let known = labeledVerdicts[key] {
                    verdict = known
                } else {
                    verdict = try holds(inner, level: index)
                    labeledVerdicts[key] = verdict
                }
            }
            if verdict { return true }
            index += 1
        }
        return false
    }

    /// The Bool the chain at `level` toggles (see `SwiftStructure.toggledState(of:)`).
    mutating func toggledState(at level: Int = -1) -> ToggledState? {
        if level < 0 {
            if let known = anchorToggle { return known }
            let state = structure.toggledState(of: anchor, cache: cache)
            anchorToggle = .some(state)
            return state
        }
        guard let chain = chain(at: level) else { return nil }
        return structure.toggledState(of: chain, cache: cache)
    }

    private mutating func chain(at level: Int) -> Chain? {
        level < containerCount() ? found!.chain(at: level) : nil
    }

    // `mutating` for the reason `matches(_:in:)` is.
    private mutating func matches(_ pattern: Int32, _ range: Range<Int>) throws(ConditionLimitHit) -> Bool {
        let outcome: Pattern.Outcome = unretainedPatterns[Int(pattern)]._withUnsafeGuaranteedRef { pattern in
            structure.cannotMatch(pattern, in: range) ? .noMatch : structure.firstMatch(pattern, in: range, scratch: scratch)
        }
        switch outcome {
        case .match: return true
        case .noMatch: return false
        case .limit(let error): throw ConditionLimitHit(message: error.message)
        }
    }
}
