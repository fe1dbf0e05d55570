import Testing
import Foundation
import A11yModel
import A11yLint

/// The rules on each kind, against an independent WCAG computation (the formula written
/// out here again, not a11ylint's).
struct KindRulesTests {
    /// WCAG 2.x contrast of two opaque sRGB colours given as 0–255 components.
    static func ratio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        func channel(_ c: Double) -> Double {
            let s = c / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        func luminance(_ c: (Double, Double, Double)) -> Double {
            0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    func findings(_ spec: String) -> [Finding] {
        lintText(spec, name: "Spec.json").report.findings
    }

    @Test func switchChecksTracksAndThumbAgainstWhatTheyLieOn() throws {
        let spec = #"""
        {"name": "WifiSwitch", "a11y": {"kind": "switch",
          "themes": {"t": {"background": "#FFFFFF", "colors": {"trackOff": "#E9E9EB", "trackOn": "#34C759", "thumb": "#FFFFFF", "textEnabled": "#000000"}}},
          "variants": [{"name": "on", "text": "Wi-Fi", "isChecked": true}, {"name": "off", "text": "Wi-Fi"}]}}
        """#
        let contrast = findings(spec).filter { $0.rule == "nontext-contrast" }
        let measured = contrast.map { "\($0.variant!) \($0.measured.string("role")!)" }
        #expect(measured == ["on trackOn", "on thumb", "off trackOff", "off thumb"], "\(measured)")
        let trackOn = try #require(contrast.first { $0.variant == "on" && $0.message.hasPrefix("On track") })
        #expect(abs(trackOn.measured.number("ratio")! - Self.ratio((0x34, 0xC7, 0x59), (255, 255, 255))) < 1e-9)
        let thumbOn = try #require(contrast.first { $0.variant == "on" && $0.message.hasPrefix("Thumb") })
        #expect(abs(thumbOn.measured.number("ratio")! - Self.ratio((255, 255, 255), (0x34, 0xC7, 0x59))) < 1e-9)
        #expect(thumbOn.measured.string("background") == "#34C759")
    }

    @Test func outlinedOffTrackIsJudgedByItsBorder() {
        let spec = #"""
        {"name": "S", "a11y": {"kind": "switch",
          "themes": {"t": {"background": "#FFFFFF", "colors": {"trackOff": "#F2F2F2", "borderOff": "#767676", "thumb": "#767676", "textEnabled": "#000000"}}},
          "variants": [{"name": "off", "text": "Sync"}]}}
        """#
        #expect(findings(spec).filter { $0.rule == "nontext-contrast" }.isEmpty)
    }

    @Test func buttonNeedsItsFillOrElseItsBorder() {
        func nonText(_ colors: String) -> [String] {
            findings(##"{"name": "B", "a11y": {"kind": "button", "themes": {"t": {"background": "#FFFFFF", "colors": {\##(colors)}}}, "variants": [{"text": "Go"}]}}"##)
                .filter { $0.rule == "nontext-contrast" }.map(\.message)
        }
        #expect(nonText(##""fill": "#0B57D0", "text": "#FFFFFF""##).isEmpty)
        #expect(nonText(##""fill": "#E8F0FE", "border": "#0B57D0", "text": "#0B57D0""##).isEmpty)
        #expect(nonText(##""fill": "#E8F0FE", "border": "#A8C7FA", "text": "#0B57D0""##).count == 1)
        #expect(nonText(##""text": "#0B57D0""##).isEmpty)  // a plain text button
    }

    @Test func buttonTextIsOnItsTranslucentFillOverTheBackground() throws {
        let result = findings(##"{"name": "B", "a11y": {"kind": "button", "themes": {"t": {"background": "#FFFFFF", "colors": {"fill": "#0000FF80", "text": "#7F7FFF"}}}, "variants": [{"text": "Go"}]}}"##)
        let text = try #require(result.first { $0.rule == "text-contrast" })
        // The fill (alpha 128/255) composited over white is 255 − 128 = 127 in red and green.
        let expected = Self.ratio((127, 127, 255), (255 - 128, 255 - 128, 255))
        #expect(text.measured.string("background") == "#7F7FFF")
        #expect(abs(text.measured.number("ratio")! - expected) < 1e-9)
    }

    @Test func iconOnlyButtonWithoutLabelIsMissingLabel() {
        let rules = findings(#"{"name": "Close", "a11y": {"kind": "button", "geometry": {"iconSize": 24}, "variants": [{"name": "x", "text": null}]}}"#)
            .map(\.rule)
        #expect(rules.contains("missing-label"))
        #expect(!rules.contains("missing-value"))
    }

    @Test func radioChecksRingAndDotAndWantsAGroupLabel() {
        let spec = #"""
        {"name": "DeliveryRadio", "a11y": {"kind": "radio",
          "themes": {"t": {"background": "#FFFFFF", "colors": {"borderEnabled": "#C8C8C8", "checkedFill": "#0B6E4F", "dot": "#9AD1B9", "textEnabled": "#000000"}}},
          "variants": [{"name": "a", "text": "Standard", "isChecked": true}, {"name": "b", "text": "Express"}]}}
        """#
        let result = findings(spec)
        #expect(result.filter { $0.rule == "nontext-contrast" }.map { "\($0.variant!) \($0.message.prefix(12))" }
                == ["a Selected dot", "b Unselected r"])
        #expect(result.filter { $0.rule == "missing-group-label" }.count == 1)
    }

    @Test func genericPairsAreCheckedInEveryTheme() throws {
        let spec = #"""
        {"name": "Chip", "a11y": {"kind": "generic", "size": {"width": 120, "height": 32},
          "pairs": [{"foreground": "label", "background": "chipFill", "role": "text"},
                    {"foreground": "chipBorder", "background": "background", "role": "nontext"}],
          "themes": {"light": {"background": "#FFFFFF", "colors": {"label": "#7A7A7A", "chipFill": "#E8E8E8", "chipBorder": "#D0D0D0"}},
                     "dark": {"background": "#000000", "colors": {"label": "#FFFFFF", "chipFill": "#333333", "chipBorder": "#8A8A8A"}}},
          "variants": [{"name": "v", "text": "Open now"}]}}
        """#
        let result = findings(spec)
        let text = try #require(result.first { $0.rule == "text-contrast" })
        #expect(text.theme == "light")
        #expect(abs(text.measured.number("ratio")! - Self.ratio((0x7A, 0x7A, 0x7A), (0xE8, 0xE8, 0xE8))) < 1e-9)
        #expect(result.filter { $0.rule == "nontext-contrast" }.map(\.theme) == ["light"])
        #expect(!result.contains { $0.rule == "touch-target" && $0.severity == .error })
    }

    @Test func forbiddenStatesAreTheKindsOwn() {
        func forbidden(_ kind: String, _ variant: String) -> Int {
            findings(#"{"name": "X", "a11y": {"kind": "\#(kind)", "variants": [\#(variant)]}}"#)
                .filter { $0.rule == "forbidden-state" }.count
        }
        #expect(forbidden("switch", #"{"text": "A", "isReadOnly": true, "isEnabled": false}"#) == 1)
        #expect(forbidden("radio", #"{"text": "A", "isError": true, "isReadOnly": true}"#) == 1)
        #expect(forbidden("button", #"{"text": "A", "isEnabled": false}"#) == 0)
    }
}

/// How each kind's variants are recognised in `usage` and in Swift files
/// (`Rules/presets/component-calls.yml`).
struct KindCallTests {
    @Test func switchUsageIsAToggleWithTheSwitchStyle() throws {
        let spec = #"{"name": "WifiSwitch", "usage": "Toggle(\"Wi-Fi\", isOn: $wifi).toggleStyle(.switch)\nToggle(\"Plain\", isOn: $x)"}"#
        let result = lintText(spec)
        let specs = result.report.findings
        #expect(!specs.contains { $0.rule == "spec-unknown-kind" })
        let variants = try #require(result.specs.first?.variants)
        #expect(variants.map(\.text) == ["Wi-Fi"])
        #expect(result.specs.first?.kind == .switch)
    }

    @Test func oudsCallsInSwiftFilesAreTheirKinds() {
        let code = """
        import SwiftUI
        struct Settings: View {
            @State var on = false
            var body: some View {
                OUDSSwitchItem("Wi-Fi", isOn: $on, isReadOnly: true).disabled(true)
                OUDSRadioButtonItem("Express", isOn: $on, isError: true, isReadOnly: true)
                OUDSButton(text: "Continue") { }.disabled(true)
                Toggle("Plain", isOn: $on).toggleStyle(.switch)
            }
        }
        """
        let result = lintText(code, name: "Settings.swift")
        let forbidden = result.report.findings.filter { $0.rule == "forbidden-state" }
        #expect(forbidden.map { "\($0.location.line):\($0.location.column) \($0.component ?? "")" }
                == ["5:9 OUDSSwitchItem", "6:9 OUDSRadioButtonItem"])
        #expect(Set(result.specs.map(\.name)) == ["OUDSSwitchItem", "OUDSRadioButtonItem", "OUDSButton"])
        #expect(result.specs.first { $0.name == "OUDSRadioButtonItem" }?.kind == .radio)
        #expect(!result.report.findings.contains { $0.rule == "missing-group-label" })
    }
}
