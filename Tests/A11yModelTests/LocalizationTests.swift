import XCTest
@testable import A11yModel

final class PseudoLocaleTests: XCTestCase {
    func testExpansionFollowsTheLengthTable() {
        // 12 characters: +100 % → 24, brackets included.
        let twelve = PseudoLocale.expanded.apply(to: "Accept terms")
        XCTAssertEqual(twelve, "[Accept terms one two three]")
        XCTAssertGreaterThanOrEqual(twelve.count, 24)
        // Short labels grow most: "OK" (2) → at least 6.
        XCTAssertEqual(PseudoLocale.expanded.apply(to: "OK"), "[OK one]")
        XCTAssertEqual(PseudoLocale.growth(forLength: 10), 2)
        XCTAssertEqual(PseudoLocale.growth(forLength: 11), 1)
        XCTAssertEqual(PseudoLocale.growth(forLength: 71), 0.3)
        let long = String(repeating: "word ", count: 20) // 100 characters: +30 %
        XCTAssertGreaterThanOrEqual(PseudoLocale.expanded.apply(to: long).count, 130)
        XCTAssertLessThan(PseudoLocale.expanded.apply(to: long).count, 137)
    }

    func testAccentedKeepsLengthAndSpacing() {
        let text = "Accept terms, 2 items"
        let accented = PseudoLocale.accented.apply(to: text)
        XCTAssertEqual(accented, "Åççéþţ ţéŕɱš, 2 îţéɱš")
        XCTAssertEqual(accented.count, text.count)
    }

    func testBidiForcesEachWordRightToLeft() {
        XCTAssertEqual(PseudoLocale.bidi.apply(to: "Accept terms"),
                       "\u{200F}\u{202E}Accept\u{202C} \u{202E}terms\u{202C}")
    }
}

final class StringCatalogTests: XCTestCase {
    func testStringCatalog() throws {
        let json = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "accept_terms" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Nutzungsbedingungen akzeptieren" } },
                "ja" : { "stringUnit" : { "state" : "new", "value" : "accept_terms" } }
              }
            },
            "submit" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Submit" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Absenden" } }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let catalog = try StringCatalog.parseXCStrings(Array(json.utf8), file: "Localizable.xcstrings")
        XCTAssertEqual(catalog.languages, ["en", "de", "ja"])
        XCTAssertEqual(catalog.entry("accept_terms", language: "de")?.value, "Nutzungsbedingungen akzeptieren")
        XCTAssertEqual(catalog.entry("accept_terms", language: "en")?.value, "accept_terms")
        XCTAssertEqual(catalog.entry("submit", language: "en")?.value, "Submit")
        XCTAssertEqual(catalog.entry("accept_terms", language: "ja")?.isUntranslated, true)
        XCTAssertNil(catalog.entry("submit", language: "ja"))
    }

    func testBadCatalogIsPositioned() {
        XCTAssertThrowsError(try StringCatalog.parseXCStrings(Array("{\"strings\": {,}}".utf8), file: "L.xcstrings")) { error in
            let e = error as! StringCatalog.ReadError
            XCTAssertEqual(e.file, "L.xcstrings")
            XCTAssertEqual(e.line, 1)
            XCTAssertEqual(e.column, 14)
        }
    }

    func testLegacyStringsFiles() throws {
        let table = """
        /* The terms checkbox */
        "accept_terms" = "Accepter les conditions";
        // a line comment
        "quote" = "Dire \\"oui\\"\\n\\U00E9t\\u00E9";
        """
        let entries = try StringCatalog.parseStrings(Array(table.utf8), file: "fr.lproj/Localizable.strings")
        XCTAssertEqual(entries["accept_terms"]?.value, "Accepter les conditions")
        XCTAssertEqual(entries["quote"]?.value, "Dire \"oui\"\nété")
        XCTAssertThrowsError(try StringCatalog.parseStrings(Array("\"a\" = \"b\"".utf8), file: "x.strings")) { error in
            XCTAssertEqual((error as! StringCatalog.ReadError).message, "expected ';' after the value")
        }
        // A folder of *.lproj tables, UTF-16 included.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lproj-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("\"accept_terms\" = \"Accept terms\";".utf8).write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        try "\"accept_terms\" = \"Bedingungen akzeptieren\";".data(using: .utf16)!
            .write(to: folder.appendingPathComponent("de.lproj/Localizable.strings"))
        let catalog = try StringCatalog.read(folder.path)
        XCTAssertEqual(catalog.languages, ["en", "de"])
        XCTAssertEqual(catalog.entry("accept_terms", language: "de")?.value, "Bedingungen akzeptieren")
    }
}

