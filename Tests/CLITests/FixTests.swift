import Foundation
import Testing

/// `--fix` on a copy of the Samples: only colour values change, in their own notation; the
/// colours written in the files then pass; a second `--fix` changes nothing; `--dry-run`
/// prints the diff and changes nothing.
@Suite struct FixTests {
    static func copyOfSamples() throws -> TempDir {
        let dir = TempDir()
        try FileManager.default.removeItem(at: dir.url)
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("Samples"), to: dir.url)
        return dir
    }

    static func files(_ dir: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let walker = try #require(FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil))
        for case let url as URL in walker where ["json", "swift"].contains(url.pathExtension) {
            result[String(url.path.dropFirst(dir.path.count))] = try String(contentsOf: url, encoding: .utf8)
        }
        return result
    }

    /// A line with its colour values (hex strings, and numbers in colour objects) blanked.
    static func shape(_ line: Substring) -> String {
        line.replacingOccurrences(of: "#[0-9A-Fa-f]{3,8}", with: "#", options: .regularExpression)
            .replacingOccurrences(of: "[0-9]+(\\.[0-9]+)?", with: "0", options: .regularExpression)
    }

    @Test func fixChangesOnlyColourValuesAndConverges() throws {
        let dir = try Self.copyOfSamples()
        defer { dir.cleanUp() }
        let before = try Self.files(dir.url)

        let dry = CLI.run(["specs", "--fix", "--dry-run"], in: dir.url)
        #expect(dry.stdout.hasPrefix("--- specs/components/BrandCheckbox.json\n+++ specs/components/BrandCheckbox.json\n@@ "), "\(dry.stdout)")
        #expect(dry.stdout.contains("-          \"checkedFill\": \"#40B259\",\n+          \"checkedFill\": \"#2DA24A\",\n"))
        #expect(try Self.files(dir.url) == before, "--dry-run changed a file")

        let fix = CLI.run(["specs", "--fix"], in: dir.url)
        #expect(fix.stderr.contains("specs/components/BrandCheckbox.json:30:27: #40B259 → #2DA24A\n"), "\(fix.stderr)")
        // 8-digit colours stay 8-digit: black at 50 % becomes black at 0x8A.
        #expect(fix.stderr.contains("specs/components/BrandCheckbox.json:32:27: #00000080 → #0000008A\n"))
        let after = try Self.files(dir.url)
        #expect(Set(after.keys) == Set(before.keys))
        var changedLines = 0
        for (file, old) in before {
            let new = after[file]!
            let a = old.split(separator: "\n", omittingEmptySubsequences: false)
            let b = new.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(a.count == b.count, "\(file): line count changed")
            for (x, y) in zip(a, b) where x != y {
                changedLines += 1
                #expect(Self.shape(x) == Self.shape(y), "\(file): more than a colour changed:\n\(x)\n\(y)")
            }
        }
        #expect(changedLines >= 8)

        // Every colour written in the files now passes: contrast findings remain only where
        // the colours come from a built-in preset (nothing in the file to rewrite).
        let json = CLI.run(["specs", "--reporter", "json"], in: dir.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let contrast = (doc["findings"] as? [[String: Any]] ?? []).filter { ($0["rule"] as? String)?.hasSuffix("contrast") == true }
        #expect(contrast.allSatisfy { $0["theme"] as? String == "default/light" }, "\(contrast.map { $0["message"] ?? "" })")
        #expect(!contrast.contains { ($0["file"] as? String)?.hasSuffix("BrandCheckbox.json") == true })

        // A second --fix changes nothing.
        let again = CLI.run(["specs", "--fix"], in: dir.url)
        #expect(!again.stderr.contains("→"), "\(again.stderr)")
        #expect(try Self.files(dir.url) == after)
    }

    @Test func objectNotationStaysAnObject() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let spec = dir.write("specs/Box.json", """
            {"name": "CheckboxView", "a11y": {"themes": {"brand/light": {"background": "#FFFFFF",
              "colors": {"textEnabled": {"white": 0, "alpha": 0.5}, "borderEnabled": "#0000008C",
                         "checkedFill": "#1A7F37", "checkmark": "#FFFFFF"}}}}}
            """)
        let fix = CLI.run([spec, "--fix"])
        // The theme's fix is #00000089 (alpha 137/255): written exactly, in as few decimals as
        // read back to it.
        #expect(fix.stderr.contains(": 0.5 → 0.537\n"), "\(fix.stderr)")
        let text = try String(contentsOfFile: spec, encoding: .utf8)
        #expect(text.contains(#""textEnabled": {"white": 0, "alpha": 0.537}"#))
        #expect(fix.status == 0, "\(fix.stdout)")
    }
}
