import A11yJSON
import A11yModel
import A11yReport

/// SARIF 2.1.0 in the subset GitHub code scanning reads: rules with help and WCAG links,
/// results with a physical location and a fingerprint that survives line moves, and
/// unreadable inputs as tool execution notifications.
public struct SARIFReporter: Reporter {
    public init() {}
    public var name: String { "sarif" }
    public var showsFixes: Bool { true }
    public var usesRepositoryRoot: Bool { true }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer(paths: options.paths) }

    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// Where a reader of the SARIF file learns about the tool.
    /// The `partialFingerprints` key; bump the version if the hashed fields change.
    static let fingerprintKey = "a11ylint/v1"
    static let sourceRoot = "%SRCROOT%"

    /// The results come last in the document but each names its rule by its index in the
    /// rule list, which is complete only at the end (a finding may name a rule the
    /// catalogue does not describe): results go to a spool as each file arrives, their
    /// `ruleIndex` a placeholder resolved when the spool is copied. `finish` writes the
    /// document up to `"results": [`, copies the spool, and closes it.
    ///
    /// Keeps until `finish`: the input errors (few: they are the invocation's
    /// notifications, before the results), and each rule id findings name, with the
    /// severity and WCAG criteria of its first finding. Fingerprint occurrences are
    /// counted per file (the path is hashed too, so they only ever count within a file;
    /// the one difference from counting over the whole run would be one file given under
    /// two names, which the run lints once).
    struct Writer: ReportWriter {
        let paths: ReportPaths?
        private var inputErrors: [InputError] = []
        /// Rule id → its placeholder id, an index into `namedRules`.
        private var ruleIDs: [String: Int] = [:]
        private var namedRules: [(id: String, severity: Severity, wcag: [String])] = []
        private var written = 0
        private let spool = Spool()
        /// The `measured` bytes written so far, shared by the findings that say the same.
        private var shared = SharedMeasured(indent: Self.resultIndent + 2)

        init(paths: ReportPaths?) { self.paths = paths }

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            inputErrors += results.inputErrors
            var fingerprints = FindingFingerprints()
            var rootPaths = RootPaths(paths)
            var artifacts = ArtifactURIs()
            var bytes: [UInt8] = []
            for finding in results.findings {
                let file = rootPaths(finding.location.file)
                let artifact = artifacts(file)
                let (hash, occurrence) = fingerprints.next(finding, path: artifact.uri)
                var location = finding.location
                location.file = file
                let fix = SARIFReporter.fixes(of: finding, in: results.fixes)
                let rule: Int
                if let known = ruleIDs[finding.rule] {
                    rule = known
                } else {
                    rule = namedRules.count
                    ruleIDs[finding.rule] = rule
                    namedRules.append((finding.rule, finding.severity, finding.wcag))
                }
                if written > 0 { bytes.append(UInt8(ascii: ",")) }
                written += 1
                JSONOutput.newline(Self.resultIndent, to: &bytes)
                let members = SARIFReporter.resultMembers(finding, location: location, ruleIndex: 0,
                                            fingerprint: "\(hash):\(occurrence)", fix: fix,
                                            relocate: { paths?.fromRoot($0) ?? $0 }, properties: false,
                                            artifact: artifact)
                bytes.append(UInt8(ascii: "{"))
                for (index, (key, value)) in members.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONOutput.newline(Self.resultIndent + 1, to: &bytes)
                    JSONOutput.writeString(key, to: &bytes)
                    bytes.append(contentsOf: ": ".utf8)
                    if key == "ruleIndex" {
                        Spool.placeholder(rule, to: &bytes)
                    } else {
                        value.write(to: &bytes, indent: Self.resultIndent + 1)
                    }
                }
                bytes.append(UInt8(ascii: ","))
                JSONOutput.newline(Self.resultIndent + 1, to: &bytes)
                JSONOutput.writeString("properties", to: &bytes)
                bytes.append(contentsOf: ": ".utf8)
                SARIFReporter.writeProperties(of: finding, to: &bytes, indent: Self.resultIndent + 1, shared: &shared)
                JSONOutput.newline(Self.resultIndent, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
                if bytes.count >= Spool.chunkSize {
                    spool.write(bytes: bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            spool.write(bytes: bytes)
        }

        /// Results are items of `runs[0].results`: document, runs, run, results, result.
        static let resultIndent = 4

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            let rules = SARIFReporter.ruleList(totals.rules, named: namedRules)
            var document = SARIFReporter.document(totals, rules: rules, inputErrors: inputErrors, results: [],
                                                  paths: paths).serializedBytes()
            // The document ends with the empty results array and the closing of the run,
            // of `runs` and of the document.
            var closing: [UInt8] = []
            JSONOutput.newline(Self.resultIndent - 2, to: &closing)
            closing.append(UInt8(ascii: "}"))
            JSONOutput.newline(Self.resultIndent - 3, to: &closing)
            closing.append(UInt8(ascii: "]"))
            JSONOutput.newline(0, to: &closing)
            closing.append(UInt8(ascii: "}"))
            precondition(document.count >= closing.count + 2
                         && Array(document.suffix(closing.count + 2)) == Array("[]".utf8) + closing)
            document.removeLast(closing.count + 2)
            if written == 0 {
                document.append(contentsOf: "[]".utf8)
                sink.write(bytes: document)
            } else {
                document.append(UInt8(ascii: "["))
                sink.write(bytes: document)
                let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
                let indexes = namedRules.map { Array(String(ruleIndex[$0.id] ?? 0).utf8) }
                spool.copy(to: &sink) { indexes.indices.contains($0) ? indexes[$0] : Array("0".utf8) }
                var end: [UInt8] = []
                JSONOutput.newline(Self.resultIndent - 1, to: &end)
                end.append(UInt8(ascii: "]"))
                sink.write(bytes: end)
            }
            sink.write(bytes: closing + [UInt8(ascii: "\n")])
        }
    }

    /// With `paths`, artifact URIs are relative to the repository root, which
    /// `originalUriBaseIds` names (so GitHub maps them whatever folder the run was in);
    /// without, relative paths stay as given under `%SRCROOT%`. `rules`: `ruleList`'s;
    /// `results` are written as they are (the writer leaves them empty and writes its own).
    static func document(_ report: LintReport, rules: [RuleDescription], inputErrors: [InputError],
                         results: [JSONOutput], paths: ReportPaths? = nil) -> JSONOutput {
        var driver: [(String, JSONOutput)] = [
            ("name", .string("a11ylint")),
            ("version", .string(report.toolVersion)),
        ]
        if isSemanticVersion(report.toolVersion) { driver.append(("semanticVersion", .string(report.toolVersion))) }
        driver.append(("rules", .array(rules.map(ruleDescriptor))))

        var invocation: [(String, JSONOutput)] = [("executionSuccessful", .bool(inputErrors.isEmpty))]
        if !inputErrors.isEmpty {
            invocation.append(("toolExecutionNotifications", .array(inputErrors.map(notification))))
        }

        var run: [(String, JSONOutput)] = [
            ("tool", .object([("driver", .object(driver))])),
            ("invocations", .array([.object(invocation)])),
        ]
        if let paths {
            run.append(("originalUriBaseIds", .object([(sourceRoot, .object([("uri", .string(paths.rootURI))]))])))
        }
        // Our columns count Unicode scalars; SARIF's default is UTF-16 code units.
        run.append(("columnKind", .string("unicodeCodePoints")))
        run.append(("results", .array(results)))

        return .object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
    }

    /// Every rule that ran, plus any rule a finding names that the catalogue did not
    /// describe (so each result's `ruleIndex` points somewhere), sorted by id.
    /// `named`: each rule id findings name, with the severity and criteria of the first
    /// finding that names it.
    static func ruleList(_ catalogue: [RuleDescription],
                         named: [(id: String, severity: Severity, wcag: [String])]) -> [RuleDescription] {
        var rules = catalogue
        var known = Set(rules.map(\.id))
        for rule in named where !known.contains(rule.id) {
            known.insert(rule.id)
            rules.append(RuleDescription(
                id: rule.id, name: rule.id, kind: .spec, defaultSeverity: rule.severity,
                wcag: rule.wcag, category: "", summary: "a11ylint rule \(rule.id)",
                rationale: "", howToFix: "Run `a11ylint rules \(rule.id)` for details."))
        }
        return rules.sorted { $0.id < $1.id }
    }

    static func ruleDescriptor(_ rule: RuleDescription) -> JSONOutput {
        let summary = rule.summary.isEmpty ? rule.id : rule.summary
        let short = rule.name.isEmpty ? rule.id : rule.name
        var tags = ["accessibility"]
        if !rule.category.isEmpty { tags.append(rule.category) }
        tags += rule.wcag.map { "wcag\($0)" }
        var descriptor: [(String, JSONOutput)] = [
            ("id", .string(rule.id)),
            ("name", .string(pascalCase(rule.id))),
            ("shortDescription", .object([("text", .string(short))])),
            ("fullDescription", .object([("text", .string(summary))])),
            ("help", .object([("text", .string(helpText(rule))), ("markdown", .string(helpMarkdown(rule)))])),
        ]
        if let url = rule.helpURL { descriptor.append(("helpUri", .string(url))) }
        // An opt-in rule is off unless `opt_in_rules` names it (SARIF's `enabled`, default true).
        var configuration: [(String, JSONOutput)] = [("level", .string(level(rule.defaultSeverity)))]
        if rule.optIn { configuration.append(("enabled", .bool(false))) }
        descriptor.append(("defaultConfiguration", .object(configuration)))
        descriptor.append(("properties", .object([("tags", .array(unique(tags).map { .string($0) }))])))
        return .object(descriptor)
    }

    static func helpText(_ rule: RuleDescription) -> String {
        var parts: [String] = []
        if !rule.howToFix.isEmpty { parts.append("How to fix: \(rule.howToFix)") }
        if !rule.rationale.isEmpty { parts.append("Why: \(rule.rationale)") }
        let links = rule.wcag.map { criterion in
            "WCAG \(criterion)" + (WCAGTitles.title(criterion).map { " \($0)" } ?? "")
                + (WCAG.understandingURL(for: criterion).map { ": \($0)" } ?? "")
        }
        if !links.isEmpty { parts.append(links.joined(separator: "\n")) }
        return parts.isEmpty ? rule.summary : parts.joined(separator: "\n\n")
    }

    static func helpMarkdown(_ rule: RuleDescription) -> String {
        var parts: [String] = []
        if !rule.summary.isEmpty { parts.append(rule.summary) }
        if !rule.howToFix.isEmpty { parts.append("**How to fix:** \(rule.howToFix)") }
        if !rule.rationale.isEmpty { parts.append("**Why:** \(rule.rationale)") }
        let links = rule.wcag.map { criterion -> String in
            let title = WCAGTitles.title(criterion).map { "WCAG \(criterion) \($0)" } ?? "WCAG \(criterion)"
            return WCAG.understandingURL(for: criterion).map { "- [\(title)](\($0))" } ?? "- \(title)"
        }
        if !links.isEmpty { parts.append("**WCAG:**\n\n" + links.joined(separator: "\n")) }
        return parts.isEmpty ? rule.id : parts.joined(separator: "\n\n")
    }

    /// A result's members in order; `properties: false` leaves out the last one, the
    /// `properties` object, for a writer that writes it itself (`writeProperties`).
    static func resultMembers(_ finding: Finding, location: SourceLocation, ruleIndex: Int, fingerprint: String,
                              fix: [ReportFix] = [], relocate: (String) -> String = { $0 },
                              properties includeProperties: Bool = true,
                              artifact: (uri: String, baseId: String?)? = nil) -> [(String, JSONOutput)] {
        let head: [(String, JSONOutput)] = [
            ("ruleId", .string(finding.rule)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(location, artifact: artifact))])])),
            ("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])),
        ] + relatedLocations(finding.measured, relocate: relocate)
          + (fix.isEmpty ? [] : [("fixes", .array([self.fix(fix, location: location)]))])
        guard includeProperties else { return head }
        var properties: [(String, JSONOutput)] = []
        if let component = finding.component { properties.append(("component", .string(component))) }
        if let variant = finding.variant { properties.append(("variant", .string(variant))) }
        if let theme = finding.theme { properties.append(("theme", .string(theme))) }
        if !finding.wcag.isEmpty { properties.append(("wcag", .array(finding.wcag.map { .string($0) }))) }
        properties.append(("measured", finding.measured.json))
        return head + [("properties", .object(properties))]
    }

    /// The bytes `resultMembers`' `properties` object writes at nesting level `indent`,
    /// written without building it (the finding's `measured` is most of a result, written
    /// through `shared`, whose indent must be `indent + 1`).
    static func writeProperties(of finding: Finding, to out: inout [UInt8], indent: Int, shared: inout SharedMeasured) {
        out.append(UInt8(ascii: "{"))
        var first = true
        func key(_ name: String) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONOutput.newline(indent + 1, to: &out)
            JSONOutput.writeString(name, to: &out)
            out.append(contentsOf: ": ".utf8)
        }
        if let component = finding.component { key("component"); JSONOutput.writeString(component, to: &out) }
        if let variant = finding.variant { key("variant"); JSONOutput.writeString(variant, to: &out) }
        if let theme = finding.theme { key("theme"); JSONOutput.writeString(theme, to: &out) }
        if !finding.wcag.isEmpty {
            key("wcag")
            out.append(UInt8(ascii: "["))
            for (index, criterion) in finding.wcag.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONOutput.newline(indent + 2, to: &out)
                JSONOutput.writeString(criterion, to: &out)
            }
            JSONOutput.newline(indent + 1, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        key("measured")
        shared.write(finding.measured, to: &out)
        JSONOutput.newline(indent, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The edits of `finding`'s entries of its theme's fix (`measured.fix`), as `--fix` writes
    /// them; none when one of them cannot be written.
    public static func fixes(of finding: Finding, in fixes: [String: ReportFix]) -> [ReportFix] {
        let entries = finding.measured.objects("fix") ?? []
        let found = entries.compactMap { entry in
            fixes[ReportFix.key(file: finding.location.file, theme: finding.theme, role: entry.string("role"))]
        }
        return found.count == entries.count && found.allSatisfy({ $0.unfixed == nil && !$0.edits.isEmpty }) ? found : []
    }

    /// A SARIF fix: the colour values' bytes replaced (GitHub shows it as a suggestion), every
    /// entry of the finding's `measured.fix` in one change.
    static func fix(_ fixes: [ReportFix], location: SourceLocation) -> JSONOutput {
        let (uri, base) = artifactURI(location.file)
        var artifact: [(String, JSONOutput)] = [("uri", .string(uri))]
        if let base { artifact.append(("uriBaseId", .string(base))) }
        let replacements: [JSONOutput] = fixes.flatMap(\.edits).sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
            .object([
                ("deletedRegion", .object([
                    ("startLine", .int(edit.line)), ("startColumn", .int(edit.column)),
                    ("endLine", .int(edit.line)), ("endColumn", .int(edit.column + edit.original.unicodeScalars.count)),
                ])),
                ("insertedContent", .object([("text", .string(edit.replacement))])),
            ])
        }
        return .object([
            ("description", .object([("text", .string(fixes.map { "Use \($0.colour) for \($0.role)" }.joined(separator: " and ")
                                                      + " in theme \(fixes[0].theme)"))])),
            ("artifactChanges", .array([.object([
                ("artifactLocation", .object(artifact)),
                ("replacements", .array(replacements)),
            ])])),
        ])
    }

    static func notification(_ error: InputError) -> JSONOutput {
        .object([
            ("level", .string("error")),
            ("message", .object([("text", .string(error.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(error.location))])])),
            ("descriptor", .object([("id", .string("input-error"))])),
        ])
    }

    /// Where a contrast finding's colours came from (a token's `$value`, a colour set's entry):
    /// `relatedLocations`, one per `foregroundSource` / `backgroundSource`.
    static func relatedLocations(_ measured: Measured, relocate: (String) -> String) -> [(String, JSONOutput)] {
        var related: [JSONOutput] = []
        for (side, key) in [("Foreground", "foregroundSource"), ("Background", "backgroundSource")] {
            guard let source = measured.object(key), let text = ColorOrigin.text(source),
                  let file = source.string("file"), let line = source.number("line") else { continue }
            related.append(.object([
                ("id", .int(related.count)),
                ("physicalLocation", physicalLocation(SourceLocation(file: relocate(file), line: Int(line), column: 1))),
                ("message", .object([("text", .string("\(side): \(text)"))])),
            ]))
        }
        return related.isEmpty ? [] : [("relatedLocations", .array(related))]
    }

    /// `artifact`: `artifactURI(location.file)` when the caller has it already.
    static func physicalLocation(_ location: SourceLocation,
                                 artifact: (uri: String, baseId: String?)? = nil) -> JSONOutput {
        let (uri, base) = artifact ?? artifactURI(location.file)
        var artifact: [(String, JSONOutput)] = [("uri", .string(uri))]
        if let base { artifact.append(("uriBaseId", .string(base))) }
        return .object([
            ("artifactLocation", .object(artifact)),
            ("region", .object([
                ("startLine", .int(max(1, location.line))),
                ("startColumn", .int(max(1, location.column))),
            ])),
        ])
    }

    /// The path as given, with forward slashes and percent-encoding: relative paths are
    /// relative to `%SRCROOT%`, absolute ones become `file://` URIs.
    static func artifactURI(_ path: String) -> (uri: String, baseId: String?) {
        // The usual path: relative, of unreserved characters and `/` alone, is its own URI.
        if let first = path.utf8.first, first != UInt8(ascii: "/"), !path.hasPrefix("./"),
           ByteScan.lacks(path, { !isUnreservedOrSlash($0) }) {
            return (path, sourceRoot)
        }
        var normalized = path.replacingAll("\\", with: "/")
        if normalized.hasPrefix("/") { return ("file://" + percentEncoded(normalized), nil) }
        let scalars = Array(normalized.unicodeScalars)
        if scalars.count >= 3, scalars[1] == ":", scalars[2] == "/",
           ("a"..."z").contains(scalars[0]) || ("A"..."Z").contains(scalars[0]) {
            return ("file:///" + String(scalars[0]) + ":" + percentEncoded(String(String.UnicodeScalarView(scalars[2...]))), nil)
        }
        while normalized.hasPrefix("./") { normalized.removeFirst(2) }
        return (percentEncoded(normalized), sourceRoot)
    }

    /// Keeps unreserved characters and `/`; everything else (spaces, `:`, `%`, non-ASCII)
    /// is percent-encoded as UTF-8, so the result is a valid URI reference.
    static func percentEncoded(_ path: String) -> String {
        if ByteScan.lacks(path, { !isUnreservedOrSlash($0) }) { return path }
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0f)])
            }
        }
        return out
    }

    /// A URI's unreserved characters (RFC 3986) and `/`: what `percentEncoded` keeps.
    @inline(__always)
    static func isUnreservedOrSlash(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// The fingerprint of `finding` at the path it carries.
    static func fingerprint(_ finding: Finding) -> String {
        FindingFingerprints.hash(finding, path: artifactURI(finding.location.file).uri)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `text-contrast` → `TextContrast` (SARIF recommends a Pascal-case rule name).
    static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    private static func isSemanticVersion(_ version: String) -> Bool {
        let core = version.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
        let parts = core.split(separator: "+", maxSplits: 1).first?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
