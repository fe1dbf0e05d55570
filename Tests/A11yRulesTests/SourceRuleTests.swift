import Foundation
import Testing
import A11yModel
import A11yPattern
@testable import A11yRules
import A11ySwiftReader

/// The repository's `Rules/` folder, found from this file.
private let rulesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Rules")

private let shippedSourceRules: [RuleEntry] = {
    do {
        // Pattern rules only: a rule checked by its own code (`implementation: code`,
        // source-text-contrast) runs on its examples through the whole linter (RuleExamplesTests).
        return try RuleCatalogue(directory: rulesDirectory).entries.filter {
            $0.description.kind == .source && !$0.isImplementedInCode
        }
    } catch {
        Issue.record("cannot read \(rulesDirectory.path): \(error)")
        return []
    }
}()

private func lint(_ code: String, with set: SourceRuleSet, path: String = "Example.swift") -> [Finding] {
    set.lint(SwiftSource(code), path: path).sorted(by: Finding.reportOrder)
}

private func positions(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.location.line):\($0.location.column)" }
}

/// A rule set from one YAML rule written in the test.
private func ruleSet(yaml: String) throws -> SourceRuleSet {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ylint-source-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var catalogue = try RuleCatalogue(directory: folder)
    try catalogue.load(yaml: yaml, file: "test.yml")
    return try SourceRuleSet(entries: catalogue.entries)
}

@Suite struct ShippedSourceRuleTests {
    @Test func theContractRulesShip() {
        let ids = Set(shippedSourceRules.map(\.description.id))
        for id in ["tap-gesture-without-trait", "image-without-label", "forced-label-color"] {
            #expect(ids.contains(id), "missing source rule \(id)")
        }
    }

    /// Every source rule, on each of its own examples: exactly the `↓` positions for the
    /// triggering ones, nothing for the others.
    @Test func everyRuleOnItsOwnExamples() throws {
        #expect(!shippedSourceRules.isEmpty)
        for entry in shippedSourceRules {
            let id = entry.description.id
            let set = try SourceRuleSet(entries: [entry])
            #expect(entry.triggeringExamples.count >= 5, "\(id) needs more triggering examples")
            #expect(entry.nonTriggeringExamples.count >= 5, "\(id) needs more non-triggering examples")
            for example in entry.triggeringExamples {
                let expected = example.markedPositions.map { "\($0.line):\($0.column)" }.sorted()
                #expect(!expected.isEmpty, "\(id): a triggering example without ↓:\n\(example.marked)")
                let findings = lint(example.text, with: set, path: example.fileName)
                #expect(findings.allSatisfy { $0.rule == id }, "\(id): \(findings.map(\.message))")
                #expect(positions(findings).sorted() == expected, "\(id) on:\n\(example.marked)")
                for finding in findings {
                    #expect(finding.severity == entry.description.defaultSeverity)
                    #expect(finding.wcag == entry.description.wcag)
                    #expect(finding.location.file == example.fileName)
                    #expect(finding.baselineKey == SwiftSource(example.text).lineKeyText(finding.location.line))
                }
            }
            for example in entry.nonTriggeringExamples {
                #expect(!example.marked.contains(RuleExample.marker), "\(id): ↓ in a non-triggering example")
                let findings = lint(example.text, with: set, path: example.fileName)
                #expect(findings.isEmpty, "\(id) fired at \(positions(findings)) on:\n\(example.marked)")
            }
        }
    }

    @Test func messagesAndSourceLines() throws {
        let set = try SourceRuleSet(entries: shippedSourceRules)
        let code = """
        struct Style: ButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.label.foregroundColor(  .white )
            }
        }
        """
        let findings = lint(code, with: set)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.rule == "forced-label-color")
        #expect(finding.location == SourceLocation(file: "Example.swift", line: 3, column: 28))
        #expect(finding.message.hasPrefix(".foregroundColor( .white ) forces a fixed color"))
        #expect(finding.baselineKey == "configuration.label.foregroundColor(  .white )")
    }
}

@Suite struct SourceDecoyTests {
    let set: SourceRuleSet

    init() throws { set = try SourceRuleSet(entries: shippedSourceRules) }

