import Testing
import A11yJSON
import A11yModel
import A11yPattern
import A11yRules
import A11ySwiftReader

/// The spec model read from JSON: defaults, kind inference, overrides, themes,
/// variants derived from usage, with positions into the raw text.
struct SpecLoaderTests {
    static let calls = [
        ComponentCall(name: "configure", pattern: try! Pattern(#"\bconfigure\s*\("#), component: "CheckboxView",
                     textArguments: ["text"], firstUnlabeledIsText: false, requiresCheckboxArgument: true, colorScheme: nil),
        ComponentCall(name: "OUDSCheckboxItem", pattern: try! Pattern(#"\bOUDSCheckboxItem\s*\("#), component: "OUDSCheckboxItem",
                     textArguments: ["label"], firstUnlabeledIsText: true, requiresCheckboxArgument: false, colorScheme: "ouds"),
    ]
    static let presets: [String: ColorSchemePreset] = [
        "default": ColorSchemePreset(name: "default", themes: [Theme(
            name: "default/light", background: ThemeColor(color: .white),
            colors: ["textEnabled": ThemeColor(color: RGBA(white: 0, alpha: 0.5)),
                     "checkedFill": ThemeColor(color: RGBA(hex: "#40B259")!)])]),
        "sens": ColorSchemePreset(name: "sens", themes: [
            Theme(name: "sens/light", background: ThemeColor(color: .white), colors: [:]),
            Theme(name: "sens/dark", background: ThemeColor(color: .black), colors: [:])]),
    ]
    /// The shipped catalogue's severities and message texts (the texts are rule data).
    static let rules = try! RuleCatalogue.embedded().ruleBook()
    static let loader = SpecLoader(presets: presets, usageReader: UsageVariantReader(calls: calls), rules: rules)

    func load(_ text: String) throws -> SpecLoadResult {
        Self.loader.loadSpec(try JSONDocument(text: text), file: "Spec.json")
    }

    @Test func defaultsAndKindInference() throws {
        let result = try load(#"{"name": "AgreeCheckbox"}"#)
        let spec = try #require(result.spec)
        #expect(spec.kind == .checkbox && spec.kindWasInferred)
        #expect(spec.geometry == Geometry())
        #expect(spec.geometry.outerSize == 24 && spec.geometry.innerSize == 20 && spec.geometry.gap == 8)
        #expect(spec.typography.size == 14 && spec.typography.lineHeight == 16 && spec.typography.maxLines == 0)
        #expect(spec.themes.map(\.name) == ["default/light"])
        // No variants and no usage: "Label", unchecked/checked × enabled/disabled.
        #expect(spec.variants.map(\.name) == ["label-unchecked", "label-checked", "label-unchecked-disabled", "label-checked-disabled"])
        #expect(spec.variants.allSatisfy { $0.text == "Label" && $0.origin == .defaults })
        let a11y = spec.effectiveAccessibility(for: spec.variants[0])
        #expect(a11y.label == "Label" && a11y.valueSource == "state" && a11y.traits == ["button"] && !a11y.traitsExplicit)
    }

    @Test func tagInferenceIsCaseInsensitiveAndOtherKindsAreNoted() throws {
        #expect(try load(#"{"name": "Agree", "tags": ["Form", "CHECKBOX"]}"#).spec?.kind == .checkbox)
        let chips = try load(#"{"name": "ChipsView", "tags": ["chip"]}"#)
        #expect(chips.spec?.kind == nil)
        #expect(chips.findings.map(\.rule) == ["spec-unknown-kind"])
        #expect(chips.findings.first?.location == A11yModel.SourceLocation(file: "Spec.json", line: 1, column: 10))
    }

    @Test func variantAccessibilityOverridesFieldByField() throws {
        let spec = try #require(try load("""
        {"name": "CheckboxView", "a11y": {
          "accessibility": {"label": "text", "value": null, "traits": ["toggle"]},
          "variants": [{"name": "a", "text": "Agree", "accessibility": {"label": "I agree"}},
                       {"name": "b", "text": "Agree", "accessibility": {"traits": null, "value": "state"}}]}}
        """).spec)
        let a = spec.effectiveAccessibility(for: spec.variants[0])
        #expect(a.label == "I agree" && a.valueSource == nil && a.valueExplicitlyNull && a.traits == ["toggle"])
        let b = spec.effectiveAccessibility(for: spec.variants[1])
        #expect(b.label == "Agree" && b.valueSource == "state" && !b.valueExplicitlyNull && b.traits.isEmpty && b.traitsExplicit)
    }

    @Test func colorFormsAndFallbackRoles() throws {
        let spec = try #require(try load("""
        {"name": "CheckboxView", "a11y": {"themes": {"x/dark": {"background": {"white": 0.1, "alpha": 0.5}, "backdrop": "#000",
          "colors": {"textEnabled": {"red": 1, "green": 0.5, "blue": 0, "alpha": 1}}}},
          "variants": [{"text": "A"}]}}
        """).spec)
        let theme = try #require(spec.themes.first)
        #expect(theme.opaqueBackground == RGBA(white: 0.05))
        #expect(theme.colors["textEnabled"]?.color == RGBA(red: 1, green: 0.5, blue: 0))
        #expect(theme.colors["textEnabled"]?.location == A11yModel.SourceLocation(file: "Spec.json", line: 2, column: 29))
        // Roles the theme does not set keep the default scheme's colors.
        #expect(theme.colors["checkedFill"]?.color == RGBA(hex: "#40B259"))
    }

    @Test func badColorIsAnInputErrorAtTheValue() throws {
        let result = try load(##"{"name": "CheckboxView", "a11y": {"themes": {"t": {"colors": {"checkmark": "#FFF8"}}}}}"##)
        #expect(result.spec == nil)
        #expect(result.errors.map { "\($0.location.line):\($0.location.column)" } == ["1:76"])
    }

    @Test func usagePositionsAccountForEscapes() throws {
        // The usage string sits on line 2; `configure` follows escapes (\n, \") that
        // take two characters each in the raw text.
        let text = """
        {"name": "CheckboxView",
         "usage": "let a = \\"x\\"\\nbox.configure(text: \\"Accept terms\\", shape: .circle, isChecked: true)\\n// box.configure(text: \\"no\\")"}
        """
        let spec = try #require(try load(text).spec)
        #expect(spec.variants.count == 1)
        let v = spec.variants[0]
        let line = text.split(separator: "\n")[1]
        let column = line.distance(from: line.startIndex, to: line.range(of: "configure")!.lowerBound) + 1
        #expect(v.location == A11yModel.SourceLocation(file: "Spec.json", line: 2, column: column))
        #expect(v.name == "accept-terms" && v.text == "Accept terms" && v.shape == .circle && v.checkState == .checked)
        #expect(v.origin == .usage)
    }

    @Test func usageArgumentsAndTrailingDisabled() throws {
        let usage = #"OUDSCheckboxItem(\"Hello, world\", isOn: $on, isError: true, errorText: \"Oops\")\n    .padding()\n    .disabled(true)\nOUDSCheckboxItem(label: \"B\", isOn: $on, isReversed: true).disabled(false)\nbox.configure(text: nil, shape: .square, isChecked: .indeterminate, colorScheme: .sens)\nbox.accessibilityLabel = \"Named\"\nfunc configure(text: String) {}"#
        let spec = try #require(try load(#"{"name": "Checkbox", "usage": "\#(usage)"}"#).spec)
        #expect(spec.variants.map(\.name) == ["hello-world", "b", "square-indeterminate"])
        let (a, b, c) = (spec.variants[0], spec.variants[1], spec.variants[2])
        #expect(a.text == "Hello, world" && a.isError && a.errorText == "Oops" && !a.isEnabled)
        #expect(b.text == "B" && b.layout == .reversed && b.isEnabled)
        #expect(c.text == nil && c.checkState == .indeterminate && c.colorScheme == "sens")
        #expect(spec.effectiveAccessibility(for: c).label != nil, "receiver.accessibilityLabel = … names it")
        // No declared themes: each variant gets its preset's themes.
        #expect(a.themes == ["default/light"] && c.themes == ["sens/light", "sens/dark"])
        #expect(spec.themes.map(\.name) == ["default/light", "sens/light", "sens/dark"])
    }

    @Test func unknownKeysWithSuggestions() throws {
        let result = try load(#"{"name": "CheckboxView", "a11y": {"geometri": {}, "variants": [{"txt": "A"}]}}"#)
        #expect(result.findings.map(\.message) == [
            "Unknown key 'geometri' in a11y (did you mean 'geometry'?)",
            "Unknown key 'txt' in variant (did you mean 'text'?)",
        ])
        #expect(result.findings.map(\.location.column) == [35, 65])
    }

    @Test func swiftFilesOnlyCountCheckboxConfigureCalls() {
        let source = SwiftSource("""
        cell.configure(with: model)
        box.configure(text: "A", isChecked: true)
        OUDSCheckboxItem("B", isOn: $on)
        """)
        let specs = Self.loader.swiftFileSpecs(source, file: "View.swift")
        #expect(specs.map(\.name) == ["CheckboxView", "OUDSCheckboxItem"])
        #expect(specs[0].variants.map(\.location.line) == [2])
        // An unknown preset name falls back to the default scheme.
        #expect(specs[1].variants.first?.themes == ["default/light"])
    }
}
