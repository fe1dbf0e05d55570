/// Where a colour a contrast pair used came from, when it was not written in the spec's
/// own theme: reports name it (`measured.foregroundSource` / `backgroundSource`), so that a
/// failing colour nobody wrote in the spec is traced to what gave it.
///
/// One case per kind of origin; a colour written in the theme itself has none.
public enum ColorOrigin: Sendable, Hashable {
    /// A colour of a built-in colour-scheme preset (`Rules/presets/`): a role the
    /// checkbox's theme does not set, filled from the `default` scheme, or every colour of
    /// a spec without themes. The preset's name.
    case preset(String)
    /// A reference resolved in a colour source (docs/colour-sources.md).
    case reference(ColorDefinition)

    /// The JSON object reports write: `{"preset": "default"}`.
    public var measured: Measured.Value {
        switch self {
        case .preset(let name): .object(Measured([("preset", .string(name))]))
        case .reference(let d):
            .object(Measured([("ref", .string(d.reference)), ("file", .string(d.file)), ("line", .number(Double(d.line))),
                              ("value", .string(d.value))]))
        }
    }

    /// `{color.text.primary} = #8A8A8A (dark.tokens.json:12)`: how text and HTML reports show
    /// a `foregroundSource` / `backgroundSource` of a reference; nil for anything else.
    public static func text(_ source: Measured) -> String? {
        guard let ref = source.string("ref"), let value = source.string("value") else { return nil }
        guard let file = source.string("file"), let line = source.number("line") else { return "\(ref) = \(value)" }
        // The file's name; a colour set's `Contents.json` with its folder (`Brand.colorset/Contents.json`).
        let parts = file.split(separator: "/")
        let name = parts.suffix(parts.last == "Contents.json" ? 2 : 1).joined(separator: "/")
        return "\(ref) = \(value) (\(name):\(Int(line)))"
    }
}

/// Where a colour named by reference is defined: the reference as the spec wrote it, the file
/// and 1-based line of the value that resolved it, and that value as written there. Colour
/// sources give it with each colour (`SourcedColor`); reports carry it as
/// `ColorOrigin.reference`.
public struct ColorDefinition: Sendable, Hashable {
    public var reference: String
    public var file: String
    public var line: Int
    public var value: String

    public init(reference: String, file: String, line: Int, value: String) {
        self.reference = reference
        self.file = file
        self.line = line
        self.value = value
    }
}

extension ColorOrigin {
    /// The definition of a colour that came from a reference; nil for a preset's.
    public var definition: ColorDefinition? {
        if case .reference(let definition) = self { return definition }
        return nil
    }
}
