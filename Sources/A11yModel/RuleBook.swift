/// Every rule's severity and WCAG criteria as this run sees them (the catalogue's default,
/// or the configuration's override), looked up once per rule. Whatever makes a finding
/// outside a spec or source rule (the spec reader's `spec-unknown-key` and
/// `spec-unknown-kind`, the index check, suppressions, pattern limits) makes it here, so
/// no producer carries a severity of its own.
public struct RuleBook: Sendable {
    public struct Entry: Sendable, Hashable {
        public var severity: Severity
        public var wcag: [String]
        public init(severity: Severity, wcag: [String]) {
            self.severity = severity
            self.wcag = wcag
        }
    }

    private var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    public func entry(_ rule: String) -> Entry? { entries[rule] }

    /// A finding of `rule`, with the rule's severity and criteria. `fallback` is used only
    /// when the book does not know the rule (a reader used outside a linter, in tests).
    public func finding(_ rule: String, fallback: Severity, message: String, location: SourceLocation,
                        component: String? = nil, sourceLine: String? = nil) -> Finding {
        let entry = entries[rule]
        return Finding(rule: rule, severity: entry?.severity ?? fallback, message: message, location: location,
                       component: component, wcag: entry?.wcag ?? [], sourceLine: sourceLine)
    }
}
