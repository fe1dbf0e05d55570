import Yams
import A11yModel
import A11yPattern

/// One source rule, compiled from its YAML (or from a `custom_rules` entry).
///
/// Fields besides the catalogue's own (id, severity, wcag, summary, …):
/// - `pattern` (required): PCRE2 over the masked text; each match is an anchor.
/// - `scope`: `match` (default) or `chain` — the anchor stands for its whole modifier chain.
/// - `report`: `match` (default) or `chainStart` — where the finding points.
/// - `when`: a condition (see `SourceCondition`) the anchor's chain must satisfy.
/// - `unless`: a condition that exempts the anchor.
/// - `unlessEnclosing`: exempts the anchor when some enclosing container satisfies it
///   (short for `unless: {enclosing: …}`).
/// - `interpolationsOf`: a pattern for a callee (`(?:SwiftUI\.)?Text`): the anchor is also
///   looked for in the interpolations of a string literal that is that call's first
///   argument (`Text("\(Image(systemName: "lock")) Private")` draws the image). `when` and
///   `unless` hold there when they hold on the anchor inside the interpolation or on the
///   literal in the file (whose containers are the call and what encloses it).
/// - `message`: the finding's text (default: the summary); `{match}` is the matched code,
///   `{state}` the Bool the view toggles (see the `toggles` condition).
/// - `reasons`: a list of `{reason: WORD, when: COND, message: NAME}` (each key optional),
///   tried in order on an anchor that passed `when` and `unless`: the first whose `when`
///   holds (or that has none) gives the finding its `measured.reason` (none without
///   `reason`) and its text: the rule's `messages:` entry NAME, else the entry named like the
///   reason, else the rule's `message`. When none holds, no finding; a last `{}` keeps
///   every other anchor with the rule's own message. So findings of one rule can be triaged
///   apart (`beside-text`), or told apart by their shape (`empty`, `role-word`).
/// - `included`, `excluded`: file globs.
struct SourceRule: Sendable {
    enum Scope: String, Sendable { case match, chain }
    enum Report: String, Sendable { case match, chainStart }

    var id: String
    var severity: Severity
    var wcag: [String]
    var message: String {
        didSet {
            messageParts = SourceRule.split(message)
            usesState = SourceRule.namesState(message, reasons)
        }
    }
    /// `message` cut at its `{match}` placeholders (one part when it has none), so a
    /// finding's text is built without searching the message again.
    private(set) var messageParts: [String] = []
    var anchor: Pattern
    var scope: Scope
    var report: Report
    var when: SourceCondition?
    var unless: SourceCondition?
    var interpolationsOf: Pattern?
    var reasons: [Reason] = []
    var paths: PathFilter

    /// Whether a message names the toggled Bool (`{state}`); worked out once, not per finding.
    private(set) var usesState = false

    private static func namesState(_ message: String, _ reasons: [Reason]) -> Bool {
        namesState(message) || reasons.contains { $0.message.map(namesState) == true }
    }

    /// Whether `text` holds `{state}` (asked once per finding of a rule that names it).
    private static func namesState(_ text: String) -> Bool { text.containsUTF8(stateMarker) }
    private static let stateMarker = Array("{state}".utf8)

    /// One of the `reasons` a finding is given.
    struct Reason: Sendable {
        /// The finding's `measured.reason`, if any.
        var name: String?
        var when: SourceCondition?
        /// The message's text (`{match}` and `{state}` filled in when a finding is made);
        /// nil: the rule's own.
        var message: String?
    }

    static let fields = ["pattern", "scope", "report", "when", "unless", "unlessEnclosing", "interpolationsOf",
                         "message", "messages", "reasons", "included", "excluded"]

    /// A built-in rule is read from the tree compiled into the binary, without making its
    /// Yams node (examples and all, that cost more than the rest of the compile).
    init(entry: RuleEntry) throws(CatalogueError) {
        switch entry.source {
        case .yams(let node): try self.init(entry: entry, node: node)
        case .embedded(let tree, let index): try self.init(entry: entry, node: EmbeddedNode(tree: tree, index: index))
        }
    }

