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
    // A class tree rather than an indirect enum: evaluating it is a hot loop, and
    // switching over a trivial `Kind` avoids the runtime's multi-payload enum calls.
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

    static func parse(_ node: Yams.Node, file: String) throws(CatalogueError) -> SourceCondition {
        if let text = node.string, node.mapping == nil, node.sequence == nil {
            return SourceCondition(.modifier, pattern: try compile(text, at: node, file: file))
        }
        if let items = node.sequence {
            var conditions: [SourceCondition] = []
            for item in items { conditions.append(try parse(item, file: file)) }
            return .any(conditions)
        }
        guard let mapping = node.mapping, !mapping.isEmpty else {
            throw CatalogueError.at(node, file: file, "a condition is a pattern, a list of conditions or a mapping")
        }
        var parts: [SourceCondition] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "head", "modifier", "link", "text", "slot", "opener", "holder", "inside", "literal":
                guard let source = value.string, value.mapping == nil, value.sequence == nil else {
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
                guard value.string == "view", value.mapping == nil, value.sequence == nil else {
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
                guard let kind, value.mapping == nil, value.sequence == nil else {
                    throw CatalogueError.at(value, file: file, "'toggles' takes any, drawn or announced")
                }
                parts.append(SourceCondition(kind))
            case "onlyOn":
                guard let source = value.string, value.mapping == nil, value.sequence == nil else {
                    throw CatalogueError.at(value, file: file, "'onlyOn' must be a pattern of platform names")
                }
                parts.append(SourceCondition(.onlyOn, pattern: try compile(source, at: value, file: file)))
            case "repeats":
                guard value.string == "action" || value.string == "button", value.mapping == nil, value.sequence == nil else {
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
                guard let items = value.sequence else {
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

    static func compile(_ source: String, at node: Yams.Node, file: String) throws(CatalogueError) -> Pattern {
        do {
            return try Pattern(source)
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

/// A pattern ran into its match limit while a condition was evaluated.
struct ConditionLimitHit: Error {
    var message: String
}

/// Evaluates conditions for one anchor; the containers are read once, when first needed.
struct ConditionEvaluator {
    let structure: SwiftStructure
    let scratch: MatchScratch
    let anchor: Chain
    /// The file, for `literal:` (the structure reads the masked text only).
    let source: SwiftSource
    /// The anchor pattern's match (for `literal:`).
    let match: Range<Int>
    private let cache: ContainerCache
    private var found: ContainerLevels?
    /// The anchor's `toggledState`, read when first needed.
    private var anchorToggle: ToggledState??

    init(structure: SwiftStructure, scratch: MatchScratch, anchor: Chain, cache: ContainerCache,
         source: SwiftSource, match: Range<Int>) {
        self.structure = structure
        self.scratch = scratch
        self.anchor = anchor
        self.source = source
        self.match = match
        self.cache = cache
    }

    /// Containers of the anchor chain, innermost first.
    mutating func containers() -> ContainerLevels {
        if let found { return found }
        let levels = structure.containerLevels(of: anchor, cache: cache)
        found = levels
        return levels
    }

    /// `level` -1 is the anchor chain; 0, 1, … are its containers.
    mutating func holds(_ condition: SourceCondition, level: Int = -1) throws(ConditionLimitHit) -> Bool {
        switch condition.kind {
        case .head:
            guard let chain = chain(at: level) else { return false }
            return try matches(condition.pattern!, chain.head)
        case .modifier:
            guard let chain = chain(at: level) else { return false }
            let pattern = condition.pattern!
            for link in chain.modifiers where try matches(pattern, link) { return true }
            return false
        case .link:
            guard let chain = chain(at: level) else { return false }
            let pattern = condition.pattern!
            for link in chain.links where try matches(pattern, link) { return true }
            return false
        case .text:
            guard let chain = chain(at: level) else { return false }
            return try matches(condition.pattern!, chain.start..<chain.end)
        case .slot:
            let all = containers()
            let index = max(level, 0)
            guard index < all.count else { return false }
            return try matches(condition.pattern!, all[index].slot)
        case .opener:
            let all = containers()
            let index = max(level, 0)
            guard index < all.count else { return false }
            return try matches(condition.pattern!, structure.openerRange(of: all[index].open))
        case .holder:
            let all = containers()
            guard level >= 0, level < all.count, let owner = all[level].chain,
                  let link = owner.links.first(where: { $0.contains(all[level].open) }) else { return false }
            return try matches(condition.pattern!, link)
        case .inside:
            let all = containers()
            let index = max(level, 0)
            guard index < all.count else { return false }
            return try matches(condition.pattern!, structure.contents(ofBracket: all[index].open))
        case .literal:
            switch source.firstMatchInLiteral(condition.pattern!, startingIn: match, scratch: scratch) {
            case .match: return true
            case .noMatch: return false
            case .limit(let error): throw ConditionLimitHit(message: error.message)
            }
        case .parent:
            let levels = containers()
            guard level + 1 < levels.count else { return false }
            return try holds(condition.children[0], level: level + 1)
        case .drawn:
            guard let chain = chain(at: level) else { return false }
            return structure.isDrawnAsView(chain, cache: cache)
        case .togglesAny, .togglesDrawn, .togglesAnnounced:
            guard let state = toggledState(at: level) else { return false }
            return condition.kind == .togglesAny || (condition.kind == .togglesDrawn ? state.isDrawn : state.isAnnounced)
        case .onlyOn:
            guard let platforms = structure.platforms(at: match.lowerBound, cache: cache) else { return false }
            for platform in platforms where !((try? condition.pattern!.isMatch(platform)) ?? false) { return false }
            return true
        case .repeatsAction, .repeatsButton:
            guard let chain = chain(at: level) else { return false }
            return structure.repeatsVisibleAction(chain, levels: containers(), cache: cache,
                                                  buttonsOnly: condition.kind == .repeatsButton)
        case .enclosing:
            let levels = containers()
            let inner = condition.children[0]
            var index = level + 1
            while index < levels.count {
                // What holds on a container depends only on that container (its bracket, and
                // the argument slot for a `(` group) and those outside it: sibling anchors
                // share the answer, so it is computed once per file.
                let container = levels[index]
                let key = ContainerCache.Verdict(bracket: container.open, slotStart: container.slot.lowerBound,
                                                 slotEnd: container.slot.upperBound, condition: ObjectIdentifier(inner))
                let verdict: Bool
                if let known = cache.verdicts[key] {
                    verdict = known
                } else {
                    verdict = try holds(inner, level: index)
                    cache.verdicts[key] = verdict
                }
                if verdict { return true }
                index += 1
            }
            return false
        case .all:
            for child in condition.children where !(try holds(child, level: level)) { return false }
            return true
        case .any:
            for child in condition.children where try holds(child, level: level) { return true }
            return false
        case .not:
            return !(try holds(condition.children[0], level: level))
        }
    }

    /// The Bool the chain at `level` toggles (see `SwiftStructure.toggledState(of:)`).
    mutating func toggledState(at level: Int = -1) -> ToggledState? {
        if level < 0, let known = anchorToggle { return known }
        guard let chain = chain(at: level) else { return nil }
        let state = structure.toggledState(of: chain, cache: cache)
        if level < 0 { anchorToggle = .some(state) }
        return state
    }

    private mutating func chain(at level: Int) -> Chain? {
        if level < 0 { return anchor }
        let all = containers()
        return level < all.count ? all[level].chain : nil
    }

    private func matches(_ pattern: Pattern, _ range: Range<Int>) throws(ConditionLimitHit) -> Bool {
        if structure.cannotMatch(pattern, in: range) { return false }
        switch structure.firstMatch(pattern, in: range, scratch: scratch) {
        case .match: return true
        case .noMatch: return false
        case .limit(let error): throw ConditionLimitHit(message: error.message)
        }
    }
}
