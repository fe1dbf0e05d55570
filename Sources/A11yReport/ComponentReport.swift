import A11yModel
import A11yLayout

/// What a reporter needs the run to keep beyond findings. Kept only when asked for: a JSON
/// or SARIF run over 10,000 specs holds no measurements and no layouts.
public struct ReportNeeds: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every contrast pair measured per component (passing ones too), with suggestions.
    public static let contrast = ReportNeeds(rawValue: 1 << 0)
    /// Each variant's computed layout at every Dynamic Type size, xS…AX5.
    public static let layouts = ReportNeeds(rawValue: 1 << 1)
    public static let none: ReportNeeds = []
}

/// One component spec as the run saw it, for reporters that show more than findings.
public struct ComponentReport: Sendable {
    public var spec: ComponentSpec
    /// Every pair the contrast rules measured (the same values the rules reported from,
    /// in measuring order); empty unless `ReportNeeds.contrast` was asked for.
    public var contrast: [ContrastMeasurement]
    /// One entry per variant in spec order; empty unless `ReportNeeds.layouts` was asked
    /// for, or when the spec is of no known kind.
    public var layouts: [VariantLayouts]
    /// The translated labels that have a finding, laid out in their language and plural form
    /// (not the source language's first form: `layouts` draws that one); empty unless
    /// `ReportNeeds.layouts` was asked for.
    public var translations: [VariantLayouts] = []
    /// The touch-target sizes the run checked against (warning below `minimum`, error
    /// below `hardMinimum`).
    public var touchTarget: Double
    public var touchTargetError: Double
    /// What the rules could check in the component (the same entry as `FileResults.coverage`).
    public var coverage: ComponentCoverage?

    public init(spec: ComponentSpec, contrast: [ContrastMeasurement] = [], layouts: [VariantLayouts] = [],
                touchTarget: Double = WCAG.recommendedTargetSize,
                touchTargetError: Double = WCAG.minimumTargetSize) {
        self.spec = spec
        self.contrast = contrast
        self.layouts = layouts
        self.touchTarget = touchTarget
        self.touchTargetError = touchTargetError
    }

    /// Report order: by file, then component name.
    public static func order(_ a: ComponentReport, _ b: ComponentReport) -> Bool {
        (a.spec.file, a.spec.name) < (b.spec.file, b.spec.name)
    }
}

/// A variant laid out at its own Dynamic Type size and at every other one.
public struct VariantLayouts: Sendable {
    public var variant: Variant
    /// xS…AX5 in order; a size the variant cannot be laid out at (a missing font) is absent.
    public var sizes: [(size: ContentSize, layout: ComponentLayout)]
    /// Why the variant could not be laid out, when it could not be at any size.
    public var error: String?

    public init(variant: Variant, sizes: [(size: ContentSize, layout: ComponentLayout)], error: String? = nil) {
        self.variant = variant
        self.sizes = sizes
        self.error = error
    }

    /// The layout at the variant's own Dynamic Type size.
    public var layout: ComponentLayout? { self[variant.contentSize] }

    public subscript(size: ContentSize) -> ComponentLayout? { sizes.first { $0.size == size }?.layout }

    /// Lays `variant` out at every Dynamic Type size.
    public static func compute(_ spec: ComponentSpec, _ variant: Variant, engine: LayoutEngine) -> VariantLayouts {
        var sizes: [(size: ContentSize, layout: ComponentLayout)] = []
        var error: String?
        for size in ContentSize.allCases {
            do { sizes.append((size, try engine.layout(spec, variant, contentSize: size))) } catch let e {
                if error == nil { error = e.description }
            }
        }
        return VariantLayouts(variant: variant, sizes: sizes, error: sizes.isEmpty ? error : nil)
    }
}
