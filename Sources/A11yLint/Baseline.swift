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
    /// Makes the baseline key of each finding of a Swift file (`Finding.baselineKey`): the
    /// trimmed text of its line (`lineKey`). Rules that already took their line's text
    /// (`SwiftSource.lineKeyText`, shared by findings on one line) left it in `baselineKey`;
    /// `lineText` gives the others'. The one place a Swift finding's key is made.
    static func setKeys(_ findings: inout [Finding], lineText: (Int) -> String) {
        // Changed in place: a finding is a large value, and copying it is most of a
        // finding's cost here.
        for index in findings.indices {
            findings[index].baselineKey = lineKey(findings[index].baselineKey ?? lineText(findings[index].location.line))
        }
    }

    /// Makes the baseline key of each finding of a spec that has none: its JSON location
    /// (path and value) in `root`, found in one walk of the document, never a copy of its
    /// line. The one place a spec finding's key is made.
    static func setKeys(_ findings: inout [Finding], root: JSONNode) {
        guard !findings.isEmpty else { return }
        let locator = JSONLocator(root)
        // Many findings point at the same place (a variant, a colour): each place's key is
        // spelled once.
        struct Place: Hashable { var line: Int; var column: Int }
        var keys: [Place: String] = [:]
        for index in findings.indices where findings[index].baselineKey == nil {
            let place = Place(line: findings[index].location.line, column: findings[index].location.column)
            if let known = keys[place] {
                findings[index].baselineKey = known
            } else {
                let key = locator.key(line: place.line, column: place.column)
                keys[place] = key
                findings[index].baselineKey = key
            }
        }
    }

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
        // A character has at least one byte: at most 200 bytes needs no count of characters.
        return trimmed.utf8.count <= 200 || trimmed.count <= 200 ? String(trimmed) : String(trimmed.prefix(200))
    }

    public struct Entry: Sendable, Hashable {
        public var rule: String
        public var file: String
        public var component: String?
        public var variant: String?
        public var theme: String?
        public var baselineKey: String?
        /// For people reading the file; not matched (its numbers may change).
        public var message: String

        public init(rule: String, file: String, component: String?, variant: String?, theme: String?,
                    baselineKey: String?, message: String) {
            self.rule = rule
            self.file = Baseline.normalizedPath(file)
            self.component = component
            self.variant = variant
            self.theme = theme
            self.baselineKey = baselineKey
            self.message = message
        }

        public init(_ finding: Finding) {
            self.init(rule: finding.rule, file: finding.location.file, component: finding.component,
                      variant: finding.variant, theme: finding.theme, baselineKey: finding.baselineKey,
                      message: finding.message)
        }

        /// The entry as the baseline file writes it.
        var json: JSONOutput {
            var members: [(String, JSONOutput)] = [("rule", .string(rule)), ("file", .string(file))]
            if let component { members.append(("component", .string(component))) }
            if let variant { members.append(("variant", .string(variant))) }
            if let theme { members.append(("theme", .string(theme))) }
            // The file keeps the field name `sourceLine`, so baselines written before still read.
            if let baselineKey { members.append(("sourceLine", .string(baselineKey))) }
            members.append(("message", .string(message)))
            return .object(members)
        }

        /// What a finding must share with the entry to match it.
        var key: Key { Key(rule: rule, file: file, component: component, variant: variant, theme: theme, baselineKey: baselineKey) }

        var sortKey: [String] {
            [file, rule, component ?? "", variant ?? "", theme ?? "", baselineKey ?? "", message]
        }
    }

    struct Key: Hashable {
        var rule: String
        var file: String
        var component: String?
        var variant: String?
        var theme: String?
        var baselineKey: String?
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
                                 theme: try text("theme"), baselineKey: try text("sourceLine"),
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

extension Baseline {
    /// The baseline `--write-baseline` writes, gathered file by file as a run goes: each
    /// file's entries are serialized at once into a `Spool` (an unlinked temporary file, or
    /// memory should that fail), and only where each file's part lies is remembered.
    /// `write(to:)` puts the parts together in the order the file has always had (by path,
    /// then rule, component, variant, theme, line, message), so a baseline of half a million
    /// findings costs the run a few bytes per file.
    final class Gathering {
        private let spool = Spool()
        private var parts: [(path: String, range: Range<Int>)] = []
        private(set) var count = 0

        /// One file's findings (they share a path).
        func add(_ findings: [Finding]) {
            guard !findings.isEmpty else { return }
            let entries = findings.map(Entry.init).sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
            var bytes: [UInt8] = []
            for (n, entry) in entries.enumerated() {
                if n > 0 {
                    bytes.append(UInt8(ascii: ","))
                    JSONOutput.newline(2, to: &bytes)
                }
                entry.json.write(to: &bytes, pretty: true, indent: 2)
            }
            count += entries.count
            let start = spool.count
            spool.write(bytes: bytes)
            parts.append((entries[0].file, start..<spool.count))
        }

        /// Writes the baseline file (atomically, as every output).
        func write(to path: String) throws(OutputFile.WriteError) {
            let out = try OutputFile.Writer(path: path)
            out.write("{\n  \"version\": \(Baseline.formatVersion),\n  \"findings\": ")
            if parts.isEmpty {
                out.write("[]")
            } else {
                out.write("[")
                var sink = OutputSink(out: out)
                // Stable: parts of one path (never split in a run) keep their order.
                let ordered = parts.sorted { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
                for (n, part) in ordered.enumerated() {
                    out.write(n == 0 ? "\n    " : ",\n    ")
                    spool.copy(part.range, to: &sink)
                }
                out.write("\n  ]")
            }
            out.write("\n}\n")
            try out.commit()
        }

        /// Spool bytes on their way to the baseline file.
        private struct OutputSink: ReportSink {
            let out: OutputFile.Writer
            mutating func write(_ text: String) { out.write(text) }
            mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
                if let done: Void = bytes.withContiguousStorageIfAvailable({ out.write($0) }) { return done }
                out.write(Array(bytes))
            }
        }
    }
}
