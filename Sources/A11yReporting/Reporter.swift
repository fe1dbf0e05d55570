import A11yModel

/// The output formats `--reporter` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, junit, github, checkstyle, codeclimate, html
}

/// One foreground/background pair a contrast rule measured (passing ones too), for the
/// HTML report's swatches.
public struct ContrastPair: Sendable, Hashable {
    public var component: String
    public var variant: String
    public var theme: String
    /// What was measured, e.g. "text", "checkedFill", "checkmark".
    public var role: String
    /// Opaque `#RRGGBB` after compositing.
    public var foreground: String
    public var background: String
    public var ratio: Double
    public var required: Double

    public init(component: String, variant: String, theme: String, role: String,
                foreground: String, background: String, ratio: Double, required: Double) {
        self.component = component
        self.variant = variant
        self.theme = theme
        self.role = role
        self.foreground = foreground
        self.background = background
        self.ratio = ratio
        self.required = required
    }

    /// Unrounded comparison: 4.499:1 fails 4.5:1.
    public var passes: Bool { ratio >= required }
}

public struct ReportOptions: Sendable {
    /// Text only; the CLI decides (a terminal and no `NO_COLOR`).
    public var useColor: Bool
    /// Shown in summaries.
    public var strict: Bool
    /// For html: an SVG fragment drawing each variant's computed layout, keyed by
    /// "\(component)\u{1F}\(variant)" (filled by the caller; may be empty).
    public var variantDrawings: [String: String]
    /// For html: every contrast pair measured (including passing ones) for swatches.
    public var contrastPairs: [ContrastPair]
    /// `--quiet`: text output leaves out the summary line and note findings.
    public var quiet = false
    /// For sarif and codeclimate: the repository root paths are made relative to (nil:
    /// paths as given).
    public var paths: ReportPaths?

    public init(useColor: Bool = false, strict: Bool = false, variantDrawings: [String: String] = [:],
                contrastPairs: [ContrastPair] = []) {
        self.useColor = useColor
        self.strict = strict
        self.variantDrawings = variantDrawings
        self.contrastPairs = contrastPairs
    }

    /// The `variantDrawings` key of a variant.
    public static func drawingKey(component: String, variant: String) -> String {
        "\(component)\u{1F}\(variant)"
    }
}

public enum Reporter {
    /// Renders `report`; the same report and options always give the same bytes, ending
    /// with a newline.
    public static func render(_ report: LintReport, as format: ReportFormat, options: ReportOptions) -> String {
        switch format {
        case .text: TextReporter.render(report, options: options)
        case .json: JSONReporter.render(report)
        case .sarif: SARIFReporter.render(report, paths: options.paths)
        case .junit: JUnitReporter.render(report)
        case .github: GitHubReporter.render(report)
        case .checkstyle: CheckstyleReporter.render(report)
        case .codeclimate: CodeClimateReporter.render(report, paths: options.paths)
        case .html: HTMLReporter.render(report, options: options)
        }
    }
}

/// Tallies shared by the summaries of several formats.
struct ReportCounts {
    var errors = 0, warnings = 0, notes = 0

    init(_ findings: [Finding]) {
        for finding in findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
    }
}

/// "1 error", "2 errors", "0 notes".
func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
}
