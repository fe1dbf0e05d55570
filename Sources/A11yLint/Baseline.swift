import Foundation
import A11yJSON
import A11yModel
import A11yReport

/// A baseline file could not be read, or is not a baseline.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var description: String { "\(location.description): \(message)" }

    init(file: String, line: Int = 1, column: Int = 1, _ message: String) {
        location = SourceLocation(file: file, line: line, column: column)
        self.message = message
    }
}

/// Known findings that a run should not fail on (`--write-baseline`, `--baseline`).
///
/// A finding matches an entry on its content, not its position: rule, file,
/// component, variant, theme and the trimmed text of its source line (as SwiftLint's
/// baseline does), so lines inserted or removed elsewhere in the file do not bring
/// old findings back. Entries are a multiset: two identical findings need two
/// entries, so a third copy of a known problem is still reported.
public struct Baseline: Sendable {
    /// A Swift line as a baseline key: trimmed, and cut at 200 characters.
    public static func lineKey(_ line: String) -> String {
        // Foundation's `trimmingCharacters` goes through NSString and UTF-16: on a run with
        // tens of thousands of findings it was an eighth of the whole run. Trimming the
        // scalars that `.whitespaces` holds (tab and the space separators) directly is exact
        // and cheap.
        let scalars = line.unicodeScalars
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (!scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator)
        }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBlank($0) })!
        let trimmed = Substring(scalars[first...last])
        return trimmed.count <= 200 ? String(trimmed) : String(trimmed.prefix(200))
    }

    public struct Entry: Sendable, Hashable {
        public var rule: String
        public var file: String
        public var component: String?
        public var variant: String?
        public var theme: String?
        public var sourceLine: String?
        /// For people reading the file; not matched (its numbers may change).
        public var message: String

        public init(rule: String, file: String, component: String?, variant: String?, theme: String?,
                    sourceLine: String?, message: String) {
            self.rule = rule
            self.file = Baseline.normalizedPath(file)
            self.component = component
            self.variant = variant
            self.theme = theme
            self.sourceLine = sourceLine
            self.message = message
        }

        public init(_ finding: Finding) {
            self.init(rule: finding.rule, file: finding.location.file, component: finding.component,
                      variant: finding.variant, theme: finding.theme, sourceLine: finding.sourceLine,
                      message: finding.message)
        }

        /// The entry as the baseline file writes it.
        var json: JSONOutput {
            var members: [(String, JSONOutput)] = [("rule", .string(rule)), ("file", .string(file))]
            if let component { members.append(("component", .string(component))) }
            if let variant { members.append(("variant", .string(variant))) }
            if let theme { members.append(("theme", .string(theme))) }
            if let sourceLine { members.append(("sourceLine", .string(sourceLine))) }
            members.append(("message", .string(message)))
            return .object(members)
        }

        /// What a finding must share with the entry to match it.
        var key: Key { Key(rule: rule, file: file, component: component, variant: variant, theme: theme, sourceLine: sourceLine) }

        var sortKey: [String] {
            [file, rule, component ?? "", variant ?? "", theme ?? "", sourceLine ?? "", message]
        }
    }

    struct Key: Hashable {
        var rule: String
        var file: String
        var component: String?
        var variant: String?
        var theme: String?
        var sourceLine: String?
    }

    public static let formatVersion = 1

    /// Sorted, so the same findings always give the same file.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
    }

    public init(findings: [Finding]) {
        self.init(entries: findings.map(Entry.init))
    }

    public init(contentsOf path: String) throws(BaselineError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BaselineError(file: path, "cannot read the baseline file (write one with --write-baseline)")
        }
        try self.init(json: [UInt8](data), file: path)
    }

    public init(json bytes: [UInt8], file: String) throws(BaselineError) {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            throw BaselineError(file: file, line: error.position.line, column: error.position.column, error.message)
        }
        func fail(_ node: JSONNode, _ message: String) -> BaselineError {
            BaselineError(file: file, line: node.position.line, column: node.position.column, message)
        }
        let root = document.root
        guard root.objectMembers != nil else { throw fail(root, "a baseline is a JSON object with \"findings\"") }
        if let version = root["version"], version.doubleValue != Double(Self.formatVersion) {
            throw fail(version, "unsupported baseline version (this a11ylint reads version \(Self.formatVersion))")
        }
        guard let list = root["findings"] else { throw fail(root, "a baseline needs \"findings\"") }
        guard let items = list.arrayValue else { throw fail(list, "\"findings\" must be an array") }
        var entries: [Entry] = []
        for item in items {
            guard item.objectMembers != nil else { throw fail(item, "a baseline entry must be an object") }
            func text(_ key: String, required: Bool = false) throws(BaselineError) -> String? {
                guard let node = item[key], !node.isNull else {
                    if required { throw fail(item, "a baseline entry needs \"\(key)\"") }
                    return nil
                }
                guard let value = node.stringValue else { throw fail(node, "\"\(key)\" must be a string") }
                return value
            }
            entries.append(Entry(rule: try text("rule", required: true)!, file: try text("file", required: true)!,
                                 component: try text("component"), variant: try text("variant"),
                                 theme: try text("theme"), sourceLine: try text("sourceLine"),
                                 message: try text("message") ?? ""))
        }
        self.init(entries: entries)
    }

    /// The file `--write-baseline` writes: pretty JSON, entries sorted, a final newline.
    public func serialized() -> String {
        let items: [JSONOutput] = entries.map(\.json)
        let root = JSONOutput.object([("version", .int(Self.formatVersion)), ("findings", .array(items))])
        return root.serialized() + "\n"
    }

    /// `report` without the findings this baseline knows; `baselined` counts them.
    public func apply(to report: LintReport) -> LintReport {
        var matcher = self.matcher()
        var filtered = report
        let matched = matcher.filter(&filtered.findings)
        filtered.baselined = (report.baselined ?? 0) + matched
        return filtered
    }

    /// Matches findings against the entries as they come, file by file: an entry matches
    /// one finding.
    public func matcher() -> Matcher { Matcher(entries) }

    public struct Matcher: Sendable {
        private var remaining: [Key: Int] = [:]
        private var matchesAll = false

        /// A baseline that knows every finding (the one a run writes and then uses).
        public static var everything: Matcher {
            var matcher = Matcher([])
            matcher.matchesAll = true
            return matcher
        }

        init(_ entries: [Entry]) {
            for entry in entries { remaining[entry.key, default: 0] += 1 }
        }

        /// Removes the findings the baseline knows; returns how many.
        public mutating func filter(_ findings: inout [Finding]) -> Int {
            if matchesAll {
                defer { findings.removeAll() }
                return findings.count
            }
            guard !remaining.isEmpty else { return 0 }
            var matched = 0
            findings.removeAll { finding in
                let key = Entry(finding).key
                guard let count = remaining[key], count > 0 else { return false }
                remaining[key] = count - 1
                matched += 1
                return true
            }
            return matched
        }
    }

    static func normalizedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let normalized = GitIndexSnapshot.normalized(path)
        return absolute ? "/" + normalized : normalized
    }
}
