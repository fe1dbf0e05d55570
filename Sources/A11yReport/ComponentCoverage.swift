import A11yModel

/// What the rules could check in one component, and what they could not: the report's
/// `coverage` entry for it (docs/reports.md), so that a spec that checks little does not
/// pass in silence.
///
/// Counts, all of them; computed where the spec rules run, with the component's findings.
public struct ComponentCoverage: Sendable, Hashable {
    public var file: String
    public var component: String
    /// The kind's name (`checkbox`, …); `unknown` for a spec of no known kind.
    public var kind: String
    /// Variants checked: the spec's, disabled ones included (the label, target and layout
    /// rules read them); for a Swift file, one per component call.
    public var variants: Int
    /// Distinct themes the variants were checked in.
    public var themes: Int
    /// Distinct appearances of those themes: the part of a theme's name after `@`
    /// (`brand@dark`); a theme without one is one appearance; 0 without themes.
    public var appearances: Int
    /// Languages the label rules read the variants in: 1, or each language of the spec's
    /// String Catalog when a variant has a `textKey`.
    public var languages: Int
    /// Contrast checks measured (a variant's pair in a theme, the check's alternatives once:
    /// a button's fill or border is one check).
    public var pairsChecked: Int
    /// Contrast checks the kind needs that could not be measured.
    public var pairsUnverified: Int
    /// Why, by reason (`missing-color`, …), counting `pairsUnverified`.
    public var unverifiedReasons: [String: Int]
    /// Where the component is written (its spec's `name`, or its first call in a Swift file).
    public var location: SourceLocation

    public init(file: String, component: String, kind: String, variants: Int, themes: Int, appearances: Int,
                languages: Int, pairsChecked: Int, pairsUnverified: Int, unverifiedReasons: [String: Int],
                location: SourceLocation) {
        self.file = file
        self.component = component
        self.kind = kind
        self.variants = variants
        self.themes = themes
        self.appearances = appearances
        self.languages = languages
        self.pairsChecked = pairsChecked
        self.pairsUnverified = pairsUnverified
        self.unverifiedReasons = unverifiedReasons
        self.location = location
    }

    /// Something the rules could not check: a pair left unmeasured, or no variant or no
    /// theme to check at all.
    public var isIncomplete: Bool { pairsUnverified > 0 || variants == 0 || themes == 0 }

    /// The distinct appearances among these theme names (the part after the last `@`; none
    /// is one appearance of its own).
    public static func appearances(of themes: some Sequence<String>) -> Int {
        Set(themes.map { name -> String? in
            // Without an `@` byte there is no `@` character: most names are read no further.
            guard name.utf8.contains(UInt8(ascii: "@")) else { return nil }
            return name.lastIndex(of: "@").map { String(name[name.index(after: $0)...]) }
        }).count
    }

    /// Report order, as findings: by file, then component, then where it is written.
    public static func order(_ a: ComponentCoverage, _ b: ComponentCoverage) -> Bool {
        (a.file, a.component, a.location.line, a.location.column) < (b.file, b.component, b.location.line, b.location.column)
    }
}
