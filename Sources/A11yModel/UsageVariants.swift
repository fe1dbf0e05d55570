import Foundation
import A11yPattern
import A11ySwiftReader

/// A Swift call that configures a component, e.g. `checkbox.configure(text: …)`,
/// `OUDSCheckboxItem("Label", isOn: $on)` or `OUDSSwitchItem("Wi-Fi", isOn: $on)`.
/// Described as data in `Rules/presets/component-calls.yml`: how each kind's variants
/// are recognised in `usage` and in Swift files.
public struct ComponentCall: Sendable {
    public var name: String
    /// The kind of component the call configures.
    public var kind: ComponentKind = .checkbox
    /// Where the call is recognised: in a spec's `usage` only (`Button(`, `Toggle(` are too
    /// common in app code to stand for a design-system component there), or in Swift files too.
    public var inSwiftFiles = true
    /// A modifier the call's chain must have (`.toggleStyle(.switch)` for a `Toggle`), as
    /// `name(argument)` with white space removed.
    public var requiredModifier: String?
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
                geometry: Geometry = Geometry(), kind: ComponentKind = .checkbox, inSwiftFiles: Bool = true,
                requiredModifier: String? = nil) {
        self.name = name
        self.kind = kind
        self.inSwiftFiles = inSwiftFiles
        self.requiredModifier = requiredModifier
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
    public var call: ComponentCall
    public var variant: Variant
}

/// Component calls made the first time they are asked for, then kept (the built-in catalogue's:
/// their patterns are compiled only when a spec's `usage` or a Swift file is read, so a run of
/// specs without `usage` compiles none).
public final class ComponentCallSource: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [ComponentCall]?
    private let make: @Sendable () -> [ComponentCall]

    public init(_ make: @escaping @Sendable () -> [ComponentCall]) { self.make = make }

    public var calls: [ComponentCall] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let calls = make()
        made = calls
        return calls
    }
}

/// Turns `configure(...)` / initializer calls in Swift code (a spec's `usage`, or a
/// Swift file) into variants (docs/spec-format.md: variants from usage).
public struct UsageVariantReader: Sendable {
    public enum Context: Sendable { case specUsage, swiftFile }

    public var calls: [ComponentCall] {
        get { source?.calls ?? givenCalls }
        set {
            givenCalls = newValue
            source = nil
        }
    }
    private var givenCalls: [ComponentCall]
    private var source: ComponentCallSource?

    public init(calls: [ComponentCall]) { givenCalls = calls }

    /// The calls `source` makes, read the first time a spec's `usage` or a Swift file needs them.
    public init(callsFrom source: ComponentCallSource) {
        givenCalls = []
        self.source = source
    }

    /// Labels that only a checkbox's configuration has.
    static let checkboxArguments: Set<String> = [
        "shape", "isChecked", "isEnabled", "isError", "errorText", "isReadOnly", "isReversed", "colorScheme", "isOn",
    ]

    /// The variants of a `kind` spec that its `usage` configures.
    public func variants(in source: SwiftSource, file: String, context: Context, kind: ComponentKind,
                         location: (Int) -> SourceLocation) -> [Variant] {
        derivedCalls(in: source, file: file, context: context, location: location)
            .filter { $0.call.kind == kind }.map(\.variant)
    }

    /// `literals`: a pass over `source`'s masked text that holds the calls' texts, when the
    /// caller has one (`SourceRuleSet.findingTexts(of:)`); else each pattern searches alone.
    public func derivedCalls(in source: SwiftSource, file: String, context: Context, literals: LiteralOffsets? = nil,
                             location: (Int) -> SourceLocation) -> [DerivedCall] {
        var found: [(offset: Int, call: ComponentCall, variant: Variant)] = []
        // Receivers given an accessibility label somewhere in the file, read when first needed.
        var labelled: Set<[UInt8]>?
        // The calls are read in place (a copy of each, for every file, retained and released its
        // strings and arrays, which every worker thread shares); one is copied when it matches.
        calls.withUnsafeBufferPointer { calls in
            for index in calls.indices where context == .specUsage || calls[index].inSwiftFiles {
                let pointer = calls.baseAddress! + index
                // Shipped patterns are simple; a limit hit just means no variant from this call.
                // The masked text is valid UTF-8 (`SwiftSource` repairs what is not): not validated
                // again for every call pattern, as the array overload would. A file without a text
                // every match holds (`OUDSSwitchItem`, `configure`) is not searched at all: most files
                // name none of the calls, and a byte search tells that far faster than PCRE2.
                let matches = (try? source.masked.withUnsafeBufferPointer { buffer throws(PatternLimitError) in
                    pointer.pointee.pattern.lacksRequiredText(buffer, literals: literals) ? []
                        : try pointer.pointee.pattern.matches(in: buffer, subjectIsValidUTF8: true)
                }) ?? []
                if matches.isEmpty { continue }
                let call = pointer.pointee
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
                    let chain = source.chain(after: close)
                    if let required = call.requiredModifier, !chain.contains(where: { Self.spelled($0) == required }) { continue }
                    applyChain(chain, to: &variant)
                    if let receiver = source.receiver(before: start) {
                        if labelled == nil { labelled = source.receiversSettingAccessibilityLabel() }
                        if labelled!.contains(receiver) { variant.accessibility.label = .value(Self.dynamicValue) }
                    }
                    if context == .swiftFile, variant.colorScheme == nil { variant.colorScheme = call.colorScheme }
                    variant.name = VariantNaming.name(for: variant)
                    found.append((start, call, variant))
                }
            }
        }
        return found.sorted { $0.offset < $1.offset }.map { DerivedCall(call: $0.call, variant: $0.variant) }
    }

    /// `toggleStyle(.switch)`: a modifier as written, white space removed.
    static func spelled(_ modifier: SwiftModifier) -> String {
        let arguments = modifier.arguments.map { ($0.label.map { $0 + ":" } ?? "") + $0.value.raw }
        return (modifier.name + "(" + arguments.joined(separator: ",") + ")").filter { !$0.isWhitespace }
    }

    /// Stands for a value set by code that a11ylint cannot evaluate.
    public static let dynamicValue = "(set in code)"

    private func apply(_ arguments: [SwiftArgument], of call: ComponentCall, to variant: inout Variant) {
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
