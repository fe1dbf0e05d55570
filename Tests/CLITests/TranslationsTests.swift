import A11yJSON
import Foundation
import Testing

/// Translations whole, through the binary: plural forms, languages only in variations,
/// placeholders laid out with sample values, a key the catalogue lacks, `layout --lang` and
/// `layout --pseudo-locale` (issue 21, item 3).
@Suite struct TranslationsTests {
    /// English and German in plural variations; French only inside variations (no plain
    /// `stringUnit` anywhere), Japanese without the key's plural variations.
    static let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "files_count": {"localizations": {
        "en": {"variations": {"plural": {
          "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
          "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
        "de": {"variations": {"plural": {
          "one": {"stringUnit": {"state": "translated", "value": "%lld Datei"}},
          "other": {"stringUnit": {"state": "translated", "value": "%lld Dateien für die Übertragung ausgewählt"}}}}},
        "fr": {"variations": {"device": {
          "iphone": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%lld fichier"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld fichiers sélectionnés pour le transfert"}}}}},
          "other": {"stringUnit": {"state": "translated", "value": "%lld fichiers"}}}}}}}}}
    """#

    static func spec(key: String) -> String {
        #"{"name": "FilesCheckbox", "a11y": {"kind": "checkbox", "strings": "Localizable.xcstrings", "#
            + #""typography": {"maxLines": 1}, "variants": [{"name": "files", "textKey": ""# + key + #"", "width": 300}]}}"#
    }

    func folder(key: String = "files_count") -> (TempDir, String) {
        let dir = TempDir()
        dir.write("Localizable.xcstrings", Self.catalog)
        return (dir, dir.write("Files.json", Self.spec(key: key)))
    }

    /// The findings of a JSON report: (rule, lang, plural, message).
    func findings(_ stdout: String) throws -> [(rule: String, lang: String?, plural: String?, message: String)] {
        let document = try JSONDocument(bytes: Array(stdout.utf8))
        return (document.root["findings"]?.arrayValue ?? []).map { finding in
            (finding["rule"]?.stringValue ?? "", finding["lang"]?.stringValue, finding["plural"]?.stringValue,
             finding["message"]?.stringValue ?? "")
        }
    }

    @Test func eachPluralFormOfEachLanguageIsCheckedAndNamed() throws {
        let (dir, path) = folder()
        defer { dir.cleanUp() }
        let json = CLI.run([path, "--reporter", "json"])
        #expect(json.status == 0 || json.status == 1, "\(json.stderr)")
        let clipped = try findings(json.stdout).filter { $0.rule == "text-clipped" }
        // German and French `other` forms clip; their `one` forms and English do not. French
        // is only inside variations (device, then plural): checked all the same.
        #expect(clipped.map { "\($0.lang ?? "-") \($0.plural ?? "-")" } == ["de other", "fr other"], "\(json.stdout)")
        #expect(try findings(json.stdout).filter { $0.rule == "missing-translation" }.isEmpty)
        let text = CLI.run([path])
        let lines = text.stdout.split(separator: "\n").filter { $0.hasSuffix("[text-clipped]") }
        #expect(lines.count == 2 && lines[0].contains(": warning: [de, other] Label needs 2 lines at Dynamic Type xL"),
                "\(text.stdout)")
        #expect(lines.count == 2 && lines[1].contains(": warning: [fr, other] "), "\(text.stdout)")
        // Contrast is a property of the colours: once, in the source language, without a form.
        #expect(text.stdout.contains("warning: [en, one] Touch target") && text.stdout.contains("error: [en] Label text contrast"))
    }

    @Test func aKeyTheCatalogueLacksIsReportedInEveryLanguage() throws {
        let (dir, path) = folder(key: "files_cont")
        defer { dir.cleanUp() }
        let result = CLI.run([path, "--reporter", "json"])
        let missing = try findings(result.stdout).filter { $0.rule == "missing-translation" }
        #expect(missing.map { $0.lang ?? "-" }.sorted() == ["de", "en", "fr"], "\(result.stdout)")
        #expect(missing.contains { $0.message == "'files_cont' is not in the String Catalog (did you mean 'files_count'?): "
                + "the en label shows the key itself" }, "\(missing.map(\.message))")
    }

    @Test func layoutLangLaysOutEveryPluralFormLabelled() throws {
        let (dir, path) = folder()
        defer { dir.cleanUp() }
        let text = CLI.run(["layout", path, "--lang", "de", "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("[de, one] “1 Datei”\n"), "\(text.stdout)")
        #expect(text.stdout.contains("\n[de, other] “88 Dateien für die Übertragung ausgewählt”\n"), "\(text.stdout)")
        #expect(!text.stdout.contains("%lld"))
        let json = CLI.run(["layout", path, "--lang", "de", "--content-size", "xL"])
        let forms = try JSONDocument(bytes: Array(json.stdout.utf8)).root.arrayValue ?? []
        #expect(forms.map { $0["plural"]?.stringValue ?? "-" } == ["one", "other"], "\(json.stdout)")
        #expect(forms.map { $0["lang"]?.stringValue ?? "-" } == ["de", "de"])
        #expect(forms.map { $0["label"]?["lines"]?.doubleValue ?? 0 } == [1, 2], "\(json.stdout)")
        #expect(forms.map { $0["text"]?.stringValue ?? "-" } == ["1 Datei", "88 Dateien für die Übertragung ausgewählt"])
        // The source language by default; a language the catalogue lacks is an error.
        let english = CLI.run(["layout", path, "--format", "text"])
        #expect(english.stdout.hasPrefix("[en, one] “1 file”\n"), "\(english.stdout)")
        let unknown = CLI.run(["layout", path, "--lang", "dd"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--lang dd: the String Catalog has no such language (did you mean 'de'?); languages: en, de, fr"),
                "\(unknown.stderr)")
    }

    @Test func layoutPseudoLocale() throws {
        let (dir, path) = folder()
        defer { dir.cleanUp() }
        let json = CLI.run(["layout", path, "--lang", "en", "--pseudo-locale", "expanded"])
        #expect(json.status == 0, "\(json.stderr)")
        let forms = try JSONDocument(bytes: Array(json.stdout.utf8)).root.arrayValue ?? []
        #expect(forms.map { $0["pseudoLocale"]?.stringValue ?? "-" } == ["expanded", "expanded"], "\(json.stdout)")
        #expect(forms.first?["text"]?.stringValue == "[1 file one two three]", "\(json.stdout)")
        // A plain variant: one layout object, labelled.
        let plain = dir.write("Plain.json", #"{"name": "Plain", "a11y": {"kind": "checkbox", "variants": [{"name": "ok", "text": "Accept"}]}}"#)
        let text = CLI.run(["layout", plain, "--pseudo-locale", "accented", "--format", "text"])
        #expect(text.stdout.hasPrefix("[pseudo-locale accented] “Åççéþţ”\n"), "\(text.stdout)")
    }

    @Test func theHTMLPageDrawsTheLanguagesWithFindings() {
        let (dir, path) = folder()
        defer { dir.cleanUp() }
        let html = CLI.run([path, "--reporter", "html", "--only-rule", "text-clipped"])
        #expect(html.stdout.contains("Translations with findings"), "\(html.stderr)")
        #expect(html.stdout.contains("[de, other]") && html.stdout.contains("[fr, other]"))
        #expect(html.stdout.contains("88 Dateien"))
        #expect(!html.stdout.contains("[de, one]"))
    }
}
