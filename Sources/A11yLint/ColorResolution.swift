import Foundation
import A11yJSON
import A11yModel
import A11yColorSources

/// The one place a spec's colour references (`{token}`, `asset:Name`, `system:name`) are
/// resolved, before its contrast is measured: each theme with references becomes one theme per
/// appearance its references define, named `THEME@APPEARANCE` (docs/colour-sources.md).
struct ColorResolution {
    /// Where one appearance of a theme takes its colours: the token appearance (a resolver
    /// combination, or `default`) and the iOS appearance of asset and system colours.
    struct Appearance: Hashable {
        var name: String
        var tokens: String?
        var ios: String?
    }

    let settings: ColorSettings
    let cache: ColorSourceCache
    /// Token and asset-catalog paths as the readers are given them (relative to the working
    /// directory when below it, so reports show them that way).
    let tokenPaths: [String]
    let tokensIsList: Bool
    let catalogPaths: [String]
    private(set) var errors: [InputError] = []
    private var tokenSource: (any ColorSource)??
    private var catalogSources: [any ColorSource]?

    /// Resolves `spec`'s references in place; the input errors that keep it from being linted.
    static func resolve(_ spec: inout ComponentSpec, settings: ColorSettings, cache: ColorSourceCache) -> [InputError] {
        let variantRefs = spec.variants.contains { $0.colors.values.contains { $0.reference != nil } }
        guard variantRefs || spec.themes.contains(where: \.hasReferences) else { return [] }
        var resolution = ColorResolution(spec: spec, settings: settings, cache: cache)
        resolution.expand(&spec)
        var seen = Set<String>()
        return resolution.errors.filter { seen.insert($0.description).inserted }
    }

    /// The token source and asset catalogs `spec`'s references resolve in (read already when it
    /// was resolved), and a key naming them for the run's caches.
    /// Only the kinds asked for are read (`tokens`, `catalogs`): a spec whose failing colours
    /// are all colour sets reads no token file, and the other way round.
    static func sources(for spec: ComponentSpec, settings: ColorSettings, cache: ColorSourceCache,
                        tokens readTokens: Bool = true, catalogs readCatalogs: Bool = true)
        -> (tokens: (any ColorSource)?, catalogs: [any ColorSource], key: String) {
        var resolution = ColorResolution(spec: spec, settings: settings, cache: cache)
        let tokens = resolution.tokenPaths.isEmpty || !readTokens ? nil : resolution.tokens(at: nil)
        let catalogs = resolution.catalogPaths.isEmpty || !readCatalogs ? [] : (resolution.catalogs(at: nil) ?? [])
        let key = ([String(resolution.tokensIsList)] + resolution.tokenPaths + ["|"] + resolution.catalogPaths).joined(separator: "\u{1F}")
        return (tokens, catalogs, key)
    }

    /// The token paths (a resolver, or a list of files) and asset catalogs `spec`'s references
    /// resolve in, as the readers are given them.
    static func paths(for spec: ComponentSpec, settings: ColorSettings) -> (tokens: [String], isList: Bool, catalogs: [String]) {
        let resolution = ColorResolution(spec: spec, settings: settings, cache: ColorSourceCache())
        return (resolution.tokenPaths, resolution.tokensIsList, resolution.catalogPaths)
    }

    private init(spec: ComponentSpec, settings: ColorSettings, cache: ColorSourceCache) {
        let cwd = FileManager.default.currentDirectoryPath
        var tokenPaths = settings.tokens.map { PathScope.display($0, workingDirectory: cwd) }
        var tokensIsList = settings.tokensIsList
        var catalogPaths = settings.assetCatalogs.map { PathScope.display($0, workingDirectory: cwd) }
        if let own = spec.colorSources {
            // The spec's own sources, relative to the spec (whose path is relative as given).
            let folder = (spec.file as NSString).deletingLastPathComponent
            func beside(_ path: String) -> String {
                path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
            }
            if !own.tokens.isEmpty { (tokenPaths, tokensIsList) = (own.tokens.map(beside), own.tokensIsList) }
            if !own.assetCatalogs.isEmpty { catalogPaths = own.assetCatalogs.map(beside) }
        }
        self.settings = settings
        self.cache = cache
        self.tokenPaths = tokenPaths
        self.tokensIsList = tokensIsList
        self.catalogPaths = catalogPaths
    }

    // MARK: - themes and appearances

    private mutating func expand(_ spec: inout ComponentSpec) {
        var themes: [Theme] = []
        var byName: [String: Appearance] = [:]
        for theme in spec.themes {
            let overrides = spec.variants.filter { $0.themes?.contains(theme.name) ?? true }.flatMap { $0.colors.values }
            let references = ([theme.background] + (theme.backdrop.map { [$0] } ?? []) + Array(theme.colors.values) + overrides)
                .filter { $0.reference != nil }
            guard !references.isEmpty else {
                themes.append(theme)
                continue
            }
            for appearance in appearances(of: theme, references: references) {
                byName[appearance.name] = appearance
                themes.append(resolved(theme, in: appearance))
            }
        }
        spec.themes = themes
        for index in spec.variants.indices where spec.variants[index].colors.values.contains(where: { $0.reference != nil }) {
            for appearance in byName.values {
                spec.variants[index].colorsByAppearance[appearance.name] = spec.variants[index].colors.mapValues {
                    resolve($0, in: appearance)
                }
            }
        }
    }

