/// A value that may be absent, explicitly `null`, or set. Variant accessibility
/// overrides the component's field by field, and `null` means "not set" there.
public enum Override<T: Sendable & Hashable>: Sendable, Hashable {
    case inherit
    case null
    case value(T)

    /// This override applied on top of `base`.
    public func resolved(over base: T?) -> T? {
        switch self {
        case .inherit: return base
        case .null: return nil
        case .value(let v): return v
        }
    }

    public var isExplicitNull: Bool { if case .null = self { return true }; return false }
    public var isSet: Bool { if case .inherit = self { return false }; return true }
}

public enum HitArea: Sendable, Hashable {
    /// The whole component frame is tappable.
    case component
    /// Only the indicator square.
    case indicator
    /// The component frame expanded symmetrically to at least this size.
    case minimum(width: Double, height: Double)
}

/// Whether a button takes its content's width or the whole available width.
public enum ButtonSizing: String, Sendable, Hashable, CaseIterable { case hug, fill }

/// Every geometry key of every kind (docs/spec-format.md: the a11y object, component kinds); a kind reads the
/// ones it knows (`KindDefinition.geometryKeys`) and starts from its own defaults.
public struct Geometry: Sendable, Hashable {
    // Checkbox and radio indicator.
    public var outerSize: Double = 24
    public var innerSize: Double = 20
    public var borderWidth: Double = 2
    public var cornerRadius: Double = 6
    public var gap: Double = 8
    public var hitArea: HitArea = .component
    // Radio.
    public var dotSize: Double = 10
    // Switch (UISwitch's sizes).
    public var trackWidth: Double = 51
    public var trackHeight: Double = 31
    public var thumbSize: Double = 27
    // Button.
    public var paddingHorizontal: Double = 16
    public var paddingVertical: Double = 12
    public var minHeight: Double = 44
    public var iconSize: Double = 0
    public var sizing: ButtonSizing = .hug
    public init() {}
}

/// A generic component's declared size (`a11y.size`, or a variant's `size`).
public struct ComponentSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A colour pair a generic spec declares (`a11y.pairs`): roles of the theme, or
/// `background` for the theme's background.
public struct DeclaredColorPair: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable, CaseIterable { case text, nontext }
    public var foreground: String
    public var background: String
    public var role: Role
    public var location: SourceLocation?
    public init(foreground: String, background: String, role: Role, location: SourceLocation? = nil) {
        self.foreground = foreground
        self.background = background
        self.role = role
        self.location = location
    }
}

public struct Typography: Sendable, Hashable {
    /// A family name resolved through fontconfig, or a .ttf/.otf path (relative to
    /// the spec file's folder when not absolute). nil: the default family, Roboto.
    public var font: String?
    /// Where `font` is written in the spec (findings about a missing font point there).
    public var fontLocation: SourceLocation?
    /// Fonts (families or paths) tried, in order, for text the main font does not cover,
    /// before the system's fallback order.
    public var fallback: [String] = []
    public var size: Double = 14
    public var lineHeight: Double = 16
    public var weight: String = "regular"
    public var textStyle: String = "body"
    /// 0 means unlimited.
    public var maxLines: Int = 0
    public init() {}

    public static let defaultFamily = "Roboto"

    /// Bold-ish weights count toward WCAG's "large text" at 14 pt.
    public var isBold: Bool {
        ["bold", "semibold", "heavy", "black", "extrabold", "700", "800", "900", "600"].contains(weight.lowercased())
    }
}

/// How a component exposes itself to assistive technology.
public struct AccessibilityOverride: Sendable, Hashable {
    /// `"text"` means "the visible text is the label"; any other string is a literal label.
    public var label: Override<String> = .inherit
    /// `"state"` means "checked/unchecked is exposed as the value".
    public var value: Override<String> = .inherit
    public var traits: Override<[String]> = .inherit
    public init() {}
    public init(label: Override<String>, value: Override<String>, traits: Override<[String]>) {
        self.label = label
        self.value = value
        self.traits = traits
    }
}

