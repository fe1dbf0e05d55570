/// One way a spec's translated labels are checked: a language of its String Catalog and,
/// when a label varies by number there, one plural form.
public struct LabelPass: Sendable {
    public var language: String
    /// The plural form of this pass; nil when no translated label varies by number in
    /// this language.
    public var plural: String?
    /// Whether this is the language's first pass (the one that checks labels that do not
    /// vary by number).
    public var isFirstOfLanguage: Bool
    /// The spec with every `textKey` variant's text in this language and form.
    public var spec: ComponentSpec
    /// The variants whose label this pass checks: translated ones that have this plural
    /// form, and, in the language's first pass, translated ones that do not vary.
    public var checkedVariants: Set<String>
}

extension ComponentSpec {
    /// The names of the variants whose label comes from the String Catalog.
    public var translatedVariants: Set<String> { Set(variants.filter { $0.textKey != nil }.map(\.name)) }

    /// Every language of the String Catalog (source first, then by name), each in every
    /// plural form its translated labels have; empty without a catalogue or `textKey`.
    ///
    /// A language without the key, or with it untranslated (`new`) or empty, shows the source
    /// language's text, as iOS does; a key the catalogue lacks is laid out as itself (and is
    /// `missing-translation`). Format placeholders get `PlaceholderSamples`.
    public func labelPasses(languages only: [String]? = nil) -> [LabelPass] {
        guard let catalog = strings, variants.contains(where: { $0.textKey != nil }) else { return [] }
        var passes: [LabelPass] = []
        for language in only ?? catalog.languages {
            let texts = variants.map { variant in variant.textKey.map { catalog.texts(of: $0, in: language) } }
            let categories = StringCatalog.PluralForm.categories.filter { category in
                texts.contains { $0?.contains { $0.category == category } == true }
            } + Set(texts.flatMap { ($0 ?? []).compactMap(\.category) })
                .subtracting(StringCatalog.PluralForm.categories).sorted()
            for (index, category) in (categories.isEmpty ? [nil] : categories.map(Optional.some)).enumerated() {
                var spec = self
                var checked: Set<String> = []
                for (at, forms) in texts.enumerated() {
                    guard let forms, !forms.isEmpty else { continue }
                    let own = forms.first { $0.category == category }
                    let varies = forms.contains { $0.category != nil }
                    let form = own ?? forms.last { $0.category == "other" } ?? forms[forms.count - 1]
                    spec.variants[at].text = form.text
                    if spec.variants[at].lang == nil { spec.variants[at].lang = language }
                    spec.variants[at].plural = form.category
                    if varies ? own != nil : index == 0 { checked.insert(variants[at].name) }
                }
                passes.append(LabelPass(language: language, plural: category, isFirstOfLanguage: index == 0,
                                        spec: spec, checkedVariants: checked))
            }
        }
        return passes
    }
}

extension StringCatalog {
    /// The texts `key` is shown as in `language`, one per plural form (category nil when the
    /// text does not vary), placeholders replaced by sample values.
    public func texts(of key: String, in language: String) -> [(category: String?, text: String)] {
        func usable(_ entry: Entry?) -> Entry? { entry.flatMap { $0.isUntranslated || $0.value.isEmpty ? nil : $0 } }
        let own = usable(entry(key, language: language))
        let entry = own ?? usable(entry(key, language: sourceLanguage)) ?? entry(key, language: sourceLanguage)
        // The source text's plural forms follow the source language's rules.
        let rules = own != nil ? language : sourceLanguage
        guard let entry else { return [(nil, key)] }
        guard !entry.forms.isEmpty else {
            return [(nil, PlaceholderSamples.apply(to: entry.value, category: nil, language: rules))]
        }
        return entry.forms.map { form in
            (form.category, PlaceholderSamples.apply(to: form.value, category: form.category, language: rules))
        }
    }
}

/// A variant as `a11ylint layout` shows it: with its label in one language and plural form
/// (or a pseudo-locale), and the words that name it (`[de, other]`).
public struct LabelledVariant: Sendable {
    public var variant: Variant
    public var lang: String?
    public var plural: String?
    public var pseudoLocale: PseudoLocale?

    /// `de, other, pseudo-locale expanded`; nil when the label is the variant's own text.
    public var label: String? {
        let parts = [lang, plural, pseudoLocale.map { "pseudo-locale " + $0.rawValue }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    public enum Problem: Error, Sendable { case unknownLanguage(String, known: [String]) }

    /// `variant` of `spec` in `language` (the catalogue's source language when nil), once
    /// per plural form its label has there; a variant without `textKey` is laid out in its
    /// own text, `language` then only choosing line breaking and fonts. `pseudoLocale`
    /// applies last.
    public static func forms(of variant: Variant, in spec: ComponentSpec, language: String?,
                             pseudoLocale: PseudoLocale?) throws(Problem) -> [LabelledVariant] {
        var result: [LabelledVariant] = []
        if let catalog = spec.strings, variant.textKey != nil {
            let language = language ?? catalog.sourceLanguage
            guard catalog.languages.contains(language) else {
                throw .unknownLanguage(language, known: catalog.languages)
            }
            for pass in spec.labelPasses(languages: [language]) where pass.checkedVariants.contains(variant.name) {
                guard let translated = pass.spec.variants.first(where: { $0.name == variant.name }) else { continue }
                // The variant as given (with the caller's overrides), in this language's text.
                var own = variant
                own.text = translated.text
                own.lang = translated.lang
                own.plural = translated.plural
                result.append(LabelledVariant(variant: own, lang: language, plural: own.plural))
            }
        } else {
            var own = variant
            if let language { own.lang = language }
            result.append(LabelledVariant(variant: own, lang: language))
        }
        guard let pseudoLocale else { return result }
        return result.map { labelled in
            var labelled = labelled
            if let text = labelled.variant.visibleText { labelled.variant.text = pseudoLocale.apply(to: text) }
            if pseudoLocale == .bidi { labelled.variant.direction = .rtl }
            labelled.pseudoLocale = pseudoLocale
            return labelled
        }
    }
}
