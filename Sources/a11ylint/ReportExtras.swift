import A11yModel
import A11yLayout
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

    /// An SVG drawing of each variant's layout, keyed for the HTML reporter; variants
    /// that cannot be laid out (a missing font) have none.
    static func drawings(_ specs: [ComponentSpec]) -> [String: String] {
        var result: [String: String] = [:]
        for spec in specs where spec.kind != nil {
            for variant in spec.variants {
                guard let layout = try? LayoutEngine.shared.layout(spec, variant) else { continue }
                result[ReportOptions.drawingKey(component: spec.name, variant: variant.name)] =
                    LayoutRendering.svgFragment(layout, variant: variant, spec: spec)
            }
        }
        return result
    }
}
