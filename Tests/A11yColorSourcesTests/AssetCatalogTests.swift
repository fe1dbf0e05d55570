import A11yColorSources
import A11yModel
import Foundation
import Testing

/// Colour sets written the way Apple's Asset Catalog Format Reference ("Named Color Type",
/// "Group Type") and Xcode's colour inspector write them; expected values worked out from
/// the definitions (CSS Color 4's display-p3 and sRGB, Core Graphics' gamma-2.2 grays).
@Suite struct AssetCatalogTests {
    @Test func applesSampleUsesTheSRGBGamutEntryAndJSONNumbersAreZeroToOne() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        // The Named Color Type reference's sample (its stray trailing commas removed).
        fixture.write("Sample.colorset/Contents.json", """
        {
          "colors" : [
            {
              "idiom" : "universal",
              "display-gamut" : "display-P3",
              "color" : {
                "components" : { "red" : 0.25, "green" : 0.25, "blue" : 0.25, "alpha" : 1 },
                "color-space" : "display-p3"
              }
            },
            {
              "idiom" : "universal",
              "display-gamut" : "sRGB",
              "color" : {
                "components" : { "red" : 0.5, "green" : 0.5, "blue" : 0.5, "alpha" : 1 },
                "color-space" : "srgb"
              }
            }
          ],
          "info" : { "author" : "com.developerName", "version" : 1 }
        }
        """)
        let catalog = try fixture.catalog()
        #expect(catalog.colorNames == ["Sample"])
        #expect(catalog.appearances == ["light", "dark", "light-increased-contrast", "dark-increased-contrast"])
        let color = catalog.color(named: "Sample", in: "light")
        #expect(near(color?.color, 0.5, 0.5, 0.5))
        #expect(color?.origin.line == 11)
        #expect(color?.origin.value == "srgb(0.5 0.5 0.5 / 1)")
        #expect(color?.origin.file == fixture.root + "/Sample.colorset/Contents.json")
    }

    @Test func everyComponentNotationXcodeWrites() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        // Floating point (0.0-1.0), 8-bit (0-255), 8-bit hexadecimal.
        fixture.colorSet("Float", [setEntry(["red": "\"1.000\"", "green": "\"0.500\"", "blue": "\"0.000\"", "alpha": "\"0.800\""])])
        fixture.colorSet("Byte", [setEntry(["red": "\"255\"", "green": "\"128\"", "blue": "\"0\"", "alpha": "\"1.000\""])])
        fixture.colorSet("Hex", [setEntry(["red": "\"0xFF\"", "green": "\"0x80\"", "blue": "\"0x00\"", "alpha": "\"1.000\""])])
        fixture.colorSet("Number", [setEntry(["red": "1", "green": "0.5", "blue": "0"])])
        let catalog = try fixture.catalog()
        #expect(near(catalog.color(named: "Float", in: "dark")?.color, 1, 0.5, 0, 0.8))
        #expect(near(catalog.color(named: "Byte", in: "light")?.color, 1, 128.0 / 255, 0))
        #expect(near(catalog.color(named: "Hex", in: "light")?.color, 1, 128.0 / 255, 0))
        #expect(near(catalog.color(named: "Number", in: "light")?.color, 1, 0.5, 0))
        #expect(catalog.color(named: "Hex", in: "light")?.origin.value == "srgb(0xFF 0x80 0x00 / 1.000)")
        #expect(catalog.color(named: "Number", in: "light")?.origin.value == "srgb(1 0.5 0)")
    }

    @Test func everyColourSpaceReachesSRGB() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("SRGB", [setEntry(["red": "\"0.200\"", "green": "\"0.400\"", "blue": "\"0.600\""], space: "srgb")])
        fixture.colorSet("Extended", [setEntry(["red": "\"1.200\"", "green": "\"-0.100\"", "blue": "\"0.500\""], space: "extended-srgb")])
        fixture.colorSet("P3", [setEntry(["red": "\"0.200\"", "green": "\"0.400\"", "blue": "\"0.600\""], space: "display-p3")])
        fixture.colorSet("P3Wide", [setEntry(["red": "\"0.900\"", "green": "\"0.300\"", "blue": "\"0.100\""], space: "display-p3")])
        fixture.colorSet("Linear", [setEntry(["red": "\"0.2140\"", "green": "\"1.000\"", "blue": "\"0.000\""], space: "extended-linear-srgb")])
        fixture.colorSet("Gray", [setEntry(["white": "\"0.500\"", "alpha": "\"0.500\""], space: "gray-gamma-22")])
        fixture.colorSet("ExtendedGray", [setEntry(["white": "\"1.500\""], space: "extended-gray")])
        fixture.colorSet("NegativeGray", [setEntry(["white": "\"-0.500\""], space: "extended-gray")])
        let catalog = try fixture.catalog()
        #expect(near(catalog.color(named: "SRGB", in: "light")?.color, 0.2, 0.4, 0.6))
        #expect(near(catalog.color(named: "Extended", in: "light")?.color, 1, 0, 0.5))
        // CSS Color 4: display-p3 → linear → XYZ D65 → linear sRGB → sRGB.
        #expect(near(catalog.color(named: "P3", in: "light")?.color, 0.10406, 0.40593, 0.61700))
        #expect(near(catalog.color(named: "P3Wide", in: "light")?.color, 0.97681, 0.22992, 0))
        #expect(near(catalog.color(named: "Linear", in: "light")?.color, 0.49996, 1, 0))
        // 0.5^2.2 in linear light, sRGB-encoded: 0.50387.
        #expect(near(catalog.color(named: "Gray", in: "light")?.color, 0.50387, 0.50387, 0.50387, 0.5))
        #expect(near(catalog.color(named: "ExtendedGray", in: "light")?.color, 1, 1, 1))
        #expect(near(catalog.color(named: "NegativeGray", in: "light")?.color, 0, 0, 0))
        #expect(catalog.color(named: "Gray", in: "light")?.origin.value == "gray-gamma-22(0.500 / 0.500)")
    }

    /// Which entry each appearance takes, by the entry's line.
    func lines(_ catalog: AssetCatalog, _ name: String) -> [Int?] {
        catalog.appearances.map { catalog.color(named: name, in: $0)?.origin.line }
    }

    @Test func everyFallbackOfTheFourAppearances() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        // The first entry starts on line 3; an entry with no appearance is 12 lines long.
        fixture.colorSet("AnyOnly", [gray("0.100")])
        fixture.colorSet("AnyDark", [gray("0.100"), gray("0.900", [dark])])
        fixture.colorSet("AnyHigh", [gray("0.100"), gray("0.200", [high])])
        fixture.colorSet("AnyDarkAnyHigh", [gray("0.100"), gray("0.900", [dark]), gray("0.200", [high])])
        fixture.colorSet("Everything", [gray("0.100"), gray("0.150", [light]), gray("0.900", [dark]),
                                        gray("0.200", [high]), gray("0.250", [light, high]), gray("0.950", [dark, high])])
        fixture.colorSet("LightAnyHigh", [gray("0.150", [light]), gray("0.200", [high]), gray("0.900", [dark])])
        let catalog = try fixture.catalog()
        let value = { (name: String) in catalog.appearances.map { catalog.color(named: name, in: $0)?.origin.value } }
        let v = { (x: String) in "srgb(\(x) \(x) \(x) / 1.000)" }
        #expect(value("AnyOnly") == [v("0.100"), v("0.100"), v("0.100"), v("0.100")])
        #expect(value("AnyDark") == [v("0.100"), v("0.900"), v("0.100"), v("0.900")])
        #expect(value("AnyHigh") == [v("0.100"), v("0.100"), v("0.200"), v("0.200")])
        // Dark beats Any + High in dark increased contrast.
        #expect(value("AnyDarkAnyHigh") == [v("0.100"), v("0.900"), v("0.200"), v("0.900")])
        #expect(value("Everything") == [v("0.150"), v("0.900"), v("0.250"), v("0.950")])
        // Light + High missing: Any + High before Light.
        #expect(value("LightAnyHigh") == [v("0.150"), v("0.900"), v("0.200"), v("0.900")])
        #expect(lines(catalog, "AnyDark") == [3, 15, 3, 15])
        #expect(near(catalog.color(named: "Everything", in: "dark-increased-contrast")?.color, 0.95, 0.95, 0.95))
        #expect(catalog.color(named: "Everything", in: "sepia") == nil)
        #expect(catalog.color(named: "Nothing", in: "light") == nil)
    }

    @Test func anAppearanceWithNoEntryHasNoColour() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("DarkOnly", [gray("0.900", [dark])])
        let catalog = try fixture.catalog()
        #expect(lines(catalog, "DarkOnly") == [nil, 3, nil, 3])
    }

    @Test func universalIsUsedElseIphone() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("Both", [setEntry(["red": "\"0.300\"", "green": "\"0.300\"", "blue": "\"0.300\""], idiom: "iphone"),
                                  setEntry(["red": "\"0.600\"", "green": "\"0.600\"", "blue": "\"0.600\""], idiom: "universal")])
        fixture.colorSet("Phone", [setEntry(["red": "\"0.300\"", "green": "\"0.300\"", "blue": "\"0.300\""], idiom: "iphone"),
                                   setEntry(["red": "\"0.700\"", "green": "\"0.700\"", "blue": "\"0.700\""], idiom: "ipad")])
        fixture.colorSet("Mac", [setEntry(["red": "\"0.300\"", "green": "\"0.300\"", "blue": "\"0.300\""], idiom: "mac")])
        let catalog = try fixture.catalog()
        #expect(near(catalog.color(named: "Both", in: "light")?.color, 0.6, 0.6, 0.6))
        #expect(near(catalog.color(named: "Phone", in: "dark")?.color, 0.3, 0.3, 0.3))
        #expect(catalog.color(named: "Mac", in: "light") == nil)
    }

    @Test func namespacesComeFromGroupsThatProvideThem() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.write("Contents.json", #"{ "info" : { "author" : "xcode", "version" : 1 } }"#)
        fixture.write("Brand/Contents.json", #"{ "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "provides-namespace" : true } }"#)
        fixture.colorSet("Brand/Primary", [gray("0.200")])
        fixture.write("Brand/Text/Contents.json", #"{ "properties" : { "provides-namespace" : true } }"#)
        fixture.colorSet("Brand/Text/Body", [gray("0.300")])
        fixture.write("Plain/Contents.json", #"{ "properties" : { "provides-namespace" : false } }"#)
        fixture.colorSet("Plain/Surface", [gray("0.900")])
        fixture.colorSet("Loose/Nested/Accent", [gray("0.500")])
        let catalog = try fixture.catalog()
        #expect(catalog.colorNames == ["Accent", "Brand/Primary", "Brand/Text/Body", "Surface"])
        #expect(catalog.color(named: "Brand/Text/Body", in: "light")?.origin.file
                == fixture.root + "/Brand/Text/Body.colorset/Contents.json")
        #expect(catalog.color(named: "Primary", in: "light") == nil)
    }

    @Test func systemReferencesResolveInEachAppearance() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("Tint", ["""
            {
              "color" : {
                "platform" : "ios",
                "reference" : "systemBlueColor"
              },
              "idiom" : "universal"
            }
        """])
        fixture.colorSet("Text", ["""
            {
              "color" : { "platform" : "universal", "reference" : "labelColor" },
              "idiom" : "universal"
            }
        """, gray("0.500", [high])])
        let catalog = try fixture.catalog()
        let hexes = catalog.appearances.map { catalog.color(named: "Tint", in: $0)?.color }
        #expect(hexes == [RGBA(hex: "#007AFF"), RGBA(hex: "#0A84FF"), RGBA(hex: "#0040DD"), RGBA(hex: "#409CFF")])
        let tint = catalog.color(named: "Tint", in: "dark")
        #expect(tint?.origin.value == "systemBlueColor")
        #expect(tint?.origin.line == 3)
        #expect(tint?.origin.reference == "asset:Tint")
        #expect(catalog.color(named: "Text", in: "dark")?.color == RGBA(hex: "#FFFFFF"))
        #expect(near(catalog.color(named: "Text", in: "light-increased-contrast")?.color, 0.5, 0.5, 0.5))
    }

    @Test func aRelativePathStaysRelativeInOrigins() throws {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("Plain", [gray("0.200")])
        // The fixture's path relative to the working directory (the tests never change it).
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + fixture.root.dropFirst()
        let catalog = try AssetCatalog(path: relative, system: .ios18)
        #expect(catalog.color(named: "Plain", in: "light")?.origin.file == relative + "/Plain.colorset/Contents.json")
    }
}
