import Foundation
import Testing
import A11yModel

/// Every contrast finding of the Samples carries a suggestion that passes when checked by a
/// WCAG 2.1 computation written here, and no colour along the same hue is nearer in OKLCH
/// lightness.
@Suite struct SuggestionTests {
    /// WCAG 2.1 relative luminance and ratio, from the 8-bit `#RRGGBB` text.
    static func ratio(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let v = Array(hex.dropFirst())
            let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(v[$0..<$0 + 2]), radix: 16)!) / 255 }
            let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func suggestionsPassAndAreNearest() throws {
        let result = CLI.run(["Samples/specs", "Samples/swift", "--reporter", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        let contrast = findings.filter { ["text-contrast", "nontext-contrast"].contains($0["rule"] as? String) }
        #expect(contrast.count > 10)
        for finding in contrast {
            let measured = try #require(finding["measured"] as? [String: Any])
            let foreground = try #require(measured["foreground"] as? String)
            let background = try #require(measured["background"] as? String)
            let required = try #require(measured["required"] as? Double)
            guard let suggestion = measured["suggestion"] as? String else {
                Issue.record("no suggestion for \(foreground) on \(background)"); continue
            }
            #expect(Self.ratio(suggestion, background) >= required, "\(suggestion) on \(background)")
            #expect(abs((measured["suggestionRatio"] as? Double ?? 0) - Self.ratio(suggestion, background)) < 1e-9)
            // Nearest along the hue: a scan of lightness in 1e-4 steps finds no passing colour
            // closer than the suggestion by more than 0.5 %.
            let start = OKLCH(RGBA(hex: foreground)!)
            let found = OKLCH(RGBA(hex: suggestion)!)
            var best = Double.infinity
            for i in 0...10_000 {
                let l = Double(i) / 10_000
                let colour = OKLCH(lightness: l, chroma: start.chroma, hue: start.hue).mappedToSRGB.rgba.quantized
                if Self.ratio(colour.hexRGB, background) >= required { best = min(best, abs(l - start.lightness)) }
            }
            #expect(abs(found.lightness - start.lightness) <= best + 0.005, "\(foreground) → \(suggestion) on \(background)")
            if let alpha = measured["suggestedAlpha"] as? Double {
                #expect(alpha > 0 && alpha <= 1)
            }
        }
    }

    /// The text hint is the theme's consistent fix (`measured.fix`), not the pair's own
    /// suggestion: the checkmark's finding darkens the shared fill, as the fill's does.
    @Test func textShowsTheThemesFix() {
        let result = CLI.run(["Samples/specs/components/CheckboxView.json"])
        #expect(result.stdout.contains("Label text contrast 3.98:1 is below 4.5:1 (WCAG 1.4.3) in theme default/light (variant 'accept-terms'); fix: textEnabled #00000080 → #00000089 [text-contrast]"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Checkmark contrast 2.72:1 is below 3:1 (WCAG 1.4.11) in theme default/light (variant 'circle-checked'); fix: checkedFill #40B259 → #36A951 [nontext-contrast]"))
    }
}
