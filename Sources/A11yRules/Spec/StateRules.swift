import A11yJSON
import A11yModel

/// Design-system rule: error + read-only, error + disabled and read-only + disabled
/// are undefined (the first two crash at run time in the reference component).
public struct ForbiddenStateRule: SpecRule {
    public let id = "forbidden-state"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        let forbidden = spec.definition?.forbiddenStates ?? []
        return spec.variants.compactMap { variant in
            // The kind's forbidden combinations (data on its `KindDefinition`).
            let pairs = forbidden.filter { $0.allSatisfy { $0.isSet(in: variant) } }
                .map { $0.map(\.label).joined(separator: " + ") }
            guard !pairs.isEmpty else { return nil }
            return context.finding(
                ["states": pairs.joined(separator: ", "), "variant": variant.name],
                spec: spec, variant: variant,
                measured: Measured([("isError", .bool(variant.isError)), ("isReadOnly", .bool(variant.isReadOnly)),
                                    ("isEnabled", .bool(variant.isEnabled))]))
        }
    }
}

/// WCAG 3.3.1 / 1.4.1: an error shown only by color, with no text saying what is wrong.
public struct ErrorWithoutMessageRule: SpecRule {
    public let id = "error-without-message"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        return spec.variants.compactMap { variant in
            // A disabled or read-only variant in error is a forbidden state of its own:
            // forbidden-state reports it, once.
            guard variant.isError, variant.isEnabled, !variant.isReadOnly,
                  (variant.errorText ?? "").allSatisfy(\.isWhitespace) else { return nil }
            return context.finding(["variant": variant.name],
                                   spec: spec, variant: variant)
        }
    }
}

/// WCAG 1.3.1 / 4.1.2: the variants of a radio spec form one group, and VoiceOver must be
/// able to say what the choice is about.
public struct MissingGroupLabelRule: SpecRule {
    public let id = "missing-group-label"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        guard (spec.groupLabel ?? "").allSatisfy(\.isWhitespace) else { return [] }
        return [context.finding(["component": spec.name],
                                spec: spec, variant: nil, location: spec.groupLocation ?? spec.location)]
    }
}

/// WCAG 3.1.2: a label named by `textKey` has no translation, or an untranslated one
/// (`"state": "new"`), in a language of the spec's String Catalog: users of that language
/// see (and hear) the development language. A key the catalogue lacks altogether is reported
/// in every language, the source language included (the label would show the key itself).
public struct MissingTranslationRule: SpecRule {
    public let id = "missing-translation"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        guard let catalog = spec.strings else { return [] }
        var findings: [Finding] = []
        for variant in spec.variants {
            guard let key = variant.textKey else { continue }
            let known = catalog.contains(key)
            for language in catalog.languages where language != catalog.sourceLanguage || !known {
                let message: String
                var values: KeyValuePairs<String, String> = ["key": key, "lang": language]
                if !known {
                    message = "notInCatalog"
                    values = ["key": key, "lang": language, "hint": Suggestions.hint(for: key, in: catalog.keys)]
                } else if let entry = catalog.entry(key, language: language) {
                    guard entry.isUntranslated else { continue }
                    message = "untranslated"
                } else {
                    message = "missing"
                }
                var finding = context.finding(message: message, values,
                                              spec: spec, variant: variant,
                                              location: variant.textKeyLocation ?? variant.location,
                                              measured: Measured([("key", .string(key))]))
                finding.lang = language
                findings.append(finding)
            }
        }
        return findings
    }
}
