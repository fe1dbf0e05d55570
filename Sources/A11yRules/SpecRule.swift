import A11yModel
import A11yLayout

/// Thresholds every rule reads; `.a11ylint.yml` may change them.
public struct RuleOptions: Sendable, Hashable {
    public var level: ConformanceLevel = .AA
    /// Text at least this size (pt) is "large" (WCAG: 18 pt, or 14 pt bold).
    public var largeTextSize = WCAG.largeTextSize
    public var largeBoldTextSize = WCAG.largeBoldTextSize
    /// Touch targets below this are warnings (Apple HIG, WCAG 2.5.5)…
    public var touchTargetWarning = WCAG.recommendedTargetSize
    /// …and below this errors (WCAG 2.5.8).
    public var touchTargetError = WCAG.minimumTargetSize
    public init() {}
}

/// A rule over one component spec. The checking code is Swift; the rule's id,
/// severity, WCAG criteria, texts and examples are data in `Rules/spec/<id>.yml`.
public protocol SpecRule: Sendable {
    var id: String { get }
    func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding]
    /// `check`'s findings appended to `findings`. The rules with many findings append them
    /// where they are made: a finding is a large value, and appending one array's to another
    /// copies each (retaining every field) and then frees the first.
    func check(_ spec: ComponentSpec, in context: SpecRuleContext, into findings: inout [Finding])
    /// Whether the rule reports from the spec's contrast measurements (`ContrastReading`).
    /// Asked through the protocol, not by a cast: the first `is` of each rule type searched
    /// the runtime's whole table of conformances, a tenth of a one-spec run.
    var readsContrast: Bool { get }
    /// Whether the rule's data is the `reasons` of the source rule of the same id.
    var readsSourceRule: Bool { get }
}

extension SpecRule {
    public var readsContrast: Bool { false }
    public var readsSourceRule: Bool { false }

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext, into findings: inout [Finding]) {
        let found = check(spec, in: context)
        // Moved in, not copied, when they are the first.
        if findings.isEmpty { findings = found } else { findings += found }
    }
}

/// What a spec rule may consult besides the spec itself.
public struct SpecRuleContext: Sendable {
    /// What is the same for every spec the rule checks, held once: the run copies a context
    /// for each spec of a rule that reads the measurements (to hand it `contrast`), and a copy
    /// then retains this one object, not every string and list of the rule's description.
    private final class Fixed: Sendable {
        let options: RuleOptions
        let description: RuleDescription
        let layoutEngine: LayoutEngine?
        let lazySourceRule: (once: OnceValue<SourceRule?>, make: @Sendable () -> SourceRule?)?
        /// This rule's finding texts made so far in the run, shared by the findings that say
        /// the same (`SharedFindingTexts`).
        let texts = SpecFindingTexts()

        init(options: RuleOptions, description: RuleDescription, layoutEngine: LayoutEngine?,
             sourceRule: (@Sendable () -> SourceRule?)?) {
            self.options = options
            self.description = description
            self.layoutEngine = layoutEngine
            lazySourceRule = sourceRule.map { (OnceValue(), $0) }
        }
    }

    private let fixed: Fixed
    public var options: RuleOptions { fixed.options }
    public var description: RuleDescription { fixed.description }
    public var layoutEngine: LayoutEngine? { fixed.layoutEngine }
    /// The spec's contrast pairs, measured once per spec by the run for every rule (and
    /// for `--fix` and the reports); nil: a rule run on its own measures them itself.
    public var contrast: [ContrastMeasurement]?
    /// The contrast checks counted while `contrast` was measured, on this same spec (nil when
    /// not known): `contrast-unverified` need not walk the checks again when none was unmeasurable.
    public var contrastTally: ContrastTally?
    /// The Swift half of a rule checked in both specs and Swift (`unhelpful-label`), compiled
    /// from the same YAML: its `reasons` are the rule's data for specs too. Compiled the first
    /// time a spec needs it (a spec whose label is its text never does).
    var sourceRule: SourceRule? {
        guard let lazySourceRule = fixed.lazySourceRule else { return nil }
        return lazySourceRule.once.get(lazySourceRule.make)
    }
    /// This rule's finding texts made so far in the run (`SharedFindingTexts`).
    var texts: SpecFindingTexts { fixed.texts }

    public init(options: RuleOptions, description: RuleDescription, layoutEngine: LayoutEngine?) {
        fixed = Fixed(options: options, description: description, layoutEngine: layoutEngine, sourceRule: nil)
    }

    /// A context whose rule reads the source rule `sourceRule` makes (`sourceRule`).
    init(options: RuleOptions, description: RuleDescription, layoutEngine: LayoutEngine?,
         sourceRule: @escaping @Sendable () -> SourceRule?) {
        fixed = Fixed(options: options, description: description, layoutEngine: layoutEngine, sourceRule: sourceRule)
    }

    /// A finding of this rule about `variant` (or the component when nil), at the
    /// variant's location unless `location` is given. Its text is the rule's `message`
    /// (its YAML's `message:`, or the entry of `messages:` named here) with `values` filled in.
    public func finding(message: String = "default", _ values: KeyValuePairs<String, String>,
                        spec: ComponentSpec, variant: Variant?, theme: Theme? = nil,
                        severity: Severity? = nil, location: SourceLocation? = nil,
                        wcag: [String]? = nil, measured: Measured = Measured()) -> Finding {
        Finding(rule: description.id, severity: severity ?? description.defaultSeverity,
                message: description.message(message, values),
                location: location ?? variant?.location ?? spec.location,
                component: spec.name, variant: variant?.name, theme: theme?.name,
                wcag: wcag ?? description.wcag, measured: measured)
    }

    /// A finding of this rule with texts already made (`SharedFindingTexts`), at `location`.
    /// `themeName`: the theme's name alone (a theme copied out of where it is held retains
    /// each of its strings and tables).
    func finding(_ texts: FindingTexts, spec: ComponentSpec, variant: Variant?,
                 themeName: String? = nil, severity: Severity? = nil, location: SourceLocation,
                 wcag: [String]) -> Finding {
        Finding(rule: description.id, severity: severity ?? description.defaultSeverity, message: texts.message,
                location: location, component: spec.name, variant: variant?.name, theme: themeName,
                wcag: wcag, measured: texts.measured)
    }
}
