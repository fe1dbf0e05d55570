import Foundation
import A11yModel
import A11yPattern
import A11ySwiftReader

/// A user's regex rule from `.a11ylint.yml` `custom_rules`: matched over the masked
/// source (never inside comments or strings), reported at the match.
public struct CustomSourceRule: Sendable, Hashable {
    public var id: String
    public var regex: String
    public var message: String
    public var severity: Severity
    public var wcag: [String]
    /// File globs (see `PathGlob`); empty `included` means every Swift file.
    public var included: [String]
    public var excluded: [String]
    /// Where the rule is written, for errors.
    public var definedAt: SourceLocation?

    public init(id: String, regex: String, message: String, severity: Severity = .warning,
                wcag: [String] = [], included: [String] = [], excluded: [String] = [],
                definedAt: SourceLocation? = nil) {
        self.id = id
        self.regex = regex
        self.message = message
        self.severity = severity
        self.wcag = wcag
        self.included = included
        self.excluded = excluded
        self.definedAt = definedAt
    }
}

extension RuleEntry {
    /// A source rule compiled from its YAML; one with `implementation: code` is checked by
    /// its own code (`source-text-contrast`).
    var isCompiledSourceRule: Bool { description.kind == .source && !isImplementedInCode }
}

/// The source rules of a run, compiled once and shared by every thread.
public struct SourceRuleSet: Sendable {
    /// The id of the note a rule yields when one of its patterns hits the match limits
    /// on a file; the rest of the file is not checked by that rule.
    public static let limitRuleID = "rule-limit"

    /// Bounds on every single PCRE2 match (anchor scans and conditions alike).
    public var limits: MatchLimits = .default
    /// The run's rule book: the severity of `rule-limit` notes.
    public var ruleBook = RuleBook()

    let rules: [SourceRule]
    /// Every rule's conditions in evaluation form, and where each rule's start.
    let program: ConditionProgram
    let roots: [RuleRoots]
    /// The per-file tables, reused from one file to the next.
    private let pool = FileTablesPool()
    /// The texts every rule's anchor search looks for (and those of `findingTexts(of:)`),
    /// found in one pass per file.
    public let literals: LiteralSet
    /// The patterns of `findingTexts(of:)`, kept by every set made from this one.
    private let otherPatterns: [Pattern]

    /// The program nodes of one rule's `when`, `unless` and `reasons` (-1: none).
    struct RuleRoots: Sendable {
        var when: Int32 = -1
        var unless: Int32 = -1
        var reasons: [Int32] = []
    }

    public var ruleIDs: [String] { rules.map(\.id) }

    private static func compile(_ rules: [SourceRule]) -> (ConditionProgram, [RuleRoots]) {
        var program = ConditionProgram()
        var roots: [RuleRoots] = []
        for rule in rules {
            var root = RuleRoots()
            if let when = rule.when { root.when = program.add(when) }
            if let unless = rule.unless { root.unless = program.add(unless) }
            for reason in rule.reasons { root.reasons.append(reason.when.map { program.add($0) } ?? -1) }
            roots.append(root)
        }
        return (program, roots)
    }

    func rule(_ id: String) -> SourceRule? { rules.first { $0.id == id } }

    /// The catalogue's source rules (entries of another kind are skipped).
    public init(entries: [RuleEntry]) throws(CatalogueError) {
        var rules: [SourceRule] = []
        for entry in entries where entry.isCompiledSourceRule {
            rules.append(try SourceRule(entry: entry))
        }
        self.init(rules: rules)
    }

    /// `.a11ylint.yml` custom rules.
    public init(customRules: [CustomSourceRule]) throws(CatalogueError) {
        var rules: [SourceRule] = []
        for custom in customRules { rules.append(try SourceRule(custom: custom)) }
        self.init(rules: rules)
    }

    init(rules: [SourceRule], otherPatterns: [Pattern] = []) {
        self.rules = rules
        self.otherPatterns = otherPatterns
        let compiled = Self.compile(rules)
        program = compiled.0
        roots = compiled.1
        literals = LiteralSet(patterns: rules.map(\.anchor) + otherPatterns)
    }

    /// No rules.
    public init() { self.init(rules: []) }