    @Test func codeInCommentsAndStringsNeverMatches() {
        let code = #"""
        // Image("a").onTapGesture { }
        /// Image(systemName: "doc")
        /* Text("x").onTapGesture { } /* Image("nested") */ still comment Image("b") */
        let a = "Image(\"c\").onTapGesture { }"
        let b = #"Image("d") "quoted" .onTapGesture {}"#
        let c = """
            Image("e")
                .onTapGesture { tap() }
            Button("f") { }.foregroundColor(.white)
            """
        let d = "\(value) Image(\"g\") \(Image("h"))"
        """#
        // The `Image("h")` inside the interpolation is code, but the whole literal is masked.
        #expect(lint(code, with: set).isEmpty)
    }

    @Test func decoysAroundRealFindings() {
        let code = """
        struct V: View {
            var body: some View {
                VStack {
                    // Image("commented")
                    Image(
                        systemName: "x" // .accessibilityLabel("not really")
                    )
                    .onTapGesture { close() } /* .accessibilityAddTraits(.isButton) */
                    Text("\\(count) .accessibilityHidden(true)")
                        .onTapGesture { bump() }
                }
            }
        }
        """
        let findings = lint(code, with: set)
        #expect(findings.map(\.rule) == ["image-without-label", "tap-gesture-without-trait", "tap-gesture-without-trait"])
        #expect(positions(findings) == ["5:13", "5:13", "9:13"])
    }

    @Test func columnsCountUnicodeScalars() {
        let code = "var body: some View { let é = 1; let s = \"ü\"; Image(\"x\") }\n"
        let findings = lint(code, with: set)
        #expect(positions(findings) == ["1:47"])
    }
}

@Suite struct SourceRuleLimitTests {
    @Test func catastrophicPatternYieldsANoteAndTheRunGoesOn() throws {
        let rules = [
            CustomSourceRule(id: "nested-quantifiers", regex: "(a+)+$", message: "never finishes"),
            CustomSourceRule(id: "no-force-try", regex: #"\btry!"#, message: "avoid try!", severity: .error),
        ]
        let set = try SourceRuleSet(customRules: rules)
        let code = String(repeating: "a", count: 100_000) + "\nlet x = try! load()\n"
        let source = SwiftSource(code)
        let clock = ContinuousClock()
        var findings: [Finding] = []
        let elapsed = clock.measure { findings = set.lint(source, path: "Big.swift") }
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
        let notes = findings.filter { $0.rule == SourceRuleSet.limitRuleID }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.message.contains("nested-quantifiers") == true)
        #expect(notes.first?.location.file == "Big.swift")
        let forced = findings.filter { $0.rule == "no-force-try" }
        #expect(positions(forced) == ["2:9"])
    }

    @Test func limitHitInAConditionAlsoYieldsANote() throws {
        let set = try ruleSet(yaml: """
        id: slow-condition
        name: Slow
        kind: source
        category: source
        severity: warning
        summary: A condition that backtracks forever.
        pattern: '\\bText\\s*\\('
        scope: chain
        unless:
          text: '(\\w+\\s?)+$'
        """)
        let code = "Text(" + String(repeating: "ab ", count: 3_000) + ")"
        let clock = ContinuousClock()
        var findings: [Finding] = []
        let elapsed = clock.measure { findings = set.lint(SwiftSource(code), path: "Slow.swift") }
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
        #expect(findings.map(\.rule) == [SourceRuleSet.limitRuleID])
        #expect(findings.first?.message.contains("slow-condition") == true)
    }

    @Test func wholeRunOfShippedAndCatastrophicRulesStaysFast() throws {
        let shipped = try SourceRuleSet(entries: shippedSourceRules)
        let custom = try SourceRuleSet(customRules: [CustomSourceRule(id: "bad", regex: "(a+)+$", message: "bad")])
        let set = shipped.merging(custom)
        let line = String(repeating: "a", count: 100_000)
        let files = (0..<4).map { SwiftSource(line + "\nvar body: some View {\nImage(\"x\")\n}\n// \(line)\n\($0)") }
        let clock = ContinuousClock()
        var notes = 0, images = 0
        let elapsed = clock.measure {
            for file in files {
                let findings = set.lint(file, path: "F.swift")
                notes += findings.filter { $0.rule == SourceRuleSet.limitRuleID }.count
                images += findings.filter { $0.rule == "image-without-label" }.count
            }
        }
        #expect(notes == 4)
        #expect(images == 4)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }
}

@Suite struct CustomSourceRuleTests {
    @Test func customRulesMatchCodeOnlyWithTheirOwnSeverityAndMessage() throws {
        let set = try SourceRuleSet(customRules: [
            CustomSourceRule(id: "no-print", regex: #"\bprint\s*\("#, message: "Use the logger", severity: .error,
                             wcag: ["4.1.2"]),
        ])
        let code = """
        // print("in a comment")
        let s = "print(\\"in a string\\")"
        func f() {
            print("real")
        }
        """
        let findings = lint(code, with: set)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.rule == "no-print")
        #expect(finding.severity == .error)
        #expect(finding.message == "Use the logger")
        #expect(finding.wcag == ["4.1.2"])
        #expect(finding.location == SourceLocation(file: "Example.swift", line: 4, column: 5))
        #expect(finding.baselineKey == "print(\"real\")")
    }

    @Test func matchPlaceholdersAnywhereInAMessage() throws {
        let set = try SourceRuleSet(customRules: [
            CustomSourceRule(id: "no-print", regex: #"\bprint\s*\(\s*x\s*\)"#, message: "{match}: évitez « {match} »{match}"),
        ])
        // The matched code with its white space folded, at each placeholder.
        let findings = lint("func f() {\n    print(  x\n )\n}\n", with: set)
        #expect(findings.map(\.message) == ["print( x ): évitez « print( x ) »print( x )"])
    }

    @Test func messagesAreCutAtTheirPlaceholders() {
        let marker = Array("{state}".utf8)
        #expect("no marker".cutUTF8(at: marker) == ["no marker"])
        #expect("{state}".cutUTF8(at: marker) == ["", ""])
        #expect("a{state}{state}é{state".cutUTF8(at: marker) == ["a", "", "é{state"])
        #expect("".cutUTF8(at: marker) == [""])
        #expect("Turns {state} on".cutUTF8(at: marker).joined(separator: "isOn") == "Turns isOn on")
    }

    @Test func includedAndExcludedGlobs() throws {
        let set = try SourceRuleSet(customRules: [
            CustomSourceRule(id: "ui-only", regex: #"\bfatalError\("#, message: "no fatalError in views",
                             included: ["Sources/**/*View.swift"], excluded: ["**/Generated/**"]),
        ])
        let code = "fatalError(\"x\")"
        #expect(lint(code, with: set, path: "Sources/App/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "./Sources/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "/repo/Sources/App/UI/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "Sources/App/Model.swift").isEmpty)
        #expect(lint(code, with: set, path: "Tests/LoginView.swift").isEmpty)
        #expect(lint(code, with: set, path: "Sources/Generated/LoginView.swift").isEmpty)
    }

    /// A glob's plain runs are looked for in the path before it is split and matched: the
    /// shortcut changes no answer, with `?`, `[…]`, escapes and `*` inside components.
    @Test func globsWithWildcardsInsideComponents() throws {
        let set = try SourceRuleSet(customRules: [
            CustomSourceRule(id: "shapes", regex: #"\bfatalError\("#, message: "m",
                             included: ["*Feature?/**/[A-Z]*View.swift", #"Legacy\*/*.swift"#],
                             excluded: ["*Tests/**/*.swift", "*.test.swift"]),
        ])
        let code = "fatalError(\"x\")"
        #expect(lint(code, with: set, path: "Sources/LoginFeatureA/UI/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "LoginFeatureA/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "Sources/LoginFeature/UI/LoginView.swift").isEmpty)
        #expect(lint(code, with: set, path: "Sources/LoginFeatureA/UI/loginView.swift").isEmpty)
        #expect(lint(code, with: set, path: "App/Legacy*/Old.swift").count == 1)
        #expect(lint(code, with: set, path: "App/LegacyX/Old.swift").isEmpty)
        #expect(lint(code, with: set, path: "AppTests/LoginFeatureA/LoginView.swift").isEmpty)
        #expect(lint(code, with: set, path: "Sources/LoginFeatureA/SnapshotTests/LoginView.swift").isEmpty)
        #expect(lint(code, with: set, path: "Sources/LoginFeatureA/Snapshot/LoginView.swift").count == 1)
    }

    /// A path is cut into components at its `/` bytes when it is ASCII, by characters when it
    /// is not; empty and `.` components are left out either way.
    @Test func pathComponentsForGlobs() throws {
        let set = try SourceRuleSet(customRules: [
            CustomSourceRule(id: "views", regex: #"\bfatalError\("#, message: "m", included: ["Sources/*/LoginView.swift"]),
        ])
        let code = "fatalError(\"x\")"
        #expect(lint(code, with: set, path: "Sources//App/./LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "./Sources/App/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "/repo/Sources/Écran/LoginView.swift").count == 1)
        #expect(lint(code, with: set, path: "Sources/App/Extra/LoginView.swift").isEmpty)
        #expect(lint(code, with: set, path: "Sources/LoginView.swift").isEmpty)
        // A `/` carrying a combining mark is one character with it, not a separator: `*`
        // matches `App/\u{301}x` as one component.
        #expect(lint(code, with: set, path: "Sources/App/\u{301}x/LoginView.swift").count == 1)
    }

    @Test func invalidRegexIsACatalogueError() {
        let location = SourceLocation(file: ".a11ylint.yml", line: 12, column: 5)
        #expect {
            _ = try SourceRuleSet(customRules: [
                CustomSourceRule(id: "broken", regex: "(unclosed", message: "x", definedAt: location),
            ])
        } throws: { error in
            guard let error = error as? CatalogueError else { return false }
            return error.file == ".a11ylint.yml" && error.line == 12 && error.message.contains("broken")
        }
    }

    @Test func emptyMatchesAdvance() throws {
        let set = try SourceRuleSet(customRules: [CustomSourceRule(id: "empty", regex: "(?=é)", message: "m")])
        #expect(positions(lint("aéé", with: set)) == ["1:2", "1:3"])
    }
}

@Suite struct SourceRuleYAMLTests {
    @Test func missingPatternAndUnknownConditionAreErrors() {
        #expect(throws: CatalogueError.self) {
            _ = try ruleSet(yaml: "id: x\nname: X\nkind: source\ncategory: source\nseverity: note\nsummary: s\n")
        }
        #expect(throws: CatalogueError.self) {
            _ = try ruleSet(yaml: """
            id: x
            name: X
            kind: source
            category: source
            severity: note
            summary: s
            pattern: 'a'
            unless:
              heads: 'b'
            """)
        }
        #expect(throws: CatalogueError.self) {
            _ = try ruleSet(yaml: "id: x\nname: X\nkind: source\ncategory: source\nseverity: note\nsummary: s\npattern: '(a'\n")
        }
    }

    @Test func whenSlotOpenerAndNot() throws {
        let set = try ruleSet(yaml: """
        id: icon-in-menu
        name: Icon in menu
        kind: source
        category: source
        severity: note
        summary: An Image in the label of a Menu outside of a preview.
        pattern: '\\bImage\\('
        scope: chain
        report: chainStart
        when:
          enclosing:
            head: '^Menu\\b'
            slot: '^label$'
        unlessEnclosing:
          opener: '#Preview'
        """)
        let code = """
        Menu {
            Image("in-content")
        } label: {
            HStack { Image("in-label") }
        }
        #Preview {
            Menu { } label: { Image("previewed") }
        }
        """
        #expect(positions(lint(code, with: set)) == ["4:14"])
    }
}

@Suite struct SourcePatternTests {
    @Test func anchoredLiteralPrefixes() {
        func prefix(_ pattern: String) -> String {
            String(decoding: Pattern.literalPrefix(ofAnchored: Array(pattern.utf8)), as: UTF8.self)
        }
        #expect(prefix(#"^\.accessibilityHidden\s*\(\s*true"#) == ".accessibilityHidden")
        #expect(prefix(#"^\.onTapGesture\b"#) == ".onTapGesture")
        #expect(prefix("^icon$") == "icon")
        #expect(prefix("^abc?d") == "ab")
        #expect(prefix("^ab+c") == "ab")
        #expect(prefix("^(?:SwiftUI)?Image") == "")
        #expect(prefix("^a|b") == "")
        #expect(prefix("^(a|b)c") == "")
        #expect(prefix("a^b") == "")
    }

    @Test func quickRejectionAgreesWithPCRE2() throws {
        let scratch = MatchScratch(limits: .default)
        let patterns = [#"^\.accessibilityHidden\s*\(\s*true\s*\)"#, #"^(?:SwiftUI\s*\.\s*)?(?:Button|Link)\b"#,
                        "^$", "^x?y", "^(?i)image", #"\bText\("#]
        let subjects = [".accessibilityHidden(true)", ".accessibilityHidden(false)", "SwiftUI.Button", "Link(",
                        "VStack {", "", "y", "xy", "IMAGE", "a Text(", ".accessibilityLabel(\"x\")"]
        for source in patterns {
            let pattern = try Pattern(source)
            for subject in subjects {
                let bytes = Array(subject.utf8) + [0]
                let matched: Bool = bytes.withUnsafeBufferPointer { buffer in
                    let slice = UnsafeBufferPointer(rebasing: buffer[0..<(bytes.count - 1)])
                    if pattern.cannotMatch(slice) { return false }
                    if case .match = pattern.firstMatch(in: slice, scratch: scratch) { return true }
                    return false
                }
                let expected = try Pattern(source).isMatch(subject)
                #expect(matched == expected, "\(source) on '\(subject)'")
            }
        }
    }

    @Test func utf8InitKeepsValidBytesAndRepairsInvalidOnes() {
        let valid = SwiftSource(utf8: Array("let é = Image(\"x\")".utf8))
        #expect(valid.text == "let é = Image(\"x\")")
        #expect(valid.bytes.count == valid.text.utf8.count)
        let invalid = SwiftSource(utf8: [0x61, 0xFF, 0x62])
        #expect(invalid.text == "a\u{FFFD}b")
        #expect(invalid.bytes == Array("a\u{FFFD}b".utf8))
        #expect(invalid.masked.count == invalid.bytes.count)
    }

    @Test func enclosingBrackets() {
        let code = "f(a, { b[c] }, (d))"
        let source = SwiftSource(code)
        let offset = { (needle: Character) in code.utf8.firstIndex(of: needle.asciiValue!).map { code.utf8.distance(from: code.utf8.startIndex, to: $0) }! }
        #expect(source.enclosingBracket(of: offset("a")) == 1)
        #expect(source.enclosingBracket(of: offset("b")) == offset("{"))
        #expect(source.enclosingBracket(of: offset("c")) == offset("["))
        #expect(source.enclosingBracket(of: offset("d")) == 15)
        #expect(source.enclosingBracket(of: 0) == nil)
        #expect(SwiftSource("x(y").enclosingBracket(of: 2) == nil)
    }
}

@Suite struct SourceRobustnessTests {
    /// Every prefix and a few thousand mutations of the shipped examples: broken code
    /// (unclosed brackets, literals and comments) must never crash or hang the rules.
    @Test func brokenCodeNeverCrashes() throws {
        let set = try SourceRuleSet(entries: shippedSourceRules)
        let corpus = shippedSourceRules.flatMap { $0.triggeringExamples + $0.nonTriggeringExamples }.map(\.text)
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("(){}[]\"#/*\\.\n ab:,".utf8)
        var linted = 0
        for text in corpus {
            let bytes = Array(text.utf8)
            for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 40)) {
                _ = set.lint(SwiftSource(utf8: Array(bytes[..<cut])), path: "Cut.swift")
                linted += 1
            }
            for _ in 0..<20 {
                var mutated = bytes
                for _ in 0..<3 where !mutated.isEmpty {
                    let at = Int.random(in: 0..<mutated.count, using: &generator)
                    mutated[at] = alphabet.randomElement(using: &generator)!
                }
                _ = set.lint(SwiftSource(utf8: mutated), path: "Mutated.swift")
                linted += 1
            }
        }
        #expect(linted > 1_000)
    }
}

@Suite struct SourceLongInputTests {
    /// Long argument lists are legitimate: they must give findings, not limit notes.
    @Test func longArgumentListsStayWithinTheLimits() throws {
        let set = try SourceRuleSet(entries: shippedSourceRules)
        for count in [10, 2_000, 50_000] {
            let arguments = String(repeating: "a + (b) ", count: count)
            let code = "Image(uiImage: make(\(arguments)))\n    .accessibilityAddTraits(f(\(arguments)))\n    .onTapGesture { act() }\n"
                + "Image(\"x\", tint: t(\(arguments)), label: Text(\"y\"))\n}\n"
            let findings = lint("var body: some View {\n" + code, with: set)
            #expect(findings.map(\.rule) == ["image-without-label", "tap-gesture-without-trait"], "\(count)")
            #expect(positions(findings) == ["2:1", "2:1"])
        }
    }

    @Test func deepPatternsRetryOnALargerJITStack() throws {
        let set = try SourceRuleSet(customRules: [
            CustomSourceRule(id: "balanced", regex: #"\((?:[^()]|(?R))*\)"#, message: "nested"),
        ])
        let depth = 3_000
        let code = "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"
        let findings = lint(code, with: set)
        #expect(findings.map(\.rule) == ["balanced"])
        #expect(positions(findings) == ["1:9"])
    }
}

@Suite struct SourceRuleSetConfigurationTests {
    @Test func filterAndRelevel() throws {
        let set = try SourceRuleSet(entries: shippedSourceRules)
        let code = "var body: some View { Image(\"a\").onTapGesture { act() } }\n"
        #expect(lint(code, with: set).map(\.rule) == ["image-without-label", "tap-gesture-without-trait"])
        let onlyTap = set.filter { $0 == "tap-gesture-without-trait" }
        #expect(onlyTap.ruleIDs == ["tap-gesture-without-trait"])
        #expect(lint(code, with: onlyTap).map(\.rule) == ["tap-gesture-without-trait"])
        let releveled = set.relevel(["image-without-label": .error])
        #expect(lint(code, with: releveled).map(\.severity) == [.error, .error])
        #expect(lint(code, with: set).map(\.severity) == [.warning, .error])
    }
}
