import A11yJSON
import Foundation
import Yams
import A11yModel
import A11yPattern
import A11yRules

/// A problem in `.a11ylint.yml`: an error makes the file unusable (exit 2), a
/// warning (unknown key, unknown rule id) is printed and the run goes on.
public struct ConfigurationDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    /// Every other problem found in the same file (errors and warnings), so that one
    /// run shows them all.
    public var others: [ConfigurationDiagnostic] = []

    public init(location: SourceLocation, severity: Severity, message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: error|warning: message`, the form editors jump to.
    public var line: String { "\(location.description): \(severity.rawValue): \(message)" }

    /// This problem and the others, one line each, in file order.
    public var description: String {
        ([self] + others).sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
            .map(\.line).joined(separator: "\n")
    }
}

/// `.a11ylint.yml`, read and checked. Keys (SwiftLint's spelling where SwiftLint has one):
///
/// ```yaml
/// included: [specs, "Sources/**/*.swift"]   # globs relative to this file's folder
/// excluded: [specs/legacy]
/// disabled_rules: [label-in-name]
/// only_rules: [text-contrast, touch-target] # when given, only these run
/// opt_in_rules: [forced-label-color]        # rules that are off by default
/// contrast_level: AAA                       # AA (default) or AAA
/// large_text: {size: 18, bold_size: 14}     # pt; WCAG's "large text"
/// touch_target: {warning: 44, error: 24}    # pt; below warning → warning, below error → error
/// strict: true                              # warnings fail the run too
/// baseline: .a11ylint-baseline.json         # relative to this file's folder
/// touch-target: error                       # a rule id: its severity…
/// label-in-name: {severity: error}          # …or a mapping with `severity`
/// custom_rules:
///   no-fixed-font-size:                     # the rule id
///     name: Fixed font size                 # optional
///     regex: '\.font\(\.system\(size:'      # PCRE2, never matches in comments or strings
///     message: Use a Dynamic Type text style
///     severity: error                       # optional, default warning
///     included: ["Sources/**/*.swift"]      # optional file globs
///     excluded: ["**/*Tests.swift"]
/// ```
public struct ConfigurationFile: Sendable {
    public static let fileName = ".a11ylint.yml"

    /// The path as given (or as found).
    public var path: String
    /// The absolute folder holding the file: `included`, `excluded` and `baseline`
    /// are relative to it.
    public var directory: String
    public var included: [String] = []
    public var excluded: [String] = []
    public var disabledRules: [String] = []
    public var onlyRules: [String]?
    /// `opt_in_rules`: rules that are off by default (`optIn: true` in their YAML) and run.
    public var optInRules: [String] = []
    public var severities: [String: Severity] = [:]
    public var contrastLevel: ConformanceLevel?
    public var largeTextSize: Double?
    public var largeBoldTextSize: Double?
    public var touchTargetWarning: Double?
    public var touchTargetError: Double?
    public var customRules: [CustomSourceRule] = []
    public var strict: Bool?
    /// Absolute path of the baseline file, when the configuration names one.
    public var baseline: String?
    /// Unknown keys and rule ids, in file order.
    public var warnings: [ConfigurationDiagnostic] = []

    /// `parent_config`: the file whose settings this one goes on top of (absolute path),
    /// and where it is named.
    public var parentConfig: String?
    public var parentConfigLocation: SourceLocation?
    /// `a11ylint_version`: the version this configuration was written for.
    public var requiredVersion: String?
    /// `max_file_size`: in MB; larger files are input errors.
    public var maxFileSize: Double?
    /// `pseudo_locale`: expanded, accented or bidi.
    public var pseudoLocale: PseudoLocale?
    /// `colors:`: the colour sources references resolve in.
    public var colors = ColorSettings()

    public static let keys = ["included", "excluded", "disabled_rules", "only_rules", "opt_in_rules", "contrast_level",
                              "large_text", "touch_target", "custom_rules", "strict", "baseline",
                              "parent_config", "a11ylint_version", "max_file_size", "pseudo_locale", "colors"]
    static let largeTextKeys = ["size", "bold_size"]
    static let touchTargetKeys = ["warning", "error"]
    static let ruleKeys = ["severity"]
    static let customRuleKeys = ["name", "regex", "message", "severity", "included", "excluded", "wcag"]

    /// `.a11ylint.yml` in `directory` or the nearest folder above it.
    public static func find(from directory: String, fileManager: FileManager = .default) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and checks the file at `path`. `knownRules` are the catalogue's rule
    /// ids (custom rules add their own).
    public init(contentsOf path: String, knownRules: [String],
                aliases: [String: String] = [:]) throws(ConfigurationDiagnostic) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), severity: .error,
                                          message: "cannot read the configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), severity: .error,
                                          message: "the configuration file is not UTF-8")
        }
        try self.init(yaml: text, path: path, knownRules: knownRules, aliases: aliases)
    }

    /// `aliases` maps other tools' rule identifiers (SwiftLint's) to a11ylint's: they are
    /// accepted wherever a rule id is, so a team's `.swiftlint.yml` habits carry over.
    public init(yaml: String, path: String, knownRules: [String],
                aliases: [String: String] = [:]) throws(ConfigurationDiagnostic) {
        self.path = path
        directory = PathScope.standardized((PathScope.absolute(path, from: FileManager.default.currentDirectoryPath)
                                            as NSString).deletingLastPathComponent)
        var reader = ConfigurationReader(file: path)
        let root: Yams.Node?
        do {
            root = try GuardedYAML.compose(yaml)
        } catch {
            throw reader.yamlError(error)
        }
        guard let root else { return } // an empty file: every default
        guard let mapping = root.mapping else {
            throw reader.error(root, "expected a mapping of settings (key: value)")
        }

        var errors: [ConfigurationDiagnostic] = []
        // Custom rules first: their ids are valid in disabled_rules and only_rules.
        if let node = mapping["custom_rules"] {
            do { customRules = try reader.customRules(node, catalogueRules: Set(knownRules)) } catch { errors.append(error) }
        }
        let ruleIDs = knownRules + customRules.map(\.id)
        let known = Set(ruleIDs)
        reader.aliases = aliases

        // Each setting is read on its own: one bad value does not hide the others.
        for (keyNode, value) in mapping {
            do {
                try read(keyNode, value, reader: &reader, known: known, ruleIDs: ruleIDs)
            } catch {
                errors.append(error)
            }
        }
        warnings = reader.warnings
        if var first = errors.first {
            first.others = Array(errors.dropFirst()) + warnings
            throw first
        }
    }

    private mutating func read(_ keyNode: Yams.Node, _ value: Yams.Node, reader: inout ConfigurationReader,
                               known: Set<String>, ruleIDs: [String]) throws(ConfigurationDiagnostic) {
        guard let key = keyNode.string else { throw reader.error(keyNode, "a setting's key must be a string") }
        switch key {
        case "included": included = try reader.strings(value, key)
        case "excluded": excluded = try reader.strings(value, key)
        case "disabled_rules":
            disabledRules = try reader.ruleIDs(value, key, known: known, candidates: ruleIDs)
        case "only_rules":
            onlyRules = try reader.ruleIDs(value, key, known: known, candidates: ruleIDs)
        case "opt_in_rules":
            // SwiftLint's opt-in list: turns on the rules that are off by default; naming a
            // rule that is on anyway does nothing (a `.swiftlint.yml` section copied over keeps working).
            optInRules = try reader.ruleIDs(value, key, known: known, candidates: ruleIDs)
        case "contrast_level":
            let text = try reader.string(value, key)
            guard let level = ConformanceLevel.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                throw reader.error(value, "'contrast_level' must be AA or AAA, not '\(text)'")
            }
            contrastLevel = level
        case "large_text":
            let fields = try reader.numbers(value, key, known: Self.largeTextKeys)
            largeTextSize = fields["size"]
            largeBoldTextSize = fields["bold_size"]
        case "touch_target":
            let fields = try reader.numbers(value, key, known: Self.touchTargetKeys)
            touchTargetWarning = fields["warning"]
            touchTargetError = fields["error"]
            if let warning = touchTargetWarning, let error = touchTargetError, error > warning {
                throw reader.error(value, "'touch_target': the error size (\(JSONNumber.format(error))) must not be "
                                   + "larger than the warning size (\(JSONNumber.format(warning)))")
            }
        case "custom_rules": break
        case "strict":
            guard value.scalar != nil, let flag = value.bool else {
                throw reader.error(value, "'strict' must be true or false")
            }
            strict = flag
        case "baseline":
            baseline = PathScope.absolute(try reader.string(value, key), from: directory)
        case "parent_config":
            let text = try reader.string(value, key)
            if text.contains("://") {
                throw reader.error(value, "'parent_config' must be a path: a11ylint does not fetch configurations "
                                   + "from URLs (download it into the repository and name that file)")
            }
            parentConfig = PathScope.absolute(text, from: directory)
            parentConfigLocation = reader.location(value)
        case "pseudo_locale":
            let text = try reader.string(value, key)
            guard let locale = PseudoLocale(rawValue: text) else {
                throw reader.error(value, "'pseudo_locale' must be expanded, accented or bidi, not '\(text)'"
                                   + Suggestions.hint(for: text, in: PseudoLocale.allCases.map(\.rawValue)))
            }
            pseudoLocale = locale
        case "max_file_size":
            guard value.scalar != nil, let text = value.string, let mb = Double(text), mb.isFinite, mb > 0 else {
                throw reader.error(value, "'max_file_size' must be a positive number of MB")
            }
            maxFileSize = mb
        case "colors": try colors.read(value, directory: directory, reader: &reader)
        case "a11ylint_version":
            guard value.scalar != nil, let text = value.string, !text.isEmpty else {
                throw reader.error(value, "'a11ylint_version' must be a version such as 0.1.0")
            }
            requiredVersion = text
        default:
            if let id = reader.aliases[key] {
                severities[id] = try reader.ruleSeverity(value, rule: key)
            } else if known.contains(key) {
                if customRules.contains(where: { $0.id == key }) {
                    throw reader.error(keyNode, "'\(key)' is a custom rule: set its severity under custom_rules")
                }
                severities[key] = try reader.ruleSeverity(value, rule: key)
            } else {
                reader.warning(keyNode, "unknown key '\(key)'"
                               + Suggestions.hint(for: key, in: Self.keys + ruleIDs))
            }
        }
    }

    /// `included` / `excluded` as a scope, nil when neither is given.
    public var scope: PathScope? {
        included.isEmpty && excluded.isEmpty ? nil : PathScope(base: directory, included: included, excluded: excluded)
    }

    /// The file's settings on top of `configuration` (the command line then goes on top).
    public func apply(to configuration: inout LintConfiguration) {
        if let onlyRules {
            // only_rules names the whole set: what files underneath disabled does not carry over.
            configuration.onlyRules = Set(onlyRules)
            configuration.disabledRules = Set(disabledRules)
        } else {
            configuration.disabledRules.formUnion(disabledRules)
        }
        configuration.optInRules.formUnion(optInRules)
        configuration.severityOverrides.merge(severities) { _, new in new }
        if let contrastLevel { configuration.ruleOptions.level = contrastLevel }
        if let largeTextSize { configuration.ruleOptions.largeTextSize = largeTextSize }
        if let largeBoldTextSize { configuration.ruleOptions.largeBoldTextSize = largeBoldTextSize }
        if let touchTargetWarning { configuration.ruleOptions.touchTargetWarning = touchTargetWarning }
        if let touchTargetError { configuration.ruleOptions.touchTargetError = touchTargetError }
        if let maxFileSize { configuration.maxFileSize = LintConfiguration.byteLimit(megabytes: maxFileSize) }
        if let pseudoLocale { configuration.pseudoLocale = pseudoLocale }
        configuration.colors.merge(colors)
        configuration.customRules += customRules
        if let scope { configuration.scope = scope }
    }
}

