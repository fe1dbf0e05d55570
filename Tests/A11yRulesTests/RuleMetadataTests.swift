import Foundation
import Testing
import A11yModel
import A11yLayout
@testable import A11yRules

/// What a rule's YAML says about it (`kinds:`, `exceptKinds:`, `perLanguage:`), and what a
/// kind says about itself once (geometry keys read by one reader, its layout found through
/// its registration).
@Suite struct RuleMetadataTests {
    static func rule(_ extra: String) throws -> RuleDescription {
        let yaml = "id: x\nname: X\nkind: spec\ncategory: layout\nseverity: warning\nsummary: s\n" + extra
        var catalogue = try RuleCatalogue(files: [], origin: "test")
        try catalogue.load(yaml: yaml, file: "x.yml")
        return try #require(catalogue.description("x"))
    }

    @Test func kindsAllTakesEveryRegisteredKindButTheExceptions() throws {
        let all = try Self.rule("kinds: all\n")
        #expect(ComponentKind.allCases.allSatisfy(all.applies(to:)))
        let some = try Self.rule("kinds: all\nexceptKinds: [button, generic]\n")
        #expect(ComponentKind.allCases.filter(some.applies(to:)) == [.checkbox, .radio, .switch])
        let listed = try Self.rule("kinds: [radio]\n")
        #expect(ComponentKind.allCases.filter(listed.applies(to:)) == [.radio])
        #expect(!all.applies(to: nil))
        #expect(throws: CatalogueError.self) { try Self.rule("kinds: every\n") }
        #expect(throws: CatalogueError.self) { try Self.rule("kinds: all\nexceptKinds: [slider]\n") }
    }

    @Test func perLanguageIsTheRulesOwnWord() throws {
        #expect(try Self.rule("perLanguage: true\n").perLanguage)
        #expect(try !Self.rule("").perLanguage)
        let shipped = try RuleCatalogue.embedded()
        #expect(shipped.entries.filter(\.description.perLanguage).map(\.description.id)
                == ["glyph-missing", "label-in-name", "missing-label", "text-clipped", "touch-target"])
        #expect(shipped.ruleBook().entry("touch-target")?.perLanguage == true)
    }

    @Test func ruleBookResolvesSeverityAndSelectionOnce() throws {
        let book = try RuleCatalogue.embedded().ruleBook(
            severityOverrides: ["text-contrast": .note], selection: RuleSelection(disabled: ["missing-label"]))
        #expect(book.entry("text-contrast")?.severity == .note)
        #expect(book.configuredSeverity("text-contrast") == .note)
        #expect(book.configuredSeverity("missing-label") == nil)
        #expect(!book.isEnabled("missing-label"))
        #expect(book.isEnabled("text-contrast"))
        let only = RuleSelection(disabled: ["a"], only: ["a", "b"])
        #expect(!only.isEnabled("a") && only.isEnabled("b") && !only.isEnabled("c"))
    }

    @Test func componentCallGeometryIsReadAsASpecsIs() throws {
        func calls(_ geometry: String, kind: String = "radio") throws -> [ComponentCall] {
            var catalogue = try RuleCatalogue(files: [], origin: "test")
            try catalogue.load(yaml: """
                componentCalls:
                  - name: R
                    kind: \(kind)
                    pattern: 'R\\('
                    component: R
                    geometry: \(geometry)
                """, file: "calls.yml")
            return catalogue.componentCalls
        }
        let geometry = try #require(calls("{outerSize: 30, gap: 4, hitArea: {minWidth: 48, minHeight: 44}}").first).geometry
        #expect(geometry.outerSize == 30 && geometry.gap == 4 && geometry.hitArea == .minimum(width: 48, height: 44))
        #expect(geometry.dotSize == Kinds.definition(.radio).defaultGeometry.dotSize)
        do {
            _ = try calls("{outerSize: 24, trackWidth: 50}")
            Issue.record("a key the kind does not read is an error")
        } catch let error as CatalogueError {
            #expect(error.message == "unknown geometry key 'trackWidth'")
        }
        #expect(throws: CatalogueError.self) { try calls("{outerSize: 0}") }
        let button = try #require(calls("{sizing: fill, minHeight: 48}", kind: "button").first).geometry
        #expect(button.sizing == .fill && button.minHeight == 48)
    }

    @Test func everyRegisteredKindHasItsLayout() {
        #expect(KindLayouts.all.map(\.kind) == ComponentKind.allCases)
        for kind in ComponentKind.allCases {
            #expect(KindLayouts.layout(for: kind).kind == kind)
            #expect(ComponentKind(rawValue: kind.rawValue) == kind)
        }
        #expect(ComponentKind(rawValue: "slider") == nil)
        #expect("\(ComponentKind.switch)" == "switch")
    }
}