    private init(entry: RuleEntry, node: some RuleTreeNode) throws(CatalogueError) {
        let file = entry.file
        guard node.isMapping else { throw CatalogueError.at(node, file: file, "a rule must be a mapping") }
        func string(_ key: String) throws(CatalogueError) -> String? {
            guard let value = node.member(key) else { return nil }
            guard let text = value.string, !value.isMapping, value.items == nil else {
                throw CatalogueError.at(value, file: file, "'\(key)' must be a string")
            }
            return text
        }
        guard let patternNode = node.member("pattern"), let patternText = try string("pattern") else {
            throw CatalogueError.at(node, file: file, "source rule '\(entry.description.id)' is missing 'pattern'")
        }
        id = entry.description.id
        severity = entry.description.defaultSeverity
        wcag = entry.description.wcag
        anchor = try SourceCondition.compile(patternText, at: patternNode, file: file)
        let summary = entry.description.summary
        message = (try string("message")).map { $0.trimmingWhitespace } ?? summary

        let scopeText = try string("scope") ?? "match"
        guard let scope = Scope(rawValue: scopeText) else {
            throw CatalogueError.at(node.member("scope")!, file: file, "'scope' must be match or chain")
        }
        self.scope = scope
        let reportText = try string("report") ?? "match"
        guard let report = Report(rawValue: reportText) else {
            throw CatalogueError.at(node.member("report")!, file: file, "'report' must be match or chainStart")
        }
        self.report = report

        when = try node.member("when").map { (value) throws(CatalogueError) in try SourceCondition.parse(value, file: file) }
        var exemptions: [SourceCondition] = []
        if let value = node.member("unless") { exemptions.append(try SourceCondition.parse(value, file: file)) }
        if let value = node.member("unlessEnclosing") {
            exemptions.append(.enclosing(try SourceCondition.parse(value, file: file)))
        }
        unless = exemptions.isEmpty ? nil : exemptions.count == 1 ? exemptions[0] : .any(exemptions)
        if let node = node.member("interpolationsOf"), let text = try string("interpolationsOf") {
            interpolationsOf = try SourceCondition.compile(text, at: node, file: file)
        }
        paths = PathFilter(included: try SourceRule.globs(node.member("included"), file: file),
                           excluded: try SourceRule.globs(node.member("excluded"), file: file))
        if let node = node.member("reasons") {
            reasons = try SourceRule.reasons(node, messages: entry.description.messages, file: file)
        }
        messageParts = SourceRule.split(message)
        usesState = SourceRule.namesState(message, reasons)
    }

    private static func reasons(_ node: some RuleTreeNode, messages: [String: MessageTemplate],
                                file: String) throws(CatalogueError) -> [Reason] {
        guard let items = node.items else { throw CatalogueError.at(node, file: file, "'reasons' must be a list") }
        var reasons: [Reason] = []
        for item in items {
            guard let members = item.members else {
                throw CatalogueError.at(item, file: file, "a reason is a mapping of 'reason', 'when' and 'message'")
            }
            for (key, _) in members where !["reason", "when", "message"].contains(key.string ?? "") {
                throw CatalogueError.at(key, file: file, "unknown key '\(key.string ?? "")' in a reason (reason, when, message)")
            }
            let name = item.member("reason")?.string
            var message: String?
            if let node = item.member("message") {
                guard let key = node.string, let text = messages[key]?.text else {
                    throw CatalogueError.at(node, file: file, "'\(node.string ?? "")' is not one of the rule's 'messages'")
                }
                message = text
            } else if let name, let text = messages[name]?.text {
                message = text
            }
            let when = try item.member("when").map { (value) throws(CatalogueError) in try SourceCondition.parse(value, file: file) }
            reasons.append(Reason(name: name, when: when, message: message?.trimmingWhitespace))
        }
        return reasons
    }

    init(custom: CustomSourceRule) throws(CatalogueError) {
        id = custom.id
        severity = custom.severity
        wcag = custom.wcag
        message = custom.message
        scope = .match
        report = .match
        when = nil
        unless = nil
        interpolationsOf = nil
        paths = PathFilter(included: custom.included.map(PathGlob.init), excluded: custom.excluded.map(PathGlob.init))
        do {
            anchor = try Pattern(custom.regex)
        } catch {
            let location = custom.definedAt ?? SourceLocation(file: ".a11ylint.yml", line: 1, column: 1)
            throw CatalogueError(file: location.file, line: location.line, column: location.column,
                                 message: "custom rule '\(custom.id)': invalid regex at offset \(error.offset): \(error.message)")
        }
        messageParts = SourceRule.split(message)
        usesState = false
    }

