/// A kind of component, by the name specs give it (`"kind": "radio"`). Each kind names
/// itself in its folder (`extension ComponentKind { public static let radio = … }`, beside
/// its `KindDefinition`); the kinds a11ylint knows are the ones `Kinds.all` registers.
public struct ComponentKind: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// The registered kind of this name; nil for any other name.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// A kind's name, for its declaration in its folder.
    public init(named name: String) { rawValue = name }

    /// The registered kinds, in registration order.
    public static let allCases: [ComponentKind] = Kinds.all.map(\.kind)

    public var description: String { rawValue }
}

/// What a11ylint knows about one kind of component (docs/spec-format.md: the a11y object, component kinds):
/// its spec keys and defaults (geometry keys are read by `GeometryKeys`), colour roles and
/// the contrast checks they form per state, default accessibility, forbidden state
/// combinations, and how its name is inferred. Its layout lives beside it in the layout
/// module (`KindLayout`, registered in `KindLayouts.all`). Rules check every kind unless their
/// YAML says otherwise (`kinds: all` with `exceptKinds:`, or `kinds: [radio]`).
///
/// Adding a kind touches three places and no rule YAML:
/// - a folder `Kinds/<Name>/` here: its `ComponentKind` name and its `KindDefinition`;
/// - its layout file `A11yLayout/Kinds/<Name>Layout.swift`: its `KindLayout`;
/// - its entry in `Kinds.all`, and its layout's in `KindLayouts.all` (same order).
public protocol KindDefinition: Sendable {
    var kind: ComponentKind { get }
    /// Words that, found (case-insensitively) in a spec's name or tags, make it this kind.
    var inferenceWords: [String] { get }
    /// Keys of `a11y.geometry` this kind reads, and its defaults.
    var geometryKeys: [String] { get }
    var defaultGeometry: Geometry { get }
    /// Keys of `a11y` besides the shared ones (`group` for a radio).
    var blockKeys: [String] { get }
    /// Keys of a variant.
    var variantKeys: [String] { get }
    /// The colour roles its themes may set; nil means any name (a generic spec names its own).
    var colorRoles: [String]? { get }
    /// Whether roles a theme does not set take the built-in `default` colour scheme's colours.
    var usesDefaultColorScheme: Bool { get }
    /// What a drawing of it (the HTML report, `layout --svg`) shows for roles no theme sets.
    /// The drawings use every kind's together: a role two kinds share (`textEnabled`) is
    /// listed by one of them.
    var drawingColors: [String: RGBA] { get }
    /// Roles that, unset, take another role's colour (a radio's `dot`: its `checkedFill`).
    var colorFallbacks: [String: String] { get }
    /// Whether `isChecked` may be `"indeterminate"`.
    var allowsIndeterminate: Bool { get }
    /// Whether the component has an on/off state (`isChecked`); a button has none.
    var hasState: Bool { get }
    /// Indicator shapes a variant may choose (`shape`); empty when it has none.
    var shapes: [CheckboxShape] { get }
    /// What the component exposes when the spec says nothing.
    var defaultAccessibility: DefaultAccessibility { get }
    /// State combinations the design system does not define.
    var forbiddenStates: [[StateFlag]] { get }
    /// The contrast checks of an enabled variant in a theme.
    func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck]
    /// What `contrastChecks` reads besides the spec: the contrast measurement asks once for
    /// each value of it, not for every variant in every theme.
    var contrastChecksRead: ContrastChecksInputs { get }
}

/// What a kind's contrast checks depend on besides the spec (`KindDefinition.contrastChecksRead`).
public enum ContrastChecksInputs: Sendable {
    /// The spec alone: the same checks for every variant in every theme.
    case spec
    /// The theme's colours, not the variant.
    case theme
    /// The variant and the theme.
    case variantAndTheme
}

extension KindDefinition {
    public var blockKeys: [String] { [] }
    public var usesDefaultColorScheme: Bool { false }
    public var drawingColors: [String: RGBA] { [:] }
    public var colorFallbacks: [String: String] { [:] }
    public var allowsIndeterminate: Bool { false }
    public var hasState: Bool { true }
    public var shapes: [CheckboxShape] { [] }
    public var forbiddenStates: [[StateFlag]] { [] }
    public var contrastChecksRead: ContrastChecksInputs { .variantAndTheme }
}

/// The registered kinds, in inference order (docs/spec-format.md, the a11y object: "checkbox",
/// "radio", "switch" or "toggle", "button").
public enum Kinds {
    /// The registration of every kind: one entry each. Its order is the inference order,
    /// and the order kinds are listed in messages.
    public static let all: [any KindDefinition] = [
        CheckboxKind(), RadioKind(), SwitchKind(), ButtonKind(), GenericKind(),
    ]

    public static func definition(_ kind: ComponentKind) -> any KindDefinition {
        all[index(of: kind)]
    }

    /// The place of `kind` in `all` (and in `ComponentKind.allCases`). Rules and layouts ask
    /// for a spec's kind many times per spec: the names are compared in the plain list of
    /// kinds, not by asking each registered definition for its kind.
    public static func index(of kind: ComponentKind) -> Int {
        guard let index = ComponentKind.allCases.firstIndex(of: kind) else {
            preconditionFailure("kind '\(kind.rawValue)' is not registered in Kinds.all")
        }
        return index
    }

    /// The kind a name or tag names, in registration order; nil when none does.
    public static func infer(name: String, tags: [String]) -> ComponentKind? {
        let haystack = ([name] + tags).map { $0.lowercased() }
        for definition in all {
            for word in definition.inferenceWords where haystack.contains(where: { $0.contains(word) }) {
                return definition.kind
            }
        }
        return nil
    }
}

/// A component's accessibility when its spec says nothing: `"text"` for label means the
/// visible text, `"state"` for value the checked state.
public struct DefaultAccessibility: Sendable, Hashable {
    public var label: String?
    public var value: String?
    public var traits: [String]?
    public init(label: String?, value: String?, traits: [String]?) {
        self.label = label
        self.value = value
        self.traits = traits
    }
}

/// A state a variant may be in, for forbidden combinations.
public enum StateFlag: String, Sendable, Hashable {
    case error, readOnly, disabled

    public func isSet(in variant: Variant) -> Bool {
        switch self {
        case .error: variant.isError
        case .readOnly: variant.isReadOnly
        case .disabled: !variant.isEnabled
        }
    }

    public var label: String {
        switch self {
        case .error: "error"
        case .readOnly: "read-only"
        case .disabled: "disabled"
        }
    }
}

/// One colour a contrast rule measures: a role of the theme against the theme's
/// background or against another role (itself composited over the background).
public struct ColorPairRequest: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case text, nonText }
    public enum Background: Sendable, Hashable {
        case theme
        case role(String)
    }
    public var kind: Kind
    public var role: String
    /// How messages name it: "Label text", "Checkmark", "Thumb".
    public var subject: String
    public var background: Background
    public init(_ kind: Kind, role: String, subject: String, on background: Background = .theme) {
        self.kind = kind
        self.role = role
        self.subject = subject
        self.background = background
    }
}

/// A contrast check: passes when any of its alternatives reaches its ratio (a button's
/// fill, or else its border). Alternatives whose colours the theme lacks are skipped;
/// a check with none left is not made.
public struct ContrastCheck: Sendable, Hashable {
    public var alternatives: [ColorPairRequest]
    public init(_ alternatives: [ColorPairRequest]) { self.alternatives = alternatives }
    public init(_ only: ColorPairRequest) { self.alternatives = [only] }
}