/// The configuration files of a run, in the order their settings apply: for each file given
/// (several `--config` are merged in order, later ones on top), its `parent_config` chain
/// first, then the file itself.
public struct ConfigurationChain: Sendable {
    public var files: [ConfigurationFile] = []

    public init(files: [ConfigurationFile] = []) { self.files = files }

    /// Reads `paths` and their parents. A parent that does not exist, a cycle, an unreadable
    /// or invalid file, or an `a11ylint_version` other than `toolVersion` is an error.
    public static func load(_ paths: [String], knownRules: [String], aliases: [String: String] = [:],
                            toolVersion: String) throws(ConfigurationDiagnostic) -> ConfigurationChain {
        var chain = ConfigurationChain()
        for path in paths {
            var stack: [String] = []
            try chain.add(path, from: nil, knownRules: knownRules, aliases: aliases, toolVersion: toolVersion,
                          stack: &stack)
        }
        return chain
    }

    private mutating func add(_ path: String, from child: ConfigurationFile?, knownRules: [String],
                              aliases: [String: String], toolVersion: String,
                              stack: inout [String]) throws(ConfigurationDiagnostic) {
        let absolute = PathScope.standardized(PathScope.absolute(path, from: FileManager.default.currentDirectoryPath))
        let at = child?.parentConfigLocation ?? SourceLocation(file: path, line: 1, column: 1)
        if stack.contains(absolute) {
            throw ConfigurationDiagnostic(location: at, severity: .error,
                                          message: "'parent_config' makes a cycle: " + (stack + [absolute])
                                            .map { PathScope.display($0, workingDirectory: FileManager.default.currentDirectoryPath) }
                                            .joined(separator: " → "))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ConfigurationDiagnostic(location: at, severity: .error,
                                          message: child == nil ? "configuration file \(path) does not exist"
                                            : "parent_config \(PathScope.display(absolute, workingDirectory: FileManager.default.currentDirectoryPath)) does not exist")
        }
        let file = try ConfigurationFile(contentsOf: path, knownRules: knownRules, aliases: aliases)
        if let required = file.requiredVersion, !Self.version(toolVersion, satisfies: required) {
            throw ConfigurationDiagnostic(location: SourceLocation(file: file.path, line: 1, column: 1), severity: .error,
                                          message: "this configuration is for a11ylint \(required) "
                                            + "(a11ylint_version), but this is a11ylint \(toolVersion)")
        }
        stack.append(absolute)
        if let parent = file.parentConfig {
            try add(parent, from: file, knownRules: knownRules, aliases: aliases, toolVersion: toolVersion,
                    stack: &stack)
        }
        stack.removeLast()
        files.append(file)
    }

