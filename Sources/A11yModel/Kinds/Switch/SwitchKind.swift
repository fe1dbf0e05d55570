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
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: "state", traits: ["toggle"])
    }
    public var forbiddenStates: [[StateFlag]] { [[.readOnly, .disabled]] }

    /// The off track (its border when outlined) or the on track against the background,
    /// and the thumb against the track it sits on: each 3:1.
    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        var checks = [ContrastCheck(.init(.text, role: "textEnabled", subject: "Label text"))]
        let track = variant.isChecked ? "trackOn" : "trackOff"
        if variant.isChecked {
            checks.append(ContrastCheck(.init(.nonText, role: "trackOn", subject: "On track")))
        } else {
            let outline = theme.colors["borderOff"] != nil ? "borderOff" : "trackOff"
            checks.append(ContrastCheck(.init(.nonText, role: outline,
                                              subject: outline == "borderOff" ? "Off track border" : "Off track")))
        }
        checks.append(ContrastCheck(.init(.nonText, role: "thumb", subject: "Thumb", on: .role(track))))
        return checks
    }
}