    /// The same rules, whose pass over a file's texts (`literals`) also finds the texts every
    /// match of `patterns` holds: another reader of the same masked text (the component calls
    /// of `UsageVariantReader`) then asks the pass, given to both as one `LiteralOffsets`,
    /// instead of searching the file for each of its patterns.
    public func findingTexts(of patterns: [Pattern]) -> SourceRuleSet {
        var set = SourceRuleSet(rules: rules, otherPatterns: otherPatterns + patterns)
        set.limits = limits
        set.ruleBook = ruleBook
        return set
    }

    /// Both sets' rules in one (e.g. the catalogue's and the custom ones).
    public func merging(_ other: SourceRuleSet) -> SourceRuleSet {
        var merged = SourceRuleSet(rules: self.rules + other.rules, otherPatterns: otherPatterns + other.otherPatterns)
        merged.limits = limits
        merged.ruleBook = ruleBook
        return merged
    }

    /// Only the rules whose id passes `isIncluded`: rules switched off in `.a11ylint.yml`
    /// then cost nothing.
    public func filter(_ isIncluded: (String) -> Bool) -> SourceRuleSet {
        var filtered = SourceRuleSet(rules: self.rules.filter { isIncluded($0.id) }, otherPatterns: otherPatterns)
        filtered.limits = limits
        filtered.ruleBook = ruleBook
        return filtered
    }

    /// The same rules, with the severities given here instead of their defaults.
    public func relevel(_ severities: [String: Severity]) -> SourceRuleSet {
        var releveled = SourceRuleSet(rules: self.rules.map { rule in
            var rule = rule
            if let severity = severities[rule.id] { rule.severity = severity }
            return rule
        }, otherPatterns: otherPatterns)
        releveled.limits = limits
        releveled.ruleBook = ruleBook
        return releveled
    }

    /// Every finding of every rule on `source`, plus a `rule-limit` note for each rule
    /// that gave up on it. `path` is used for locations and for the rules' file globs.
    /// `literals`: the pass of `literals` over `source`'s masked text, when the caller shares
    /// it with another reader.
    public func lint(_ source: SwiftSource, path: String, literals given: LiteralOffsets? = nil) -> [Finding] {
        let applicable = rules.indices.filter { rules[$0].paths.accepts(path) }
        guard !applicable.isEmpty, !source.bytes.isEmpty else { return [] }
        let tables = pool.take(limits: limits)
        defer { pool.give(back: tables) }
        let scratch = tables.scratch
        var findings: [Finding] = []
        source.withStructure { structure in
            // One evaluator for the file: what it learns about a container serves every rule.
            var evaluator = ConditionEvaluator(structure: structure, scratch: scratch, cache: tables.cache,
                                               source: source, program: program)
            // Anchors that start at the same literal find it once.
            let literals = given ?? LiteralOffsets(set: self.literals)
            // The rule is passed by pointer and the file borrowed, not copied (a copy of either
            // retains and releases each of its arrays and strings, for every rule of every file:
            // a rule passed borrowed was copied anyway, beside the evaluator passed inout).
            rules.withUnsafeBufferPointer { rules in
                for index in applicable {
                    let rule = rules.baseAddress! + index
                    lint(rule, roots: roots[index], evaluator: &evaluator, source: source, literals: literals,
                         path: path, into: &findings)
                    if let callee = rule.pointee.interpolationsOf, !source.interpolations.isEmpty {
                        lintInterpolations(rule.pointee, roots: roots[index], callee: callee, evaluator: &evaluator,
                                           path: path, into: &findings)
                    }
                }
            }
        }
        return findings
    }