    /// The appearances a theme is checked in: the token source's, the four iOS ones, or the
    /// token source's mapped to iOS ones by `colors.appearances` when the theme mixes them.
    private mutating func appearances(of theme: Theme, references: [ThemeColor]) -> [Appearance] {
        let kinds = references.compactMap { $0.reference.flatMap(ColorReference.init) }
        let usesTokens = kinds.contains { if case .token = $0 { true } else { false } }
        let usesIOS = kinds.contains { if case .token = $0 { false } else { true } }
        let ios = IOSAppearance.allCases.map(\.rawValue)
        guard usesTokens else { return ios.map { Appearance(name: $0, tokens: nil, ios: $0) } }
        let at = references.first(where: { $0.reference?.hasPrefix("{") == true })?.location ?? theme.location
        guard let tokens = tokens(at: at) else { return [] }
        guard usesIOS else { return tokens.appearances.map { Appearance(name: $0, tokens: $0, ios: nil) } }
        guard let mapping = settings.appearances else {
            fail(theme.location, "theme '\(theme.name)' mixes design-token references with asset or system colours: "
                 + "map each token appearance (\(tokens.appearances.joined(separator: ", "))) to an iOS appearance "
                 + "in 'colors.appearances' of .a11ylint.yml")
            return []
        }
        return tokens.appearances.compactMap { name in
            guard let target = mapping[name] else {
                fail(theme.location, "theme '\(theme.name)': token appearance '\(name)' has no iOS appearance in "
                     + "'colors.appearances'" + Suggestions.hint(for: name, in: mapping.keys.sorted()))
                return nil
            }
            return Appearance(name: name, tokens: name, ios: target)
        }
    }

    private mutating func resolved(_ theme: Theme, in appearance: Appearance) -> Theme {
        var copy = theme
        copy.name = "\(theme.name)@\(appearance.name)"
        copy.appearance = appearance.name
        copy.background = resolve(theme.background, in: appearance)
        copy.backdrop = theme.backdrop.map { resolve($0, in: appearance) }
        copy.colors = theme.colors.mapValues { resolve($0, in: appearance) }
        // Known only now: a background from a source that is translucent, with nothing under it.
        let backdropUnusable = copy.backdrop.map { !$0.color.isOpaque && $0.unverified == nil } ?? false
        if copy.background.unverified == nil, !copy.background.color.isOpaque, copy.backdrop == nil || backdropUnusable {
            copy.background.unverified = "translucent-backdrop"
        }
        return copy
    }

    // MARK: - one reference

    private mutating func resolve(_ value: ThemeColor, in appearance: Appearance) -> ThemeColor {
        guard let text = value.reference, let reference = ColorReference(text) else { return value }
        let at = value.location
        var found: SourcedColor?
        switch reference {
        case .token(let name):
            guard let source = tokens(at: at) else { return value }
            found = source.color(named: name, in: appearance.tokens ?? "default")
            if found == nil {
                let why = (source as? TokenSet)?.problem(with: name, in: appearance.tokens)
                fail(at, "\(text): " + (why ?? "no token '\(name)'" + Suggestions.hint(for: name, in: source.colorNames)))
            }
        case .asset(let name):
            guard let catalogs = catalogs(at: at) else { return value }
            found = ColorResolver(catalogs: catalogs, system: nil).color(reference, in: appearance.ios ?? "light")
            if found == nil {
                let names = catalogs.flatMap(\.colorNames)
                fail(at, "no colour set '\(name)' in \(catalogPaths.joined(separator: ", "))" + Suggestions.hint(for: name, in: names))
            }
        case .system:
            found = ColorResolver(catalogs: [], system: cache.system(settings.systemColors)).color(reference, in: appearance.ios ?? "light")
            if found == nil {
                var unverified = value
                unverified.unverified = "unknown-system-color"
                return unverified
            }
        }
        guard let found else { return value }
        var result = ThemeColor(color: found.color, location: value.location)
        result.reference = text
        var definition = found.origin
        definition.reference = text
        result.origin = .reference(definition)
        return result
    }

    private mutating func tokens(at location: SourceLocation?) -> (any ColorSource)? {
        if let tokenSource { return tokenSource }
        guard !tokenPaths.isEmpty else {
            fail(location, "design-token references need tokens: name a resolver document or token files in "
                 + "'colors.tokens' of .a11ylint.yml or in \"colorSources\" of the spec")
            tokenSource = .some(nil)
            return nil
        }
        tokenSource = .some(read(cache.tokens(tokenPaths, isList: tokensIsList, contexts: settings.contexts), at: location))
        return tokenSource ?? nil
    }

    private mutating func catalogs(at location: SourceLocation?) -> [any ColorSource]? {
        if let catalogSources { return catalogSources.isEmpty ? nil : catalogSources }
        if catalogPaths.isEmpty {
            fail(location, "'asset:' references need asset catalogs: name them in 'colors.asset_catalogs' of "
                 + ".a11ylint.yml or in \"colorSources\" of the spec")
        }
        var read: [any ColorSource] = []
        for path in catalogPaths {
            guard let catalog = self.read(cache.assetCatalog(path, system: settings.systemColors), at: location) else {
                read = []
                break
            }
            read.append(catalog)
        }
        catalogSources = read
        return read.isEmpty ? nil : read
    }

    private mutating func read(_ result: Result<any ColorSource, ColorSourceError>, at location: SourceLocation?) -> (any ColorSource)? {
        switch result {
        case .success(let source): return source
        case .failure(let error):
            let place = error.line > 0 ? "\(error.file):\(error.line):\(max(error.column, 1))" : error.file
            fail(location, "colour source cannot be read: \(place): \(error.message)")
            return nil
        }
    }

    private mutating func fail(_ location: SourceLocation?, _ message: String) {
        errors.append(InputError(location: location ?? SourceLocation(file: "", line: 1, column: 1), message: message))
    }
}
