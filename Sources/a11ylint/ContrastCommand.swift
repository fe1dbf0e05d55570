import ArgumentParser
import Foundation
import A11yJSON
import A11yModel

struct ContrastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contrast",
        abstract: "Measure the WCAG 2.x contrast ratio of a foreground color on a background color.",
        discussion: """
        Colors are #RGB, #RRGGBB or #RRGGBBAA (alpha last). A translucent foreground is \
        composited over the background, a translucent background over white. Exit code 0 when \
        the pair meets the chosen level for text of that size, 1 when it does not.
        """)

    @Argument(help: "Foreground color, e.g. #00000080.")
    var foreground: String

    @Argument(help: "Background color, e.g. #FFFFFF.")
    var background: String

    @Flag(help: "Large text (18 pt, or 14 pt bold): 3:1 at AA, 4.5:1 at AAA.")
    var large = false

    @Option(help: "Contrast conformance level: AA or AAA.")
    var level: ConformanceLevel = .AA

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
        init?(argument: String) {
            guard let format: Self = caseInsensitive(argument) else { return nil }
            self = format
        }
    }

    func parse(_ text: String, _ what: String) throws -> RGBA {
        switch ColorSyntax.parse(hex: text) {
        case .success(let color): return color
        case .failure(let error): throw ValidationError("\(what): \(error.message)")
        }
    }

    /// 4.5 → "4.5", 3 → "3".
    func formatRatio(_ threshold: Double) -> String {
        threshold == threshold.rounded() ? String(Int(threshold)) : String(threshold)
    }

    func run() throws {
        let fg = try parse(foreground, "foreground")
        let bg = try parse(background, "background")
        let measured = Contrast.measure(foreground: fg, background: bg)
        let required = level.requiredTextRatio(largeText: large)
        let passes = measured.ratio >= required
        let requirement = ContrastRequirement(background: measured.background, ratio: required)
        let suggestion = passes ? nil : ContrastSuggestion.nearest(to: measured.foreground, meeting: [requirement])
        let suggestedAlpha = passes ? nil : ContrastSuggestion.smallestAlpha(of: fg, meeting: [requirement])
        let checks = WCAG.contrastChecks
        switch format {
        case .json:
            let json = JSONOutput.object([
                ("foreground", .string(measured.foreground.hexRGB)),
                ("background", .string(measured.background.hexRGB)),
                ("ratio", .number(measured.ratio)),
                ("level", .string(level.rawValue)),
                ("largeText", .bool(large)),
                ("required", .number(required)),
                ("passes", .bool(passes)),
                ("checks", .object(checks.map { ($0.0, .bool(measured.ratio >= $0.1)) })),
            ] + (suggestion.map { [("suggestion", JSONOutput.string($0.hexRGB)),
                                   ("suggestionRatio", .number(Contrast.ratio($0, measured.background)))] } ?? [])
              + (suggestedAlpha.map { [("suggestedAlpha", JSONOutput.number($0))] } ?? []))
            try emit(json.serialized() + "\n", to: nil)
        case .text:
            var out = ""
            func print(_ line: String) { out += line + "\n" }
            let shown = Contrast.format(measured.ratio, against: required)
            print("\(measured.foreground.hexRGB) on \(measured.background.hexRGB): \(shown):1 (\(measured.ratio))")
            for (name, threshold) in checks {
                let ok = measured.ratio >= threshold
                print("  \(ok ? "pass" : "fail")  \(name) \(formatRatio(threshold)):1")
            }
            print("\(level.rawValue) \(large ? "large" : "normal") text: \(passes ? "passes" : "fails")")
            if let suggestion {
                let ratio = Contrast.format(Contrast.ratio(suggestion, measured.background), against: required)
                print("  try \(suggestion.hexRGB) (\(ratio):1)"
                      + (suggestedAlpha.map { ", or alpha \(String(format: "%.3f", $0)) (\(RGBA(red: fg.red, green: fg.green, blue: fg.blue, alpha: $0).hexString))" } ?? ""))
            } else if !passes {
                print("  no colour of this hue reaches \(formatRatio(required)):1 on \(measured.background.hexRGB)")
            }
            try emit(out, to: nil)
        }
        throw ExitCode(passes ? 0 : 1)
    }
}
