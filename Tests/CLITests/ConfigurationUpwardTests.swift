import Foundation
import Testing

/// Configuration found upward from each linted file to the git top level, whatever the
/// working directory (issue 21, item 4), through the binary.
@Suite struct ConfigurationUpwardTests {
    /// outer/.a11ylint.yml (above the repository: never read for its files)
    /// outer/repo/.git/, outer/repo/.a11ylint.yml, outer/repo/sub/.a11ylint.yml, the spec in sub/.
    static func layout() throws -> TempDir {
        let dir = TempDir()
        let spec = try String(contentsOf: CLI.root.appendingPathComponent("Samples/specs/components/WifiSwitch.json"),
                              encoding: .utf8)
        dir.write("outer/.a11ylint.yml", "disabled_rules: [touch-target]\n")
        dir.write("outer/repo/.git/HEAD", "ref: refs/heads/main\n")
        dir.write("outer/repo/.a11ylint.yml", "touch_target: {warning: 40}\ndisabled_rules: [nontext-contrast]\n")
        dir.write("outer/repo/sub/.a11ylint.yml", "touch-target: error\n")
        dir.write("outer/repo/sub/WifiSwitch.json", spec)
        return dir
    }

    @Test func sameFindingsFromTheRootAndFromTheSubFolder() throws {
        let dir = try Self.layout()
        defer { dir.cleanUp() }
        let repo = dir.url.appendingPathComponent("outer/repo")
        let fromRoot = CLI.run(["sub/WifiSwitch.json"], in: repo)
        let fromSub = CLI.run(["WifiSwitch.json"], in: repo.appendingPathComponent("sub"))
        let fromOutside = CLI.run(["repo/sub/WifiSwitch.json"], in: dir.url.appendingPathComponent("outer"))
        #expect(fromSub.stderr.isEmpty, "\(fromSub.stderr)")
        // The root's 40-pt target, raised to an error by the sub-folder; the root's disabled rule stays off.
        #expect(fromSub.stdout.contains(
            "WifiSwitch.json:27:7: error: Touch target 343×36.24 pt is smaller than 40×40 pt (touch_target warning: 40 in the configuration) (variant 'airplane-rtl') [touch-target]"),
            "\(fromSub.stdout)")
        #expect(!fromSub.stdout.contains("[nontext-contrast]"))
        #expect(fromSub.status == 1)
        for other in [fromRoot, fromOutside] {
            #expect(other.status == fromSub.status)
            let prefix = other.stdout.hasPrefix("repo/") ? "repo/sub/" : "sub/"
            #expect(other.stdout.replacingOccurrences(of: prefix + "WifiSwitch.json", with: "WifiSwitch.json")
                    == fromSub.stdout, "\(other.stdout)")
        }
    }

    /// `--config` turns discovery off: only the named files apply.
    @Test func configOptionTurnsDiscoveryOff() throws {
        let dir = try Self.layout()
        defer { dir.cleanUp() }
        let sub = dir.url.appendingPathComponent("outer/repo/sub")
        let only = CLI.run(["WifiSwitch.json", "--config", ".a11ylint.yml"], in: sub)
        #expect(only.stdout.contains("[nontext-contrast]"), "\(only.stdout)")
        #expect(only.stdout.contains("is smaller than 44×44 pt (WCAG 2.5.5, Apple HIG) (variant 'airplane-rtl') [touch-target]"),
                "\(only.stdout)")
    }

    /// Run-wide keys come from the chain above the working directory.
    @Test func runWideKeysFromTheWorkingDirectory() throws {
        let dir = try Self.layout()
        defer { dir.cleanUp() }
        let repo = dir.url.appendingPathComponent("outer/repo")
        dir.write("outer/repo/.a11ylint.yml", "touch_target: {warning: 40}\ndisabled_rules: [nontext-contrast, text-contrast, touch-target]\nstrict: true\n")
        dir.write("outer/repo/sub/.a11ylint.yml", "strict: false\n")
        // Only warnings are left (state-contrast and the like aside, the run is strict from the root).
        let fromRoot = CLI.run(["sub/WifiSwitch.json", "--only-rule", "touch-target"], in: repo)
        let fromSub = CLI.run(["WifiSwitch.json", "--only-rule", "touch-target"], in: repo.appendingPathComponent("sub"))
        #expect(fromRoot.stdout.contains("warning: Touch target"), "\(fromRoot.stdout)")
        #expect(fromRoot.status == 1, "strict: true above the working directory")
        #expect(fromSub.status == 0, "strict: false nearer the working directory")
    }
}
