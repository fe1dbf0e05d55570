import A11yColorSources
import A11yModel
import Testing

/// Spot checks of the iOS 18 table against Apple's Human Interface Guidelines (Color,
/// "System colors", before the iOS 26 update) and UIKit's published semantic values.
@Suite struct SystemColorsTests {
    let table = SystemColors.ios18

    func hexes(_ name: String) -> [RGBA?] { table.appearances.map { table.color(named: name, in: $0)?.color } }

    @Test func systemBlueInTheFourAppearances() {
        #expect(hexes("systemBlue") == [RGBA(hex: "#007AFF"), RGBA(hex: "#0A84FF"), RGBA(hex: "#0040DD"), RGBA(hex: "#409CFF")])
        #expect(table.appearances == ["light", "dark", "light-increased-contrast", "dark-increased-contrast"])
    }

    @Test func increasedContrastValuesOfTheSystemColours() {
        #expect(hexes("systemRed") == [RGBA(hex: "#FF3B30"), RGBA(hex: "#FF453A"), RGBA(hex: "#D70015"), RGBA(hex: "#FF6961")])
        #expect(hexes("systemGreen") == [RGBA(hex: "#34C759"), RGBA(hex: "#30D158"), RGBA(hex: "#248A3D"), RGBA(hex: "#30DB5B")])
        #expect(hexes("systemOrange")[2] == RGBA(hex: "#C93400"))
        #expect(hexes("systemGray")[2] == RGBA(hex: "#6C6C70"))
        #expect(hexes("systemGray6") == [RGBA(hex: "#F2F2F7"), RGBA(hex: "#1C1C1E"), RGBA(hex: "#EBEBF0"), RGBA(hex: "#242426")])
    }

    @Test func semanticColoursKeepTheirAlpha() {
        let secondary = table.color(named: "secondaryLabel", in: "light")
        #expect(secondary?.color == RGBA(red: 60 / 255.0, green: 60 / 255.0, blue: 67 / 255.0, alpha: 0.6))
        #expect(secondary?.origin.value == "#3C3C43/0.6")
        #expect(table.color(named: "secondaryLabel", in: "dark")?.color
                == RGBA(red: 235 / 255.0, green: 235 / 255.0, blue: 245 / 255.0, alpha: 0.6))
        #expect(hexes("label") == [RGBA(hex: "#000000"), RGBA(hex: "#FFFFFF"), RGBA(hex: "#000000"), RGBA(hex: "#FFFFFF")])
        #expect(table.color(named: "systemBackground", in: "dark")?.color == RGBA(hex: "#000000"))
        #expect(table.color(named: "clear", in: "light")?.color.alpha == 0)
    }

    @Test func originsNameTheTableAndItsLine() {
        let blue = table.color(named: "systemBlue", in: "dark")
        #expect(blue?.origin.file == "a11ylint:SystemColors/ios18.json")
        #expect(blue?.origin.reference == "system:systemBlue")
        #expect(blue?.origin.value == "#0A84FF")
        #expect((blue?.origin.line ?? 0) > 1)
        #expect(blue?.origin.line != table.color(named: "systemRed", in: "dark")?.origin.line)
    }

    @Test func namesLookups() {
        #expect(table.colorNames.count == 41)
        #expect(table.colorNames.contains("tertiarySystemGroupedBackground"))
        #expect(table.color(named: "systemBlueColor", in: "light") == nil)
        #expect(table.color(named: "notAColour", in: "light") == nil)
        #expect(table.color(named: "label", in: "sepia") == nil)
        #expect(table.tableName(forUIKitName: "systemBlueColor") == "systemBlue")
        #expect(table.tableName(forUIKitName: "secondaryLabelColor") == "secondaryLabel")
        #expect(table.tableName(forUIKitName: "systemBlue") == nil)
        #expect(SystemColors.named("ios18")?.release == "ios18")
        #expect(SystemColors.named("ios26") == nil)
    }
}