    private func lint(_ rule: UnsafePointer<SourceRule>, roots: RuleRoots, evaluator: inout ConditionEvaluator,
                      source: borrowing SwiftSource, literals: LiteralOffsets, path: String,
                      into findings: inout [Finding]) {
        let structure = evaluator.structure
        let cache = evaluator.cache
        let scratch = evaluator.scratch
        // Where findings were reported: a list while there are few (a linear search beats
        // hashing), a set past 32, so a file with thousands of findings is not quadratic.
        var reported = ReportedOffsets()
        // A file without a text every match holds is not searched at all (`RequiredLiterals`).
        if structure.lacksRequiredText(rule.pointee.anchor, literals: literals) { return }
        // PCRE2 runs only where a match can start (`MatchStarts`).
        var candidates = structure.candidates(of: rule.pointee.anchor, literals: literals)
        if candidates.isEmpty { return }
        var offset = 0
        while offset <= structure.count {
            let range: Range<Int>
            switch structure.firstMatch(rule.pointee.anchor, from: offset, candidates: &candidates, scratch: scratch) {
            case .noMatch:
                return
            case .limit(let error):
                findings.append(limitNote(rule: rule.pointee, message: error.message, source: source, path: path, cache: cache))
                return
            case .match(let found):
                range = found
            }
            offset = range.isEmpty ? structure.nextCharacter(after: range.upperBound) : range.upperBound

            var reportAt = range.lowerBound
            let chain: Chain
            if rule.pointee.scope == .chain {
                let token = min(structure.skipTrivia(from: range.lowerBound), max(range.upperBound - 1, range.lowerBound))
                guard token < structure.count else { continue }
                chain = structure.chain(at: token, cache: cache)
                if rule.pointee.report == .chainStart { reportAt = chain.start }
            } else {
                chain = Chain(start: range.lowerBound, end: range.upperBound, links: [range])
            }
            guard !reported.contains(reportAt) else { continue }

            evaluator.begin(anchor: chain, match: range)
            var reason: SourceRule.Reason?
            do throws(ConditionLimitHit) {
                if roots.when >= 0, !(try evaluator.holds(roots.when)) { continue }
                if roots.unless >= 0, try evaluator.holds(roots.unless) { continue }
                if !rule.pointee.reasons.isEmpty {
                    for (index, candidate) in rule.pointee.reasons.enumerated() {
                        let when = roots.reasons[index]
                        if when >= 0, !(try evaluator.holds(when)) { continue }
                        reason = candidate
                        break
                    }
                    if reason == nil { continue }
                }
            } catch {
                findings.append(limitNote(rule: rule.pointee, message: error.message, source: source, path: path, cache: cache,
                                          at: range.lowerBound))
                return
            }
            reported.insert(reportAt)
            findings.append(finding(rule: rule.pointee, at: reportAt, match: range, source: source, path: path, cache: cache,
                                    state: rule.pointee.usesState ? evaluator.toggledState()?.name : nil, reason: reason))
        }
    }

    /// The anchors of `rule` inside the interpolations of string literals passed first to a
    /// call its `interpolationsOf` names. Each interpolation is read as Swift of its own.
    private func lintInterpolations(_ rule: SourceRule, roots: RuleRoots, callee: Pattern,
                                    evaluator outer: inout ConditionEvaluator, path: String,
                                    into findings: inout [Finding]) {
        let structure = outer.structure
        let source = outer.source
        let scratch = outer.scratch
        var literalIndex = 0
        for interpolation in source.interpolations {
            while literalIndex < source.stringLiterals.count,
                  source.stringLiterals[literalIndex].upperBound <= interpolation.lowerBound { literalIndex += 1 }
            guard literalIndex < source.stringLiterals.count else { return }
            let literal = source.stringLiterals[literalIndex]
            guard literal.contains(interpolation.lowerBound),
                  let paren = structure.previousToken(before: literal.lowerBound), structure[paren] == UInt8(ascii: "("),
                  let calleeEnd = structure.previousToken(before: paren), isIdentifierByte(structure[calleeEnd]) else { continue }
            let calleeRange = structure.chainStart(from: structure.identifierStart(endingAt: calleeEnd))..<(calleeEnd + 1)
            guard case .match = structure.firstMatch(callee, in: calleeRange, scratch: scratch) else { continue }
            // Code without a text every anchor holds is not read as Swift of its own.
            let lacksAnchor = source.bytes.withUnsafeBufferPointer { bytes in
                rule.anchor.cannotMatch(beforeBlanking: UnsafeBufferPointer(rebasing: bytes[interpolation]))
            }
            if lacksAnchor { continue }
            let inner = SwiftSource(utf8: Array(source.bytes[interpolation]))
            var innerFindings: [Int] = []
            inner.withStructure { innerStructure in
                var innerEvaluator = ConditionEvaluator(structure: innerStructure, scratch: scratch, cache: ContainerCache(),
                                                        source: inner, program: program)
                var offset = 0
                while offset <= innerStructure.count {
                    guard case .match(let range) = innerStructure.firstMatch(rule.anchor, from: offset, scratch: scratch)
                    else { return }
                    offset = range.isEmpty ? innerStructure.nextCharacter(after: range.upperBound) : range.upperBound
                    let token = min(innerStructure.skipTrivia(from: range.lowerBound), max(range.upperBound - 1, range.lowerBound))
                    guard token < innerStructure.count else { continue }
                    let chain = innerStructure.chain(at: token)
                    innerEvaluator.begin(anchor: chain, match: range)
                    outer.begin(anchor: Chain(start: literal.lowerBound, end: literal.upperBound, links: [literal]), match: literal)
                    do throws(ConditionLimitHit) {
                        if roots.when >= 0, !(try innerEvaluator.holds(roots.when)), !(try outer.holds(roots.when)) { continue }
                        if roots.unless >= 0 {
                            if try innerEvaluator.holds(roots.unless) { continue }
                            if try outer.holds(roots.unless) { continue }
                        }
                    } catch {
                        continue
                    }
                    innerFindings.append(rule.report == .chainStart ? chain.start : range.lowerBound)
                }
            }
            for start in innerFindings {
                let at = interpolation.lowerBound + start
                findings.append(finding(rule: rule, at: at, match: at..<min(at + 1, source.bytes.count), source: source, path: path,
                                        cache: outer.cache))
            }
        }
    }

