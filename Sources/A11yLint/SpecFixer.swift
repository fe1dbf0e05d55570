import Foundation
import A11yJSON
import A11yModel
import A11yRules
import A11yColorSources

/// `--fix`: writes each theme's consistent fix (`ContrastMeasurement.themeFix`, the
/// `measured.fix` entries of its findings) into the spec, changing only the colour values'
/// bytes, each in its own notation (`ColorEdit`).
///
/// A theme's set is written whole or not at all: when one of its colours is not written in
/// the file (a preset colour) or its notation cannot hold the new value, no colour of that
/// theme changes, and the reason is kept (`ReportFix.unfixed`) for `--fix` to say.
public enum SpecFixer {
    public struct Change: Sendable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
        public var old: String
        public var new: String
        public var description: String { "\(file):\(line):\(column): \(old) → \(new)" }
    }

    /// The roles of `theme` whose colour a reference gave (`{token}`, `asset:`, `system:`), with
    /// where each resolved (its `reference` as the spec writes it).
    static func references(in measurements: [ContrastMeasurement], theme: String) -> [String: ColorDefinition] {
        var roles: [String: ColorDefinition] = [:]
        for m in measurements where m.theme.name == theme {
            if let definition = m.theme.background.origin?.definition { roles[ColorFixProblem.background] = definition }
            if let definition = m.foregroundOrigin?.definition { roles[m.role] = definition }
            if let role = m.backgroundRole, let definition = m.backgroundOrigin?.definition { roles[role] = definition }
        }
        return roles
    }

    /// What `--fix` asks of the source `definition` came from, for `theme` (an appearance of a
    /// theme with references), or why it cannot be edited.
    static func request(_ definition: ColorDefinition, theme: Theme, to color: RGBA, spec: ComponentSpec,
                        colors: ColorSettings) -> Result<SourceFixRequest, SourceFixRefusal> {
        guard let reference = ColorReference(definition.reference) else { return .failure(SourceFixRefusal(reason: "not a reference")) }
        let appearance = theme.appearance ?? "default"
        let paths = ColorResolution.paths(for: spec, settings: colors)
        var request = SourceFixRequest(definition: definition, tokenAppearance: nil, iosAppearance: nil, to: color,
                                       tokenPaths: paths.tokens, tokensIsList: paths.isList, catalogPaths: paths.catalogs)
        switch reference {
        case .system:
            return .failure(SourceFixRefusal(reason: "\(definition.reference) is an iOS system colour, which cannot be edited (name a token or colour set whose value is \(color.hexString) instead)"))
        case .token: request.tokenAppearance = appearance
        case .asset:
            request.iosAppearance = IOSAppearance(rawValue: appearance) != nil ? appearance : colors.appearances?[appearance]
        }
        return .success(request)
    }

    /// The fixes of one spec read from `document` (`bytes`), one per colour value of each
    /// theme's set. `measurements` are the spec's contrast pairs as the run measured them
    /// for its rules (`ContrastMeasurements.measure`), not measured again here.
    public static func fixes(for spec: ComponentSpec, measurements: [ContrastMeasurement],
                             document: JSONDocument, bytes: [UInt8], colors: ColorSettings = ColorSettings()) -> [ReportFix] {
        var result: [ReportFix] = []
        var themes = Set<String>()
        var written = Set<SourceLocation>()  // colour values a theme's set writes
        for failing in measurements where failing.isReported && themes.insert(failing.theme.name).inserted {
            guard let changes = failing.themeFix, !changes.isEmpty else { continue }
            var fixes: [ReportFix] = []
            var reasons: [String?] = []
            let referenced = Self.references(in: measurements, theme: failing.theme.name)
            for change in changes {
                var fix = ReportFix(file: spec.file, theme: failing.theme.name, role: change.role, edits: [],
                                    colour: change.to.hexString)
                if let definition = referenced[change.role] {
                    // A colour from a token or colour set is never overwritten with a hex: its source is edited.
                    switch Self.request(definition, theme: failing.theme, to: change.to, spec: spec, colors: colors) {
                    case .success(let request): fix.source = request; reasons.append(nil)
                    case .failure(let refusal): reasons.append(refusal.reason)
                    }
                } else if let location = change.location, location.file == spec.file,
                   let node = Self.node(at: location, in: document.root),
                   let edits = ColorEdit.edits(for: node, in: bytes, to: change.to,
                                               accepts: { $0.hexString == change.to.hexString }) {
                    fix.edits = edits
                    // A colour a variant sets is shared by every theme: the first theme's set writes it.
                    let shared = edits.contains { !written.insert(SourceLocation(file: spec.file, line: $0.line, column: $0.column)).inserted }
                    reasons.append(shared ? "\(change.role) is shared with another theme's fix" : nil)
                } else {
                    reasons.append(change.location == nil
                        ? "preset colour: \(change.role) is not written in the spec (set it to \(change.to.hexString))"
                        : "the notation of \(change.role) cannot hold \(change.to.hexString)")
                }
                fixes.append(fix)
            }
            // The set is written whole or not at all.
            if let first = reasons.compactMap({ $0 }).first {
                for i in fixes.indices {
                    fixes[i].edits = []
                    fixes[i].source = nil
                    fixes[i].unfixed = reasons[i] ?? "written only with the rest of the theme's set, and \(first)"
                }
            }
            result += fixes
        }
        return result
    }

    /// The value node that starts at `location`.
    static func node(at location: SourceLocation, in root: JSONNode) -> JSONNode? {
        if root.position.line == location.line && root.position.column == location.column { return root }
        switch root.value {
        case .object(let members):
            for member in members where member.value.position.line <= location.line {
                if let found = node(at: location, in: member.value) { return found }
            }
        case .array(let items):
            for item in items where item.position.line <= location.line {
                if let found = node(at: location, in: item) { return found }
            }
        default: break
        }
        return nil
    }

    /// What `--fix` does: the files' new bytes (specs and colour sources, only those that
    /// change), the changes made, why each source edit it refused was refused (by
    /// `ReportFix.key`), and a linter that reads the colour sources as the fix leaves them.
    public struct Outcome {
        public var files: [String: (old: [UInt8], new: [UInt8])] = [:]
        public var changes: [Change] = []
        var refusals: [String: String] = [:]
        var linter: Linter
    }

    /// Lints `paths`' specs and rewrites their failing colours, round after round (until
    /// nothing changes; one round writes each theme's whole set), in memory: spec colours in
    /// the spec, colours from a token or colour set in that source (`SourceFixer`). The edits
    /// are the ones each round's lint works out from its own measurements (`linter` must have
    /// `reportFixes` set).
    public static func fix(_ specFiles: [String], linter: Linter, rounds: Int = 4) -> Outcome {
        var contents: [String: [UInt8]] = [:]
        var original: [String: [UInt8]] = [:]
        for file in specFiles {
            if case .success(let bytes) = Linter.readRegularFile(file, limit: linter.configuration.maxFileSize) {
                contents[file] = bytes
                original[file] = bytes
            }
        }
        var outcome = Outcome(linter: linter)
        var sources = SourceFixer(settings: linter.configuration.colors)
        for _ in 0..<rounds {
            let current = withSources(linter, sources.overlay)
            let round = decide(lint(contents, linter: current), contents: contents, sources: sources, linter: linter,
                               refusals: &outcome.refusals)
            if round.edits.values.allSatisfy(\.isEmpty), round.units.isEmpty { break }
            for file in round.edits.keys.sorted() {
                let fileEdits = Array(Set(round.edits[file]!)).sorted { $0.range.lowerBound < $1.range.lowerBound }
                guard !fileEdits.isEmpty else { continue }
                contents[file] = ByteEdit.apply(fileEdits, to: contents[file]!)
                outcome.changes += fileEdits.map { Change(file: file, line: $0.line, column: $0.column, old: $0.original, new: $0.replacement) }
            }
            sources.apply(round.units)
            outcome.changes += round.units.flatMap(\.changes)
        }
        for (file, bytes) in contents where bytes != original[file] { outcome.files[file] = (original[file]!, bytes) }
        for (file, bytes) in sources.overlay where bytes != sources.original[file] { outcome.files[file] = (sources.original[file] ?? [], bytes) }
        outcome.linter = withSources(linter, sources.overlay)
        return outcome
    }

    /// `linter` reading colour sources through a new cache, `overlay` before the disk.
    static func withSources(_ linter: Linter, _ overlay: [String: [UInt8]]) -> Linter {
        guard !overlay.isEmpty else { return linter }
        var configuration = linter.configuration
        configuration.colorSources = ColorSourceCache(overlay: overlay)
        return (try? Linter(catalogue: linter.catalogue, configuration: configuration, layoutEngine: linter.layoutEngine)) ?? linter
    }

    /// One lint of the specs (`contents`): the fixes, and each contrast failure (by
    /// `ReportFix.key`) with the references its colours came from and how to name it.
    struct Lint {
        var fixes: [ReportFix] = []
        var failing: [String: (refs: Set<String>, text: String)] = [:]
    }

    static func lint(_ contents: [String: [UInt8]], linter: Linter) -> Lint {
        let inputs = contents.keys.sorted().map { LintInput(path: $0, contents: contents[$0], explicit: true) }
        var result = Lint()
        let stream = LintStream(groups: [LintStream.Group(linter: linter, inputs: inputs)],
                                chosenJobs: linter.configuration.chosenJobs)
        let totals = stream.run(emit: { results in
            for finding in results.findings where ["text-contrast", "nontext-contrast"].contains(finding.rule) {
                let role = finding.measured.string("role")
                let refs = ["foregroundSource", "backgroundSource"].compactMap { finding.measured.object($0)?.string("ref") }
                result.failing[ReportFix.key(file: finding.location.file, theme: finding.theme, role: role)] =
                    (Set(refs), "\(finding.rule) in \(finding.location.file), theme \(finding.theme ?? "-") (\(role ?? "-"))")
            }
        })
        result.fixes = totals.fixes.keys.sorted().map { totals.fixes[$0]! }
        return result
    }

    /// One line per contrast failure `--fix` left, saying why: `inputs` linted as the fix
    /// leaves them (`fixed`: new bytes of the specs it rewrote).
    public static func unfixed(_ inputs: [LintInput], fixed: [String: [UInt8]], linter: Linter,
                               refusals: [String: String] = [:]) -> [String] {
        let linted = inputs.map { input -> LintInput in
            var input = input
            if input.contents == nil, let bytes = fixed[input.path] { input.contents = bytes }
            return input
        }
        let stdin = Set(inputs.filter { $0.contents != nil }.map(\.path))
        var lines: [String] = []
        var seen = Set<String>()
        let stream = LintStream(groups: [LintStream.Group(linter: linter, inputs: linted)],
                                chosenJobs: linter.configuration.chosenJobs)
        _ = stream.run(emit: { results in
            for finding in results.findings where ["text-contrast", "nontext-contrast"].contains(finding.rule) {
                let line = "\(finding.location.description): not fixed: \(finding.rule) in theme \(finding.theme ?? "-")"
                    + " (\(finding.measured.string("role") ?? "-")): "
                    + reason(finding, fixes: results.fixes, refusals: refusals, stdin: stdin.contains(finding.location.file))
                if seen.insert(line).inserted { lines.append(line) }
            }
        })
        return lines
    }

    static func reason(_ finding: Finding, fixes: [String: ReportFix], refusals: [String: String] = [:], stdin: Bool) -> String {
        if stdin { return "read from stdin, nothing to rewrite (lint the file itself)" }
        if finding.location.file.hasSuffix(".swift") { return "Swift source: --fix rewrites spec files only" }
        guard let entries = finding.measured.objects("fix") else {
            return "no passing colour: no set of colour changes passes every pair of this theme"
        }
        // The finding's own colours' reasons first.
        let reasons = entries.compactMap { entry in
            let key = ReportFix.key(file: finding.location.file, theme: finding.theme, role: entry.string("role"))
            return fixes[key]?.unfixed ?? refusals[key]
        }
        if let why = reasons.first(where: { !$0.hasPrefix("written only") }) ?? reasons.first { return why }
        return "still failing after every round"
    }
}
