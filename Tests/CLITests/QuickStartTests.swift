import Foundation
import Testing

/// `a11ylint PATH… [FLAG…]` is read without ArgumentParser (the pre-commit case starts
/// faster); through the binary, it does exactly what `a11ylint lint PATH… [FLAG…]` (read by
/// the parser) does: the same report bytes, messages and exit code.
@Suite struct QuickStartTests {
    static let spec = "Samples/specs/components/BrandCheckbox.json"

    @Test(arguments: [
        [spec],
        [spec, "--quiet"],
        [spec, "--strict", "--quiet"],
        ["Samples/specs/components", "--allow-empty", "--follow-links"],
        ["Samples/specs", "--skip-other-json"],
        [spec, "--fix", "--dry-run"],
        [spec, "--dry-run"],
        ["Samples/specs/components/missing.json"],
        ["Samples/specs/components/CheckboxView.json", spec, "--quiet"],
        [spec, "--reporter", "json"],
        [spec, "--reporter", "SARIF", "--quiet"],
        ["--reporter", "github", spec, "--strict"],
        [spec, "--jobs", "2", "--reporter", "json"],
        ["Samples/specs", "--jobs", "007"],
        // Left to the parser: a flag or an option given twice, a reporter it does not know,
        // an option without its value.
        [spec, "--quiet", "--quiet"],
        [spec, "--reporter", "json", "--reporter", "text"],
        [spec, "--reporter", "jsn"],
        [spec, "--reporter"],
        [spec, "--output"],
        [spec, "-o", "--quiet"],
        [spec, "--jobs", "0"],
        [spec, "--jobs", "-1"],
        [spec, "--jobs", "two"],
        [spec, "--jobs"],
        [spec, "--jobs", "2", "--jobs", "3"],
    ])
    func theDefaultCommandReadsLikeLint(arguments: [String]) {
        let quick = CLI.run(arguments)
        let parsed = CLI.run(["lint"] + arguments)
        #expect(quick.status == parsed.status)
        #expect(quick.stdout == parsed.stdout)
        #expect(quick.stderr == parsed.stderr)
    }

    /// `--output FILE` (or `-o`): the same file, byte for byte.
    @Test(arguments: [["--output"], ["-o"]])
    func outputFileReadsLikeLint(option: [String]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let quickFile = dir.appendingPathComponent("quick.json").path, parsedFile = dir.appendingPathComponent("parsed.json").path
        let quick = CLI.run([Self.spec, "--reporter", "json"] + option + [quickFile])
        let parsed = CLI.run(["lint", Self.spec, "--reporter", "json"] + option + [parsedFile])
        #expect(quick.status == parsed.status)
        #expect(quick.stdout == parsed.stdout)
        #expect(quick.stderr == parsed.stderr)
        #expect(FileManager.default.contents(atPath: quickFile) == FileManager.default.contents(atPath: parsedFile))
        #expect(FileManager.default.contents(atPath: quickFile)?.isEmpty == false)
    }
}
