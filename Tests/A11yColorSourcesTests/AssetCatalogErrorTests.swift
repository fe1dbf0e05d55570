import A11yColorSources
import A11yModel
import Testing

/// Colour sets no Xcode would write: each is an error at the file, line and column of the
/// value at fault, with a did-you-mean where one is close; the rest of the catalog still reads.
@Suite struct AssetCatalogErrorTests {
    /// The one error a catalog holding only `text` as `Bad.colorset/Contents.json` gives.
    func error(in text: String) -> ColorSourceError? {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.write("Bad.colorset/Contents.json", text)
        do {
            _ = try fixture.catalog()
            return nil
        } catch {
            #expect(error.file == fixture.root + "/Bad.colorset/Contents.json")
            return error
        }
    }

    func at(_ e: ColorSourceError?) -> String { e.map { "\($0.line):\($0.column): \($0.message)" } ?? "no error" }

    @Test func syntaxErrorsPointAtTheCharacter() {
        // The trailing comma itself is what has to go.
        #expect(at(error(in: "{\n  \"colors\" : [\n    { \"idiom\" : \"universal\", }\n  ]\n}")).hasPrefix("3:28: trailing comma"))
    }

    @Test func misspeltValuesGetADidYouMean() {
        #expect(at(error(in: """
        {"colors": [
          {"idiom": "universal", "color": {"color-space": "display-p", "components": {"red": "1", "green": "1", "blue": "1"}}}
        ]}
        """)).hasPrefix("2:51: unsupported color-space 'display-p'"))
        #expect(at(error(in: """
        {"colors": [
          {"idiom": "universal", "color": {"color-space": "display-p", "components": {}}}
        ]}
        """)).hasSuffix("(did you mean 'display-p3'?)"))
        #expect(at(error(in: """
        {"colors": [
          {"idiom": "universl", "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1"}}}
        ]}
        """)) == "2:13: unknown idiom 'universl' (did you mean 'universal'?)")
        #expect(at(error(in: """
        {"colors": [
          {"appearances": [{"appearance": "luminosity", "value": "drak"}],
           "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1"}}}
        ]}
        """)) == "2:58: unknown luminosity 'drak' (did you mean 'dark'?)")
        #expect(at(error(in: """
        {"colors": [
          {"appearances": [{"appearance": "contrasts", "value": "high"}],
           "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1"}}}
        ]}
        """)) == "2:35: unknown appearance 'contrasts' (did you mean 'contrast'?)")
        #expect(at(error(in: """
        {"colors": [
          {"color": {"platform": "ios", "reference": "systemBleuColor"}}
        ]}
        """)) == "2:46: unknown system colour 'systemBleuColor' in the ios18 table (did you mean 'systemBlueColor'?)")
    }

    @Test func componentsThatAreMissingMisspeltOrOutOfRange() {
        #expect(at(error(in: """
        {"colors": [
          {"color": {"color-space": "srgb", "components": {"red": "1", "gren": "1", "blue": "1"}}}
        ]}
        """)) == "2:64: unknown component 'gren' for srgb (did you mean 'green'?)")
        #expect(at(error(in: """
        {"colors": [
          {"color": {"color-space": "srgb", "components": {"red": "1", "blue": "1"}}}
        ]}
        """)) == "2:51: srgb components need 'green' (red, green, blue, optional alpha)")
        #expect(at(error(in: """
        {"colors": [
          {"color": {"color-space": "gray-gamma-22", "components": {"red": "1"}}}
        ]}
        """)) == "2:61: unknown component 'red' for gray-gamma-22")
        #expect(at(error(in: """
        {"colors": [
          {"color": {"color-space": "srgb", "components": {"red": "300", "green": "1", "blue": "1"}}}
        ]}
        """)) == "2:59: component 'red' 300 is not a byte (0–255; write 0–1 values with a '.')")
        #expect(at(error(in: """
        {"colors": [
          {"color": {"color-space": "srgb", "components": {"red": "half", "green": "1", "blue": "1"}}}
        ]}
        """)).hasPrefix("2:59: component 'red' must be a number"))
        #expect(at(error(in: """
        {"colors": [
          {"color": {"color-space": "srgb", "components": {"red": true, "green": "1", "blue": "1"}}}
        ]}
        """)).hasPrefix("2:59: component 'red' must be a number"))
    }

    @Test func wrongShapes() {
        #expect(at(error(in: "[]")) == "1:1: a colour set's Contents.json must be an object, not array")
        #expect(at(error(in: #"{"colors": {}}"#)) == "1:12: 'colors' must be an array of colour entries, not object")
        #expect(at(error(in: #"{"colors": [3]}"#)) == "1:13: a colour entry must be an object, not number")
        #expect(at(error(in: #"{"colors": [{"idiom": "universal"}]}"#)) == "1:13: a colour entry needs a \"color\" object")
        #expect(at(error(in: #"{"colors": [{"color": {"components": {}}}]}"#)).hasPrefix("1:23: 'color' needs \"color-space\""))
        #expect(at(error(in: #"{"colors": [{"color": {"color-space": "srgb"}}]}"#)) == "1:23: 'color' needs \"components\"")
        #expect(at(error(in: #"{"colors": [{"appearances": {}, "color": {}}]}"#)) == "1:29: 'appearances' must be an array, not object")
        #expect(at(error(in: "")).hasPrefix("1:1:"))
        // No colours at all is a colour set with nothing in it, not an error.
        #expect(error(in: #"{"info": {"version": 1}}"#) == nil)
    }

    @Test func theRestOfTheCatalogStillReads() {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("Good", [gray("0.200")])
        fixture.write("Bad.colorset/Contents.json", #"{"colors": [{"color": {"color-space": "srgbb", "components": {}}}]}"#)
        fixture.write("Empty.colorset/readme.txt", "no Contents.json here")
        fixture.write("Group/Contents.json", "{ not json")
        fixture.colorSet("Group/Other", [gray("0.300")])
        let (catalog, errors) = AssetCatalog.read(path: fixture.root, system: .ios18)
        #expect(errors.map { "\($0.file.dropFirst(fixture.root.count)):\($0.line):\($0.column)" } ==
                ["/Bad.colorset/Contents.json:1:39", "/Empty.colorset/Contents.json:0:0", "/Group/Contents.json:1:3"])
        #expect(errors.first?.message.hasSuffix("(did you mean 'srgb'?)") == true)
        #expect(catalog.colorNames == ["Good", "Other"])
        #expect(errors.count == 3)
    }

    @Test func sameNameTwiceAndAMissingCatalog() {
        let fixture = CatalogFixture()
        defer { fixture.remove() }
        fixture.colorSet("A/Accent", [gray("0.200")])
        fixture.colorSet("B/Accent", [gray("0.300")])
        let (_, errors) = AssetCatalog.read(path: fixture.root, system: .ios18)
        #expect(errors.map(\.message) == ["colour set name 'Accent' is already used by \(fixture.root)/A/Accent.colorset/Contents.json"])
        #expect(throws: ColorSourceError.self) { try AssetCatalog(path: fixture.root + "/Missing.xcassets", system: .ios18) }
    }
}
