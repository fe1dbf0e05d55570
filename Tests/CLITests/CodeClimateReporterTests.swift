import Foundation
import Testing

/// `--reporter codeclimate`: GitLab's code-quality JSON, checked field by field on the Samples.
@Suite struct CodeClimateReporterTests {
    func issues(_ result: CLI.Result) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func everyFieldOnTheSamples() throws {
        let result = CLI.run(["Samples", "--reporter", "codeclimate"])
        #expect(result.status == 1, "\(result.stderr)")
        let list = try issues(result)
        let json = CLI.run(["Samples", "--reporter", "json"])
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(list.count == findings.count && !list.isEmpty)
        var fingerprints = Set<String>()
        for (issue, finding) in zip(list, findings) {
            #expect(issue["type"] as? String == "issue")
            #expect(issue["description"] as? String == finding["message"] as? String)
            #expect(issue["check_name"] as? String == finding["rule"] as? String)
            let severity = try #require(issue["severity"] as? String)
            let expected = ["error": "major", "warning": "minor", "note": "info"][finding["severity"] as? String ?? ""]
            #expect(severity == expected)
            let location = try #require(issue["location"] as? [String: Any])
            let path = try #require(location["path"] as? String)
            // Relative to the repository root: the run was made there, so the path as given.
            #expect(path == finding["file"] as? String)
            #expect(!path.hasPrefix("/") && path.hasPrefix("Samples/"))
            let lines = try #require(location["lines"] as? [String: Any])
            #expect(lines["begin"] as? Int == finding["line"] as? Int)
            let fingerprint = try #require(issue["fingerprint"] as? String)
            #expect(fingerprints.insert(fingerprint).inserted, "fingerprint \(fingerprint) repeats")
        }
        // Stable across runs.
        #expect(CLI.run(["Samples", "--reporter", "codeclimate"]).stdout == result.stdout)
    }

    /// An unrelated edit (lines inserted above) moves findings but keeps their fingerprints;
    /// the paths are from the repository root whatever folder the run is made in.
    @Test func fingerprintsSurviveUnrelatedEditsAndPathsAreFromTheRoot() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let original = try String(contentsOf: CLI.root.appendingPathComponent("Samples/specs/components/CheckboxView.json"),
                                  encoding: .utf8)
        dir.write("specs/components/CheckboxView.json", original)
        _ = Process.run("git", ["init", "-q"], in: dir.url)
        let sub = dir.url.appendingPathComponent("specs")
        let before = try issues(CLI.run(["components/CheckboxView.json", "--reporter", "codeclimate"], in: sub))
        dir.write("specs/components/CheckboxView.json", "\n\n\n" + original)
        let after = try issues(CLI.run(["components/CheckboxView.json", "--reporter", "codeclimate"], in: sub))
        #expect(!before.isEmpty)
        #expect(before.map { $0["fingerprint"] as? String } == after.map { $0["fingerprint"] as? String })
        for (b, a) in zip(before, after) {
            let bl = ((b["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int ?? 0
            let al = ((a["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int ?? 0
            #expect(al == bl + 3)
            #expect((a["location"] as? [String: Any])?["path"] as? String == "specs/components/CheckboxView.json")
        }
    }

    @Test func sarifFromASubfolderUsesTheRepositoryRoot() throws {
        let sub = CLI.root.appendingPathComponent("Samples/swift")
        let result = CLI.run(["../specs/components/CheckboxView.json", "--reporter", "sarif"], in: sub)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        let rootURI = try #require(bases["%SRCROOT%"]?["uri"])
        #expect(rootURI.hasPrefix("file:///") && rootURI.hasSuffix("/"))
        let results = try #require(run["results"] as? [[String: Any]])
        let artifact = try #require((((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
            as? [String: Any])?["artifactLocation"]) as? [String: String])
        #expect(artifact["uri"] == "Samples/specs/components/CheckboxView.json")
        #expect(artifact["uriBaseId"] == "%SRCROOT%")
        let rules = try #require((((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]) as? [[String: Any]])
        let contrast = try #require(rules.first { $0["id"] as? String == "text-contrast" })
        let short = try #require((contrast["shortDescription"] as? [String: String])?["text"])
        #expect(short.count < 60, "shortDescription is the rule's name: \(short)")
    }
}

extension Process {
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in directory: URL) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = directory
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
