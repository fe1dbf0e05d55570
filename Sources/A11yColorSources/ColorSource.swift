import A11yModel

// Colours named by reference in specs and Swift code: DTCG design tokens, Xcode asset
// catalogs and the iOS system colour table (docs/spec-format.md, "Colour sources").
// Each kind of source is one `ColorSource`; `ColorReference` says which one a spec value names.

/// A colour resolved from a source in one appearance: its sRGB value (each channel already
/// clipped to 0…1) and where it came from.
public struct SourcedColor: Sendable, Hashable {
    public var color: RGBA
    public var origin: ColorDefinition

    public init(color: RGBA, origin: ColorDefinition) {
        self.color = color
        self.origin = origin
    }
}

/// One place colours come from by name, already read and resolved, immutable and shared by
/// every spec of a run.
public protocol ColorSource: Sendable {
    /// The appearances this source defines, in their order: a resolver's context combinations
    /// (`light`, `dark+high`, …; `default` for a flat token set), or the four iOS appearances
    /// `light`, `dark`, `light-increased-contrast`, `dark-increased-contrast`.
    var appearances: [String] { get }
    /// Every colour name the source knows, sorted (for did-you-mean and suggested tokens).
    var colorNames: [String] { get }
    /// The colour `name` has in `appearance`, or nil when the source has no colour of that name.
    /// `name` is the bare name: `color.text.primary` for `{color.text.primary}`,
    /// `Folder/Name` for `asset:Folder/Name`, `label` for `system:label`.
    func color(named name: String, in appearance: String) -> SourcedColor?
}

/// The four appearances of iOS colours (asset catalogs and system colours).
public enum IOSAppearance: String, Sendable, CaseIterable {
    case light
    case dark
    case lightIncreasedContrast = "light-increased-contrast"
    case darkIncreasedContrast = "dark-increased-contrast"
}

/// What a colour value in a spec names: a literal, or a reference into one kind of source.
public enum ColorReference: Sendable, Hashable {
    /// `{color.text.primary}`: a DTCG token path.
    case token(String)
    /// `asset:BrandPrimary` or `asset:Folder/Name`.
    case asset(String)
    /// `system:label`.
    case system(String)

    /// The reference a spec string makes, or nil for a literal (hex) value.
    public init?(_ text: String) {
        if text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 {
            self = .token(String(text.dropFirst().dropLast()))
        } else if text.hasPrefix("asset:"), text.count > 6 {
            self = .asset(String(text.dropFirst(6)))
        } else if text.hasPrefix("system:"), text.count > 7 {
            self = .system(String(text.dropFirst(7)))
        } else {
            return nil
        }
    }
}

/// A colour source that cannot be read as written: a token file, resolver document or colour
/// set with a bad value, an alias that resolves to nothing, a cycle. Reported as an input error
/// at `file:line:column` (1-based; 0 when the whole file is meant).
public struct ColorSourceError: Error, Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}
