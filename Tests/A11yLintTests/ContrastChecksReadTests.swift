import Testing
import Foundation
import A11yModel
import A11yLint

/// A kind says what its contrast checks read besides the spec (`contrastChecksRead`), and the
/// measurement asks it once per spec or once per theme on that word. The word must be true:
/// asked for every enabled variant in every theme, each kind gives the checks it gave when
/// asked once.
struct ContrastChecksReadTests {
    /// One spec of `definition`'s kind: a theme with every colour role it names, one with none
    /// but a background, one with every other role; variants checked and not (where the kind
    /// has a state), indeterminate (where allowed), disabled, without text, at a large size,
    /// right to left, and one with a colour of its own.
    static func varied(_ definition: any KindDefinition) -> String {
        let roles = definition.colorRoles ?? ["text", "fill", "border"]
        func colors(_ pick: (Int) -> Bool) -> String {
            roles.enumerated().filter { pick($0.offset) }
                .map { "\"\($0.element)\": \"#\(String(format: "%02X", 40 + 20 * $0.offset))7F7F\"" }
                .joined(separator: ", ")
        }
        let themes = """
        "t/all": {"background": "#FFFFFF", "colors": {\(colors { _ in true })}},
        "t/none": {"background": "#101010", "colors": {}},
        "t/odd": {"background": "#F0F0F0", "colors": {\(colors { $0 % 2 == 1 })}}
        """
        // Each variant sets one key besides its name and text, when the kind takes that key.
        var variants = [#"{"name": "plain", "text": "Accept"}"#, #"{"name": "bare", "text": null}"#]
        var keyed: [(key: String, variant: String)] = [
            ("isEnabled", #"{"name": "off", "text": "Accept", "isEnabled": false}"#),
            ("contentSize", #"{"name": "large", "text": "Accept", "contentSize": "AX3"}"#),
            ("layoutDirection", #"{"name": "rtl", "text": "قبول", "layoutDirection": "rtl"}"#),
            ("isChecked", #"{"name": "on", "text": "Accept", "isChecked": true}"#),
            ("isChecked", #"{"name": "unchecked", "text": "Accept", "isChecked": false}"#),
        ]
        if definition.allowsIndeterminate {
            keyed.append(("isChecked", #"{"name": "mixed", "text": "Accept", "isChecked": "indeterminate"}"#))
        }
        if let role = roles.first {
            keyed.append(("colors", ##"{"name": "own", "text": "Accept", "colors": {"\##(role)": "#123456"}}"##))
        }
        variants += keyed.filter { definition.variantKeys.contains($0.key) }.map(\.variant)
        let pairs = definition.kind == .generic
            ? #", "size": {"width": 120, "height": 32}, "pairs": [{"foreground": "text", "background": "fill", "role": "text"}, {"foreground": "border", "background": "background", "role": "nontext"}]"#
            : ""
        return """
        {"name": "Varied", "a11y": {"kind": "\(definition.kind.rawValue)", "themes": {\(themes)}\(pairs),
         "variants": [\(variants.joined(separator: ", "))]}}
        """
    }

    /// The samples' specs and one varied spec of every registered kind.
    static func specs() throws -> [ComponentSpec] {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let linter = try Linter(catalogue: Repo.catalogue)
        var specs: [ComponentSpec] = []
        for definition in Kinds.all {
            let (loaded, errors) = linter.specs(at: folder.write("\(definition.kind.rawValue).json", varied(definition)))
            #expect(errors.isEmpty, "\(definition.kind.rawValue): \(errors)")
            #expect(loaded.count == 1, "\(definition.kind.rawValue)")
            specs += loaded
        }
        let samples = Repo.samples.appendingPathComponent("specs/components")
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() where name.hasSuffix(".json") {
            specs += linter.specs(at: samples.appendingPathComponent(name).path).specs
        }
        #expect(specs.count > Kinds.all.count + 5)
        return specs
    }

    @Test func everyKindsStatedInputsHold() throws {
        let specs = try Self.specs()
        // Every kind is tried, each on more than one variant and theme.
        #expect(Set(specs.compactMap { $0.definition?.kind.rawValue }) == Set(Kinds.all.map(\.kind.rawValue)))
        for spec in specs {
            let definition = try #require(spec.definition)
            var first: [ContrastCheck]?
            var byTheme: [String: [ContrastCheck]] = [:]
            for variant in spec.variants where variant.isEnabled {
                for theme in spec.themes {
                    let checks = definition.contrastChecks(for: variant, in: theme, spec: spec)
                    let label = "\(spec.name): \(variant.name) in \(theme.name)"
                    switch definition.contrastChecksRead {
                    case .spec:
                        if let first { #expect(checks == first, "\(label)") } else { first = checks }
                    case .theme:
                        // A variant's own colours make themes of their own, asked on their own.
                        guard variant.colors.isEmpty else { continue }
                        if let known = byTheme[theme.name] { #expect(checks == known, "\(label)") } else {
                            byTheme[theme.name] = checks
                        }
                    case .variantAndTheme:
                        continue
                    }
                }
            }
        }
    }
}
