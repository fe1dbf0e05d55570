import A11yJSON

/// The keys of `a11y.geometry` (docs/spec-format.md: the a11y object, component kinds), each said once: the
/// `Geometry` field it sets and the values it takes. A kind lists the keys it reads
/// (`KindDefinition.geometryKeys`); one reader serves a spec's `geometry` and a component
/// call's (`Rules/presets/component-calls.yml`, read through `KindDefinition.readGeometry`).
enum GeometryKeys {
    /// Lengths in points, in reading order: the key, whether 0 is refused, the field.
    nonisolated(unsafe) static let lengths: [(key: String, positive: Bool, field: WritableKeyPath<Geometry, Double>)] = [
        ("outerSize", true, \.outerSize),
        ("innerSize", true, \.innerSize),
        ("borderWidth", false, \.borderWidth),
        ("cornerRadius", false, \.cornerRadius),
        ("gap", false, \.gap),
        ("dotSize", false, \.dotSize),
        ("trackWidth", true, \.trackWidth),
        ("trackHeight", true, \.trackHeight),
        ("thumbSize", false, \.thumbSize),
        ("paddingHorizontal", false, \.paddingHorizontal),
        ("paddingVertical", false, \.paddingVertical),
        ("minHeight", false, \.minHeight),
        ("iconSize", false, \.iconSize),
    ]
    /// Keys that are not lengths: `sizing` (a button's `hug` or `fill`) and `hitArea`.
    static let others = ["sizing", "hitArea"]
    /// Every key some kind may read.
    static let all = lengths.map(\.key) + others
}

extension NodeReader {
    /// Reads a `geometry` object into `geometry`: only `keys` (the kind's), the others are
    /// `spec-unknown-key`; values out of range are input errors at their position.
    mutating func readGeometry(_ node: JSONNode, keys: [String], into geometry: inout Geometry) {
        guard expectObject(node, "\"geometry\"") else { return }
        unknownKeys(node, known: keys, context: "geometry")
        for length in GeometryKeys.lengths where keys.contains(length.key) {
            guard let value = node[length.key] else { continue }
            let read = length.positive ? positive(value, length.key) : nonNegative(value, length.key)
            if let read { geometry[keyPath: length.field] = read }
        }
        if keys.contains("sizing"), let v = node["sizing"] {
            geometry.sizing = enumValue(v, "sizing", ButtonSizing.self) ?? geometry.sizing
        }
        if keys.contains("innerSize"), let inner = node["innerSize"], geometry.innerSize > geometry.outerSize {
            error(inner, "innerSize \(JSONOutput.format(geometry.innerSize)) is larger than outerSize \(JSONOutput.format(geometry.outerSize))")
        }
        if keys.contains("thumbSize"), let thumb = node["thumbSize"], geometry.thumbSize > geometry.trackHeight {
            error(thumb, "thumbSize \(JSONOutput.format(geometry.thumbSize)) is larger than trackHeight \(JSONOutput.format(geometry.trackHeight))")
        }
        guard let hit = node["hitArea"] else { return }
        if let text = hit.stringValue {
            switch text {
            case "component": geometry.hitArea = .component
            case "indicator": geometry.hitArea = .indicator
            default: badEnum(hit, "hitArea", text, ["component", "indicator"], extra: " or {\"minWidth\", \"minHeight\"}")
            }
        } else if hit.objectMembers != nil {
            unknownKeys(hit, known: SpecKeys.hitArea, context: "hitArea")
            let w = hit["minWidth"].flatMap { nonNegative($0, "minWidth") } ?? 0
            let h = hit["minHeight"].flatMap { nonNegative($0, "minHeight") } ?? 0
            geometry.hitArea = .minimum(width: w, height: h)
        } else {
            error(hit, "\"hitArea\" must be \"component\", \"indicator\" or {\"minWidth\", \"minHeight\"}, got \(hit.typeName)")
        }
    }
}

extension KindDefinition {
    /// A `geometry` object read as a spec's is: the kind's defaults, then its keys. The
    /// component calls of `Rules/presets` read theirs here (their YAML made JSON nodes), so
    /// specs and calls share one reader. The problems: input errors, and keys the kind does
    /// not read, each at its position.
    public func readGeometry(_ node: JSONNode, file: String) -> (geometry: Geometry, problems: [InputError]) {
        var reader = NodeReader(file: file)
        var geometry = defaultGeometry
        reader.readGeometry(node, keys: geometryKeys, into: &geometry)
        let unknown = (node.objectMembers ?? []).filter { !geometryKeys.contains($0.key) }.map { member in
            InputError(location: SourceLocation(file: file, member.keyPosition), message: "unknown geometry key '\(member.key)'")
        }
        return (geometry, unknown + reader.errors)
    }
}