public struct ThemeColor: Sendable, Hashable {
    public var color: RGBA
    /// Where the color's value stands in the spec (nil for preset colors).
    public var location: SourceLocation?
    /// Where the colour came from when the spec's theme does not write it (a preset's).
    public var origin: ColorOrigin?
    public init(color: RGBA, location: SourceLocation? = nil, origin: ColorOrigin? = nil) {
        self.color = color
        self.location = location
        self.origin = origin
    }
    /// A reference to a colour source as the spec writes it (`{color.text.primary}`,
    /// `asset:Brand`, `system:label`); `color` means nothing until it is resolved (`origin`
    /// then says where it came from).
    public var reference: String?
    /// Why the resolved reference cannot be measured in this appearance
    /// (`unknown-system-color`, `translucent-backdrop`): `contrast-unverified` says so.
    public var unverified: String?

    /// An unresolved reference written at `location`.
    public init(reference: String, location: SourceLocation?) {
        self.init(color: .white, location: location)
        self.reference = reference
    }

    /// Whether a spec string names a colour source rather than a literal colour.
    public static func isReference(_ text: String) -> Bool {
        // A literal colour (`#RRGGBB`, the usual case) starts with none of `{`, `a`, `s`:
        // it is told apart by its first byte, before any prefix is compared.
        switch text.utf8.first {
        case UInt8(ascii: "{"): return text.hasPrefix("{") && text.hasSuffix("}")
        case UInt8(ascii: "a"): return text.hasPrefix("asset:")
        case UInt8(ascii: "s"): return text.hasPrefix("system:")
        default: return false
        }
    }
}

public struct Theme: Sendable, Hashable {
    public var name: String
    public var background: ThemeColor
    /// The opaque color under a translucent background.
    public var backdrop: ThemeColor?
    /// Color roles: borderEnabled, borderDisabled, checkedFill, checkmark,
    /// textEnabled, textDisabled, borderError, textError, …
    public var colors: [String: ThemeColor]
    public var location: SourceLocation?
    /// The appearance of the theme's colour references this theme is resolved in (`dark`,
    /// `light-increased-contrast`, …; its name is then `THEME@APPEARANCE`); nil for a
    /// theme of literal colours.
    public var appearance: String?

    public init(name: String, background: ThemeColor, backdrop: ThemeColor? = nil,
                colors: [String: ThemeColor], location: SourceLocation? = nil) {
        self.name = name
        self.background = background
        self.backdrop = backdrop
        self.colors = colors
        self.location = location
    }

    /// The theme's name as the spec writes it (without `@APPEARANCE`).
    public var baseName: String {
        guard appearance != nil, let at = name.lastIndex(of: "@") else { return name }
        return String(name[..<at])
    }

    /// Whether any of the theme's colours is a reference still to resolve.
    public var hasReferences: Bool {
        background.reference != nil || backdrop?.reference != nil || colors.values.contains { $0.reference != nil }
    }

    /// The background as an opaque color.
    public var opaqueBackground: RGBA {
        let bg = background.color
        return bg.isOpaque ? bg : bg.composited(over: backdrop?.color ?? .white)
    }
}

public enum CheckboxShape: String, Sendable, Hashable, CaseIterable { case square, circle }
public enum CheckState: String, Sendable, Hashable { case unchecked, checked, indeterminate }
public enum LayoutOrder: String, Sendable, Hashable, CaseIterable { case `default`, reversed }
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable { case ltr, rtl }

/// A Dynamic Type category. `bodySize` is the `.body` text size at that category.
public enum ContentSize: String, Sendable, Hashable, CaseIterable, Comparable {
    case xS, S, M, L, xL, xxL, xxxL, AX1, AX2, AX3, AX4, AX5

    public var bodySize: Double {
        switch self {
        case .xS: 14
        case .S: 15
        case .M: 16
        case .L: 17
        case .xL: 19
        case .xxL: 21
        case .xxxL: 23
        case .AX1: 28
        case .AX2: 33
        case .AX3: 40
        case .AX4: 47
        case .AX5: 53
        }
    }

    /// A category by name, case-insensitively (`XL`, `xl` and `xL` are all xL; the
    /// lower-cased names are distinct).
    public init?(name: String) {
        guard let size = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = size
    }

