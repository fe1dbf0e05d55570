import Testing
import Foundation
import A11yModel
import A11yLint

/// Labels named by `textKey` are checked in every language of the spec's String Catalog.
struct StringCatalogLintTests {
    static let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "ok": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "OK"}},
        "de": {"stringUnit": {"state": "translated", "value": "Einverstanden mit allen Bedingungen und Bestimmungen"}},
        "fr": {"stringUnit": {"state": "new", "value": ""}}}}}}
    """#

    func check(_ spec: String, catalog: String? = catalog) -> LintSessionResult {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        if let catalog { folder.write("Localizable.xcstrings", catalog) }
        let path = folder.write("Terms.json", spec)
        return lint([path])
    }

    let spec = #"{"name": "TermsCheckbox", "a11y": {"strings": "Localizable.xcstrings", "typography": {"maxLines": 1},"#
        + #" "variants": [{"name": "ok", "textKey": "ok", "width": 200}]}}"#

    @Test func eachLanguageIsCheckedAndNamed() {
        let findings = check(spec).report.findings
        let clipped = findings.filter { $0.rule == "text-clipped" }
        #expect(clipped.map(\.lang) == ["de"], "\(findings.map { "\($0.rule) \($0.lang ?? "-")" })")
        let missing = findings.filter { $0.rule == "missing-translation" }
        #expect(missing.map(\.lang) == ["fr"] && missing.first?.severity == .note)
        #expect(missing.first.map { "\($0.location.line):\($0.location.column)" } == "1:142")
        // Contrast is a property of the colours, checked once (in the source language).
        #expect(findings.filter { $0.rule == "text-contrast" }.map(\.lang) == ["en"])
    }

    @Test func aMissingCatalogIsAnInputErrorAtItsName() {
        let result = check(spec, catalog: nil)
        #expect(result.report.inputErrors.map { "\($0.location.line):\($0.location.column)" } == ["1:47"])
        #expect(result.report.inputErrors.first?.message.contains("string catalog not found") == true)
    }

    @Test func aTextKeyWithoutACatalogIsAnError() {
        let result = check(#"{"name": "TermsCheckbox", "a11y": {"variants": [{"textKey": "ok"}]}}"#, catalog: nil)
        #expect(result.report.inputErrors.first?.message.contains("needs a String Catalog") == true)
    }
}
