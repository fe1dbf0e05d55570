import Testing
import Foundation
import A11yModel
import A11yRules
import A11yLint

/// A Swift file whose checkbox triggers `forbidden-state` (read-only and disabled).
let forbiddenStateSwift = """
    import SwiftUI
    struct Form: View {
        @State var b = false
        var body: some View {
            OUDSCheckboxItem("x", isOn: $b, isReadOnly: true).disabled(true)
        }
    }

    """

/// A spec with one declared variant in a forbidden state (error and read-only), and
/// themes whose colors pass both contrast rules, so only state rules fire.
func forbiddenStateSpec(suppress: String = "", readOnly: Bool = true) -> String {
    """
    {"name": "CheckboxView",
     "a11y": {
       "themes": {"brand/light": {"background": "#FFFFFF",
         "colors": {"borderEnabled": "#000000", "borderDisabled": "#00000040", "checkedFill": "#000000",
                    "checkmark": "#FFFFFF", "textEnabled": "#000000", "textDisabled": "#00000040",
                    "borderError": "#B00020", "textError": "#B00020"}},
                  "brand/dark": {"background": "#000000",
         "colors": {"borderEnabled": "#FFFFFF", "borderDisabled": "#FFFFFF40", "checkedFill": "#FFFFFF",
                    "checkmark": "#000000", "textEnabled": "#FFFFFF", "textDisabled": "#FFFFFF40",
                    "borderError": "#FF8A80", "textError": "#FF8A80"}}},
       "variants": [
         {"name": "terms", "text": "I accept the terms", "isError": true, "errorText": "Required"\(readOnly ? ", \"isReadOnly\": true" : "")},
         {"name": "news", "text": "Send me news"}
       ]\(suppress.isEmpty ? "" : ",\n   \"suppress\": " + suppress)}}

    """
}

/// Runs the built `a11ylint` binary (next to the test bundle) in a folder.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build-*/debug/a11ylint`, beside the test bundle that runs this.
    static let binary: URL? = {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                       Bundle.main.bundleURL.deletingLastPathComponent()]
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in folders {
            var dir = folder
            for _ in 0..<3 {
                let candidate = dir.appendingPathComponent("a11ylint")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }()

    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:],
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Result? {
        guard let binary else {
            let message: Comment = "the a11ylint binary was not found next to the test bundle (\(CommandLine.arguments[0])); build it with `swift build --scratch-path …`"
            Issue.record(message, sourceLocation: sourceLocation)
            return nil
        }
        return runProgram(binary.path, arguments, in: directory, environment: environment)
    }
}

/// Runs a program, collecting its output (both pipes drained concurrently).
func runProgram(_ path: String, _ arguments: [String], in directory: URL,
                environment: [String: String] = [:]) -> CLI.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try! process.run()
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
}

struct ConfigurationTests {
    static let ruleIDs = Repo.catalogue.ids

    func load(_ yaml: String, path: String = "/project/.a11ylint.yml") throws(ConfigurationDiagnostic) -> ConfigurationFile {
        try ConfigurationFile(yaml: yaml, path: path, knownRules: Self.ruleIDs)
    }

    func loadError(_ yaml: String) -> ConfigurationDiagnostic? {
        do {
            _ = try load(yaml)
            return nil
        } catch {
            return error
        }
    }

    // MARK: discovery

