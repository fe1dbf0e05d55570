/// The keys the spec format knows, per object (docs/spec-format.md). Anything else in
/// `a11y` is a `spec-unknown-key` warning with a did-you-mean.
public enum SpecKeys {
    public static let base = ["name", "description", "import", "properties", "usage", "tags", "a11y"]
    public static let a11y = ["kind", "lang", "strings", "geometry", "typography", "accessibility", "themes", "variants", "suppress",
                                   "colorSources", "colors", "background", "backdrop"]
    public static let colorSources = ["tokens", "assetCatalogs"]
    /// A spec of no known kind is read with the checkbox's keys, colour roles and variant
    /// keys (the first kind a11ylint had); each kind declares its own in `Kinds/<Kind>/`.
    public static let geometry = CheckboxKind().geometryKeys
    public static let hitArea = ["minWidth", "minHeight"]
    public static let typography = ["font", "fallback", "size", "lineHeight", "weight", "textStyle", "maxLines"]
    public static let accessibility = ["label", "value", "traits"]
    public static let theme = ["background", "backdrop", "colors"]
    public static let colorRoles = CheckboxKind().colorRoles ?? []
    public static let variant = CheckboxKind().variantKeys
    public static let suppression = ["rule", "variant", "theme", "reason"]
    public static let weights = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
}

/// Ids of the findings the model itself produces while reading specs.
public enum ModelRuleID {
    public static let unknownKey = "spec-unknown-key"
    public static let unknownKind = "spec-unknown-kind"
    public static let duplicateKey = "spec-duplicate-key"
    public static let indexConsistency = "index-consistency"
}
