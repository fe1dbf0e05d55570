import Yams
import A11yModel

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
/// - `enclosing: COND` — some container around this chain (innermost first) satisfies COND;
/// - `anyOf: [COND]`, `allOf: [COND]`, `not: COND`.
///
/// Keys of one mapping must all hold; a list holds when any item does; a plain string is
/// short for `modifier:`.
indirect enum SourceCondition: Sendable {
    case head(SourcePattern)
    case modifier(SourcePattern)
    case link(SourcePattern)
    case text(SourcePattern)
    case slot(SourcePattern)
    case opener(SourcePattern)
    case enclosing(SourceCondition)
    case all([SourceCondition])
    case any([SourceCondition])
    case not(SourceCondition)

    static let keys = ["head", "modifier", "link", "text", "slot", "opener", "enclosing", "anyOf", "allOf", "not"]

    static func parse(_ node: Yams.Node, file: String) throws(CatalogueError) -> SourceCondition {
        if let text = node.string, node.mapping == nil, node.sequence == nil {
            return .modifier(try compile(text, at: node, file: file))
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
            case "head", "modifier", "link", "text", "slot", "opener":
                guard let source = value.string, value.mapping == nil, value.sequence == nil else {
                    throw CatalogueError.at(value, file: file, "'\(key)' must be a pattern")
                }
                let pattern = try compile(source, at: value, file: file)
                switch key {
                case "head": parts.append(.head(pattern))
                case "modifier": parts.append(.modifier(pattern))
                case "link": parts.append(.link(pattern))
                case "text": parts.append(.text(pattern))
                case "slot": parts.append(.slot(pattern))
                default: parts.append(.opener(pattern))
                }
            case "enclosing":
                parts.append(.enclosing(try parse(value, file: file)))
            case "not":
                parts.append(.not(try parse(value, file: file)))
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

    static func compile(_ source: String, at node: Yams.Node, file: String) throws(CatalogueError) -> SourcePattern {
        do {
            return try SourcePattern(source)
        } catch {
            throw CatalogueError.at(node, file: file, "invalid pattern at offset \(error.offset): \(error.message)")
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
    private let cache: ContainerCache
    private var found: [Container]?

    init(structure: SwiftStructure, scratch: MatchScratch, anchor: Chain, cache: ContainerCache) {
        self.structure = structure
        self.scratch = scratch
        self.anchor = anchor
        self.cache = cache
    }

    /// Containers of the anchor chain, innermost first.
    mutating func containers() -> [Container] {
        if let found { return found }
        let containers = structure.containers(of: anchor, cache: cache)
        found = containers
        return containers
    }

    /// `level` -1 is the anchor chain; 0, 1, … are its containers.
    mutating func holds(_ condition: SourceCondition, level: Int = -1) throws(ConditionLimitHit) -> Bool {
        switch condition {
        case .head(let pattern):
            guard let chain = chain(at: level) else { return false }
            return try matches(pattern, chain.head)
        case .modifier(let pattern):
            guard let chain = chain(at: level) else { return false }
            for link in chain.modifiers where try matches(pattern, link) { return true }
            return false
        case .link(let pattern):
            guard let chain = chain(at: level) else { return false }
            for link in chain.links where try matches(pattern, link) { return true }
            return false
        case .text(let pattern):
            guard let chain = chain(at: level) else { return false }
            return try matches(pattern, chain.start..<chain.end)
        case .slot(let pattern):
            let all = containers()
            let index = max(level, 0)
            guard index < all.count else { return false }
            return try matches(pattern, all[index].slot)
        case .opener(let pattern):
            let all = containers()
            let index = max(level, 0)
            guard index < all.count else { return false }
            return try matches(pattern, structure.openerRange(of: all[index].open))
        case .enclosing(let inner):
            let count = containers().count
            var index = level + 1
            while index < count {
                if try holds(inner, level: index) { return true }
                index += 1
            }
            return false
        case .all(let conditions):
            for condition in conditions where !(try holds(condition, level: level)) { return false }
            return true
        case .any(let conditions):
            for condition in conditions where try holds(condition, level: level) { return true }
            return false
        case .not(let inner):
            return !(try holds(inner, level: level))
        }
    }

    private mutating func chain(at level: Int) -> Chain? {
        if level < 0 { return anchor }
        let all = containers()
        return level < all.count ? all[level].chain : nil
    }

    private func matches(_ pattern: SourcePattern, _ range: Range<Int>) throws(ConditionLimitHit) -> Bool {
        let subject = UnsafeBufferPointer(rebasing: structure.text[range])
        switch pattern.firstMatch(in: subject, scratch: scratch) {
        case .match: return true
        case .none: return false
        case .limit(let message): throw ConditionLimitHit(message: message)
        }
    }
}