    /// Font size and line height are multiplied by this (L is 1).
    public var scale: Double { bodySize / 17 }

    public static func < (a: ContentSize, b: ContentSize) -> Bool { a.rank < b.rank }

    /// The position in `allCases` (a switch: searching `allCases` builds the array on every
    /// comparison, and the text-clipped rule compares sizes for every variant).
    private var rank: Int {
        switch self {
        case .xS: 0
        case .S: 1
        case .M: 2
        case .L: 3
        case .xL: 4
        case .xxL: 5
        case .xxxL: 6
        case .AX1: 7
        case .AX2: 8
        case .AX3: 9
        case .AX4: 10
        case .AX5: 11
        }
    }
}

/// Where a variant came from.
public enum VariantOrigin: String, Sendable, Hashable {
    /// An entry of `a11y.variants`.
    case declared
    /// A `configure(...)` / `OUDSCheckboxItem(...)` call in `usage` or a Swift file.
    case usage
    /// The built-in set used when there is neither.
    case defaults
}

public struct Variant: Sendable, Hashable {
    /// The fields, held in one shared box (`CopyOnWrite`): rules, measurements and findings
    /// pass variants around and walk them in loops, and a copy of the box is one retain where
    /// a copy of the fields would retain each of their strings and tables.
    private var stored: CopyOnWrite<Fields>

    private struct Fields: Sendable, Hashable {
        var name: String
        var text: String?
        var shape: CheckboxShape = .square
        var checkState: CheckState = .unchecked
        var isEnabled: Bool = true
        var isError: Bool = false
        var errorText: String?
        var isReadOnly: Bool = false
        var layout: LayoutOrder = .default
        var direction: LayoutDirection = .ltr
        var width: Double = 343
        var contentSize: ContentSize = .L
        var themes: [String]?
        var colorScheme: String?
        var size: ComponentSize?
        var colors: [String: ThemeColor] = [:]
        var colorsByAppearance: [String: [String: ThemeColor]] = [:]
        var lang: String?
        var plural: String?
        var textKey: String?
        var textKeyLocation: SourceLocation?
        var accessibility: AccessibilityOverride = AccessibilityOverride()
        var location: SourceLocation
        var origin: VariantOrigin
    }

    public var name: String {
        get { stored.value.name }
        _modify { yield &stored.value.name }
    }
    public var text: String? {
        get { stored.value.text }
        _modify { yield &stored.value.text }
    }
    public var shape: CheckboxShape {
        get { stored.value.shape }
        _modify { yield &stored.value.shape }
    }
    public var checkState: CheckState {
        get { stored.value.checkState }
        _modify { yield &stored.value.checkState }
    }
    public var isEnabled: Bool {
        get { stored.value.isEnabled }
        _modify { yield &stored.value.isEnabled }
    }
    public var isError: Bool {
        get { stored.value.isError }
        _modify { yield &stored.value.isError }
    }
    public var errorText: String? {
        get { stored.value.errorText }
        _modify { yield &stored.value.errorText }
    }
    public var isReadOnly: Bool {
        get { stored.value.isReadOnly }
        _modify { yield &stored.value.isReadOnly }
    }
    public var layout: LayoutOrder {
        get { stored.value.layout }
        _modify { yield &stored.value.layout }
    }
    public var direction: LayoutDirection {
        get { stored.value.direction }
        _modify { yield &stored.value.direction }
    }
    public var width: Double {
        get { stored.value.width }
        _modify { yield &stored.value.width }
    }
    public var contentSize: ContentSize {
        get { stored.value.contentSize }
        _modify { yield &stored.value.contentSize }
    }
    /// Theme names; nil means every theme of the spec.
    public var themes: [String]? {
        get { stored.value.themes }
        _modify { yield &stored.value.themes }
    }
    /// A built-in color-scheme preset named by `colorScheme: .NAME` in usage.
    public var colorScheme: String? {
        get { stored.value.colorScheme }
        _modify { yield &stored.value.colorScheme }
    }
    /// A generic component's size for this variant (overrides the spec's).
    public var size: ComponentSize? {
        get { stored.value.size }
        _modify { yield &stored.value.size }
    }
    /// Colours this variant sets over every theme's (generic components).
    public var colors: [String: ThemeColor] {
        get { stored.value.colors }
        _modify { yield &stored.value.colors }
    }
    /// `colors` resolved in each appearance of the spec's themes, when they hold references.
    public var colorsByAppearance: [String: [String: ThemeColor]] {
        get { stored.value.colorsByAppearance }
        _modify { yield &stored.value.colorsByAppearance }
    }
    /// The label's language (BCP 47), over the spec's.
    public var lang: String? {
        get { stored.value.lang }
        _modify { yield &stored.value.lang }
    }
    /// The plural form (`one`, `other`, …) of a String Catalog text the label is checked in.
    public var plural: String? {
        get { stored.value.plural }
        _modify { yield &stored.value.plural }
    }
    /// The key of the label in the spec's String Catalog (`textKey`), and where it is written.
    public var textKey: String? {
        get { stored.value.textKey }
        _modify { yield &stored.value.textKey }
    }
    public var textKeyLocation: SourceLocation? {
        get { stored.value.textKeyLocation }
        _modify { yield &stored.value.textKeyLocation }
    }
    public var accessibility: AccessibilityOverride {
        get { stored.value.accessibility }
        _modify { yield &stored.value.accessibility }
    }
    /// Where findings about this variant point.
    public var location: SourceLocation {
        get { stored.value.location }
        _modify { yield &stored.value.location }
    }
    public var origin: VariantOrigin {
        get { stored.value.origin }
        _modify { yield &stored.value.origin }
    }

