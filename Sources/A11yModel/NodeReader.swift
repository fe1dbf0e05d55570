import A11yJSON

/// Reads typed values out of JSON nodes, collecting input errors (and
/// `spec-unknown-key` findings) at the positions of the offending values.
struct NodeReader {
    let file: String
    let rules: RuleBook
    var errors: [InputError] = []
    var findings: [Finding] = []

    init(file: String, rules: RuleBook = RuleBook()) {
        self.file = file
        self.rules = rules
    }

    mutating func error(_ node: JSONNode, _ message: String) {
        errors.append(InputError(location: SourceLocation(file: file, node.position), message: message))
    }

    /// A finding of `rule` at `node` (or its key): its severity and its text `message`
    /// (filled with `values`) are the rule book's.
    mutating func finding(_ rule: String, _ fallback: Severity, _ node: JSONNode, message: String = "default",
                          _ values: KeyValuePairs<String, String>, keyPosition: JSONPosition? = nil) {
        findings.append(rules.finding(rule, fallback: fallback, message: message, values,
                                      location: SourceLocation(file: file, keyPosition ?? node.position)))
    }

    /// `spec-unknown-key` for every key of `node` outside `known`, at the key.
    /// (`context` is made only for a finding: specs name themes and variants in it.)
    mutating func unknownKeys(_ node: JSONNode, known: [String], context: @autoclosure () -> String) {
        for member in node.objectMembers ?? [] where !known.contains(member.key) {
            findings.append(rules.finding(
                ModelRuleID.unknownKey, fallback: .warning,
                ["key": member.key, "context": context(), "hint": Suggestions.hint(for: member.key, in: known)],
                location: SourceLocation(file: file, member.keyPosition)))
        }
    }

    mutating func expectObject(_ node: JSONNode, _ what: @autoclosure () -> String) -> Bool {
        if case .object = node.value { return true }
        error(node, "expected \(what()) to be an object, got \(node.typeName)")
        return false
    }

    mutating func string(_ node: JSONNode, _ key: String) -> String? {
        if let s = node.stringValue { return s }
        error(node, "\"\(key)\" must be a string, got \(node.typeName)")
        return nil
    }

    mutating func bool(_ node: JSONNode, _ key: String) -> Bool? {
        if let b = node.boolValue { return b }
        error(node, "\"\(key)\" must be true or false, got \(node.typeName)")
        return nil
    }

    mutating func number(_ node: JSONNode, _ key: String) -> Double? {
        if let d = node.doubleValue { return d }
        error(node, "\"\(key)\" must be a number, got \(node.typeName)")
        return nil
    }

    mutating func array(_ node: JSONNode, _ key: String) -> [JSONNode]? {
        if let a = node.arrayValue { return a }
        error(node, "\"\(key)\" must be an array, got \(node.typeName)")
        return nil
    }

    /// The largest width, size or length a spec may give, in points (the contract's range).
    static let maximumLength = 10_000.0

    /// A length greater than 0 and at most `maximumLength`.
    mutating func positive(_ node: JSONNode, _ key: String) -> Double? {
        guard let d = number(node, key) else { return nil }
        guard d > 0 else {
            error(node, "\"\(key)\" must be greater than 0, got \(JSONOutput.format(d))")
            return nil
        }
        return atMostMaximum(d, node, key)
    }

    /// A length from 0 to `maximumLength`.
    mutating func nonNegative(_ node: JSONNode, _ key: String) -> Double? {
        guard let d = number(node, key) else { return nil }
        guard d >= 0 else {
            error(node, "\"\(key)\" must be 0 or more, got \(JSONOutput.format(d))")
            return nil
        }
        return atMostMaximum(d, node, key)
    }

    private mutating func atMostMaximum(_ d: Double, _ node: JSONNode, _ key: String) -> Double? {
        guard d <= Self.maximumLength else {
            error(node, "\"\(key)\" must be at most \(JSONOutput.format(Self.maximumLength)) pt, got \(Self.written(node))")
            return nil
        }
        return d
    }

    /// A number as the file writes it (`1e400`, which reads as infinity).
    private static func written(_ node: JSONNode) -> String {
        if case .number(let d, let literal) = node.value { return literal.isEmpty ? JSONOutput.format(d) : literal }
        return node.typeName
    }

    /// A font size: 1 to 1,000 pt.
    mutating func fontSize(_ node: JSONNode, _ key: String) -> Double? {
        guard let d = number(node, key) else { return nil }
        guard d >= 1, d <= 1_000 else {
            error(node, "\"\(key)\" must be a font size from 1 to 1000 pt, got \(Self.written(node))")
            return nil
        }
        return d
    }

    mutating func badEnum(_ node: JSONNode, _ key: String, _ value: String, _ allowed: [String], extra: String = "") {
        let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        error(node, "invalid \"\(key)\" '\(value)'" + Suggestions.hint(for: value, in: allowed) + ": expected \(list)\(extra)")
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ key: String, _ type: E.Type,
                                                                caseInsensitive: Bool = false) -> E?
    where E.RawValue == String {
        guard let s = string(node, key) else { return nil }
        if let value = E(rawValue: s) { return value }
        if caseInsensitive, let value = E.allCases.first(where: { $0.rawValue.lowercased() == s.lowercased() }) {
            return value
        }
        badEnum(node, key, s, E.allCases.map(\.rawValue))
        return nil
    }

    mutating func color(_ node: JSONNode, _ key: String) -> ThemeColor? {
        let parsed: Result<RGBA, ColorSyntaxError>
        if let hex = node.stringValue {
            if ThemeColor.isReference(hex) {
                return ThemeColor(reference: hex, location: SourceLocation(file: file, node.position))
            }
            parsed = ColorSyntax.parse(hex: hex)
        } else if let members = node.objectMembers {
            var components: [(key: String, value: Double)] = []
            for member in members {
                guard let d = member.value.doubleValue else {
                    error(member.value, "color component \"\(member.key)\" must be a number, got \(member.value.typeName)")
                    return nil
                }
                components.append((member.key, d))
            }
            parsed = ColorSyntax.parse(components: components)
        } else {
            error(node, "\"\(key)\" must be a color (\(ColorSyntax.forms)), got \(node.typeName)")
            return nil
        }
        switch parsed {
        case .success(let color): return ThemeColor(color: color, location: SourceLocation(file: file, node.position))
        case .failure(let e): error(node, e.message); return nil
        }
    }
}