    private func finding(rule: SourceRule, at offset: Int, match: Range<Int>, source: SwiftSource,
                         path: String, cache: ContainerCache, state: String? = nil,
                         reason: SourceRule.Reason? = nil) -> Finding {
        let position = source.position(atOffset: offset)
        let message = rule.message(quoting: source.bytes[match], state: state, reason: reason)
        return Finding(rule: rule.id, severity: rule.severity, message: message,
                       location: SourceLocation(file: path, line: position.line, column: position.column),
                       wcag: rule.wcag, measured: reason?.name.map { Measured([("reason", .string($0))]) } ?? Measured(),
                       baselineKey: cache.lineKeyText(position.line, in: source))
    }

    private func limitNote(rule: SourceRule, message: String, source: SwiftSource, path: String,
                           cache: ContainerCache, at offset: Int = 0) -> Finding {
        let position = source.position(atOffset: offset)
        return ruleBook.finding(SourceRuleSet.limitRuleID, fallback: .note,
                                  ["rule": rule.id, "reason": message],
                                  location: SourceLocation(file: path, line: position.line, column: position.column),
                                  baselineKey: cache.lineKeyText(position.line, in: source))
    }
}

/// The tables `SourceRuleSet.lint` needs for one file (the container cache and PCRE2's match
/// data), lent to one file at a time and given back cleared with their memory kept: each
/// worker's next file reuses them instead of allocating and freeing its own.
final class FileTablesPool: @unchecked Sendable {
    typealias Tables = (cache: ContainerCache, scratch: MatchScratch)
    private let lock = NSLock()
    private var free: [Tables] = []

    func take(limits: MatchLimits) -> Tables {
        lock.lock()
        let kept = free.popLast()
        lock.unlock()
        if let kept, kept.scratch.limits == limits { return kept }
        return (ContainerCache(), MatchScratch(limits: limits))
    }

    func give(back tables: Tables) {
        guard tables.cache.reset() else { return }
        lock.lock()
        // One set per worker thread is all that is ever in use at once.
        if free.count < 64 { free.append(tables) }
        lock.unlock()
    }
}

/// Offsets already reported for one rule in one file.
struct ReportedOffsets {
    private var few: [Int] = []
    private var many: Set<Int> = []

    func contains(_ offset: Int) -> Bool {
        many.isEmpty ? few.contains(offset) : many.contains(offset)
    }

    mutating func insert(_ offset: Int) {
        if !many.isEmpty {
            many.insert(offset)
        } else if few.count < 32 {
            few.append(offset)
        } else {
            many = Set(few)
            many.insert(offset)
            few = []
        }
    }
}
