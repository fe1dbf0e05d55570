/// What a rule is, as the catalogue under `Rules/` describes it. Reports, the SARIF
/// rule list and `a11ylint rules` all read this one description.
public struct RuleDescription: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case spec, source, input }

    public var id: String
    public var name: String
    public var kind: Kind
    public var defaultSeverity: Severity
    /// WCAG success criteria, e.g. ["1.4.3"].
    public var wcag: [String]
    /// What the rule protects (contrast, names-and-values, states, layout, source, input).
    public var category: String
    public var summary: String
    public var rationale: String
    public var howToFix: String
    /// The component kinds a spec rule applies to (`kinds:` in its YAML); nil: every kind
    /// (`kinds: all`, or no `kinds:`). A spec of no known kind gets no spec rule.
    public var kinds: [ComponentKind]?
    /// Kinds left out of `kinds: all` (`exceptKinds:` in its YAML), so that a new kind is
    /// checked by every rule that does not say otherwise.
    public var exceptKinds: [ComponentKind] = []
    /// Whether the rule's answer depends on the label's text (`perLanguage: true` in its
    /// YAML): with a String Catalog it runs again in every language, the others once.
    public var perLanguage = false
    /// Off unless the configuration names it in `opt_in_rules` (or `only_rules`, or
    /// `--only-rule`): `optIn: true` in its YAML, as SwiftLint's opt-in rules.
    public var optIn = false
    /// The texts of the rule's findings by name (`message:` in its YAML is "default";
    /// `messages:` names several), with `{name}` placeholders the rule fills in.
    public var messages: [String: MessageTemplate] = [:]

    public init(id: String, name: String, kind: Kind, defaultSeverity: Severity, wcag: [String],
                category: String, summary: String, rationale: String, howToFix: String) {
        self.id = id
        self.name = name
        self.kind = kind
        self.defaultSeverity = defaultSeverity
        self.wcag = wcag
        self.category = category
        self.summary = summary
        self.rationale = rationale
        self.howToFix = howToFix
    }

    /// Whether this rule checks a spec of `kind`.
    public func applies(to kind: ComponentKind?) -> Bool {
        guard let kind, !exceptKinds.contains(kind) else { return false }
        return kinds?.contains(kind) ?? true
    }

    /// The finding text `key` with its placeholders filled; a key the YAML lacks gives the
    /// rule id, the key and the values (a test checks every rule's keys exist).
    public func message(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        messages[key]?.render(values) ?? MessageTemplate.undescribed(id, key: key, values)
    }

    /// A page that explains the first WCAG criterion (used as help links).
    public var helpURL: String? { wcag.first.flatMap(WCAG.understandingURL(for:)) }
}

public enum WCAG {
    /// Short names of the WCAG 2.2 success criteria a11ylint cites.
    public static let criteria: [String: String] = [
        "1.3.1": "info-and-relationships",
        "3.1.2": "language-of-parts",
        "1.4.1": "use-of-color",
        "1.4.3": "contrast-minimum",
        "1.4.4": "resize-text",
        "1.4.6": "contrast-enhanced",
        "1.4.11": "non-text-contrast",
        "2.5.3": "label-in-name",
        "2.5.5": "target-size-enhanced",
        "2.5.8": "target-size-minimum",
        "3.3.1": "error-identification",
        "4.1.2": "name-role-value",
        "1.1.1": "non-text-content",
        "2.1.1": "keyboard",
    ]

    /// The W3C "Understanding" page of a criterion, e.g.
    /// https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html
    public static func understandingURL(for criterion: String) -> String? {
        criteria[criterion].map { "https://www.w3.org/WAI/WCAG22/Understanding/\($0).html" }
    }
}

/// A rewrite of one colour value that makes the contrast findings of its role and theme
/// pass: what `--fix` writes, and what SARIF offers as a fix.
public struct ReportFix: Sendable, Hashable {
    public var file: String
    public var theme: String
    public var role: String
    public var edits: [ByteEdit]
    /// The colour written, for messages (`#2DA24A`, `#0000008A`).
    public var colour: String
    /// Why the theme's set is not written (its edits are then empty): a preset colour, a
    /// notation that cannot hold the new value.
    public var unfixed: String?
    /// For a colour that came from a token or colour set: the change to make in that source
    /// (`--fix` edits the source, never the spec's reference); `edits` are then empty.
    public var source: SourceFixRequest?

    public init(file: String, theme: String, role: String, edits: [ByteEdit], colour: String) {
        self.file = file
        self.theme = theme
        self.role = role
        self.edits = edits
        self.colour = colour
    }

    /// The fix for `finding`, matched on file, theme and colour role.
    public static func key(file: String, theme: String?, role: String?) -> String {
        "\(file)\u{1F}\(theme ?? "")\u{1F}\(role ?? "")"
    }
}


/// A colour of a theme's consistent fix that came from a token or a colour set: what `--fix`
/// asks of the source (A11yLint's `SourceFixer` decides where and whether it is written).
public struct SourceFixRequest: Sendable, Hashable {
    /// Where the colour resolved, `reference` as the spec writes it (`{color.text}`, `asset:Ink`).
    public var definition: ColorDefinition
    /// The appearance of the token source, and the iOS appearance of asset colours.
    public var tokenAppearance: String?
    public var iosAppearance: String?
    public var to: RGBA
    /// The sources the spec's references resolve in (paths as the readers are given them).
    public var tokenPaths: [String]
    public var tokensIsList: Bool
    public var catalogPaths: [String]

    public init(definition: ColorDefinition, tokenAppearance: String?, iosAppearance: String?, to: RGBA,
                tokenPaths: [String], tokensIsList: Bool, catalogPaths: [String]) {
        self.definition = definition
        self.tokenAppearance = tokenAppearance
        self.iosAppearance = iosAppearance
        self.to = to
        self.tokenPaths = tokenPaths
        self.tokensIsList = tokensIsList
        self.catalogPaths = catalogPaths
    }
}