/// String Catalog variations (device, plural, nested), substitutions and placeholder samples.
final class CatalogVariationTests: XCTestCase {
    func parse(_ json: String) throws -> StringCatalog {
        try StringCatalog.parseXCStrings(Array(json.utf8), file: "Localizable.xcstrings")
    }

    func testDeviceThenPluralAndLanguagesOnlyInVariations() throws {
        let catalog = try parse(#"""
        {"sourceLanguage": "en", "strings": {"k": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "%lld items"}},
          "pl": {"variations": {"device": {
            "mac": {"stringUnit": {"state": "translated", "value": "mac"}},
            "iphone": {"variations": {"plural": {
              "many": {"stringUnit": {"state": "translated", "value": "%lld elementów"}},
              "one": {"stringUnit": {"state": "translated", "value": "%lld element"}},
              "few": {"stringUnit": {"state": "new", "value": "%lld elementy"}}}}}}}}}}}}
        """#)
        XCTAssertEqual(catalog.languages, ["en", "pl"])
        let entry = try XCTUnwrap(catalog.entry("k", language: "pl"))
        XCTAssertEqual(entry.forms.map(\.category), ["one", "few", "many"])
        XCTAssertTrue(entry.isUntranslated)
        XCTAssertEqual(catalog.texts(of: "k", in: "en").map(\.text), ["88 items"])
    }

    /// A language whose only text is a variation a11ylint does not read stays a language of
    /// the catalogue: the key is missing there (and `missing-translation` says so).
    func testAnUnreadableLanguageIsKeptNotDropped() throws {
        let catalog = try parse(#"""
        {"sourceLanguage": "en", "strings": {"k": {"localizations": {
          "sv": {"variations": {"width": {"1": {"stringUnit": {"state": "translated", "value": "x"}}}}}}}}}
        """#)
        XCTAssertEqual(catalog.languages, ["en", "sv"])
        XCTAssertNil(catalog.entry("k", language: "sv"))
        XCTAssertEqual(catalog.texts(of: "k", in: "sv").map(\.text), ["k"])
    }

    func testSubstitutionsFollowThePluralForms() throws {
        let catalog = try parse(#"""
        {"sourceLanguage": "en", "strings": {"k": {"localizations": {
          "de": {"stringUnit": {"state": "translated", "value": "%#@files@ von %@"},
                 "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                   "one": {"stringUnit": {"state": "translated", "value": "%arg Datei"}},
                   "other": {"stringUnit": {"state": "translated", "value": "%arg Dateien"}}}}}}}}}}}
        """#)
        let texts = catalog.texts(of: "k", in: "de")
        XCTAssertEqual(texts.map { $0.category ?? "-" }, ["one", "other"])
        XCTAssertEqual(texts.map(\.text), ["1 Datei von Alexandra", "88 Dateien von Alexandra"])
        // The source language has no localization: the key itself, as Xcode shows it.
        XCTAssertEqual(catalog.texts(of: "k", in: "en").map(\.text), ["k"])
    }

    func testPlaceholderSamples() {
        XCTAssertEqual(PlaceholderSamples.apply(to: "%1$@ has %2$lld, %.1f%%, %d", category: "few", language: "ru"),
                       "Alexandra has 24, 24.8%, 24")
        XCTAssertEqual(PlaceholderSamples.apply(to: "50 % off, 100% sure", category: nil, language: "en"), "50 % off, 100% sure")
        XCTAssertEqual(PlaceholderSamples.number(category: "many", language: "fr-CA"), "1000000")
        XCTAssertEqual(PlaceholderSamples.number(category: "one", language: "de"), "1")
    }
}
