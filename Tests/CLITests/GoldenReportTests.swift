import Testing
import Foundation

/// The bundled samples' reports, byte for byte. After an intended change,
/// regenerate with `A11YLINT_UPDATE_GOLDEN=1 swift test --filter GoldenReportTests`
/// and review the diff.
struct GoldenReportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let golden: String
        let arguments: [String]
        let status: Int32
        var testDescription: String { golden }
    }

    static let cases: [Case] = [
        Case(golden: "specs.txt", arguments: ["Samples/specs"], status: 1),
        Case(golden: "specs.json", arguments: ["Samples/specs", "--reporter", "json"], status: 1),
        Case(golden: "index.txt", arguments: ["Samples/specs/index.json"], status: 1),
        Case(golden: "checkbox-seed.json", arguments: ["Samples/specs/components/CheckboxView.json", "--reporter", "json"], status: 1),
        Case(golden: "checkbox-seed-aaa.txt", arguments: ["Samples/specs/components/CheckboxView.json", "--level", "AAA"], status: 1),
        Case(golden: "swift.txt", arguments: ["Samples/swift"], status: 1),
        Case(golden: "swift.github", arguments: ["Samples/swift", "--reporter", "github"], status: 1),
        Case(golden: "checkbox-seed.sarif", arguments: ["Samples/specs/components/CheckboxView.json", "--reporter", "sarif"], status: 1),
        Case(golden: "swift.codeclimate", arguments: ["Samples/swift", "--reporter", "codeclimate"], status: 1),
        Case(golden: "layout-accept-terms.json", arguments: ["layout", "Samples/specs/components/CheckboxView.json"], status: 0),
        Case(golden: "layout-narrow-rtl.txt", arguments: ["layout", "Samples/specs/components/CheckboxView.json",
                                                          "--width", "100", "--direction", "rtl", "--format", "text"], status: 0),
        Case(golden: "contrast.json", arguments: ["contrast", "#00000080", "#FFFFFF", "--format", "json"], status: 1),
        Case(golden: "contrast-brand.txt", arguments: ["contrast", "#40B259", "#F5F5F5"], status: 1),
        // The HTML page: a checkbox in one theme whose label clips at AX4 in a strip, and a
        // button failing contrast in one of two themes (grid, suggestions, drawings).
        Case(golden: "localized-terms.html", arguments: ["Samples/specs/components/LocalizedTerms.json", "--reporter", "html"], status: 0),
        Case(golden: "submit-button.html", arguments: ["Samples/specs/components/SubmitButton.json", "--reporter", "html"], status: 1),
        Case(golden: "contrast-unreachable.txt", arguments: ["contrast", "#7A7A7A", "#808080", "--level", "AAA"], status: 1),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("golden", arguments: cases)
    func golden(_ c: Case) throws {
        var result = CLI.run(c.arguments)
        #expect(result.status == c.status, "\(result.stderr)")
        // SARIF names the repository root as an absolute URI: the checkout's place varies.
        let rootURI = "file://" + CLI.root.standardizedFileURL.path + "/"
        result.stdout = result.stdout.replacingOccurrences(of: "\"" + rootURI + "\"", with: "\"file:///REPOSITORY/\"")
        let file = Self.folder.appendingPathComponent(c.golden)
        if ProcessInfo.processInfo.environment["A11YLINT_UPDATE_GOLDEN"] == "1" {
            try Data(result.stdout.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(result.stdout == expected, "output differs from Golden/\(c.golden); run with A11YLINT_UPDATE_GOLDEN=1 to review")
        // Byte-identical from run to run, whatever the thread count.
        let again = CLI.run(c.arguments + (c.arguments.first == "layout" || c.arguments.first == "contrast" ? [] : ["--jobs", "1"]))
        #expect(again.stdout.replacingOccurrences(of: "\"" + rootURI + "\"", with: "\"file:///REPOSITORY/\"") == result.stdout)
    }
}