    /// The first of the rule's `reasons` that holds on a string alone (a spec's label: no
    /// element, so only their `literal` tests can hold); nil when none does.
    func reason(forLiteral text: String) -> String? {
        reasons.first { $0.when?.holds(onLiteral: text) ?? true }?.name
    }

    private static func split(_ message: String) -> [String] { message.cutUTF8(at: matchMarker) }
    private static let matchMarker = Array("{match}".utf8)

    /// The message of a finding whose anchor is `code` (white space folded to one space),
    /// from `reason` when it has one; `{state}` becomes `state`.
    func message(quoting code: ArraySlice<UInt8>, state: String? = nil, reason: Reason? = nil) -> String {
        let text = reason?.message ?? message
        guard let state, SourceRule.namesState(text) else { return message(text, quoting: code) }
        return message(text, quoting: code).cutUTF8(at: SourceRule.stateMarker).joined(separator: state)
    }

    private func message(_ text: String, quoting code: ArraySlice<UInt8>) -> String {
        let messageParts = text == message ? self.messageParts : SourceRule.split(text)
        guard messageParts.count > 1 else { return text }
        var folded: [UInt8] = []
        folded.reserveCapacity(code.count)
        var pendingSpace = false
        for byte in code {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r") {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace { folded.append(UInt8(ascii: " ")) }
            pendingSpace = false
            folded.append(byte)
        }
        return messageParts.joined(separator: String(decoding: folded, as: UTF8.self))
    }

    private static func globs(_ node: (some RuleTreeNode)?, file: String) throws(CatalogueError) -> [PathGlob] {
        guard let node else { return [] }
        if let text = node.string, node.items == nil { return [PathGlob(text)] }
        guard let items = node.items else { throw CatalogueError.at(node, file: file, "expected a glob or a list of globs") }
        var globs: [PathGlob] = []
        for item in items {
            guard let text = item.string else { throw CatalogueError.at(item, file: file, "a glob is a string") }
            globs.append(PathGlob(text))
        }
        return globs
    }
}

extension String {
    /// Whether this string's UTF-8 holds `needle`, compared byte by byte: `String.contains`
    /// with Foundation imported goes through `NSString` (3 % of a Swift run once per finding).
    /// Native strings are searched in place (the generic `firstIndex(of:)` on the UTF-8 view
    /// was 1 % of a corpus run, a rule's path globs checked on every file).
    func containsUTF8(_ needle: some Collection<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        let wanted = Array(needle)
        if let found = utf8.withContiguousStorageIfAvailable({ Self.contains(wanted, in: $0) }) { return found }
        return Self.contains(wanted, in: Array(utf8))
    }

    private static func contains(_ needle: [UInt8], in bytes: some RandomAccessCollection<UInt8>) -> Bool {
        guard needle.count <= bytes.count else { return false }
        let first = needle[0]
        var index = bytes.startIndex
        let last = bytes.index(bytes.endIndex, offsetBy: -needle.count)
        while index <= last {
            if bytes[index] == first {
                var k = 1
                var probe = bytes.index(after: index)
                while k < needle.count, bytes[probe] == needle[k] {
                    k += 1
                    probe = bytes.index(after: probe)
                }
                if k == needle.count { return true }
            }
            index = bytes.index(after: index)
        }
        return false
    }

    /// The string cut at each occurrence of `marker` (one part when it has none), compared
    /// byte by byte: `firstRange(of:)` and `replacing(_:with:)` go through the standard
    /// library's generic string processing, which cost more than the rest of a finding.
    func cutUTF8(at marker: [UInt8]) -> [String] {
        let bytes = Array(utf8)
        guard !marker.isEmpty, bytes.count >= marker.count else { return [self] }
        var parts: [String] = []
        var partStart = 0
        var i = 0
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0], bytes[i..<(i + marker.count)].elementsEqual(marker) {
                parts.append(String(decoding: bytes[partStart..<i], as: UTF8.self))
                i += marker.count
                partStart = i
            } else {
                i += 1
            }
        }
        parts.append(String(decoding: bytes[partStart...], as: UTF8.self))
        return parts
    }

    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
