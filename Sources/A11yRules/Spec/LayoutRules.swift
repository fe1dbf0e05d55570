import A11yModel
import A11yLayout

extension SpecRuleContext {
    /// The font problem that keeps layout rules from running on `spec`, if any.
    func layoutBlocker(_ spec: ComponentSpec) -> LayoutError? {
        guard let engine = layoutEngine, spec.variants.contains(where: { $0.visibleText != nil }) else { return nil }
        do {
            _ = try engine.resolveFont(spec.typography, specFile: spec.file)
            return nil
        } catch {
            return error
        }
    }
}

/// A font that cannot be found or read: reported once per component, and the
/// layout rules are skipped for it rather than guessed.
public struct LayoutFontMissingRule: SpecRule {
    public let id = "layout-font-missing"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        guard let error = context.layoutBlocker(spec) else { return [] }
        return [context.finding(["component": spec.name, "error": error.description],
                                spec: spec, variant: nil, location: spec.typography.fontLocation ?? spec.location)]
    }
}

/// WCAG 2.5.8 (24×24, error) and 2.5.5 / Apple HIG (44×44, warning): the hit area.
public struct TouchTargetRule: SpecRule {
    public let id = "touch-target"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        var findings: [Finding] = []
        check(spec, in: context, into: &findings)
        return findings
    }

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext, into findings: inout [Finding]) {
        guard let engine = context.layoutEngine, context.layoutBlocker(spec) == nil else { return }
        for variant in spec.variants {
            if let finding = finding(spec, variant, engine: engine, in: context) { findings.append(finding) }
        }
    }

    /// The finding about `variant`'s hit area, if it is too small.
    private func finding(_ spec: ComponentSpec, _ variant: Variant, engine: LayoutEngine,
                         in context: SpecRuleContext) -> Finding? {
        let options = context.options
        guard let layout = try? engine.layout(spec, variant) else { return nil }
        // A component with no size (a generic spec that declares none) is not judged.
        guard layout.width > 0 || layout.height > 0 else { return nil }
        let w = layout.hitArea.width, h = layout.hitArea.height
        let severity: Severity
        let required: Double
        let wcag: [String]
        var message: String
        if w < options.touchTargetError || h < options.touchTargetError {
            (severity, required, wcag, message) = (.error, options.touchTargetError, Self.minimumCriteria, "belowMinimum")
        } else if w < options.touchTargetWarning || h < options.touchTargetWarning {
            (severity, required, wcag, message) = (.warning, options.touchTargetWarning, Self.recommendedCriteria,
                                                   "belowRecommended")
        } else {
            return nil
        }
        // A threshold the configuration changed is cited as the configuration's, not as
        // the WCAG size it replaces (the finding's `wcag` still names that criterion).
        let standard = severity == .error ? WCAG.minimumTargetSize : WCAG.recommendedTargetSize
        if required != standard { message = "belowConfigured" }
        let key = LayoutTextKey(message: message, severity: severity, hitArea: spec.geometry.hitArea,
                                contentSize: layout.contentSize,
                                numbers: [w.bitPattern, h.bitPattern, required.bitPattern, 0, 0, 0, 0, 0])
        let texts = context.texts.layout.answer(key) {
            FindingTexts(
                message: context.description.message(message, [
                    "size": "\(formatPoints(w))×\(formatPoints(h)) pt",
                    "target": "\(formatPoints(required))×\(formatPoints(required)) pt",
                    "criterion": wcag[0], "threshold": "\(severity.rawValue): \(formatPoints(required))"]),
                measured: Measured([("width", .number(w)), ("height", .number(h)), ("required", .number(required)),
                                    ("hitArea", .string(Self.describe(spec.geometry.hitArea))),
                                    ("contentSize", .string(layout.contentSize.rawValue))]))
        }
        return context.finding(texts, spec: spec, variant: variant, severity: severity, location: variant.location,
                               wcag: wcag)
    }

    /// The criteria a finding cites, one array shared by every finding of the run.
    static let minimumCriteria = [WCAG.minimumTargetSizeCriterion]
    static let recommendedCriteria = [WCAG.recommendedTargetSizeCriterion]

    static func describe(_ hitArea: HitArea) -> String {
        switch hitArea {
        case .component: "component"
        case .indicator: "indicator"
        case .minimum(let w, let h): "minimum \(formatPoints(w))×\(formatPoints(h))"
        }
    }
}

/// WCAG 1.4.4: with `maxLines` set, the label must still fit when text grows, at
/// every Dynamic Type size from the variant's own up to AX5.
public struct TextClippedRule: SpecRule {
    public let id = "text-clipped"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        let maxLines = spec.typography.maxLines
        guard maxLines > 0, let engine = context.layoutEngine,
              context.layoutBlocker(spec) == nil else { return [] }
        return spec.variants.compactMap { variant in
            guard variant.visibleText != nil else { return nil }
            // The first size from the variant's own up to AX5 at which the label takes more
            // than maxLines lines is reported.
            guard let layout = try? engine.firstLayout(spec, variant, from: variant.contentSize, moreLinesThan: maxLines)
            else { return nil }
            let size = layout.contentSize
            let labelWidth = layout.label?.frame.width ?? 0
            let key = LayoutTextKey(message: "default", severity: nil, hitArea: nil, contentSize: size,
                                    numbers: [UInt64(bitPattern: Int64(layout.lineCount)),
                                              UInt64(bitPattern: Int64(maxLines)), layout.fontSize.bitPattern,
                                              labelWidth.bitPattern, layout.width.bitPattern,
                                              layout.height.bitPattern, 0, 0])
            let texts = context.texts.layout.answer(key) {
                FindingTexts(
                    message: context.description.message("default", [
                        "lines": String(layout.lineCount), "contentSize": size.rawValue, "maxLines": String(maxLines)]),
                    measured: Measured([("lines", .number(Double(layout.lineCount))),
                                        ("maxLines", .number(Double(maxLines))),
                                        ("contentSize", .string(size.rawValue)), ("fontSize", .number(layout.fontSize)),
                                        ("labelWidth", .number(labelWidth)),
                                        ("width", .number(layout.width)), ("height", .number(layout.height))]))
            }
            return context.finding(texts, spec: spec, variant: variant, location: variant.location,
                                   wcag: context.description.wcag)
        }
    }
}

/// Points for messages: whole numbers bare, others with up to two decimals.
func formatPoints(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    if value == value.rounded() { return String(Int(value)) }
    var s = Contrast.twoDecimals(value)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}

/// WCAG 1.1.1: a character of a label that no available font covers draws as a box
/// (tofu). The fonts are the spec's, its `typography.fallback`, and fontconfig's fallback
/// order for the label's language.
public struct GlyphMissingRule: SpecRule {
    public let id = "glyph-missing"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        guard let engine = context.layoutEngine, context.layoutBlocker(spec) == nil,
              let font = try? engine.resolveFont(spec.typography, specFile: spec.file) else { return [] }
        var findings: [Finding] = []
        for variant in spec.variants {
            guard let text = variant.visibleText else { continue }
            let lang = variant.lang ?? spec.lang ?? "en"
            for scalar in engine.missingCharacters(in: text, font: font, lang: lang) {
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                findings.append(context.finding(
                    ["character": code, "variant": variant.name, "lang": lang],
                    spec: spec, variant: variant,
                    measured: Measured([("character", .string(code)), ("lang", .string(lang))])))
            }
        }
        return findings
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
