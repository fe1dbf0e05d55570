import Foundation
import A11yModel
import A11yRules
import A11yColorSources
import A11ySwiftReader

/// `source-text-contrast` in a linter: the colours of Swift code resolve in the configuration's
/// asset catalogs (`colors.asset_catalogs`) and system colour table (`colors.system_colors`),
/// read through the run's `ColorSourceCache`, the same readers and `ColorResolver` that spec
/// themes use (docs/colour-sources.md). The catalogs are read when the first Swift file needs them.
final class SwiftTextContrast: @unchecked Sendable {
    let rule = SourceTextContrast()
    private let settings: ColorSettings
    private let cache: ColorSourceCache
    private let lock = NSLock()
    private var resolver: ColorResolver?

    init(settings: ColorSettings, cache: ColorSourceCache) {
        self.settings = settings
        self.cache = cache
    }

    /// The resolver of this configuration's sources. A catalog that cannot be read is left out
    /// here (its colours are then not measured); specs that name it report the error.
    private var colorResolver: ColorResolver {
        lock.lock()
        defer { lock.unlock() }
        if let resolver { return resolver }
        let catalogs = settings.assetCatalogs.compactMap { path in
            try? cache.assetCatalog(path, system: settings.systemColors).get()
        }
        let made = ColorResolver(catalogs: catalogs, system: cache.system(settings.systemColors))
        resolver = made
        return made
    }

    func lint(_ source: SwiftSource, path: String, options: RuleOptions, ruleBook: RuleBook) -> [Finding] {
        rule.lint(source, path: path, resolver: colorResolver, members: cache.swiftColorMembers, options: options,
                  ruleBook: ruleBook)
    }
}
