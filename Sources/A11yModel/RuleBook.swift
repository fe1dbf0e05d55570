/// Every rule's severity, WCAG criteria and message texts as this run sees them (the catalogue's default,
/// or the configuration's override), looked up once per rule. Whatever makes a finding
/// outside a spec or source rule (the spec reader's `spec-unknown-key` and
/// `spec-unknown-kind`, the index check, suppressions, pattern limits) makes it here, so
/// no producer carries a severity of its own.
public struct RuleBook: Sendable {
    public struct Entry: Sendable, Hashable {
        public var severity: Severity
        public var wcag: [String]
        /// The rule's finding texts by name (its YAML's `message:`/`messages:`).
        public var messages: [String: MessageTemplate]
        public init(severity: Severity, wcag: [String], messages: [String: MessageTemplate] = [:]) {
            self.severity = severity
            self.wcag = wcag
            self.messages = messages
        }
    }

    private var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    public func entry(_ rule: String) -> Entry? { entries[rule] }

    /// A finding of `rule`, with the rule's severity and criteria, and its message `key`
    /// filled with `values`. `fallback` is used only when the book does not know the rule
    /// (a reader used outside a linter, in tests); the message then lists the values.
    public func finding(_ rule: String, fallback: Severity, message key: String = "default",
                        _ values: KeyValuePairs<String, String>, location: SourceLocation,
                        component: String? = nil, sourceLine: String? = nil) -> Finding {
        let entry = entries[rule]
        let message = entry?.messages[key]?.render(values) ?? MessageTemplate.undescribed(rule, key: key, values)
        return Finding(rule: rule, severity: entry?.severity ?? fallback, message: message, location: location,
                       component: component, wcag: entry?.wcag ?? [], sourceLine: sourceLine)
    }
}
