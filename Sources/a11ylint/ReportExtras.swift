import A11yModel
import A11yRules
import A11yReporting

/// What the HTML report shows beyond findings: every contrast pair measured, and
/// each variant's computed layout.
enum ReportExtras {
    static func contrastPairs(_ specs: [ComponentSpec], options: RuleOptions) -> [ContrastPair] {
        specs.flatMap { spec in
            ContrastMeasurements.measure(spec, options: options).map { m in
                ContrastPair(component: spec.name, variant: m.variant.name, theme: m.theme.name, role: m.role,
                             foreground: m.foreground.hexRGB, background: m.background.hexRGB,
                             ratio: m.ratio, required: m.required)
            }
        }
    }

    static func drawings(_ specs: [ComponentSpec]) -> [String: String] {
        [:]
    }
}