    /// `0.1.0` satisfies `0.1.0`, `0.1` and `0`: the version given, component by component.
    static func version(_ version: String, satisfies required: String) -> Bool {
        let have = version.split(separator: "."), want = required.split(separator: ".")
        guard want.count <= have.count else { return false }
        return zip(have, want).allSatisfy { $0 == $1 }
    }

    /// Every file's settings, in order, on top of `configuration`.
    public func apply(to configuration: inout LintConfiguration) {
        for file in files { file.apply(to: &configuration) }
    }

    /// Warnings of every file, in order.
    public var warnings: [ConfigurationDiagnostic] { files.flatMap(\.warnings) }
    /// The last file that names a baseline.
    public var baseline: String? { files.last(where: { $0.baseline != nil })?.baseline }
    /// The last file that sets `strict`.
    public var strict: Bool? { files.last(where: { $0.strict != nil })?.strict }
    /// The custom rules of every file.
    public var customRules: [CustomSourceRule] { files.flatMap(\.customRules) }
}

/// Numbers in messages: `44`, `17.5`.
enum JSONNumber {
    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }
}

/// Typed reads of YAML nodes, failing with the node's position.
struct ConfigurationReader {
    let file: String
    var warnings: [ConfigurationDiagnostic] = []
    /// Other tools' rule ids → a11ylint's (see `ConfigurationFile.init(yaml:path:knownRules:aliases:)`).
    var aliases: [String: String] = [:]

