import A11yPattern

/// A Swift call that configures a checkbox, e.g. `checkbox.configure(text: …)` or
/// `OUDSCheckboxItem("Label", isOn: $on)`. Described as data in
/// `Rules/presets/checkbox-calls.yml`.
public struct CheckboxCall: Sendable {
    public var name: String
    /// PCRE2, run over Swift with comments and strings masked; the match start is
    /// where findings about the call point.
    public var pattern: Pattern
    /// The component the call belongs to when it is found in a Swift file.
    public var component: String
    /// Argument labels that carry the visible text.
    public var textArguments: [String]
    /// A first unlabeled argument is the text (`OUDSCheckboxItem("Label", …)`).
    public var firstUnlabeledIsText: Bool
    /// In Swift files, only calls with at least one checkbox argument count
    /// (`configure(` is a common name).
    public var requiresCheckboxArgument: Bool
    /// The color-scheme preset used in Swift files when the call names none.
    public var colorScheme: String?
    /// The component's geometry in Swift files (specs say their own).
    public var geometry: Geometry

    public init(name: String, pattern: Pattern, component: String, textArguments: [String],
                firstUnlabeledIsText: Bool, requiresCheckboxArgument: Bool, colorScheme: String?,
                geometry: Geometry = Geometry()) {
        self.name = name
        self.pattern = pattern
        self.component = component
        self.textArguments = textArguments
        self.firstUnlabeledIsText = firstUnlabeledIsText
        self.requiresCheckboxArgument = requiresCheckboxArgument
        self.colorScheme = colorScheme
        self.geometry = geometry
    }
}

/// One checkbox variant found in Swift code, with the call that made it.
public struct DerivedCall: Sendable {
    public var call: CheckboxCall
    public var variant: Variant
}

/// Turns `configure(...)` / initializer calls in Swift code (a spec's `usage`, or a
/// Swift file) into variants (spec-format.md section 3).
public struct UsageVariantReader: Sendable {
    public enum Context: Sendable { case specUsage, swiftFile }

    public var calls: [CheckboxCall]

    public init(calls: [CheckboxCall]) { self.calls = calls }

    /// Labels that only a checkbox's configuration has.
    static let checkboxArguments: Set<String> = [
        "shape", "isChecked", "isEnabled", "isError", "errorText", "isReadOnly", "isReversed", "colorScheme", "isOn",
    ]

    public func variants(in source: SwiftSource, file: String, context: Context,
                         location: (Int) -> SourceLocation) -> [Variant] {
        derivedCalls(in: source, file: file, context: context, location: location).map(\.variant)
    }

    public func derivedCalls(in source: SwiftSource, file: String, context: Context,
                             location: (Int) -> SourceLocation) -> [DerivedCall] {
        var found: [(offset: Int, call: CheckboxCall, variant: Variant)] = []
        for call in calls {
            // Shipped patterns are simple; a limit hit just means no variant from this call.
            let matches = (try? call.pattern.matches(in: source.masked)) ?? []
            for match in matches {
                let start = match.range.lowerBound
                if source.isDeclaration(at: start) { continue }
                guard let open = source.masked[match.range].lastIndex(of: UInt8(ascii: "(")),
                      let close = source.matchingBracket(at: open) else { continue }
                let arguments = source.arguments(between: open, and: close)
                if context == .swiftFile, call.requiresCheckboxArgument,
                   !arguments.contains(where: { $0.label.map(Self.checkboxArguments.contains) ?? false }) { continue }
                var variant = Variant(name: "", location: location(start), origin: .usage)
                apply(arguments, of: call, to: &variant)
                applyChain(source.chain(after: close), to: &variant)
                if source.receiverSetsAccessibilityLabel(before: start) {
                    variant.accessibility.label = .value(Self.dynamicValue)
                }
                if context == .swiftFile, variant.colorScheme == nil { variant.colorScheme = call.colorScheme }
                variant.name = VariantNaming.name(for: variant)
                found.append((start, call, variant))
            }
        }
        return found.sorted { $0.offset < $1.offset }.map { DerivedCall(call: $0.call, variant: $0.variant) }
    }

    /// Stands for a value set by code that a11ylint cannot evaluate.
    public static let dynamicValue = "(set in code)"

    private func apply(_ arguments: [SwiftArgument], of call: CheckboxCall, to variant: inout Variant) {
        var sawUnlabeled = false
        for argument in arguments {
            guard let label = argument.label else {
                if call.firstUnlabeledIsText || !sawUnlabeled && argument.value.isStringLiteral {
                    if !sawUnlabeled { variant.text = argument.value.text }
                }
                sawUnlabeled = true
                continue
            }
            let value = argument.value
            if call.textArguments.contains(label) { variant.text = value.isNil ? nil : value.text; continue }
            switch label {
            case "shape": if let s = value.member.flatMap(CheckboxShape.init(rawValue:)) { variant.shape = s }
            case "isChecked", "isSelected":
                if let b = value.bool { variant.checkState = b ? .checked : .unchecked }
                else if value.member == "indeterminate" { variant.checkState = .indeterminate }
            case "isEnabled": if let b = value.bool { variant.isEnabled = b }
            case "isError": if let b = value.bool { variant.isError = b }
            case "errorText": variant.errorText = value.isNil ? nil : value.text
            case "isReadOnly": if let b = value.bool { variant.isReadOnly = b }
            case "isReversed", "isInversed": if let b = value.bool { variant.layout = b ? .reversed : .default }
            case "colorScheme": variant.colorScheme = value.member
            case "accessibilityLabel": variant.accessibility.label = value.isNil ? .null : .value(value.text ?? Self.dynamicValue)
            case "accessibilityValue": variant.accessibility.value = value.isNil ? .null : .value(value.text ?? Self.dynamicValue)
            default: break
            }
        }
    }

    /// Modifiers after the call: `.disabled(true)` disables it; an accessibility
    /// label set in the chain counts as a label.
    private func applyChain(_ modifiers: [SwiftModifier], to variant: inout Variant) {
        for modifier in modifiers {
            switch modifier.name {
            case "disabled":
                if let b = modifier.arguments.first?.value.bool { variant.isEnabled = !b }
            case "accessibilityLabel":
                variant.accessibility.label = .value(modifier.arguments.first?.value.text ?? Self.dynamicValue)
            case "accessibilityValue":
                variant.accessibility.value = .value(modifier.arguments.first?.value.text ?? Self.dynamicValue)
            default: break
            }
        }
    }
}
