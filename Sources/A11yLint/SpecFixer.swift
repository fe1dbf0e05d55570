import Foundation
import A11yJSON
import A11yModel
import A11yRules

/// `--fix`: rewrites each failing colour value written in a spec to a passing one, changing
/// only those bytes.
///
/// For a colour role of a theme, the value chosen meets every pair the role is in there (as
/// the foreground, and as the background of another role, as a checked fill under its
/// checkmark): a translucent colour keeps its RGB and gets the smallest passing alpha when
/// one exists, any other gets the role's suggestion (nearest OKLCH lightness at its hue). A
/// value is written in its own notation (`ColorEdit`). Colours that come from a preset, not
/// from the file, are left alone.
public enum SpecFixer {
    public struct Change: Sendable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
        public var old: String
        public var new: String
        public var description: String { "\(file):\(line):\(column): \(old) → \(new)" }
    }

    /// The fixes of one spec read from `document` (`bytes`), one per colour value: which
    /// theme and role it is, and its edits. `measurements` are the spec's contrast pairs as
    /// the run measured them for its rules (`ContrastMeasurements.measure`), not measured
    /// again here.
    public static func fixes(for spec: ComponentSpec, measurements: [ContrastMeasurement],
                             document: JSONDocument, bytes: [UInt8]) -> [ReportFix] {
        var result: [ReportFix] = []
        var done = Set<SourceLocation>()
        // A pair whose background is itself being fixed waits for the next round: a
        // darker fill may already make its white checkmark pass.
        let fixing = Set(measurements.filter(\.isReported).map { "\($0.theme.name)\u{1F}\($0.role)" })
        // A colour that comes from a token or colour set is never overwritten with a hex.
        for failing in measurements where failing.isReported && failing.foregroundOrigin == nil {
            if let background = failing.backgroundRole, fixing.contains("\(failing.theme.name)\u{1F}\(background)") {
                continue
            }
            guard let location = failing.colorLocation, location.file == spec.file, done.insert(location).inserted,
                  let node = Self.node(at: location, in: document.root) else { continue }
            let pairs = measurements.filter { $0.theme.name == failing.theme.name && $0.role == failing.role }
            let under = measurements.filter { $0.theme.name == failing.theme.name && $0.backgroundRole == failing.role }
            let requirements = Array(Set(pairs.map { ContrastRequirement(background: $0.background, ratio: $0.required) }))
                + under.map { ContrastRequirement(under: $0.written, ratio: $0.required) }
            // How a candidate (as it would be parsed back) renders in every pair.
            func meetsAll(_ candidate: RGBA) -> Bool {
                requirements.allSatisfy { requirement in
                    guard let background = requirement.background else { return requirement.isMet(by: candidate.isOpaque ? candidate : candidate.composited(over: failing.theme.opaqueBackground)) }
                    return requirement.isMet(by: candidate.isOpaque ? candidate : candidate.composited(over: background))
                }
            }
            var candidates: [RGBA] = []
            if let alpha = ContrastSuggestion.smallestAlpha(of: failing.written, meeting: requirements.filter { $0.background != nil }) {
                var translucent = failing.written
                translucent.alpha = alpha
                candidates.append(translucent)
            }
            if let opaque = ContrastSuggestion.nearest(to: failing.foreground, meeting: requirements) {
                candidates.append(opaque)
            }
            for candidate in candidates where meetsAll(candidate) {
                if let edits = ColorEdit.edits(for: node, in: bytes, to: candidate, accepts: meetsAll) {
                    if !edits.isEmpty {
                        result.append(ReportFix(file: spec.file, theme: failing.theme.name, role: failing.role,
                                                edits: edits, colour: candidate.isOpaque ? candidate.hexRGB : candidate.hexString))
                    }
                    break
                }
            }
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

    /// Lints `paths`' specs and rewrites their failing colours, round after round (a fixed
    /// fill changes the pair its checkmark is in) until nothing changes, in memory. The
    /// edits are the ones each round's lint works out from its own measurements
    /// (`linter` must have `reportFixes` set).
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
}
