import A11yModel
import A11yReport
import A11yRules

extension Linter {
    /// Keeps what the report needs of a spec the rules have run on: its coverage entry
    /// (always), and what the reporter asked for beyond findings.
    func record(_ run: SpecRun, into outcome: inout FileOutcome) {
        let entry = coverage(run)
        outcome.coverage.append(entry)
        if var component = componentReport(run) {
            component.coverage = entry
            outcome.components.append(component)
        }
    }

    /// What the rules could check in the spec: its variants, the themes and appearances
    /// they were checked in, its languages, and its contrast checks (those of the contrast
    /// rules that run on its kind) measured or not.
    func coverage(_ run: SpecRun) -> ComponentCoverage {
        let spec = run.spec
        let rules = specRules.ruleIDs(for: spec.kind)
        let text = rules.contains(TextContrastRule().id), nonText = rules.contains(NonTextContrastRule().id)
        // Counted while measuring when the spec was measured, else walked here.
        let contrast = !text && !nonText ? ContrastCoverage()
            : run.contrastTally.map { $0.coverage(text: text, nonText: nonText) }
                ?? ContrastCoverage(spec, text: text, nonText: nonText)
        // The theme names `ComponentSpec.themes(for:)` picks, without merging colours.
        // Which of the spec's themes some variant is checked in, then their names once each.
        var picked = Array(repeating: false, count: spec.themes.count)
        for variant in spec.variants {
            guard let names = variant.themes else { picked = picked.map { _ in true }; break }
            for (index, theme) in spec.themes.enumerated() where !picked[index] && names.contains(theme.name) {
                picked[index] = true
            }
        }
        let themes = Set(spec.themes.indices.lazy.filter { picked[$0] }.map { spec.themes[$0].name })
        return ComponentCoverage(
            file: spec.file, component: spec.name, kind: spec.kind?.rawValue ?? "unknown",
            variants: spec.variants.count, themes: themes.count,
            appearances: ComponentCoverage.appearances(of: themes), languages: run.languages,
            pairsChecked: contrast.checked, pairsUnverified: contrast.unverifiedCount,
            unverifiedReasons: contrast.unverified, location: spec.location)
    }
}