    @Test func foundInTheWorkingFolderOrAbove() {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let config = folder.write(".a11ylint.yml", "strict: true\n")
        folder.write("a/b/c/Spec.json", "{}")
        #expect(ConfigurationFile.find(from: folder.url.appendingPathComponent("a/b/c").path)
                == URL(fileURLWithPath: config).standardizedFileURL.path)
        #expect(ConfigurationFile.find(from: folder.url.path) == URL(fileURLWithPath: config).standardizedFileURL.path)
        // The nearest one wins.
        let inner = folder.write("a/b/.a11ylint.yml", "")
        #expect(ConfigurationFile.find(from: folder.url.appendingPathComponent("a/b/c").path)
                == URL(fileURLWithPath: inner).standardizedFileURL.path)
    }

    @Test func notFoundWhenNoFolderAboveHasOne() {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        // /tmp and / carry no .a11ylint.yml on a test machine; guard the assumption.
        let above = ConfigurationFile.find(from: folder.url.deletingLastPathComponent().path)
        #expect(ConfigurationFile.find(from: folder.url.path) == above)
        if above == nil { #expect(ConfigurationFile.find(from: folder.url.path) == nil) }
    }

    // MARK: keys

    @Test func everyKeyIsRead() throws {
        let file = try load("""
            included: [specs, "Sources/**/*.swift"]
            excluded: specs/legacy
            disabled_rules: [label-in-name, touch-target]
            only_rules: [text-contrast, forbidden-state]
            contrast_level: AAA
            large_text: {size: 24, bold_size: 18.5}
            touch_target: {warning: 48, error: 32}
            strict: true
            baseline: ci/baseline.json
            text-contrast: warning
            forbidden-state: {severity: note}
            custom_rules:
              no-fixed-font:
                name: Fixed font size
                regex: '\\.font\\(\\.system\\(size:'
                message: Use a Dynamic Type text style
                severity: error
                included: ["Sources/**/*.swift"]
                excluded: ["**/*Tests.swift"]
                wcag: ["1.4.4"]
            """)
        #expect(file.warnings.isEmpty)
        #expect(file.included == ["specs", "Sources/**/*.swift"])
        #expect(file.excluded == ["specs/legacy"])
        #expect(file.directory == "/project")
        #expect(file.baseline == "/project/ci/baseline.json")
        #expect(file.strict == true)

        var configuration = LintConfiguration()
        file.apply(to: &configuration)
        #expect(configuration.disabledRules == ["label-in-name", "touch-target"])
        #expect(configuration.onlyRules == ["text-contrast", "forbidden-state"])
        #expect(configuration.severityOverrides == ["text-contrast": .warning, "forbidden-state": .note])
        #expect(configuration.ruleOptions.level == .AAA)
        #expect(configuration.ruleOptions.largeTextSize == 24)
        #expect(configuration.ruleOptions.largeBoldTextSize == 18.5)
        #expect(configuration.ruleOptions.touchTargetWarning == 48)
        #expect(configuration.ruleOptions.touchTargetError == 32)
        #expect(configuration.customRules == [
            CustomSourceRule(id: "no-fixed-font", regex: "\\.font\\(\\.system\\(size:", message: "Use a Dynamic Type text style",
                             severity: .error, wcag: ["1.4.4"], included: ["Sources/**/*.swift"],
                             excluded: ["**/*Tests.swift"],
                             definedAt: A11yModel.SourceLocation(file: "/project/.a11ylint.yml", line: 13, column: 3)),
        ])
        #expect(configuration.scope == PathScope(base: "/project", included: ["specs", "Sources/**/*.swift"],
                                                 excluded: ["specs/legacy"]))
    }

    @Test func emptyFileKeepsTheDefaults() throws {
        let file = try load("")
        var configuration = LintConfiguration()
        file.apply(to: &configuration)
        #expect(configuration.ruleOptions == RuleOptions())
        #expect(configuration.scope == nil)
        #expect(configuration.disabledRules.isEmpty && configuration.onlyRules == nil)
    }

    @Test func disabledRuleIsNotReported() {
        let spec = forbiddenStateSpec()
        #expect(lintText(spec).report.findings.contains { $0.rule == "forbidden-state" })
        let result = lintText(spec) { try! load("disabled_rules: [forbidden-state]").apply(to: &$0) }
        #expect(!result.report.findings.contains { $0.rule == "forbidden-state" })
    }

    @Test func onlyRulesKeepsJustThose() {
        let result = lintText(forbiddenStateSpec()) { try! load("only_rules: [forbidden-state]").apply(to: &$0) }
        #expect(Set(result.report.findings.map(\.rule)) == ["forbidden-state"])
        #expect(result.report.findings.map { "\($0.location.line):\($0.location.column) \($0.variant ?? "-")" } == ["12:6 terms"])
    }

    @Test func severityOverrideBothShapes() {
        let plain = lintText(forbiddenStateSpec()) { try! load("forbidden-state: warning").apply(to: &$0) }
        let mapped = lintText(forbiddenStateSpec()) { try! load("forbidden-state: {severity: note}").apply(to: &$0) }
        #expect(plain.report.findings.filter { $0.rule == "forbidden-state" }.map(\.severity) == [.warning])
        #expect(mapped.report.findings.filter { $0.rule == "forbidden-state" }.map(\.severity) == [.note])
    }

    @Test func touchTargetThresholdsChangeTheVerdict() {
        // A 24×24 hit area (no text, indicator only): a warning below 44, not an error at 24.
        let spec = """
            {"name": "CheckboxView", "a11y": {"geometry": {"hitArea": "indicator"},
              "variants": [{"name": "v", "text": "Accept the terms", "accessibility": {"label": "Accept"}}]}}
            """
        func severities(_ yaml: String) -> [Severity] {
            lintText(spec) { try! load(yaml).apply(to: &$0) }.report.findings.filter { $0.rule == "touch-target" }.map(\.severity)
        }
        #expect(severities("") == [.warning])
        #expect(severities("touch_target: {warning: 24, error: 20}") == [])
        #expect(severities("touch_target: {warning: 48, error: 30}") == [.error])
    }

    @Test func contrastLevelAAA() {
        // #767676 on white is 4.54:1: passes AA (4.5), fails AAA (7).
        let spec = """
            {"name": "CheckboxView", "a11y": {"themes": {"t": {"background": "#FFFFFF", "colors": {
              "borderEnabled": "#000000", "checkedFill": "#000000", "checkmark": "#FFFFFF", "textEnabled": "#767676"}}},
              "variants": [{"name": "v", "text": "Accept"}]}}
            """
        let aa = lintText(spec).report.findings.filter { $0.rule == "text-contrast" }
        let aaa = lintText(spec) { try! load("contrast_level: AAA").apply(to: &$0) }.report.findings
            .filter { $0.rule == "text-contrast" }
        #expect(aa.isEmpty)
        #expect(aaa.count == 1)
        #expect(aaa.first?.measured.number("required") == 7)
    }

    @Test func largeTextSizes() {
        // 20 pt text at 3.5:1: large (≥ 18 pt) by default, so 3:1 applies and it passes;
        // with `large_text: {size: 24}` it is normal text and needs 4.5:1.
        let spec = """
            {"name": "CheckboxView", "a11y": {"typography": {"size": 20, "lineHeight": 24},
              "themes": {"t": {"background": "#FFFFFF", "colors": {
              "borderEnabled": "#000000", "checkedFill": "#000000", "checkmark": "#FFFFFF", "textEnabled": "#8A8A8A"}}},
              "variants": [{"name": "v", "text": "Accept"}]}}
            """
        let byDefault = lintText(spec).report.findings.filter { $0.rule == "text-contrast" }
        let raised = lintText(spec) { try! load("large_text: {size: 24, bold_size: 20}").apply(to: &$0) }.report.findings
            .filter { $0.rule == "text-contrast" }
        #expect(byDefault.isEmpty)
        #expect(raised.map { $0.measured.number("required") } == [4.5])
    }

    @Test func customRuleReportsAtTheMatch() {
        let swift = "import SwiftUI\nlet t = Text(\"Hi\").font(.system(size: 12))\n// .font(.system(size: 9)) in a comment\n"
        let result = lintText(swift, name: "View.swift") {
            try! load("""
                custom_rules:
                  no-fixed-font:
                    regex: '\\.font\\(\\.system\\(size:'
                    message: Use a Dynamic Type text style
                    severity: error
                """).apply(to: &$0)
        }
        let findings = result.report.findings.filter { $0.rule == "no-fixed-font" }
        #expect(findings.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.message)" }
                == ["2:19 error Use a Dynamic Type text style"])
        #expect(result.report.rules.contains { $0.id == "no-fixed-font" && $0.category == "custom" })
    }

    @Test func includedAndExcludedGlobs() {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        let spec = forbiddenStateSpec()
        folder.write("specs/components/A.json", spec)
        folder.write("specs/legacy/B.json", spec)
        folder.write("specs/deep/er/C.json", spec)
        folder.write("other/D.json", spec)
        let scope = PathScope(base: folder.url.path, included: ["specs"], excluded: ["specs/legacy", "**/er"])
        let result = lint([folder.url.path]) { $0.scope = scope }
        let files = result.report.lintedFiles.map { ($0 as NSString).lastPathComponent }
        #expect(files == ["A.json"])
        // Paths outside the configuration's folder are not affected.
        #expect(scope.contains(absolutePath: "/elsewhere/x.json"))
    }

    // MARK: warnings and errors, with positions

    @Test func unknownKeysAndRulesAreWarningsWithSuggestions() throws {
        let file = try load("""
            disabled_rule: [text-contrast]
            only_rules:
              - text-contrast
              - forbiden-state
            large_text: {size: 18, bold: 14}
            touch-target: {severity: error, warnig: 40}
            """)
        #expect(file.warnings.map(\.description) == [
            "/project/.a11ylint.yml:1:1: warning: unknown key 'disabled_rule' (did you mean 'disabled_rules'?)",
            "/project/.a11ylint.yml:4:5: warning: unknown rule 'forbiden-state' in 'only_rules' (did you mean 'forbidden-state'?)",
            "/project/.a11ylint.yml:5:24: warning: unknown key 'bold' in 'large_text'",
            "/project/.a11ylint.yml:6:33: warning: unknown key 'warnig' for rule 'touch-target'",
        ])
        #expect(file.severities == ["touch-target": .error])
    }

    @Test func customRuleIDsAreKnownRules() throws {
        let file = try load("""
            custom_rules:
              my-rule: {regex: 'foo'}
            disabled_rules: [my-rule]
            """)
        #expect(file.warnings.isEmpty)
        #expect(file.customRules.map(\.id) == ["my-rule"])
        #expect(file.customRules.first?.message == "Matches custom rule 'my-rule'")
        #expect(file.customRules.first?.severity == .warning)
    }

    @Test(arguments: [
        ("x: [1,\n", "2:1", "invalid YAML"),
        ("- a\n- b\n", "1:1", "expected a mapping of settings"),
        ("disabled_rules: {a: 1}\n", "1:17", "'disabled_rules' must be a list of strings"),
        ("disabled_rules: [[a]]\n", "1:18", "'disabled_rules' must be a list of strings"),
        ("contrast_level: AAAA\n", "1:17", "'contrast_level' must be AA or AAA, not 'AAAA'"),
        ("text-contrast: fatal\n", "1:16", "severity must be error, warning or note, not 'fatal'"),
        ("text-contrast: {severity: warnin}\n", "1:27", "severity must be error, warning or note, not 'warnin' (did you mean 'warning'?)"),
        ("text-contrast: {}\n", "1:16", "'text-contrast' needs 'severity'"),
        ("touch_target: {warning: 20, error: 24}\n", "1:15", "the error size (24) must not be larger than the warning size (20)"),
        ("touch_target: {warning: -4}\n", "1:25", "'touch_target.warning' must be a positive number"),
        ("large_text: 18\n", "1:13", "'large_text' must be a mapping"),
        ("strict: maybe\n", "1:9", "'strict' must be true or false"),
        ("custom_rules:\n  r: {message: hi}\n", "2:6", "custom rule 'r' needs 'regex'"),
        ("custom_rules:\n  r: {regex: 'a(b'}\n", "2:14", "custom rule 'r': invalid regex at offset 3"),
        ("custom_rules:\n  text-contrast: {regex: a}\n", "2:3", "has the id of a built-in rule"),
        ("custom_rules:\n  r: {regex: a, severity: loud}\n", "2:27", "severity must be error, warning or note"),
        ("strict: true\nstrict: false\n", "1:1", "duplicate key 'strict'"),
    ])
    func invalidConfigurationFailsWithAPosition(_ yaml: String, _ position: String, _ message: String) {
        let error = loadError(yaml)
        #expect(error != nil, "expected an error for: \(yaml)")
        guard let error else { return }
        #expect(error.severity == .error)
        #expect("\(error.location.line):\(error.location.column)" == position, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasPrefix("/project/.a11ylint.yml:\(position): error: "))
    }

    // MARK: command line

    @Test func cliFindsTheFileUpwardAndPrintsWarnings() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write(".a11ylint.yml", "disabled_rules: [forbidden-state, touch-target]\nstrickt: true\n")
        folder.write("ui/Form.swift", forbiddenStateSwift)
        guard let result = CLI.run(["Form.swift"], in: folder.url.appendingPathComponent("ui")) else { return }
        #expect(result.status == 0, "\(result)")
        // Above the working folder, the file is named by its absolute path.
        #expect(result.stderr == folder.url.standardizedFileURL.path
                + "/.a11ylint.yml:2:1: warning: unknown key 'strickt' (did you mean 'strict'?)\n")
        #expect(!result.stdout.contains("[forbidden-state]"))
    }

    @Test func cliInvalidConfigurationIsExit2WithPosition() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write(".a11ylint.yml", "disabled_rules: [a]\ncontrast_level: AAAA\n")
        folder.write("Form.swift", forbiddenStateSwift)
        guard let result = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(result.status == 2)
        // Every problem of the file at once, in file order: the warning is not lost.
        #expect(result.stderr == ".a11ylint.yml:1:18: warning: unknown rule 'a' in 'disabled_rules'\n")
        #expect(result.stdout == ".a11ylint.yml:2:17: error: 'contrast_level' must be AA or AAA, not 'AAAA' [input-error]\n"
                + "Found 0 errors, 0 warnings and 0 notes in 0 files (0 components); 1 input error.\n")
    }

    @Test func everyErrorOfAFileIsShownAtOnce() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write(".a11ylint.yml", "strict: maybe\ncontrast_level: AAAA\ntouch-target: loud\nstrickt: true\n")
        folder.write("Form.swift", forbiddenStateSwift)
        guard let result = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(result.status == 2)
        #expect(result.stdout == """
            .a11ylint.yml:1:9: error: 'strict' must be true or false [input-error]
            .a11ylint.yml:2:17: error: 'contrast_level' must be AA or AAA, not 'AAAA' [input-error]
            .a11ylint.yml:3:15: error: severity must be error, warning or note, not 'loud' [input-error]
            Found 0 errors, 0 warnings and 0 notes in 0 files (0 components); 3 input errors.

            """, "\(result.stdout)")
        #expect(result.stderr == ".a11ylint.yml:4:1: warning: unknown key 'strickt' (did you mean 'strict'?)\n")
        // Other formats: the report is complete and valid, the errors in inputErrors.
        guard let json = CLI.run(["Form.swift", "--reporter", "json"], in: folder.url) else { return }
        #expect(json.status == 2)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((doc["inputErrors"] as? [[String: Any]])?.count == 3)
        #expect((doc["findings"] as? [Any])?.isEmpty == true)
    }

    /// `parent_config` goes under the file; several `--config` merge in order.
    @Test func parentConfigAndSeveralConfigFilesMerge() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("shared/base.yml", "disabled_rules: [forbidden-state]\ntouch-target: error\n")
        folder.write("app/.a11ylint.yml", "parent_config: ../shared/base.yml\nlabel-in-name: error\n")
        folder.write("app/Form.swift", forbiddenStateSwift)
        guard let inherited = CLI.run(["Form.swift"], in: folder.url.appendingPathComponent("app")) else { return }
        #expect(inherited.status == 0, "\(inherited)")
        #expect(!inherited.stdout.contains("[forbidden-state]"), "the parent's disabled rule applies")
        guard let plain = CLI.run(["app/Form.swift", "--config", "app/.a11ylint.yml"], in: folder.url) else { return }
        #expect(!plain.stdout.contains("[forbidden-state]"))
        // A later --config goes on top: only_rules there brings the rule back.
        folder.write("more.yml", "only_rules: [forbidden-state]\n")
        guard let merged = CLI.run(["app/Form.swift", "--config", "app/.a11ylint.yml", "--config", "more.yml"],
                                   in: folder.url) else { return }
        #expect(merged.stdout.contains("[forbidden-state]"), "\(merged)")
        #expect(merged.status == 1)
    }

    /// A nested `.a11ylint.yml` applies to the files below its folder, on top of the run's
    /// configuration, whatever folder the run starts in.
    @Test func nestedConfigurationsApplyToTheirFolder() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write(".a11ylint.yml", "disabled_rules: [label-in-name]\n")
        folder.write("Form.swift", forbiddenStateSwift)
        folder.write("legacy/.a11ylint.yml", "disabled_rules: [forbidden-state]\n")
        folder.write("legacy/Old.swift", forbiddenStateSwift)
        folder.write("strict/.a11ylint.yml", "forbidden-state: warning\n")
        folder.write("strict/deeper/Deep.swift", forbiddenStateSwift)
        guard let result = CLI.run([".", "--reporter", "json"], in: folder.url) else { return }
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        func severities(_ file: String) -> Set<String> {
            Set(findings.filter { $0["file"] as? String == file && $0["rule"] as? String == "forbidden-state" }
                .compactMap { $0["severity"] as? String })
        }
        #expect(severities("./Form.swift") == ["error"])
        #expect(severities("./legacy/Old.swift").isEmpty, "legacy/.a11ylint.yml disables the rule there")
        #expect(severities("./strict/deeper/Deep.swift") == ["warning"], "\(findings)")
        // From inside a subfolder the same files get the same settings.
        guard let inside = CLI.run(["deeper/Deep.swift"], in: folder.url.appendingPathComponent("strict")) else { return }
        #expect(inside.stdout.contains("warning: Forbidden state"), "\(inside.stdout)")
        // A broken nested file is a positioned error.
        folder.write("legacy/.a11ylint.yml", "strict: maybe\n")
        guard let broken = CLI.run(["."], in: folder.url) else { return }
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("legacy/.a11ylint.yml:1:9: error: 'strict' must be true or false [input-error]"), "\(broken.stdout)")
    }

    @Test func parentConfigProblems() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Form.swift", forbiddenStateSwift)
        folder.write(".a11ylint.yml", "parent_config: https://example.com/a11ylint.yml\n")
        guard let url = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(url.status == 2)
        #expect(url.stdout.hasPrefix(".a11ylint.yml:1:16: error: 'parent_config' must be a path"), "\(url.stdout)")
        folder.write(".a11ylint.yml", "parent_config: missing.yml\n")
        guard let missing = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(missing.status == 2)
        #expect(missing.stdout.hasPrefix(".a11ylint.yml:1:16: error: parent_config missing.yml does not exist [input-error]\n"), "\(missing.stdout)")
        folder.write(".a11ylint.yml", "parent_config: other.yml\n")
        folder.write("other.yml", "parent_config: .a11ylint.yml\n")
        guard let cycle = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(cycle.status == 2)
        #expect(cycle.stdout.contains("'parent_config' makes a cycle"), "\(cycle.stdout)")
    }

    @Test func versionPinRefusesOtherVersions() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Form.swift", forbiddenStateSwift)
        folder.write(".a11ylint.yml", "a11ylint_version: 9.9.9\n")
        guard let wrong = CLI.run(["Form.swift"], in: folder.url) else { return }
        #expect(wrong.status == 2)
        // The configuration's error is an input error of a complete report.
        #expect(wrong.stdout == ".a11ylint.yml:1:1: error: this configuration is for a11ylint 9.9.9 (a11ylint_version), "
                + "but this is a11ylint \(Linter.version) [input-error]\n"
                + "Found 0 errors, 0 warnings and 0 notes in 0 files (0 components); 1 input error.\n", "\(wrong.stdout)")
        #expect(wrong.stderr.isEmpty)
        let major = Linter.version.split(separator: ".").prefix(2).joined(separator: ".")
        for pin in [Linter.version, major] {
            folder.write(".a11ylint.yml", "a11ylint_version: '\(pin)'\n")
            guard let right = CLI.run(["Form.swift"], in: folder.url) else { return }
            #expect(right.status == 1, "\(right.stderr)")
        }
    }

    @Test func cliMissingConfigIsExit2() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Form.swift", forbiddenStateSwift)
        guard let result = CLI.run(["--config", "nope.yml", "Form.swift"], in: folder.url) else { return }
        #expect(result.status == 2)
        #expect(result.stdout.contains("nope.yml:1:1: error: configuration file nope.yml does not exist [input-error]"), "\(result.stdout)")
    }

    @Test func cliConfigOptionAndCommandLineOverride() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        // #767676 on white: 4.54:1, passes AA, fails AAA.
        folder.write("ci/strict.yml", "contrast_level: AAA\ndisabled_rules: [touch-target]\n")
        folder.write("Spec.json", """
            {"name": "CheckboxView", "a11y": {"themes": {"t": {"background": "#FFFFFF", "colors": {
              "borderEnabled": "#000000", "checkedFill": "#000000", "checkmark": "#FFFFFF", "textEnabled": "#767676"}}},
              "variants": [{"name": "v", "text": "Accept"}]}}
            """)
        guard let fromFile = CLI.run(["--config", "ci/strict.yml", "Spec.json"], in: folder.url),
              let overridden = CLI.run(["--config", "ci/strict.yml", "--level", "AA", "Spec.json"], in: folder.url)
        else { return }
        #expect(fromFile.status == 1)
        #expect(fromFile.stdout.contains("[text-contrast]"))
        #expect(overridden.status == 0, "\(overridden)")
        #expect(!overridden.stdout.contains("[text-contrast]"))
    }

    @Test func cliLintsIncludedPathsWhenNoneAreGiven() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write(".a11ylint.yml", "included: [specs]\nexcluded: [specs/legacy]\n")
        folder.write("specs/A.json", forbiddenStateSpec())
        folder.write("specs/legacy/B.json", forbiddenStateSpec())
        folder.write("Other.json", forbiddenStateSpec())
        guard let result = CLI.run(["--reporter", "json"], in: folder.url) else { return }
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"file\": \"specs/A.json\""))
        #expect(!result.stdout.contains("legacy"))
        #expect(!result.stdout.contains("Other.json"))
        #expect(result.stdout.contains("\"files\": 1,"))
    }

    @Test func cliWithoutPathsOrIncludedIsExit2() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write(".a11ylint.yml", "excluded: [old]\n")
        guard let result = CLI.run([], in: folder.url) else { return }
        #expect(result.status == 2)
        #expect(result.stderr.contains("give at least one path to lint"))
        #expect(result.stderr.contains("or list paths under 'included' in .a11ylint.yml"))
    }

    @Test func cliStrictFromTheFile() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        folder.write("Spec.json", forbiddenStateSpec())
        folder.write(".a11ylint.yml", "forbidden-state: warning\n")
        guard let lenient = CLI.run(["Spec.json"], in: folder.url) else { return }
        folder.write(".a11ylint.yml", "forbidden-state: warning\nstrict: true\n")
        guard let strict = CLI.run(["Spec.json"], in: folder.url) else { return }
        #expect(lenient.status == 0, "\(lenient)")
        #expect(strict.status == 1, "\(strict)")
    }
}