    public init(name: String, location: SourceLocation, origin: VariantOrigin) {
        stored = CopyOnWrite(Fields(name: name, location: location, origin: origin))
    }

    public var isChecked: Bool { checkState != .unchecked }

    /// The visible text, nil when absent, empty or white space only.
    public var visibleText: String? {
        guard let text else { return nil }
        // Most labels start with an ASCII letter: no need to walk Characters.
        if let first = text.utf8.first, first < 0x80, first > 0x20 { return text }
        return text.allSatisfy(\.isWhitespace) ? nil : text
    }
}

public struct SpecSuppression: Sendable, Hashable {
    public var rule: String
    public var variant: String?
    public var theme: String?
    public var reason: String
    public var location: SourceLocation
    public init(rule: String, variant: String?, theme: String?, reason: String, location: SourceLocation) {
        self.rule = rule
        self.variant = variant
        self.theme = theme
        self.reason = reason
        self.location = location
    }
}

public struct ComponentSpec: Sendable, Hashable {
    /// The path as given on the command line.
    public var file: String
    public var name: String
    public var description: String?
    public var importLine: String?
    public var usage: String?
    public var tags: [String] = []
    /// nil: not a kind a11ylint knows (only generic rules run).
    public var kind: ComponentKind?
    public var kindWasInferred = false
    public var hasA11yBlock = false
    public var geometry = Geometry()
    public var typography = Typography()
    public var accessibility = AccessibilityOverride()
    public var themes: [Theme] = []
    public var variants: [Variant] = []
    public var suppressions: [SpecSuppression] = []
    /// A radio group's label (`a11y.group.label`); where the group is written.
    public var groupLabel: String?
    public var groupLocation: SourceLocation?
    /// The labels' language (BCP 47; `en` when absent): shaping, fallback fonts.
    public var lang: String?
    /// `a11y.strings`: the String Catalog (or `*.lproj` folder) the `textKey`s are in, as
    /// written (relative to the spec), where it is written, and its contents once read.
    public var stringsPath: String?
    public var stringsLocation: SourceLocation?
    public var strings: StringCatalog?
    /// A generic component's size and the colour pairs it declares.
    public var size: ComponentSize?
    public var pairs: [DeclaredColorPair] = []
    /// `a11y.colorSources`: the spec's own colour sources (paths relative to the spec).
    public var colorSources: SpecColorSources?
    /// Where component-level findings point (the `name` value).
    public var location: SourceLocation

