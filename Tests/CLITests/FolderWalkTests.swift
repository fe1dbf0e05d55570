import Foundation
import Testing

/// Walking a real app repository: only component specs, indexes and Swift files are linted;
/// other JSON is skipped silently, and malformed JSON is an error only where specs live.
@Suite struct FolderWalkTests {
    static func appRepository() -> TempDir {
        let dir = TempDir()
        dir.write("package.json", #"{"name": "web-app", "version": "1.0.0", "dependencies": {"left-pad": "1.3.0"}}"#)
        dir.write("web/manifest.json", #"{"name": "App", "short_name": "App", "icons": [], "display": "standalone"}"#)
        dir.write("App/Assets.xcassets/AppIcon.appiconset/Contents.json",
                  #"{"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024"}], "info": {"author": "xcode", "version": 1}}"#)
        dir.write("App/Resources/app.json", "{\"greeting\": \"Hello\",}\n")          // localization, trailing comma
        dir.write("Tests/Fixtures/broken.json", "{\"oops\": [1, 2\n")                  // a fixture, malformed
        dir.write("Tests/Fixtures/user.json", #"{"name": "Ada", "email": "ada@example.com"}"#)
        dir.write("App/Views/Badge.swift", """
            import SwiftUI
            struct Badge: View {
                var body: some View {
                    Image("badge")
                }
            }
            """)
        dir.write("specs/components/Chip.json", #"{"name": "Chip", "tags": ["chip"], "usage": "Chip(\"New\")"}"#)
        return dir
    }

    @Test func otherJSONIsSkippedAndTheRepositoryLints() throws {
        let dir = Self.appRepository()
        defer { dir.cleanUp() }
        let result = CLI.run([".", "--reporter", "json"], in: dir.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((doc["inputErrors"] as? [Any])?.isEmpty == true, "\(result.stdout)")
        let summary = try #require(doc["summary"] as? [String: Int])
        #expect(summary["files"] == 2, "the Swift file and the Chip spec: \(summary)")
        let files = Set((doc["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files.isSubset(of: ["./App/Views/Badge.swift", "./specs/components/Chip.json"]), "\(files)")
        #expect(files.contains("./App/Views/Badge.swift"))
    }

    /// Other JSON is skipped before it is parsed when it holds none of a spec's or index's keys;
    /// a spec outside `specs/` whose keys are spelled with escapes is still found and linted.
    @Test func specWithEscapedKeysOutsideSpecsIsStillLinted() throws {
        let dir = Self.appRepository()
        defer { dir.cleanUp() }
        dir.write("Design/Chip2.json", #"{"n\u0061me": "Chip2", "t\u0061gs": ["chip"], "usage": "Chip2(\"New\")"}"#)
        dir.write("Design/Only.json", #"{"a11y": {"role": "button"}}"#)
        let result = CLI.run([".", "--reporter", "json"], in: dir.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(doc["summary"] as? [String: Int])
        #expect(summary["files"] == 4, "Badge.swift, Chip, Chip2 and the a11y-only spec: \(summary) \(result.stdout)")
    }

    @Test func malformedJSONWhereSpecsLiveIsAnInputError() {
        let dir = Self.appRepository()
        defer { dir.cleanUp() }
        dir.write("specs/components/Broken.json", "{\"name\": \"Broken\", \"tags\": [\"checkbox\"],}\n")
        let result = CLI.run(["."], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stdout.contains("./specs/components/Broken.json:1:40: error:"), "\(result.stdout)")
        #expect(!result.stdout.contains("app.json") && !result.stdout.contains("broken.json"))
        // The rest is still linted.
        #expect(result.stdout.contains("./App/Views/Badge.swift:4:9: warning:"))
    }

    @Test func fileNamedOnTheCommandLineIsLintedAsGiven() {
        let dir = Self.appRepository()
        defer { dir.cleanUp() }
        let result = CLI.run(["App/Resources/app.json"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stdout.contains("App/Resources/app.json:1:21: error:"), "\(result.stdout)")
        // A hook passes every staged .json with --skip-other-json: a commit of other JSON passes.
        let hook = CLI.run(["package.json", "web/manifest.json", "App/Resources/app.json", "--skip-other-json"], in: dir.url)
        #expect(hook.status == 0, "\(hook.stdout)")
    }

    @Test func nothingToLintIsExit2UnlessAllowed() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("web/package.json", #"{"name": "x", "version": "1"}"#)
        let result = CLI.run(["web"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("web:1:1: error: nothing to lint here: no component spec, index or Swift file (--allow-empty accepts that) [input-error]\n"),
                "\(result.stdout)")
        let allowed = CLI.run(["web", "--allow-empty"], in: dir.url)
        #expect(allowed.status == 0)
        #expect(allowed.stdout == "Found 0 errors, 0 warnings and 0 notes in 0 files (0 components).\n")
    }
}
