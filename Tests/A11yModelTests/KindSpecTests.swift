import Testing
import A11yJSON
import A11yModel

/// Each kind's keys, defaults and inference (docs/spec-format.md: the a11y object, component kinds).
struct KindSpecTests {
    let loader = SpecLoader(presets: SpecLoaderTests.presets, usageReader: UsageVariantReader(calls: []),
                            rules: SpecLoaderTests.rules)

    func load(_ text: String) throws -> SpecLoadResult {
        loader.loadSpec(try JSONDocument(text: text), file: "Spec.json")
    }

    @Test(arguments: [
        ("TermsCheckbox", [String](), ComponentKind?.some(.checkbox)),
        ("DeliveryRadio", [], .radio),
        ("RadioCheckbox", [], .checkbox),           // "checkbox" comes first
        ("WifiSwitch", [], .switch),
        ("DarkModeToggle", [], .switch),            // "toggle" is a switch
        ("ToggleButton", [], .switch),              // "switch"/"toggle" come before "button"
        ("SubmitButton", [], .button),
        ("Row", ["settings", "Toggle"], .switch),   // tags, case-insensitively
        ("Chip", ["filter"], nil),
    ])
    func kindInferenceFollowsTheContractsOrder(name: String, tags: [String], kind: ComponentKind?) throws {
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ", ")
        let result = try load(#"{"name": "\#(name)", "tags": [\#(tagList)]}"#)
        #expect(result.spec?.kind == kind)
        #expect(result.findings.contains { $0.rule == ModelRuleID.unknownKind } == (kind == nil))
    }

    @Test func eachKindStartsFromItsOwnGeometry() throws {
        let button = try #require(try load(#"{"name": "B", "a11y": {"kind": "button"}}"#).spec)
        #expect(button.geometry.cornerRadius == 8 && button.geometry.borderWidth == 0 && button.geometry.minHeight == 44)
        #expect(button.geometry.paddingHorizontal == 16 && button.geometry.paddingVertical == 12 && button.geometry.sizing == .hug)
        let toggle = try #require(try load(#"{"name": "S", "a11y": {"kind": "switch", "geometry": {"trackWidth": 40}}}"#).spec)
        #expect(toggle.geometry.trackWidth == 40 && toggle.geometry.trackHeight == 31 && toggle.geometry.thumbSize == 27)
        // A switch exposes a toggle; a button has no value.
        let variant = toggle.variants[0]
        #expect(toggle.effectiveAccessibility(for: variant).traits == ["toggle"])
        #expect(button.effectiveAccessibility(for: button.variants[0]).valueSource == nil)
        // A button has no checked state: its built-in variants are enabled and disabled.
        #expect(button.variants.map(\.name) == ["label", "label-disabled"])
    }

    @Test func keysAKindDoesNotKnowAreUnknownKeys() throws {
        let radio = try load(#"{"name": "R", "a11y": {"kind": "radio", "geometry": {"cornerRadius": 4, "dotSize": 8},"#
                             + #" "variants": [{"text": "A", "shape": "square"}]}}"#)
        let messages = radio.findings.filter { $0.rule == ModelRuleID.unknownKey }.map(\.message)
        #expect(messages.count == 2, "\(messages)")
        #expect(radio.spec?.geometry.dotSize == 8)
        let checkbox = try load(#"{"name": "C", "a11y": {"kind": "checkbox", "group": {"label": "x"}, "geometry": {"trackWidth": 3}}}"#)
        #expect(checkbox.findings.filter { $0.rule == ModelRuleID.unknownKey }.count == 2)
        let button = try load(##"{"name": "B", "a11y": {"kind": "button", "themes": {"t": {"colors": {"fill": "#000", "checkmark": "#FFF"}}}}}"##)
        #expect(button.findings.filter { $0.rule == ModelRuleID.unknownKey }.map(\.message).first?.contains("checkmark") == true)
    }

    @Test func radioHasNoIndeterminateState() throws {
        let result = try load(#"{"name": "R", "a11y": {"kind": "radio", "variants": [{"text": "A", "isChecked": "indeterminate"}]}}"#)
        #expect(result.spec == nil)
        #expect(result.errors.first?.message.contains("no indeterminate state") == true)
    }

    @Test func genericSizePairsAndVariantOverrides() throws {
        let result = try load(#"""
        {"name": "Chip", "a11y": {"kind": "generic", "size": {"width": 120, "height": 32},
          "pairs": [{"foreground": "label", "background": "chipFill", "role": "text"},
                    {"foreground": "chipBorder", "background": "background"}],
          "themes": {"t": {"background": "#FFFFFF", "colors": {"label": "#111111", "chipFill": "#EEEEEE"}}},
          "variants": [{"text": "Open", "size": {"width": 56, "height": 24}, "colors": {"label": "#999999"}}]}}
        """#)
        let spec = try #require(result.spec)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(spec.size == ComponentSize(width: 120, height: 32))
        #expect(spec.pairs.map(\.role) == [.text, .nontext])
        #expect(spec.variants[0].size == ComponentSize(width: 56, height: 24))
        #expect(spec.themes(for: spec.variants[0])[0].colors["label"]?.color.hexRGB == "#999999")
    }
}