    public init(file: String, name: String, location: SourceLocation) {
        self.file = file
        self.name = name
        self.location = location
    }

    /// The themes a variant is checked in, with the variant's own colours on top.
    public func themes(for variant: Variant) -> [Theme] {
        guard variant.themes != nil || !variant.colors.isEmpty else { return themes }
        return indexedThemes(for: variant).map(\.theme)
    }

    /// `themes(for:)`, each with its index in `themes` (names may repeat; indices do not).
    public func indexedThemes(for variant: Variant) -> [(index: Int, theme: Theme)] {
        var chosen: [(index: Int, theme: Theme)] = []
        chosen.reserveCapacity(themes.count)
        for index in themes.indices where variant.themes.map({ $0.contains(themes[index].baseName) }) ?? true {
            chosen.append((index, themes[index]))
        }
        guard !variant.colors.isEmpty else { return chosen }
        return chosen.map { entry in
            var theme = entry.theme
            let own = theme.appearance.flatMap { variant.colorsByAppearance[$0] } ?? variant.colors
            theme.colors.merge(own) { _, new in new }
            return (entry.index, theme)
        }
    }

    /// What the spec's kind says about itself; nil for a spec of no known kind.
    public var definition: (any KindDefinition)? { kind.map(Kinds.definition) }

    /// The variant's effective accessibility: variant overrides component, which
    /// overrides the kind's default (a checkbox exposes label = text, value = state,
    /// traits = [button]; see each `KindDefinition.defaultAccessibility`).
    public func effectiveAccessibility(for variant: Variant) -> EffectiveAccessibility {
        let defaults = definition?.defaultAccessibility ?? DefaultAccessibility(label: nil, value: nil, traits: nil)
        let label = variant.accessibility.label.resolved(over: accessibility.label.resolved(over: defaults.label))
        let value = variant.accessibility.value.resolved(over: accessibility.value.resolved(over: defaults.value))
        let traits = variant.accessibility.traits.resolved(over: accessibility.traits.resolved(over: defaults.traits))
        let traitsExplicit = variant.accessibility.traits.isSet || accessibility.traits.isSet
        let valueExplicitNull = variant.accessibility.value.isExplicitNull
            || (!variant.accessibility.value.isSet && accessibility.value.isExplicitNull)
        return EffectiveAccessibility(labelSource: label, valueSource: value, traits: traits ?? [],
                                      traitsExplicit: traitsExplicit, valueExplicitlyNull: valueExplicitNull,
                                      visibleText: variant.visibleText)
    }
}

/// What assistive technology is told about one variant.
public struct EffectiveAccessibility: Sendable, Hashable {
    /// `"text"`, a literal label, or nil.
    public var labelSource: String?
    /// `"state"`, a literal value, or nil.
    public var valueSource: String?
    public var traits: [String]
    public var traitsExplicit: Bool
    public var valueExplicitlyNull: Bool
    public var visibleText: String?

    /// The label VoiceOver reads, nil when there is none.
    public var label: String? {
        guard let labelSource else { return nil }
        if labelSource == "text" { return visibleText }
        return labelSource.allSatisfy(\.isWhitespace) ? nil : labelSource
    }

    /// True when the label is a literal (not "the visible text").
    public var hasLiteralLabel: Bool { labelSource != nil && labelSource != "text" && label != nil }
}

/// A built-in color scheme (`colorScheme: .NAME` in usage): one theme per appearance.
/// Presets are data under `Rules/presets/`.
public struct ColorSchemePreset: Sendable, Hashable {
    public var name: String
    public var themes: [Theme]
    public init(name: String, themes: [Theme]) {
        self.name = name
        self.themes = themes
    }
}

/// `a11y.colorSources`: colour sources a spec names for itself, paths as written (relative
/// to the spec), each with where it is written.
public struct SpecColorSources: Sendable, Hashable {
    /// A resolver document (one path) or token files (several, or a list).
    public var tokens: [String] = []
    public var tokensIsList = false
    public var assetCatalogs: [String] = []
    public var location: SourceLocation
    public init(location: SourceLocation) { self.location = location }
}
