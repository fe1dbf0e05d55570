/// The checkbox (docs/spec-format.md: the a11y object, variants from usage, layout): a
/// square or circular indicator with a checkmark, leading its label.
public struct CheckboxKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .checkbox }
    public var inferenceWords: [String] { ["checkbox"] }
    public var geometryKeys: [String] { ["outerSize", "innerSize", "borderWidth", "cornerRadius", "gap", "hitArea"] }
    public var defaultGeometry: Geometry { Geometry() }
    public var variantKeys: [String] {
        ["name", "text", "textKey", "lang", "shape", "isChecked", "isEnabled", "isError", "errorText", "isReadOnly", "layout",
         "layoutDirection", "width", "contentSize", "themes", "accessibility"]
    }
    public var colorRoles: [String]? {
        ["borderEnabled", "borderDisabled", "checkedFill", "checkmark", "textEnabled", "textDisabled", "borderError",
         "textError"]
    }
    public var usesDefaultColorScheme: Bool { true }
    /// The built-in scheme's colours; the label's (`textEnabled`, `textDisabled`) serve every kind.
    public var drawingColors: [String: RGBA] {
        ["borderEnabled": RGBA(red: 0, green: 0, blue: 0, alpha: 0.55), "borderDisabled": RGBA(red: 0, green: 0, blue: 0, alpha: 0.25),
         "borderError": RGBA(red: 0.804, green: 0.235, blue: 0.078, alpha: 1),
         "checkedFill": RGBA(red: 64 / 255, green: 178 / 255, blue: 89 / 255, alpha: 1),
         "checkmark": .white, "textEnabled": RGBA(red: 0, green: 0, blue: 0, alpha: 0.5),
         "textDisabled": RGBA(red: 0, green: 0, blue: 0, alpha: 0.25),
         "textError": RGBA(red: 0.804, green: 0.235, blue: 0.078, alpha: 1)]
    }
    public var allowsIndeterminate: Bool { true }
    public var shapes: [CheckboxShape] { CheckboxShape.allCases }
    public var defaultAccessibility: DefaultAccessibility {
        DefaultAccessibility(label: "text", value: "state", traits: ["button"])
    }
    public var forbiddenStates: [[StateFlag]] { [[.error, .readOnly], [.error, .disabled], [.readOnly, .disabled]] }

    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        var checks = IndicatorContrast.text(variant)
        if variant.isChecked {
            checks.append(Self.fill)
            checks.append(variant.checkState == .indeterminate ? Self.dash : Self.checkmark)
        } else if !variant.isError {
            checks.append(Self.uncheckedBorder)
        }
        IndicatorContrast.errorBorder(variant, theme: theme, into: &checks)
        return checks
    }

    // Made once: the kinds are asked for every variant in every theme.
    private static let fill = ContrastCheck(.init(.nonText, role: "checkedFill", subject: "Checked indicator fill"))
    private static let checkmark = ContrastCheck(.init(.nonText, role: "checkmark", subject: "Checkmark", on: .role("checkedFill")))
    private static let dash = ContrastCheck(.init(.nonText, role: "checkmark", subject: "Indeterminate dash",
                                                  on: .role("checkedFill")))
    private static let uncheckedBorder = ContrastCheck(.init(.nonText, role: "borderEnabled",
                                                             subject: "Unchecked indicator border"))
}

/// What the checkbox and the radio share: label and error text, and the error border.
enum IndicatorContrast {
    /// The label's check, and in error the error text's (room is kept for the indicator's).
    static func text(_ variant: Variant) -> [ContrastCheck] {
        var checks: [ContrastCheck] = []
        checks.reserveCapacity(5)
        checks.append(label)
        if variant.isError { checks.append(errorText) }
        return checks
    }

    /// In error, the border drawn in `borderError` (or, without it, the unchecked
    /// `borderEnabled`) against the background, appended to `checks`.
    static func errorBorder(_ variant: Variant, theme: Theme, into checks: inout [ContrastCheck]) {
        guard variant.isError else { return }
        if theme.colors["borderError"] != nil {
            checks.append(errorBorder)
        } else if !variant.isChecked {
            checks.append(errorBorderEnabled)
        }
    }

    // Made once: the kinds are asked for every variant in every theme.
    private static let label = ContrastCheck(.init(.text, role: "textEnabled", subject: "Label text"))
    private static let errorText = ContrastCheck(.init(.text, role: "textError", subject: "Error text"))
    private static let errorBorder = ContrastCheck(.init(.nonText, role: "borderError", subject: "Error indicator border"))
    private static let errorBorderEnabled = ContrastCheck(.init(.nonText, role: "borderEnabled",
                                                                subject: "Error indicator border"))
}

extension ComponentKind {
    public static let checkbox = ComponentKind(named: "checkbox")
}
