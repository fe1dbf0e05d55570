import A11yModel

/// The text and numbers of one rule's findings, by the small values they are made from,
/// kept for the run: a design system's specs repeat the same colours, themes, thresholds
/// and sizes, so a message and its `measured` are formatted once and every later finding
/// that says the same shares their storage (retained, not built and freed again). `Key`
/// holds everything the text and numbers depend on (the rule's message template is the
/// context's, fixed for the run). An `AnswerMemo`: the ones in use are kept, 4,096 at most.
typealias SharedFindingTexts<Key: Hashable> = AnswerMemo<Key, FindingTexts>

/// A finding's message and its numbers, as `SharedFindingTexts` keeps them.
struct FindingTexts {
    var message: String
    var measured: Measured
}

/// The run's shared texts of the spec rules that report one finding per variant or pair
/// (`SpecRuleContext.texts`): made with the context, once per run.
final class SpecFindingTexts: Sendable {
    let contrast = SharedFindingTexts<ContrastTextKey>(limit: 4_096)
    let layout = SharedFindingTexts<LayoutTextKey>(limit: 4_096)
}

/// What a contrast finding's message and `measured` are made from (`contrastFinding`).
/// The fix's changes are compared by what the finding shows of them (role, from, to).
struct ContrastTextKey: Hashable {
    var subject: String
    var role: String
    var theme: String
    var wcag: [String]
    var ratio: Double
    var required: Double
    var fontSize: Double?
    var suggestedAlpha: Double?
    var foreground: RGBA
    var background: RGBA
    var suggestion: RGBA?
    var suggestedToken: String?
    var largeText: Bool?
    var fix: [ThemeColorChange]?
    var foregroundOrigin: ColorOrigin?
    var backgroundOrigin: ColorOrigin?

    init(_ m: ContrastMeasurement) {
        subject = m.subject
        role = m.role
        theme = m.theme.name
        wcag = m.wcag
        ratio = m.ratio
        required = m.required
        fontSize = m.fontSize
        suggestedAlpha = m.suggestedAlpha
        foreground = m.foreground
        background = m.background
        suggestion = m.suggestion
        suggestedToken = m.suggestedToken
        largeText = m.largeText
        fix = m.fix
        foregroundOrigin = m.foregroundOrigin
        backgroundOrigin = m.backgroundOrigin
    }

    static func == (a: Self, b: Self) -> Bool {
        // Numbers by their bits: equal keys must write the same report bytes.
        a.ratio.bitPattern == b.ratio.bitPattern && a.required.bitPattern == b.required.bitPattern
            && a.fontSize?.bitPattern == b.fontSize?.bitPattern
            && a.suggestedAlpha?.bitPattern == b.suggestedAlpha?.bitPattern && a.foreground == b.foreground
            && a.background == b.background && a.suggestion == b.suggestion && a.subject == b.subject && a.role == b.role
            && a.theme == b.theme && a.wcag == b.wcag && a.suggestedToken == b.suggestedToken
            && a.largeText == b.largeText && a.foregroundOrigin == b.foregroundOrigin
            && a.backgroundOrigin == b.backgroundOrigin && sameShownFix(a.fix, b.fix)
    }

    /// The numbers and the theme's name: they tell the keys of a run apart; the other strings
    /// (the subject and role follow the colours, the fix the theme) cost more to hash than
    /// the rare key that shares these, which `==` still tells apart.
    func hash(into hasher: inout Hasher) {
        hasher.combine(ratio.bitPattern)
        hasher.combine(required.bitPattern)
        hasher.combine(foreground)
        hasher.combine(background)
        hasher.combine(theme)
        hasher.combine(fix?.count ?? -1)
    }

    private static func sameShownFix(_ a: [ThemeColorChange]?, _ b: [ThemeColorChange]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.count == b.count
            && zip(a, b).allSatisfy { $0.role == $1.role && $0.from == $1.from && $0.to == $1.to }
    }
}

/// What a layout rule's finding (`touch-target`, `text-clipped`) says is made from: the
/// message's name in the rule's YAML, its severity, the hit area and Dynamic Type size it
/// names, and the numbers it shows, by their bits (equal keys must write the same bytes).
struct LayoutTextKey: Hashable {
    var message: String
    var severity: Severity?
    var hitArea: HitArea?
    var contentSize: ContentSize
    var numbers: SIMD8<UInt64>
}
