import Foundation
import A11yJSON
import A11yModel
import A11yRules

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
    /// the reference as the spec writes it.
    static func references(in measurements: [ContrastMeasurement], theme: String) -> [String: String] {
        var roles: [String: String] = [:]
        for m in measurements where m.theme.name == theme {
            if let ref = m.foregroundOrigin?.definition?.reference { roles[m.role] = ref }
            if let role = m.backgroundRole, let ref = m.backgroundOrigin?.definition?.reference { roles[role] = ref }
        }
        return roles
    }

    /// The fixes of one spec read from `document` (`bytes`), one per colour value of each
    /// theme's set. `measurements` are the spec's contrast pairs as the run measured them
    /// for its rules (`ContrastMeasurements.measure`), not measured again here.
    public static func fixes(for spec: ComponentSpec, measurements: [ContrastMeasurement],
                             document: JSONDocument, bytes: [UInt8]) -> [ReportFix] {
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
                if let reference = referenced[change.role] {
                    // A colour from a token or colour set is never overwritten with a hex.
                    reasons.append("\(change.role) comes from \(reference): change it in its colour source (set it to \(change.to.hexString) there)")
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

    /// Lints `paths`' specs and rewrites their failing colours, round after round (until
    /// nothing changes; one round writes each theme's whole set), in memory. The edits are
    /// the ones each round's lint works out from its own measurements (`linter` must have
    /// `reportFixes` set).
    /// Returns the files' new bytes (only those that changed) and the changes made.
    public static func fix(_ specFiles: [String], linter: Linter, rounds: Int = 4) -> (files: [String: (old: [UInt8], new: [UInt8])], changes: [Change]) {
        var contents: [String: [UInt8]] = [:]
        var original: [String: [UInt8]] = [:]
        for file in specFiles {
            if case .success(let bytes) = Linter.readRegularFile(file, limit: linter.configuration.maxFileSize) {
                contents[file] = bytes
                original[file] = bytes
            }
        }
        var changes: [Change] = []
        for _ in 0..<rounds {
            let inputs = contents.keys.sorted().map { LintInput(path: $0, contents: contents[$0], explicit: true) }
            var edits: [String: [ByteEdit]] = [:]
            let stream = LintStream(groups: [LintStream.Group(linter: linter, inputs: inputs)], jobs: linter.configuration.jobs)
            for fix in stream.run(emit: { _ in }).fixes.values { edits[fix.file, default: []] += fix.edits }
            if edits.values.allSatisfy(\.isEmpty) { break }
            for file in edits.keys.sorted() {
                let fileEdits = edits[file]!.sorted { $0.range.lowerBound < $1.range.lowerBound }
                guard !fileEdits.isEmpty else { continue }
                let old = contents[file]!
                contents[file] = ByteEdit.apply(fileEdits, to: old)
                changes += fileEdits.map { Change(file: file, line: $0.line, column: $0.column, old: $0.original, new: $0.replacement) }
            }
        }
        var files: [String: (old: [UInt8], new: [UInt8])] = [:]
        for (file, bytes) in contents where bytes != original[file] { files[file] = (original[file]!, bytes) }
        return (files, changes)
    }

    /// One line per contrast failure `--fix` left, saying why: `inputs` linted as the fix
    /// leaves them (`fixed`: new bytes of the specs it rewrote).
    public static func unfixed(_ inputs: [LintInput], fixed: [String: [UInt8]], linter: Linter) -> [String] {
        let linted = inputs.map { input -> LintInput in
            var input = input
            if input.contents == nil, let bytes = fixed[input.path] { input.contents = bytes }
            return input
        }
        let stdin = Set(inputs.filter { $0.contents != nil }.map(\.path))
        var lines: [String] = []
        var seen = Set<String>()
        let stream = LintStream(groups: [LintStream.Group(linter: linter, inputs: linted)], jobs: linter.configuration.jobs)
        _ = stream.run(emit: { results in
            for finding in results.findings where ["text-contrast", "nontext-contrast"].contains(finding.rule) {
                let line = "\(finding.location.description): not fixed: \(finding.rule) in theme \(finding.theme ?? "-")"
                    + " (\(finding.measured.string("role") ?? "-")): "
                    + reason(finding, fixes: results.fixes, stdin: stdin.contains(finding.location.file))
                if seen.insert(line).inserted { lines.append(line) }
            }
        })
        return lines
    }

    static func reason(_ finding: Finding, fixes: [String: ReportFix], stdin: Bool) -> String {
        if stdin { return "read from stdin, nothing to rewrite (lint the file itself)" }
        if finding.location.file.hasSuffix(".swift") { return "Swift source: --fix rewrites spec files only" }
        guard let entries = finding.measured.objects("fix") else {
            return "no passing colour: no set of colour changes passes every pair of this theme"
        }
        // The finding's own colours' reasons first.
        let reasons = entries.compactMap { entry in
            fixes[ReportFix.key(file: finding.location.file, theme: finding.theme, role: entry.string("role"))]?.unfixed
        }
        if let why = reasons.first(where: { !$0.hasPrefix("written only") }) ?? reasons.first { return why }
        return "still failing after every round"
    }
}
