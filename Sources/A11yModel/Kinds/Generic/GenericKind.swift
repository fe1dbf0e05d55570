/// Any other component (chip, tab, link, text field, badge): no layout solver; the spec
/// declares its size and the colour pairs to check (docs/spec-format.md: component kinds).
public struct GenericKind: KindDefinition {
    public init() {}
    public var kind: ComponentKind { .generic }
    /// Never inferred: a spec says `"kind": "generic"`.
    public var inferenceWords: [String] { [] }
    public var geometryKeys: [String] { ["hitArea"] }
    public var defaultGeometry: Geometry { Geometry() }
    public var blockKeys: [String] { ["size", "pairs"] }
    public var variantKeys: [String] {
        ["name", "text", "textKey", "lang", "isEnabled", "width", "contentSize", "themes", "accessibility", "size", "colors"]
    }
    public var hasState: Bool { false }
    public var colorRoles: [String]? { nil }
    public var defaultAccessibility: DefaultAccessibility { DefaultAccessibility(label: "text", value: nil, traits: nil) }

    /// The spec's declared pairs, the same for every variant and theme.
    public var contrastChecksRead: ContrastChecksInputs { .spec }

    public func contrastChecks(for variant: Variant, in theme: Theme, spec: ComponentSpec) -> [ContrastCheck] {
        spec.pairs.map { pair in
            let kind: ColorPairRequest.Kind = pair.role == .text ? .text : .nonText
            let subject = pair.role == .text ? "Text \(pair.foreground) on \(pair.background)"
                : "\(pair.foreground) against \(pair.background)"
            let background: ColorPairRequest.Background = pair.background == "background" ? .theme : .role(pair.background)
            return ContrastCheck(.init(kind, role: pair.foreground, subject: subject, on: background))
        }
    }
}

extension ComponentKind {
    public static let generic = ComponentKind(named: "generic")
}
