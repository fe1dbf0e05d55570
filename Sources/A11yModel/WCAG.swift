/// The WCAG 2.x figures a11ylint checks against, each defined here once: the rules'
/// defaults (`RuleOptions`), the contrast measurements, the `contrast` command and the
/// reports read them from here. `.a11ylint.yml` may change the sizes and the conformance
/// level of a run, not these definitions. (The criteria's names and pages are in
/// `Report.swift`.)
extension WCAG {
    // MARK: Contrast ratios (1.4.3 Contrast (Minimum), 1.4.6 Contrast (Enhanced), 1.4.11)

    /// 1.4.3, level AA: normal text.
    public static let textContrastAA = 4.5
    /// 1.4.3, level AA: large text.
    public static let largeTextContrastAA = 3.0
    /// 1.4.6, level AAA: normal text.
    public static let textContrastAAA = 7.0
    /// 1.4.6, level AAA: large text.
    public static let largeTextContrastAAA = 4.5
    /// 1.4.11 Non-text Contrast: a control's boundary and state marks (AA).
    public static let nonTextContrast = 3.0

    public static let textContrastAACriterion = "1.4.3"
    public static let textContrastAAACriterion = "1.4.6"
    public static let nonTextContrastCriterion = "1.4.11"

    /// Every contrast minimum, in the order the `contrast` command lists them.
    public static let contrastChecks: [(name: String, ratio: Double)] = [
        ("AA normal text", textContrastAA), ("AA large text", largeTextContrastAA),
        ("AAA normal text", textContrastAAA), ("AAA large text", largeTextContrastAAA),
        ("non-text (\(nonTextContrastCriterion))", nonTextContrast),
    ]

    // MARK: Large text (the WCAG definition of "large scale" text)

    /// Text at least this size in points is large…
    public static let largeTextSize = 18.0
    /// …and bold text at least this size.
    public static let largeBoldTextSize = 14.0

    // MARK: Target size, points per side

    /// 2.5.8 Target Size (Minimum), AA: below it is an error.
    public static let minimumTargetSize = 24.0
    public static let minimumTargetSizeCriterion = "2.5.8"
    /// 2.5.5 Target Size (Enhanced), AAA, and Apple's Human Interface Guidelines: below it
    /// is a warning.
    public static let recommendedTargetSize = 44.0
    public static let recommendedTargetSizeCriterion = "2.5.5"
}

/// The WCAG conformance level a run checks text contrast at.
public enum ConformanceLevel: String, Sendable, Hashable, CaseIterable {
    case AA, AAA

    /// The text-contrast minimum for this level (WCAG 1.4.3 / 1.4.6).
    public func requiredTextRatio(largeText: Bool) -> Double {
        switch (self, largeText) {
        case (.AA, false): WCAG.textContrastAA
        case (.AA, true): WCAG.largeTextContrastAA
        case (.AAA, false): WCAG.textContrastAAA
        case (.AAA, true): WCAG.largeTextContrastAAA
        }
    }

    public var textCriterion: String { self == .AA ? WCAG.textContrastAACriterion : WCAG.textContrastAAACriterion }
}
