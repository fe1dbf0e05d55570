import Testing
import Foundation
@testable import A11yLint

/// `LintSession.prepare` loads fontconfig's configuration ahead only for a run that may lay
/// out a spec (`LintRequest.mayLayOutSpecs`), and a folder once it is read and holds JSON
/// (`RunInputs.mayLayOutSpecs`); a run of Swift files alone does not pay for it.
@Suite struct FontPreparationRequestTests {
    func request(_ paths: [String], stdinPath: String? = nil, staged: Bool = false) -> LintRequest {
        var request = LintRequest()
        request.paths = paths
        request.stdinPath = stdinPath
        request.staged = staged
        return request
    }

    @Test func specsFoldersAndUnnamedInputsMayBeLaidOut() {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let swift = folder.write("A.swift", "let a = 1\n")
        let nested = folder.url.appendingPathComponent("specs").path
        folder.write("specs/B.json", "{}")
        #expect(request([swift, "Spec.JSON"]).mayLayOutSpecs)
        // A folder is decided once it is read: this one holds a JSON file in a `specs` folder.
        #expect(!request([swift, nested]).mayLayOutSpecs)
        #expect(RunInputs.mayLayOutSpecs(InputCollector.collect([swift, nested]).inputs))
        #expect(RunInputs.mayLayOutSpecs(InputCollector.collect([folder.url.path]).inputs))
        // No path: the configuration's `included` paths, or the files staged in git.
        #expect(request([]).mayLayOutSpecs)
        #expect(request([], staged: true).mayLayOutSpecs)
        #expect(request(["-"]).mayLayOutSpecs)
        #expect(request(["-"], stdinPath: "specs/Button.json").mayLayOutSpecs)
    }

    @Test func swiftFilesAloneAreNot() {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let swift = folder.write("A.swift", "let a = 1\n")
        #expect(!request([swift, "Sources/Other.swift"]).mayLayOutSpecs)
        #expect(!request([swift], staged: true).mayLayOutSpecs)
        #expect(!request(["-"], stdinPath: "Sources/View.swift").mayLayOutSpecs)
        // A path that names no folder and no JSON file (a typo, a README) lays out nothing.
        #expect(!request([swift, folder.url.appendingPathComponent("README.md").path, "no-such-path"]).mayLayOutSpecs)
        // A folder of Swift files only.
        folder.write("Views/B.swift", "let b = 2\n")
        #expect(!request([folder.url.path]).mayLayOutSpecs)
        #expect(!RunInputs.mayLayOutSpecs(InputCollector.collect([folder.url.path]).inputs))
        // JSON outside a `specs` folder: an asset catalog's, a fixture.
        folder.write("Assets.xcassets/Contents.json", "{}")
        #expect(!RunInputs.mayLayOutSpecs(InputCollector.collect([folder.url.path]).inputs))
    }
}
