import A11yReport

/// A component's coverage (`ComponentCoverage`) in words, for the reports that speak: the
/// HTML page says it under each component's heading, the text summary for each component
/// the rules could not check whole. The JSON report gives the same numbers.
public enum CoverageWords {
    /// `Checked 3 variants in 2 themes (1 appearance) and 1 language: 12 contrast pairs
    /// measured, 1 could not be (missing-color: 1).`
    public static func sentence(_ coverage: ComponentCoverage) -> String {
        if coverage.variants == 0 { return "No variant to check: nothing was checked." }
        let variants = counted(coverage.variants, "variant")
        if coverage.themes == 0 { return "Checked \(variants) in no theme: no contrast pair could be measured." }
        var text = "Checked \(variants) in \(counted(coverage.themes, "theme"))"
            + " (\(counted(coverage.appearances, "appearance"))) and \(counted(coverage.languages, "language")): "
        text += coverage.pairsChecked == 0 ? "no contrast pair measured" : counted(coverage.pairsChecked, "contrast pair") + " measured"
        if coverage.pairsUnverified > 0 {
            let reasons = coverage.unverifiedReasons.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            text += ", \(coverage.pairsUnverified) could not be (" + reasons.joined(separator: ", ") + ")"
        }
        return text + "."
    }

    /// The HTML page's sentence under a component's heading, a paragraph (empty without
    /// coverage: a component made by hand).
    static func paragraph(_ coverage: ComponentCoverage?) -> String {
        guard let coverage else { return "" }
        return "<p class=\"coverage\">\(Markup.escape(sentence(coverage)))</p>\n"
    }

    /// The text summary's line for a component the rules could not check whole:
    /// `ButtonView (specs/ButtonView.json): Checked …`; nil for one checked whole.
    static func gap(_ coverage: ComponentCoverage) -> String? {
        guard coverage.isIncomplete else { return nil }
        return SafeText.escaped("\(coverage.component) (\(coverage.file)): \(sentence(coverage))")
    }

    /// The text summary names at most this many components not checked whole, then counts
    /// the rest (a run over thousands of specs keeps a bounded list).
    static let gapLimit = 20

    /// The lines after the text summary: one per component not checked whole (up to
    /// `gapLimit`), then how many more.
    static func gapLines(_ gaps: [String], total: Int) -> String {
        guard total > 0 else { return "" }
        var out = "Not checked whole: \(counted(total, "component")).\n"
        for gap in gaps { out += "  " + gap + "\n" }
        if total > gaps.count { out += "  … and \(total - gaps.count) more (the JSON report's coverage lists every one).\n" }
        return out
    }
}
