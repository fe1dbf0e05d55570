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

    /// The JSON object reports write: `{"preset": "default"}`.
    public var measured: Measured.Value {
        switch self {
        case .preset(let name): .object(Measured([("preset", .string(name))]))
        }
    }
}
