/// One colour pair the contrast rules measure, passing or not: measured once per spec in
/// a run. The rules report those below `required`, `--fix` and SARIF fixes rewrite them,
/// and the HTML report shows every one as swatches.
///
/// A measurement is a small value, two references and two numbers: what was measured (`Pair`:
/// the colours, the ratio, the threshold, suggestions) is held in one shared object (the
/// variants of a theme that draw the same pair at the same threshold share one), and the
/// variant, the theme and the theme's fix in another (`Place`, one per variant and theme,
/// itself pointing at the variant, the theme and the fix it shares with the other places).
/// It is still a value: setting a field of a shared pair copies it first.
public struct ContrastMeasurement: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case text, nonText }

    /// What was measured, shared by every variant of a theme that draws the pair
    /// (`ContrastMeasurements.measure` fills it once, before the measurements are handed on).
    package private(set) var pair: Pair
    /// The variant and the theme measured, held once for all the pairs of that variant in
    /// that theme: copying a measurement retains one object, not every string of both.
    public var place: Place
    /// Which check of the spec this pair belongs to: the pairs of one check are
    /// alternatives (a button's fill, else its border); the check passes when one does.
    public var check = 0
    /// Which of its theme's distinct checks (`Place.Fixes.checkFixes`) this pair's check is.
    package var distinctCheck: Int32 = 0
    /// Another way of meeting the same check passes (a button's border when its fill does
    /// not), or this failure is already reported through the check's first alternative.
    public var excused = false

    /// The theme's one consistent fix (`JointColorFix`), the same on every pair of the theme:
    /// empty when nothing fails, nil when no consistent set exists (or nothing of the theme
    /// is reported, so that nothing was solved).
    public var themeFix: [ThemeColorChange]? { place.fixes.changes }
    /// For a reported pair: the changes of `themeFix` that touch its check's colours.
    public var fix: [ThemeColorChange]? {
        guard isReported else { return nil }
        return place.fixes.checkFixes(distinctCheck)
    }

    public var variant: Variant {
        @inlinable get { place.variant }
        set { place = Place(variant: Place.HeldVariant(newValue), theme: place.heldTheme, fixes: place.fixes) }
    }
    public var theme: Theme {
        @inlinable get { place.theme }
        set { place = Place(variant: place.heldVariant, theme: Place.HeldTheme(newValue), fixes: place.fixes) }
    }

    /// A variant in a theme (`place`), and the fix of the theme. The variant and the theme are
    /// each held once for all the places that read them (a variant's in every theme, a
    /// theme's for every variant that adds no colours of its own), so that making a place
    /// copies neither.
    public final class Place: Sendable, Hashable {
        public let heldVariant: HeldVariant
        public let heldTheme: HeldTheme
        /// The theme's fix, shared by the places of every variant in that theme (by name).
        package let fixes: Fixes

        @inlinable public var variant: Variant { heldVariant.value }
        @inlinable public var theme: Theme { heldTheme.value }

        public convenience init(variant: Variant, theme: Theme) {
            self.init(variant: HeldVariant(variant), theme: HeldTheme(theme), fixes: Fixes())
        }

        /// A place that shares its variant, theme and fix with others.
        package init(variant: HeldVariant, theme: HeldTheme, fixes: Fixes) {
            self.heldVariant = variant
            self.heldTheme = theme
            self.fixes = fixes
        }

        public static func == (a: Place, b: Place) -> Bool {
            a === b || ((a.heldVariant === b.heldVariant || a.variant == b.variant)
                        && (a.heldTheme === b.heldTheme || a.theme == b.theme))
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(variant)
            hasher.combine(theme)
        }

        /// A variant, held once for its places.
        public final class HeldVariant: Sendable {
            public let value: Variant
            public init(_ value: Variant) { self.value = value }
        }

        /// A theme, held once for its places.
        public final class HeldTheme: Sendable {
            public let value: Theme
            public init(_ value: Theme) { self.value = value }
        }

        /// The theme's consistent fix and each of its distinct checks' share of it: set once
        /// by `ContrastMeasurements.measure` (`JointFixes`) before the measurements are handed
        /// on, read only afterwards.
        package final class Fixes: @unchecked Sendable {
            package var changes: [ThemeColorChange]?
            /// By distinct check of the theme; nil where none of its pairs is reported.
            package var byCheck: [[ThemeColorChange]?] = []

            package init() {}

            func checkFixes(_ index: Int32) -> [ThemeColorChange]? {
                guard changes != nil, Int(index) < byCheck.count else { return nil }
                return byCheck[Int(index)]
            }
        }
    }

    /// What one pair measured: its colours, ratio and threshold, where they come from and
    /// what would make it pass. Shared (`ContrastMeasurement.pair`); changed only before it is
    /// shared, or through a measurement's setters, which copy it. What every row reads (whether
    /// it passes, its kind) is constant: reading a `let` of a class needs no exclusivity check.
    package final class Pair: @unchecked Sendable {
        package let kind: Kind
        package var role: String
        package var subject: String
        package var foreground: RGBA
        package var background: RGBA
        package let ratio: Double
        package let required: Double
        package var wcag: [String]
        package var largeText: Bool?
        package var fontSize: Double?
        package var colorLocation: SourceLocation?
        package var written: RGBA = .black
        package var backgroundRole: String?
        package var foregroundOrigin: ColorOrigin?
        package var backgroundOrigin: ColorOrigin?
        package var suggestion: RGBA?
        package var suggestedAlpha: Double?
        package var suggestedToken: String?
        package var foregroundKey = ""
        package var backgroundKey = ""

        package init(kind: Kind, role: String, subject: String, foreground: RGBA, background: RGBA, ratio: Double,
                     required: Double, wcag: [String], largeText: Bool?, fontSize: Double?, colorLocation: SourceLocation?) {
            self.kind = kind
            self.role = role
            self.subject = subject
            self.foreground = foreground
            self.background = background
            self.ratio = ratio
            self.required = required
            self.wcag = wcag
            self.largeText = largeText
            self.fontSize = fontSize
            self.colorLocation = colorLocation
        }

        /// A copy, with its kind, ratio or threshold changed where given.
        func copy(kind: Kind? = nil, ratio: Double? = nil, required: Double? = nil) -> Pair {
            let c = Pair(kind: kind ?? self.kind, role: role, subject: subject, foreground: foreground,
                         background: background, ratio: ratio ?? self.ratio, required: required ?? self.required,
                         wcag: wcag, largeText: largeText, fontSize: fontSize, colorLocation: colorLocation)
            c.written = written
            c.backgroundRole = backgroundRole
            c.foregroundOrigin = foregroundOrigin
            c.backgroundOrigin = backgroundOrigin
            c.suggestion = suggestion
            c.suggestedAlpha = suggestedAlpha
            c.suggestedToken = suggestedToken
            c.foregroundKey = foregroundKey
            c.backgroundKey = backgroundKey
            return c
        }

        func isEqual(to o: Pair) -> Bool {
            self === o || (kind == o.kind && role == o.role && subject == o.subject && foreground == o.foreground
                && background == o.background && ratio == o.ratio && required == o.required && wcag == o.wcag
                && largeText == o.largeText && fontSize == o.fontSize && colorLocation == o.colorLocation
                && written == o.written && backgroundRole == o.backgroundRole && foregroundOrigin == o.foregroundOrigin
                && backgroundOrigin == o.backgroundOrigin && suggestion == o.suggestion
                && suggestedAlpha == o.suggestedAlpha && suggestedToken == o.suggestedToken
                && foregroundKey == o.foregroundKey && backgroundKey == o.backgroundKey)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(role)
            hasher.combine(subject)
            hasher.combine(foreground)
            hasher.combine(background)
            hasher.combine(ratio)
            hasher.combine(required)
            hasher.combine(foregroundKey)
            hasher.combine(backgroundKey)
        }
    }

    /// The pair, unshared first when another measurement holds it too (value semantics).
    private mutating func uniquePair() -> Pair {
        if !isKnownUniquelyReferenced(&pair) { pair = pair.copy() }
        return pair
    }

    /// The color role measured (textEnabled, checkedFill, checkmark, …).
    public var role: String {
        get { pair.role }
        set { uniquePair().role = newValue }
    }
    /// "Label text", "Checkmark", …: how messages name it.
    public var subject: String {
        get { pair.subject }
        set { uniquePair().subject = newValue }
    }
    public var kind: Kind {
        get { pair.kind }
        set { pair = pair.copy(kind: newValue) }
    }
    /// Opaque colors after compositing.
    public var foreground: RGBA {
        get { pair.foreground }
        set { uniquePair().foreground = newValue }
    }
    public var background: RGBA {
        get { pair.background }
        set { uniquePair().background = newValue }
    }
    public var ratio: Double {
        get { pair.ratio }
        set { pair = pair.copy(ratio: newValue) }
    }
    public var required: Double {
        get { pair.required }
        set { pair = pair.copy(required: newValue) }
    }
    public var wcag: [String] {
        get { pair.wcag }
        set { uniquePair().wcag = newValue }
    }
    public var largeText: Bool? {
        get { pair.largeText }
        set { uniquePair().largeText = newValue }
    }
    public var fontSize: Double? {
        get { pair.fontSize }
        set { uniquePair().fontSize = newValue }
    }
    /// Where the measured color is written in the spec, if it is.
    public var colorLocation: SourceLocation? {
        get { pair.colorLocation }
        set { uniquePair().colorLocation = newValue }
    }
    /// The foreground colour as written (translucent colours keep their alpha).
    public var written: RGBA {
        get { pair.written }
        set { uniquePair().written = newValue }
    }
    /// The colour role the background is, when it is a role of the theme (the checkmark
    /// lies on `checkedFill`); nil for the theme's background.
    public var backgroundRole: String? {
        get { pair.backgroundRole }
        set { uniquePair().backgroundRole = newValue }
    }
    /// Where the foreground and background colours came from when the spec's theme does not
    /// write them (a preset's colours); nil for colours written in the theme.
    public var foregroundOrigin: ColorOrigin? {
        get { pair.foregroundOrigin }
        set { uniquePair().foregroundOrigin = newValue }
    }
    public var backgroundOrigin: ColorOrigin? {
        get { pair.backgroundOrigin }
        set { uniquePair().backgroundOrigin = newValue }
    }
    /// For a failing pair: the nearest opaque colour that passes (OKLCH lightness at the
    /// colour's own hue), and for a translucent colour the smallest passing alpha.
    public var suggestion: RGBA? {
        get { pair.suggestion }
        set { uniquePair().suggestion = newValue }
    }
    public var suggestedAlpha: Double? {
        get { pair.suggestedAlpha }
        set { uniquePair().suggestedAlpha = newValue }
    }
    /// For a failing pair whose foreground is a token or colour-set reference: the nearest
    /// other colour of the same source that passes in every appearance the theme is checked
    /// in (`{color.x}` or `asset:Name`); nil when none does or nobody looked.
    public var suggestedToken: String? {
        get { pair.suggestedToken }
        set { uniquePair().suggestedToken = newValue }
    }
    /// The colour values the pair reads, as the joint fix names them: the role, or for a
    /// variant's own colour the role and where it is written; `background` for the theme's.
    public var foregroundKey: String {
        get { pair.foregroundKey }
        set { uniquePair().foregroundKey = newValue }
    }
    public var backgroundKey: String {
        get { pair.backgroundKey }
        set { uniquePair().backgroundKey = newValue }
    }

    public init(kind: Kind, variant: Variant, theme: Theme, role: String, subject: String, foreground: RGBA,
                background: RGBA, ratio: Double, required: Double, wcag: [String], largeText: Bool? = nil,
                fontSize: Double? = nil, colorLocation: SourceLocation? = nil) {
        self.init(kind: kind, place: Place(variant: variant, theme: theme), role: role, subject: subject,
                  foreground: foreground, background: background, ratio: ratio, required: required, wcag: wcag,
                  largeText: largeText, fontSize: fontSize, colorLocation: colorLocation)
    }

    /// The same, for a variant and theme shared with other pairs.
    public init(kind: Kind, place: Place, role: String, subject: String, foreground: RGBA,
                background: RGBA, ratio: Double, required: Double, wcag: [String], largeText: Bool? = nil,
                fontSize: Double? = nil, colorLocation: SourceLocation? = nil) {
        self.init(place: place, pair: Pair(kind: kind, role: role, subject: subject, foreground: foreground,
                                           background: background, ratio: ratio, required: required, wcag: wcag,
                                           largeText: largeText, fontSize: fontSize, colorLocation: colorLocation))
    }

    /// A measurement of a pair measured already (and maybe shared with other variants).
    package init(place: Place, pair: Pair) {
        self.place = place
        self.pair = pair
    }

    /// Unrounded comparison: 4.499:1 fails 4.5:1.
    public var passes: Bool { pair.ratio >= pair.required }
    /// A failure the contrast rules report.
    public var isReported: Bool { !passes && !excused }

    /// What a colour proposed for this pair's foreground must meet.
    public var requirement: ContrastRequirement { ContrastRequirement(background: background, ratio: required) }

    public static func == (a: ContrastMeasurement, b: ContrastMeasurement) -> Bool {
        a.place == b.place && a.check == b.check && a.excused == b.excused && a.themeFix == b.themeFix
            && a.fix == b.fix && a.pair.isEqual(to: b.pair)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(place)
        hasher.combine(check)
        hasher.combine(excused)
        pair.hash(into: &hasher)
    }
}


/// One change of a theme's consistent fix, with where the colour is written.
public struct ThemeColorChange: Sendable, Hashable {
    /// The colour value's key in the fix (`ContrastMeasurement.foregroundKey`).
    public var key: String
    /// The colour role, or `background`.
    public var role: String
    /// As written (translucent colours keep their alpha), and the new value.
    public var from: RGBA
    public var to: RGBA
    /// Where the colour is written; nil for a preset colour.
    public var location: SourceLocation?

    public init(key: String, role: String, from: RGBA, to: RGBA, location: SourceLocation?) {
        self.key = key
        self.role = role
        self.from = from
        self.to = to
        self.location = location
    }
}
