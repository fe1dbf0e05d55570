import A11yModel
import A11yColorSources

/// `measured.suggestedToken` (docs/colour-sources.md): for a failing pair whose foreground is a
/// token, colour-set or system-colour reference, the existing colour of the same source that makes the pair
/// pass in every appearance its theme is checked in (each with that appearance's background),
/// the nearest to the failing colour (OKLab distance summed over those appearances). When the
/// foreground is a literal colour and the background a reference, the same search for the
/// background: an opaque colour of its source under which the foreground, as written, passes.
enum SuggestedTokens {
    /// Which colour of the pair a suggestion replaces.
    enum Side: String, Hashable, CaseIterable { case foreground, background }

    /// One search: the source, the failing reference, and per appearance what it must meet.
    struct Question: Hashable {
        var source: String
        var reference: String
        var side: Side
        var appearances: [Appearance]
    }

    /// One appearance of the pair: the colour replaced (opaque, as measured), the colour kept
    /// (the background for a foreground search; the foreground as written for a background
    /// search) and the ratio needed.
    struct Appearance: Hashable {
        var name: String
        var failing: RGBA
        var kept: RGBA
        var required: Double
    }

    /// Fills `suggestedToken` of the failing pairs; nothing to do (and nothing read) when no
    /// failing pair's colour is a token or colour-set reference, and only the kind of source
    /// the failing references name is read.
    static func fill(_ measurements: inout [ContrastMeasurement], spec: ComponentSpec,
                     settings: ColorSettings, cache: ColorSourceCache) {
        var searched = false, readTokens = false, readCatalogs = false
        for m in measurements where !m.passes {
            // The side a suggestion is searched for (below): the foreground's reference first.
            guard let text = searchable(m, .foreground) ?? searchable(m, .background) else { continue }
            searched = true
            switch ColorReference(text) {
            case .token?: readTokens = true
            case .asset?: readCatalogs = true
            case .system?, nil: break
            }
        }
        guard searched else { return }
        let sources = ColorResolution.sources(for: spec, settings: settings, cache: cache,
                                              tokens: readTokens, catalogs: readCatalogs)
        for i in measurements.indices where !measurements[i].passes {
            // The foreground's source when it is a reference, else the background's.
            let side: Side = searchable(measurements[i], .foreground) != nil ? .foreground : .background
            guard let text = searchable(measurements[i], side) else { continue }
            let question = Question(source: sources.key, reference: text, side: side,
                                    appearances: appearances(of: measurements[i], in: measurements, side: side))
            measurements[i].suggestedToken = suggestion(question, sources: sources, settings: settings, cache: cache)
        }
    }

    /// The nearest passing colour of the reference's own source, searched once per run.
    private static func suggestion(_ question: Question, sources: (tokens: (any ColorSource)?, catalogs: [any ColorSource], key: String),
                                   settings: ColorSettings, cache: ColorSourceCache) -> String? {
        switch ColorReference(question.reference) {
        case .token(let name)?:
            guard let tokens = sources.tokens else { return nil }
            return cache.suggestedToken(question) {
                nearest(question, excluding: name, names: tokens.colorNames) { name, appearance in
                    tokens.color(named: name, in: appearance)?.color
                }.map { "{\($0)}" }
            }
        case .asset(let name)?:
            let catalogs = sources.catalogs
            guard !catalogs.isEmpty else { return nil }
            return cache.suggestedToken(question) {
                nearest(question, excluding: name, names: Array(Set(catalogs.flatMap(\.colorNames))).sorted()) { name, appearance in
                    catalogs.lazy.compactMap { $0.color(named: name, in: ios(appearance, settings)) }.first?.color
                }.map { "asset:\($0)" }
            }
        case .system(let name)?:
            // A system colour cannot be edited: another system colour, never a hex.
            guard let table = cache.system(settings.systemColors) else { return nil }
            return cache.suggestedToken(question) {
                nearest(question, excluding: name, names: table.colorNames) { name, appearance in
                    table.color(named: name, in: ios(appearance, settings))?.color
                }.map { "system:\($0)" }
            }
        case nil:
            return nil
        }
    }

    /// The iOS appearance asset and system colours take in `appearance` of the theme.
    private static func ios(_ appearance: String, _ settings: ColorSettings) -> String {
        IOSAppearance(rawValue: appearance) != nil ? appearance : (settings.appearances?[appearance] ?? "light")
    }

    /// The side's reference (a token, colour set or system colour: what a search can replace).
    private static func searchable(_ m: ContrastMeasurement, _ side: Side) -> String? {
        reference(of: m, side).flatMap { ColorReference($0) == nil ? nil : $0 }
    }

    private static func reference(of m: ContrastMeasurement, _ side: Side) -> String? {
        (side == .foreground ? m.foregroundOrigin : m.backgroundOrigin)?.definition?.reference
    }

    /// The theme's name without its `@APPEARANCE`.
    private static func base(_ theme: String) -> Substring {
        theme.split(separator: "@", maxSplits: 1).first ?? Substring(theme)
    }

    /// The same pair in each appearance of `m`'s theme, in the run's order.
    private static func appearances(of m: ContrastMeasurement, in all: [ContrastMeasurement], side: Side) -> [Appearance] {
        let theme = base(m.theme.name)
        var seen = Set<String>()
        return all.filter { other in
            other.variant.name == m.variant.name && other.role == m.role && other.kind == m.kind
                && other.subject == m.subject && other.backgroundRole == m.backgroundRole
                && reference(of: other, side) == reference(of: m, side) && base(other.theme.name) == theme
                && seen.insert(other.theme.name).inserted
        }.map { other in
            side == .foreground
                ? Appearance(name: other.theme.appearance ?? "default", failing: other.foreground,
                             kept: other.background, required: other.required)
                : Appearance(name: other.theme.appearance ?? "default", failing: other.background,
                             kept: other.written, required: other.required)
        }
    }

    /// The nearest name (sorted names, so ties go to the first) whose colour passes in every appearance.
    private static func nearest(_ question: Question, excluding own: String, names: [String],
                                color: (String, String) -> RGBA?) -> String? {
        var best: (name: String, distance: Double)?
        candidates: for name in names where name != own {
            var distance = 0.0
            for appearance in question.appearances {
                guard let written = color(name, appearance.name) else { continue candidates }
                let shown: RGBA
                let ratio: Double
                switch question.side {
                case .foreground:
                    shown = written.isOpaque ? written : written.composited(over: appearance.kept)
                    ratio = Contrast.ratio(shown, appearance.kept)
                case .background:
                    // What lies under a translucent background is not known here: opaque ones only.
                    guard written.isOpaque else { continue candidates }
                    shown = written
                    let kept = appearance.kept
                    ratio = Contrast.ratio(kept.isOpaque ? kept : kept.composited(over: written), written)
                }
                guard ratio >= appearance.required else { continue candidates }
                distance += JointColorFix.distance(shown, appearance.failing)
            }
            if best.map({ distance < $0.distance }) ?? true { best = (name, distance) }
        }
        return best?.name
    }
}
