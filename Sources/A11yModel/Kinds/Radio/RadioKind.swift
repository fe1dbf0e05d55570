/// A radio button (docs/spec-format.md: component kinds): the checkbox's geometry with a circular
/// ring and a centred dot when selected; its variants form one group with a label.
public struct RadioKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .radio }
    public var inferenceWords: [String] { ["radio"] }
    public var geometryKeys: [String] { ["outerSize", "innerSize", "borderWidth", "gap", "dotSize", "hitArea"] }
    public var defaultGeometry: Geometry { Geometry() }
    public var blockKeys: [String] { ["group"] }
    // What differs from the checkbox is said as a difference, so the two cannot drift apart.
    private static let checkbox = CheckboxKind()

    /// The checkbox's, without `shape` (a radio's indicator is always a circle).
    public var variantKeys: [String] { Self.checkbox.variantKeys.filter { $0 != "shape" } }
    /// The checkbox's, with `dot` in place of `checkmark`.
    public var colorRoles: [String]? { Self.checkbox.colorRoles?.map { $0 == "checkmark" ? "dot" : $0 } }
    /// The checkbox's; the dot, unset, is drawn in the ring's `checkedFill`.
    public var drawingColors: [String: RGBA] { Self.checkbox.drawingColors }
    public var colorFallbacks: [String: String] { ["dot": "checkedFill"] }
    public var defaultAccessibility: DefaultAccessibility { Self.checkbox.defaultAccessibility }
    public var forbiddenStates: [[StateFlag]] { Self.checkbox.forbiddenStates }

    /// Selected: the ring (`checkedFill`) and the dot (`dot`, default `checkedFill`) against
    /// the background; unselected: the ring (`borderEnabled`); in error, the error border.
    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        var checks = IndicatorContrast.text(variant)
        if variant.isChecked {
            checks.append(Self.ring)
            checks.append(theme.colors["dot"] != nil ? Self.dot : Self.dotInRingColor)
        } else if !variant.isError {
            checks.append(Self.unselectedRing)
        }
        IndicatorContrast.errorBorder(variant, theme: theme, into: &checks)
        return checks
    }

    // Made once: the kinds are asked for every variant in every theme.
    private static let ring = ContrastCheck(.init(.nonText, role: "checkedFill", subject: "Selected ring"))
    private static let dot = ContrastCheck(.init(.nonText, role: "dot", subject: "Selected dot"))
    private static let dotInRingColor = ContrastCheck(.init(.nonText, role: "checkedFill", subject: "Selected dot"))
    private static let unselectedRing = ContrastCheck(.init(.nonText, role: "borderEnabled", subject: "Unselected ring"))
}

extension ComponentKind {
    public static let radio = ComponentKind(named: "radio")
}
