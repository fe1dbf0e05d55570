/// One colour pair the contrast rules measure, passing or not: measured once per spec in
/// a run. The rules report those below `required`, `--fix` and SARIF fixes rewrite them,
/// and the HTML report shows every one as swatches.
public struct ContrastMeasurement: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case text, nonText }
    public var kind: Kind
    /// The variant and the theme measured, held once for all the pairs of that variant in
    /// that theme: copying a measurement retains one object, not every string of both.
    public var place: Place
    public var variant: Variant {
        get { place.variant }
        set { place = Place(variant: newValue, theme: place.theme) }
    }
    public var theme: Theme {
        get { place.theme }
        set { place = Place(variant: place.variant, theme: newValue) }
    }

    /// A variant in a theme (`place`).
    public final class Place: Sendable, Hashable {
        public let variant: Variant
        public let theme: Theme

        public init(variant: Variant, theme: Theme) {
            self.variant = variant
            self.theme = theme
        }

        public static func == (a: Place, b: Place) -> Bool { a === b || (a.variant == b.variant && a.theme == b.theme) }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(variant)
            hasher.combine(theme)
        }
    }
    /// The color role measured (textEnabled, checkedFill, checkmark, …).
    public var role: String
    /// "Label text", "Checkmark", …: how messages name it.
    public var subject: String
    /// Opaque colors after compositing.
    public var foreground: RGBA
    public var background: RGBA
    public var ratio: Double
    public var required: Double
    public var wcag: [String]
    public var largeText: Bool?
    public var fontSize: Double?
    /// Where the measured color is written in the spec, if it is.
    public var colorLocation: SourceLocation?
    /// The foreground colour as written (translucent colours keep their alpha).
    public var written: RGBA = .black
    /// The colour role the background is, when it is a role of the theme (the checkmark
    /// lies on `checkedFill`); nil for the theme's background.
    public var backgroundRole: String?
    /// Where the foreground and background colours came from when the spec's theme does not
    /// write them (a preset's colours); nil for colours written in the theme.
    public var foregroundOrigin: ColorOrigin?
    public var backgroundOrigin: ColorOrigin?
    /// For a failing pair: the nearest opaque colour that passes (OKLCH lightness at the
    /// colour's own hue), and for a translucent colour the smallest passing alpha.
    public var suggestion: RGBA?
    public var suggestedAlpha: Double?
    /// For a failing pair whose foreground is a token or colour-set reference: the nearest
    /// other colour of the same source that passes in every appearance the theme is checked
    /// in (`{color.x}` or `asset:Name`); nil when none does or nobody looked.
    public var suggestedToken: String?
    /// Which check of the spec this pair belongs to: the pairs of one check are
    /// alternatives (a button's fill, else its border); the check passes when one does.
    public var check = 0
    /// The colour values the pair reads, as the joint fix names them: the role, or for a
    /// variant's own colour the role and where it is written; `background` for the theme's.
    public var foregroundKey = ""
    public var backgroundKey = ""
    /// The theme's one consistent fix (`JointColorFix`), the same on every pair of the theme:
    /// empty when nothing fails, nil when no consistent set exists.
    public var themeFix: [ThemeColorChange]?
    /// For a reported pair: the changes of `themeFix` that touch its check's colours.
    public var fix: [ThemeColorChange]?

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
        self.kind = kind
        self.place = place
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

    /// Unrounded comparison: 4.499:1 fails 4.5:1.
    public var passes: Bool { ratio >= required }
    /// Another way of meeting the same check passes (a button's border when its fill does
    /// not), or this failure is already reported through the check's first alternative.
    public var excused = false
    /// A failure the contrast rules report.
    public var isReported: Bool { !passes && !excused }

    /// What a colour proposed for this pair's foreground must meet.
    public var requirement: ContrastRequirement { ContrastRequirement(background: background, ratio: required) }
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
