/// Which rules a run checks: every rule but `disabled`, or, when `only` is set, only those
/// (a rule in both is off). The one place that says how the two combine.
public struct RuleSelection: Sendable, Hashable {
    public var disabled: Set<String>
    public var only: Set<String>?
    /// The rules the configuration turns on with `opt_in_rules`.
    public var optedIn: Set<String>
    /// The catalogue's opt-in rules (`optIn: true`): off unless named in `optedIn` or `only`.
    public var optInRules: Set<String> = []

    public init(disabled: Set<String> = [], only: Set<String>? = nil, optedIn: Set<String> = []) {
        self.disabled = disabled
        self.only = only
        self.optedIn = optedIn
    }

    public func isEnabled(_ rule: String) -> Bool {
        if disabled.contains(rule) { return false }
        if let only { return only.contains(rule) }
        if optInRules.contains(rule) { return optedIn.contains(rule) }
        return true
    }
}

/// The rules as this run sees them, resolved once from the catalogue and the configuration:
/// each rule's severity (the configuration's override, else the catalogue's default), WCAG
/// criteria, message texts and `perLanguage`, and which rules run. The linter reads every
/// finding's rule here; whatever makes a finding outside a spec or source rule (the spec
/// reader's `spec-unknown-key` and `spec-unknown-kind`, the index check, suppressions,
/// pattern limits) makes it here, so no producer carries a severity of its own.
public struct RuleBook: Sendable {
    /// A rule of the catalogue, with its severity for this run.
    public struct Entry: Sendable, Hashable {
        /// The rule as the catalogue describes it.
        public var rule: RuleDescription
        /// The configuration's severity for the rule, else the catalogue's default.
        public var severity: Severity
        public var wcag: [String] { rule.wcag }
        /// The rule's finding texts by name (its YAML's `message:`/`messages:`).
        public var messages: [String: MessageTemplate] { rule.messages }
        /// With a String Catalog, run again in every language (`perLanguage: true`).
        public var perLanguage: Bool { rule.perLanguage }
        public init(rule: RuleDescription, severity: Severity) {
            self.rule = rule
            self.severity = severity
        }
    }

    private var entries: [String: Entry]
    /// The configuration's severities by rule: they win over the one a rule chose for a
    /// finding (`touch-target` chooses warning or error by size).
    private var overrides: [String: Severity]
    public let selection: RuleSelection

    public init(entries: [String: Entry] = [:], overrides: [String: Severity] = [:],
                selection: RuleSelection = RuleSelection()) {
        self.entries = entries
        self.overrides = overrides
        self.selection = selection
    }

    public func entry(_ rule: String) -> Entry? { entries[rule] }

    /// Whether the run checks `rule` (any id: a custom rule, a rule a suppression names).
    public func isEnabled(_ rule: String) -> Bool { selection.isEnabled(rule) }

    /// The severity the configuration sets for `rule`, nil when it sets none.
    public func configuredSeverity(_ rule: String) -> Severity? { overrides[rule] }

    /// A finding of `rule`, with the rule's severity and criteria, and its message `key`
    /// filled with `values`. `fallback` is used only when the book does not know the rule
    /// (a reader used outside a linter, in tests); the message then lists the values.
    public func finding(_ rule: String, fallback: Severity, message key: String = "default",
                        _ values: KeyValuePairs<String, String>, location: SourceLocation,
                        component: String? = nil, baselineKey: String? = nil) -> Finding {
        let entry = entries[rule]
        let message = entry?.messages[key]?.render(values) ?? MessageTemplate.undescribed(rule, key: key, values)
        return Finding(rule: rule, severity: entry?.severity ?? fallback, message: message, location: location,
                       component: component, wcag: entry?.wcag ?? [], baselineKey: baselineKey)
    }
}
