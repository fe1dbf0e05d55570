import A11yModel

/// Resolves `asset:` and `system:` references in one iOS appearance: the one lookup that spec
/// themes (`A11yLint/ColorResolution.swift`) and colours written in Swift source
/// (`source-text-contrast`) both go through, so a colour set or system colour has the same value
/// wherever it is named.
public struct ColorResolver: Sendable {
    /// The configured asset catalogs, in configuration order (the first that has a name wins).
    public var catalogs: [any ColorSource]
    /// The system colour table (`colors.system_colors`).
    public var system: (any ColorSource)?

    public init(catalogs: [any ColorSource], system: (any ColorSource)?) {
        self.catalogs = catalogs
        self.system = system
    }

    /// The colour of `reference` in `appearance` (an iOS appearance name), or nil when no source
    /// knows it. Token references are not resolved here (they need a resolver document's
    /// appearances).
    public func color(_ reference: ColorReference, in appearance: String) -> SourcedColor? {
        switch reference {
        case .token: return nil
        case .asset(let name): return catalogs.lazy.compactMap { $0.color(named: name, in: appearance) }.first
        case .system(let name): return system?.color(named: name, in: appearance)
        }
    }

    /// The colour-set name an Xcode-generated colour symbol stands for (`.brandPrimary` for
    /// `BrandPrimary.colorset`, `.neutral1` for `Neutral1`), or nil when no catalog has one.
    public func assetName(forSymbol symbol: String) -> String? {
        guard let first = symbol.first else { return nil }
        for catalog in catalogs {
            for name in catalog.colorNames {
                let bare = name.split(separator: "/").last.map(String.init) ?? name
                if bare == symbol { return name }
                if let head = bare.first, head.lowercased() == String(first), bare.dropFirst() == symbol.dropFirst() {
                    return name
                }
            }
        }
        return nil
    }
}
