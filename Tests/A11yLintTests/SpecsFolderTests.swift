import Testing
@testable import A11yLint

/// JSON found by a walk is read as a spec where specs live: below a folder named `specs`.
@Suite struct SpecsFolderTests {
    @Test(arguments: [
        ("specs/a.json", true), ("x/specs/a.json", true), ("/abs/specs/b/c.json", true), ("./specs/a.json", true),
        ("x//specs//a.json", true), ("specs", false), ("x/specs", false), ("x/specs.json", false),
        ("myspecs/a.json", false), ("specsx/a.json", false), ("spec/a.json", false), ("x/spe/cs/a.json", false),
        ("", false), ("/", false), ("Specs/a.json", false),
    ])
    func folderNamedSpecs(_ path: String, _ expected: Bool) {
        let folders = path.split(separator: "/").dropLast()
        #expect(Linter.hasSpecsFolder(path) == expected)
        #expect(folders.contains("specs") == expected)
    }
}