    init(file: String) { self.file = file }

    func location(_ node: Yams.Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func error(_ node: Yams.Node, _ message: String) -> ConfigurationDiagnostic {
        ConfigurationDiagnostic(location: location(node), severity: .error, message: message)
    }

    mutating func warning(_ node: Yams.Node, _ message: String) {
        warnings.append(ConfigurationDiagnostic(location: location(node), severity: .warning, message: message))
    }

    func yamlError(_ error: any Error) -> ConfigurationDiagnostic {
        func at(_ mark: Mark, _ message: String) -> ConfigurationDiagnostic {
            ConfigurationDiagnostic(location: SourceLocation(file: file, line: mark.line, column: mark.column),
                                    severity: .error, message: "invalid YAML: " + message)
        }
        switch error as? YamlError {
        case .scanner(_, let problem, let mark, _)?, .parser(_, let problem, let mark, _)?,
             .composer(_, let problem, let mark, _)?:
            return at(mark, problem)
        case .duplicatedKeysInMapping(let duplicates, let context)?:
            return at(context.mark, "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))")
        default:
            if let refusal = error as? GuardedYAML.Refusal {
                return ConfigurationDiagnostic(location: SourceLocation(file: file, line: refusal.line, column: refusal.column),
                                               severity: .error, message: "invalid YAML: " + refusal.problem)
            }
            return ConfigurationDiagnostic(location: SourceLocation(file: file, line: 1, column: 1), severity: .error,
                                           message: "invalid YAML: \(error)")
        }
    }

    func isNull(_ node: Yams.Node) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    func string(_ node: Yams.Node, _ key: String) throws(ConfigurationDiagnostic) -> String {
        guard node.scalar != nil, !isNull(node), let text = node.string else {
            throw error(node, "'\(key)' must be a string")
        }
        return text
    }

    /// A string or a list of strings (an empty value is an empty list).
    func strings(_ node: Yams.Node, _ key: String) throws(ConfigurationDiagnostic) -> [String] {
        if isNull(node) { return [] }
        if node.scalar != nil, let text = node.string { return [text] }
        guard let items = node.sequence else { throw error(node, "'\(key)' must be a list of strings") }
        var result: [String] = []
        for item in items {
            guard item.scalar != nil, !isNull(item), let text = item.string else {
                throw error(item, "'\(key)' must be a list of strings")
            }
            result.append(text)
        }
        return result
    }

    /// Rule ids; unknown ones are warnings with a did-you-mean.
    mutating func ruleIDs(_ node: Yams.Node, _ key: String, known: Set<String>,
                          candidates: [String]) throws(ConfigurationDiagnostic) -> [String] {
        let ids = try strings(node, key).map { aliases[$0] ?? $0 }
        let items = node.sequence.map(Array.init) ?? [node]
        for (id, item) in zip(ids, items) where !known.contains(id) {
            warning(item, "unknown rule '\(id)' in '\(key)'" + Suggestions.hint(for: id, in: candidates))
        }
        return ids
    }

    func severity(_ node: Yams.Node) throws(ConfigurationDiagnostic) -> Severity {
        let text = node.scalar != nil ? node.string ?? "" : ""
        guard let severity = Severity(rawValue: text.lowercased()) else {
            let names = Severity.allCases.map(\.rawValue)
            throw error(node, "severity must be error, warning or note, not '\(text)'"
                        + Suggestions.hint(for: text, in: names))
        }
        return severity
    }

    /// `rule-id: error` or `rule-id: {severity: error}`.
    mutating func ruleSeverity(_ node: Yams.Node, rule: String) throws(ConfigurationDiagnostic) -> Severity {
        if node.scalar != nil { return try severity(node) }
        guard let map = node.mapping else {
            throw error(node, "'\(rule)' takes a severity (error, warning, note) or {severity: …}")
        }
        var result: Severity?
        for (keyNode, value) in map {
            let key = keyNode.string ?? ""
            if key == "severity" {
                result = try severity(value)
            } else {
                warning(keyNode, "unknown key '\(key)' for rule '\(rule)'"
                        + Suggestions.hint(for: key, in: ConfigurationFile.ruleKeys))
            }
        }
        guard let result else { throw error(node, "'\(rule)' needs 'severity'") }
        return result
    }

    /// A mapping of positive numbers under `key`.
    mutating func numbers(_ node: Yams.Node, _ key: String, known: [String]) throws(ConfigurationDiagnostic) -> [String: Double] {
        guard let map = node.mapping else {
            throw error(node, "'\(key)' must be a mapping with \(known.map { "'\($0)'" }.joined(separator: " and "))")
        }
        var result: [String: Double] = [:]
        for (keyNode, value) in map {
            let name = keyNode.string ?? ""
            guard known.contains(name) else {
                warning(keyNode, "unknown key '\(name)' in '\(key)'" + Suggestions.hint(for: name, in: known))
                continue
            }
            guard value.scalar != nil, let text = value.string, let number = Double(text), number.isFinite,
                  number > 0 else {
                throw error(value, "'\(key).\(name)' must be a positive number")
            }
            result[name] = number
        }
        return result
    }

    static func isKebabCase(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !words.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// `custom_rules`: a mapping from rule id to its settings.
    mutating func customRules(_ node: Yams.Node, catalogueRules: Set<String>) throws(ConfigurationDiagnostic) -> [CustomSourceRule] {
        if isNull(node) { return [] }
        guard let map = node.mapping else { throw error(node, "'custom_rules' must map rule ids to their settings") }
        var rules: [CustomSourceRule] = []
        for (idNode, settings) in map {
            guard idNode.scalar != nil, let id = idNode.string, !id.isEmpty else {
                throw error(idNode, "a custom rule's id must be a string")
            }
            guard Self.isKebabCase(id) else {
                throw error(idNode, "custom rule id '\(id)' must be kebab-case (lower-case letters and digits in words "
                            + "joined by '-', like 'no-fixed-font-size'): ids appear in every report")
            }
            if catalogueRules.contains(id) {
                throw error(idNode, "custom rule '\(id)' has the id of a built-in rule; choose another id")
            }
            guard let fields = settings.mapping else {
                throw error(settings, "custom rule '\(id)' must be a mapping with at least 'regex'")
            }
            var name: String?, regex: String?, message: String?, severity = Severity.warning
            var included: [String] = [], excluded: [String] = [], wcag: [String] = []
            for (keyNode, value) in fields {
                let key = keyNode.string ?? ""
                switch key {
                case "name": name = try string(value, "name")
                case "message": message = try string(value, "message")
                case "severity": severity = try self.severity(value)
                case "included": included = try strings(value, "included")
                case "excluded": excluded = try strings(value, "excluded")
                case "wcag": wcag = try strings(value, "wcag")
                case "regex":
                    let source = try string(value, "regex")
                    do {
                        _ = try Pattern(source)
                    } catch {
                        throw self.error(value, "custom rule '\(id)': invalid regex at offset \(error.offset): \(error.message)")
                    }
                    regex = source
                default:
                    warning(keyNode, "unknown key '\(key)' in custom rule '\(id)'"
                            + Suggestions.hint(for: key, in: ConfigurationFile.customRuleKeys))
                }
            }
            guard let regex else { throw error(settings, "custom rule '\(id)' needs 'regex'") }
            rules.append(CustomSourceRule(id: id, regex: regex, message: message ?? name ?? "Matches custom rule '\(id)'",
                                          severity: severity, wcag: wcag, included: included, excluded: excluded,
                                          definedAt: location(idNode)))
        }
        return rules
    }
}
