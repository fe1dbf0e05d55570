import A11yModel
import A11yColorSources

/// `measured.suggestedToken` (docs/colour-sources.md): for a failing pair whose foreground is a
/// token or colour-set reference, the existing colour of the same source that makes the pair
/// pass in every appearance its theme is checked in (each with that appearance's background),
/// the nearest to the failing colour (OKLab distance summed over those appearances).
enum SuggestedTokens {
    /// One search: the source, the failing reference, and per appearance what it must meet.
    struct Question: Hashable {
        var source: String
        var reference: String
        var appearances: [Appearance]
    }

    struct Appearance: Hashable {
        var name: String
        var failing: RGBA
        var background: RGBA
        var required: Double
    }

    /// Fills `suggestedToken` of the failing pairs; nothing to do (and nothing read) when no
    /// failing pair's colour is a token or colour-set reference, and only the kind of source
    /// the failing references name is read.
    static func fill(_ measurements: inout [ContrastMeasurement], spec: ComponentSpec,
                     settings: ColorSettings, cache: ColorSourceCache) {
        var readTokens = false, readCatalogs = false
        for m in measurements where !m.passes {
            switch reference(of: m).flatMap(ColorReference.init) {
            case .token?: readTokens = true
            case .asset?: readCatalogs = true
            case .system?, nil: continue
            }
        }
        guard readTokens || readCatalogs else { return }
        let sources = ColorResolution.sources(for: spec, settings: settings, cache: cache,
                                              tokens: readTokens, catalogs: readCatalogs)
        for i in measurements.indices where !measurements[i].passes {
            guard let text = reference(of: measurements[i]), let reference = ColorReference(text) else { continue }
            let question = Question(source: sources.key, reference: text,
                                    appearances: appearances(of: measurements[i], in: measurements))
            switch reference {
            case .token(let name):
                guard let tokens = sources.tokens else { continue }
                measurements[i].suggestedToken = cache.suggestedToken(question) {
                    nearest(question, excluding: name, names: tokens.colorNames) { name, appearance in
                        tokens.color(named: name, in: appearance)?.color
                    }.map { "{\($0)}" }
                }
            case .asset(let name):
                let catalogs = sources.catalogs
                guard !catalogs.isEmpty else { continue }
                let mapping = settings.appearances ?? [:]
                measurements[i].suggestedToken = cache.suggestedToken(question) {
                    nearest(question, excluding: name, names: Array(Set(catalogs.flatMap(\.colorNames))).sorted()) { name, appearance in
                        let ios = IOSAppearance(rawValue: appearance) != nil ? appearance : (mapping[appearance] ?? "light")
                        return catalogs.lazy.compactMap { $0.color(named: name, in: ios) }.first?.color
                    }.map { "asset:\($0)" }
                }
            case .system:
                continue
            }
        }
    }

    private static func reference(of m: ContrastMeasurement) -> String? {
        if case .reference(let ref, _, _, _)? = m.foregroundOrigin { return ref }
        return nil
    }

    /// The theme's name without its `@APPEARANCE`.
    private static func base(_ theme: String) -> Substring {
        theme.split(separator: "@", maxSplits: 1).first ?? Substring(theme)
    }

    /// The same pair in each appearance of `m`'s theme, in the run's order.
    private static func appearances(of m: ContrastMeasurement, in all: [ContrastMeasurement]) -> [Appearance] {
        let theme = base(m.theme.name)
        var seen = Set<String>()
        return all.filter { other in
            other.variant.name == m.variant.name && other.role == m.role && other.kind == m.kind
                && other.subject == m.subject && other.backgroundRole == m.backgroundRole
                && reference(of: other) == reference(of: m) && base(other.theme.name) == theme
                && seen.insert(other.theme.name).inserted
        }.map { Appearance(name: $0.theme.appearance ?? "default", failing: $0.foreground,
                           background: $0.background, required: $0.required) }
    }

    /// The nearest name (sorted names, so ties go to the first) whose colour passes in every appearance.
    private static func nearest(_ question: Question, excluding own: String, names: [String],
                                color: (String, String) -> RGBA?) -> String? {
        var best: (name: String, distance: Double)?
        candidates: for name in names where name != own {
            var distance = 0.0
            for appearance in question.appearances {
                guard let written = color(name, appearance.name) else { continue candidates }
                let shown = written.isOpaque ? written : written.composited(over: appearance.background)
                guard Contrast.ratio(shown, appearance.background) >= appearance.required else { continue candidates }
                distance += JointColorFix.distance(shown, appearance.failing)
            }
            if best.map({ distance < $0.distance }) ?? true { best = (name, distance) }
        }
        return best?.name
    }
}
