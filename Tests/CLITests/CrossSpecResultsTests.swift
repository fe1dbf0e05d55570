import Foundation
import Testing

/// Work shared across the specs of a run (the joint colour fix's process-wide answer memo,
/// measurements shared by variants) never leaks one spec's result into another's, through the
/// binary: a spec linted after others that drew the same theme gets exactly what it gets
/// linted alone (its own names, roles, positions, sources and thresholds), and a theme that
/// differs in one input is worked out for itself.
@Suite struct CrossSpecResultsTests {
    /// A button with white text on an orange fill: both fail, the fill darkens.
    static func button(name: String = "BrandButton", variant: String = "continue", theme: String = "brand/washed",
                       background: String = "#FFFFFF", fill: String = "#FF9A4D", size: String = "L",
                       padding: String = "", extra: String = "") -> String {
        """
        {"name": "\(name)",\(padding) "a11y": {"kind": "button",
          "themes": {"\(theme)": {"background": "\(background)",\(extra) "colors": {"fill": "\(fill)", "text": "#FFFFFF"}}},
          "variants": [{"name": "\(variant)", "text": "Continue", "contentSize": "\(size)"}]}}

        """
    }

    /// The same colours as roles of a generic component, named otherwise.
    static let generic = """
        {"name": "Chip", "a11y": {"kind": "generic", "size": {"width": 80, "height": 44},
          "pairs": [{"foreground": "ink", "background": "paper", "role": "text"},
                    {"foreground": "paper", "background": "background", "role": "nontext"}],
          "themes": {"brand/washed": {"background": "#FFFFFF", "colors": {"paper": "#FF9A4D", "ink": "#FFFFFF"}}},
          "variants": [{"name": "chip", "text": "Continue"}]}}

        """

    /// Each file's findings (JSON) and SARIF results, as text, from one run over `paths`.
    static func byFile(_ paths: [String], in dir: URL, jobs: Int = 1) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        let json = CLI.run(paths + ["--reporter", "json", "--jobs", "\(jobs)"], in: dir)
        #expect(json.status == 1, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        for finding in try #require(report["findings"] as? [[String: Any]]) {
            let file = try #require(finding["file"] as? String)
            result[file, default: []].append(try text(finding))
        }
        let sarif = CLI.run(paths + ["--reporter", "sarif", "--jobs", "\(jobs)"], in: dir)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        for entry in try #require(runs.first?["results"] as? [[String: Any]]) {
            let text = try text(entry)
            // (JSON writes "/" as "\\/": the file's name alone.)
            let file = try #require(paths.first { text.contains("/" + $0.split(separator: "/").last!) }, "\(text)")
            result["sarif " + file, default: []].append(text)
        }
        return result
    }

    static func text(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every spec of `paths` linted with the others (on 1 and 2 workers) gives what it gives alone.
    static func expectSameAsAlone(_ paths: [String], in dir: URL) throws -> [String: [String]] {
        var alone: [String: [String]] = [:]
        for path in paths { alone.merge(try byFile([path], in: dir)) { a, _ in a } }
        for path in paths { #expect(alone[path]?.isEmpty == false, "\(path) has no finding") }
        for jobs in [1, 2] {
            let together = try byFile(paths, in: dir, jobs: jobs)
            for (file, findings) in alone {
                #expect(together[file] == findings, "\(file) with the others (--jobs \(jobs)) differs from alone")
            }
        }
        return alone
    }

    /// The `measured` object of each JSON finding of `file`.
    static func measured(_ findings: [String: [String]], _ file: String) throws -> [String] {
        try (findings[file] ?? []).map { text in
            let finding = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try Self.text(try #require(finding["measured"]))
        }
    }

    @Test func specsWithTheSameColoursKeepTheirOwnNamesRolesAndPositions() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/A.json", Self.button())
        // Other names, the colours written on other lines and columns.
        dir.write("specs/B.json", Self.button(name: "OtherButton", variant: "go", theme: "other/bright",
                                              padding: "\n\n   \"usage\": \"Continues.\",\n "))
        dir.write("specs/C.json", Self.generic)
        let paths = ["specs/A.json", "specs/B.json", "specs/C.json"]
        let findings = try Self.expectSameAsAlone(paths, in: dir.url)
        // The same numbers, each spec's own fix positions, names and roles.
        #expect(try Self.measured(findings, paths[0]) == Self.measured(findings, paths[1]))
        #expect(findings["sarif specs/A.json"] != findings["sarif specs/B.json"]?.map {
            $0.replacingOccurrences(of: "B.json", with: "A.json")
        })
        let chip = try Self.measured(findings, paths[2]).joined()
        #expect(chip.contains("\"role\":\"paper\"") && !chip.contains("\"role\":\"fill\""), "\(chip)")
    }

    @Test func aThemeDifferingInOneInputIsWorkedOutAgain() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("specs/A.json", Self.button())
        // One input each: the background, the fill, the text size (its threshold), the backdrop.
        dir.write("specs/B.json", Self.button(background: "#FAFAFA"))
        dir.write("specs/C.json", Self.button(fill: "#FF9A4E"))
        dir.write("specs/D.json", Self.button(size: "AX3"))
        dir.write("specs/E.json", Self.button(background: "#FFFFFF80", extra: " \"backdrop\": \"#000000\","))
        dir.write("specs/F.json", Self.button(background: "#FFFFFF80", extra: " \"backdrop\": \"#FFFFFF\","))
        let paths = ["A", "B", "C", "D", "E", "F"].map { "specs/\($0).json" }
        let findings = try Self.expectSameAsAlone(paths, in: dir.url)
        // Each pair of specs differs in one input, and so does what it gives.
        for (a, b) in [(0, 1), (0, 2), (0, 3), (4, 5)] {
            #expect(try Self.measured(findings, paths[a]) != Self.measured(findings, paths[b]), "\(paths[a]) \(paths[b])")
        }
    }

    @Test func aTokenThemeAndTheSameColoursWrittenAsHexKeepTheirOwnSources() throws {
        let dir = ColorSourceCLITests.tokenProject()
        defer { dir.cleanUp() }
        // In the light appearance the tokens are #767676 on #F2F2F2 (4.06:1), as the hex spec.
        dir.write("specs/Hex.json", ColorSourceCLITests.button(background: "#FFFFFF", text: "#767676", fill: "#F2F2F2"))
        dir.write("specs/Tok.json", ColorSourceCLITests.button(background: "{color.surface}", text: "{color.text}",
                                                               fill: "{color.grey.100}"))
        let paths = ["specs/Hex.json", "specs/Tok.json"]
        let findings = try Self.expectSameAsAlone(paths, in: dir.url)
        let hex = try Self.measured(findings, paths[0]).joined()
        let tok = try Self.measured(findings, paths[1]).joined()
        #expect(!hex.contains("foregroundSource") && tok.contains("foregroundSource"), "\(hex)\n\(tok)")
    }
}
