import Foundation
import Testing

/// `source-text-contrast` (issue 23, item 5) through the binary: colours fixed in SwiftUI code,
/// resolved from a configured asset catalog and the system colour table, measured in every
/// appearance; unknown colours stay silent.
@Suite struct SourceTextContrastTests {
    /// A colour set with Any, Dark, Any + High and Dark + High entries: white text passes on the
    /// first three and fails only on the Dark + High Contrast blue.
    static let accent = """
    {"colors": [
      {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x1A", "green": "0x56", "blue": "0xDB", "alpha": "1.000"}}},
      {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
       "color": {"color-space": "srgb", "components": {"red": "0x1E", "green": "0x40", "blue": "0xAF", "alpha": "1.000"}}},
      {"idiom": "universal", "appearances": [{"appearance": "contrast", "value": "high"}],
       "color": {"color-space": "srgb", "components": {"red": "0x0B", "green": "0x3B", "blue": "0xA8", "alpha": "1.000"}}},
      {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}],
       "color": {"color-space": "srgb", "components": {"red": "0x93", "green": "0xC5", "blue": "0xFD", "alpha": "1.000"}}}],
     "info": {"author": "xcode", "version": 1}}
    """

    struct Found: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var theme: String?
        var foreground: String
        var background: String
        var description: String { "\(line):\(column) \(theme ?? "-") \(foreground) on \(background)" }
    }

    /// Lints `files` in a fresh folder with the JSON reporter; the rule's findings in report order.
    private func lint(_ files: [String: String], _ extra: [String] = []) throws -> (status: Int32, found: [Found], messages: [String]) {
        let dir = TempDir()
        defer { dir.cleanUp() }
        for (name, text) in files { dir.write(name, text) }
        let result = CLI.run(["."] + extra + ["--reporter", "json"], in: dir.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = (object["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "source-text-contrast" }
        let found = findings.map { finding -> Found in
            let measured = finding["measured"] as? [String: Any] ?? [:]
            return Found(line: finding["line"] as? Int ?? 0, column: finding["column"] as? Int ?? 0,
                         theme: finding["theme"] as? String, foreground: measured["foreground"] as? String ?? "",
                         background: measured["background"] as? String ?? "")
        }
        return (result.status, found, findings.map { $0["message"] as? String ?? "" })
    }

    private static let config = """
    colors:
      asset_catalogs: [App/Colors.xcassets]
    """

    @Test func anAssetColourFailingOnlyInDarkIncreasedContrastIsReportedThere() throws {
        let code = """
        import SwiftUI

        struct PayButton: View {
            let pay: () -> Void
            var body: some View {
                Button(action: pay) {
                    Text("Pay now")
                        .padding()
                }
                .foregroundColor(.white)
                .background(Color("Accent"))
            }
        }

        extension Color {
            static let cta = Color("Accent")
        }

        struct Banner: View {
            var body: some View {
                ZStack {
                    RoundedRectangle(cornerRadius: 8).fill(Color.cta)
                    Label("Offer", systemImage: "tag")
                        .foregroundStyle(Color.white)
                }
                Text("Generated symbol")
                    .foregroundColor(.white)
                    .background(Color(.accent))
            }
        }
        """
        let (status, found, messages) = try lint([".a11ylint.yml": Self.config, "App/Pay.swift": code,
                                                  "App/Colors.xcassets/Contents.json": #"{"info": {"version": 1}}"#,
                                                  "App/Colors.xcassets/Accent.colorset/Contents.json": Self.accent])
        #expect(status == 1)
        #expect(found == [
            Found(line: 7, column: 13, theme: "dark-increased-contrast", foreground: "#FFFFFF", background: "#93C5FD"),
            Found(line: 23, column: 13, theme: "dark-increased-contrast", foreground: "#FFFFFF", background: "#93C5FD"),
            Found(line: 26, column: 9, theme: "dark-increased-contrast", foreground: "#FFFFFF", background: "#93C5FD"),
        ], "\(found)")
        let first = try #require(messages.first)
        #expect(first.contains(#"Color("Accent") (#93C5FD)"#), "\(first)")
        #expect(first.contains("below 4.5:1"), "\(first)")
        #expect(first.contains("background #"), "\(first)")
    }

    @Test func systemColoursAreMeasuredInEachAppearance() throws {
        let code = """
        struct Tag: View {
            var body: some View {
                Text("Beta")
                    .font(.caption)
                    .foregroundColor(.white)
                    .padding(4)
                    .background(Color(.systemBlue))
            }
        }
        """
        let (status, found, _) = try lint(["Tag.swift": code])
        #expect(status == 1)
        // systemBlue is #007AFF (4.02:1), #0A84FF (3.65:1), #0040DD (passes) and #409CFF (2.9:1).
        #expect(found.map { $0.theme ?? "-" } == ["dark", "dark-increased-contrast", "light"], "\(found)")
        #expect(found.map(\.background) == ["#0A84FF", "#409CFF", "#007AFF"], "\(found)")
    }

    @Test func unknownAndDynamicColoursAreSilent() throws {
        let code = """
        struct Quiet: View {
            let tint: Color
            var body: some View {
                VStack {
                    Text("No catalog").foregroundColor(.white).background(Color("Missing"))
                    Text("Primary").foregroundColor(.primary).background(Color.white)
                    Text("Parameter").foregroundColor(tint).background(Color.white)
                    Text("Material").foregroundColor(.white).background(.ultraThinMaterial)
                    Text("Extension").foregroundColor(.white).background(Color.brandFill)
                    Text("Semantic").foregroundColor(Color(uiColor: .label)).background(Color(.systemBackground))
                }
            }
        }
        """
        let (status, found, _) = try lint(["Quiet.swift": code])
        #expect(status == 0)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func ternariesAreMeasuredPerBranchAndPairedByCondition() throws {
        let code = """
        struct Chip: View {
            let isSelected: Bool
            let isMuted: Bool
            var body: some View {
                HStack {
                    Text("Paired")
                        .foregroundColor(isSelected ? .white : .black)
                        .background(isSelected ? Color.black : Color.white)
                    Text("Muted")
                        .foregroundColor(isMuted ? Color(white: 0.75) : .black)
                        .background(Color.white)
                }
            }
        }
        """
        let (status, found, messages) = try lint(["Chip.swift": code])
        #expect(status == 1)
        #expect(found == [Found(line: 9, column: 13, theme: nil, foreground: "#BFBFBF", background: "#FFFFFF")], "\(found)")
        #expect(messages.first?.contains("(when isMuted)") == true, "\(messages)")
    }

    @Test func aConfigurationOutsideTheAppNamesTheCatalog() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Colors.xcassets/Contents.json", #"{"info": {"version": 1}}"#)
        dir.write("Colors.xcassets/Accent.colorset/Contents.json", Self.accent)
        let config = dir.write("lint.yml", "colors:\n  asset_catalogs: [Colors.xcassets]\n")
        dir.write("App/Pay.swift", """
        struct Pay: View {
            var body: some View {
                Text("Pay").foregroundColor(.white).background(Color("Accent"))
            }
        }
        """)
        let result = CLI.run(["App", "--config", config], in: dir.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("App/Pay.swift:3:9: error: Text colour .white (#FFFFFF) on Color(\"Accent\") (#93C5FD)"), "\(result.stdout)")
    }

    /// A static colour member declared in another file of the run (issue 23's open item): the
    /// theme file has no text view, the view file no declaration.
    @Test func aStaticMemberDeclaredInAnotherFileIsMeasured() throws {
        let theme = """
        import SwiftUI

        extension Color {
            static let brand = Color(red: 0.55, green: 0.75, blue: 0.95)
            static let ink = Color(white: 1)
        }

        extension ShapeStyle where Self == Color {
            static var card: Color { Color(white: 0.9) }
        }

        enum Theme {
            static let banner: Color = .orange
        }

        extension UIColor {
            static let legacy = UIColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 1)
        }
        """
        let views = """
        import SwiftUI

        struct Promo: View {
            var body: some View {
                VStack {
                    Text("Brand")
                        .foregroundColor(.ink)
                        .background(Color.brand)
                    Text("Card")
                        .foregroundStyle(.white)
                        .background(.card)
                    Text("Banner")
                        .foregroundColor(.white)
                        .background(Theme.banner)
                    Text("Legacy")
                        .foregroundColor(.white)
                        .background(Color(uiColor: .legacy))
                }
            }
        }
        """
        let (status, found, messages) = try lint(["Sources/Theme.swift": theme, "Sources/Views/Promo.swift": views])
        #expect(status == 1)
        // #8CBFF2 under white is 1.9:1, #E6E6E6 1.26:1, #CCCCCC 1.6:1, fixed colours: one finding each;
        // orange is systemOrange, measured in each appearance (white passes only on #C93400).
        #expect(found.map { "\($0.line) \($0.theme ?? "-") \($0.background)" } == [
            "6 - #8CBFF2", "9 - #E6E6E6",
            "12 dark #FF9F0A", "12 dark-increased-contrast #FFB340", "12 light #FF9500",
            "15 - #CCCCCC",
        ], "\(found)")
        #expect(messages.first?.contains("Color.brand (#8CBFF2)") == true, "\(messages)")
    }

    /// The first view naming a member of another file makes the run read every Swift file for
    /// declarations; the files linted after it are linted from those bytes
    /// (`SwiftFilesReadAhead`), with the same findings, on one thread or two.
    @Test(arguments: ["1", "2"]) func filesReadForMembersAreLintedFromTheSameBytes(jobs: String) throws {
        let view = """
        import SwiftUI

        struct Promo: View {
            var body: some View {
                Text("Brand")
                    .foregroundColor(.ink)
                    .background(Color.brand)
            }
        }
        """
        let theme = """
        import SwiftUI

        extension Color {
            static let brand = Color(red: 0.55, green: 0.75, blue: 0.95)
            static let ink = Color(white: 1)
        }
        """
        var files = ["A/Promo.swift": view, "B/Theme.swift": theme]
        for index in 0..<5 { files["C/Later\(index).swift"] = view }
        let (status, found, _) = try lint(files, ["--jobs", jobs])
        #expect(status == 1)
        #expect(found.map { "\($0.line):\($0.column) \($0.foreground) \($0.background)" }
            == Array(repeating: "5:9 #FFFFFF #8CBFF2", count: 6), "\(found)")
    }

    /// A name two files declare with different values is not measured; one declared the same way
    /// twice is: whichever threads read the two files (the table is built on the run's jobs).
    @Test(arguments: [1, 2, 3, 8])
    func aMemberDeclaredDifferentlyInTwoFilesIsSilent(jobs: Int) throws {
        let first = """
        extension Color {
            static let accentFill = Color(white: 0.95)
            static let sameFill = Color(white: 0.95)
        }
        """
        let second = """
        enum Palette {
            static let accentFill = Color(white: 0.1)
            static let sameFill = Color(white: 0.95)
        }
        """
        let views = """
        struct Chips: View {
            var body: some View {
                Text("Ambiguous").foregroundColor(.white).background(Color.accentFill)
                Text("Same").foregroundColor(.white).background(Palette.sameFill)
            }
        }
        """
        var files = ["A.swift": first, "B.swift": second, "Chips.swift": views]
        for index in 0..<5 { files["F\(index).swift"] = "enum F\(index) { static let accentFill = 1 }\n" }
        let (status, found, _) = try lint(files, ["--jobs", "\(jobs)"])
        #expect(status == 1)
        #expect(found == [Found(line: 4, column: 9, theme: nil, foreground: "#FFFFFF", background: "#F2F2F2")], "\(found)")
    }
}
