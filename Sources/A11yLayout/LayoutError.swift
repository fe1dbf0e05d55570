/// Why a layout could not be computed.
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No font matched. `searched` names what was looked at: the candidate path for a
    /// font file, or fontconfig's font directories for a family name.
    case fontMissing(requested: String, searched: [String])
    /// The file exists but HarfBuzz cannot use it as a font.
    case fontUnreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .fontMissing(let requested, let searched):
            let places = searched.isEmpty ? "nowhere" : searched.joined(separator: ", ")
            return "font '\(requested)' not found (searched: \(places))"
        case .fontUnreadable(let path, let reason):
            return "font file '\(path)' cannot be read: \(reason)"
        }
    }
}
