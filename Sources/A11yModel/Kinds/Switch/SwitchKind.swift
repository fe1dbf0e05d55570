/// An on/off switch (docs/spec-format.md: component kinds): a track with a thumb at the row's
/// trailing edge (leading when `reversed`), UISwitch's sizes by default.
public struct SwitchKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .switch }
    public var inferenceWords: [String] { ["switch", "toggle"] }
    public var geometryKeys: [String] { ["trackWidth", "trackHeight", "thumbSize", "gap", "hitArea"] }
    public var defaultGeometry: Geometry { Geometry() }
    public var variantKeys: [String] {
        ["name", "text", "textKey", "lang", "isChecked", "isEnabled", "isReadOnly", "layout", "layoutDirection", "width", "contentSize",
         "themes", "accessibility"]
    }
    public var colorRoles: [String]? { ["trackOff", "trackOn", "thumb", "textEnabled", "textDisabled", "borderOff"] }
    /// UISwitch's colours.
    public var drawingColors: [String: RGBA] {
        ["trackOn": RGBA(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1),
         "trackOff": RGBA(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16), "thumb": .white]
    }
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: "state", traits: ["toggle"])
    }
    public var forbiddenStates: [[StateFlag]] { [[.readOnly, .disabled]] }

    /// The off track (its border when outlined) or the on track against the background,
    /// and the thumb against the track it sits on: each 3:1.
    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        if variant.isChecked { return Self.on }
        return theme.colors["borderOff"] != nil ? Self.offBordered : Self.off
    }

    // The checks of each state, made once: the kinds are asked for every variant in every theme.
    private static let label = ContrastCheck(.init(.text, role: "textEnabled", subject: "Label text"))
    private static let on = [label, ContrastCheck(.init(.nonText, role: "trackOn", subject: "On track")),
                             ContrastCheck(.init(.nonText, role: "thumb", subject: "Thumb", on: .role("trackOn")))]
    private static let thumbOff = ContrastCheck(.init(.nonText, role: "thumb", subject: "Thumb", on: .role("trackOff")))
    private static let off = [label, ContrastCheck(.init(.nonText, role: "trackOff", subject: "Off track")), thumbOff]
    private static let offBordered = [label, ContrastCheck(.init(.nonText, role: "borderOff", subject: "Off track border")),
                                      thumbOff]
}

extension ComponentKind {
    public static let `switch` = ComponentKind(named: "switch")
}
