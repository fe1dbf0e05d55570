import A11yModel

/// One round of `--fix` when some colours come from tokens or colour sets: which themes' sets
/// are written, and which source edits (docs/colour-sources.md, "--fix and colour sources").
extension SpecFixer {
    /// The spec edits of the themes whose whole set can be written, and the source units that
    /// go with them. A unit is refused when it cannot be planned, or when, applied with the
    /// round's other edits, a pair anywhere in the run that passed would fail and reads a
    /// colour the unit changes; a refused unit refuses its themes (their sets are not written),
    /// and a refused theme every unit it is in. The reasons go into `refusals`.
    static func decide(_ before: Lint, contents: [String: [UInt8]], sources: SourceFixer, linter: Linter,
                       refusals: inout [String: String]) -> (edits: [String: [ByteEdit]], units: [SourceFixer.Unit]) {
        var byTheme: [String: [ReportFix]] = [:]
        for fix in before.fixes { byTheme[fix.file + "\u{1F}" + fix.theme, default: []].append(fix) }
        let requests = byTheme.keys.sorted().flatMap { key in byTheme[key]!.filter { $0.source != nil }.map { (theme: key, fix: $0) } }
        var units = sources.plan(requests, cache: ColorSourceCache(overlay: sources.overlay))
        var refused: [String: String] = [:]
        for _ in 0..<4 {
            cascade(&units, &refused)
            let live = units.filter { $0.refusal == nil }
            guard !live.isEmpty else { break }
            var trial = contents
            for (key, fixes) in byTheme where refused[key] == nil {
                for fix in fixes where !fix.edits.isEmpty { trial[fix.file] = ByteEdit.apply(fix.edits, to: trial[fix.file] ?? []) }
            }
            let after = lint(trial, linter: withSources(linter, sources.overlay(with: live)))
            var blocked = false
            for key in after.failing.keys.sorted() where before.failing[key] == nil {
                let failure = after.failing[key]!
                for i in units.indices where units[i].refusal == nil && !units[i].changed.isDisjoint(with: failure.refs) {
                    let reference = units[i].requests[0].fix.source!.definition.reference
                    units[i].refusal = "editing \(reference) would make \(failure.text) fail"
                    blocked = true
                }
            }
            if !blocked { break }
        }
        cascade(&units, &refused)
        var edits: [String: [ByteEdit]] = [:]
        for (key, fixes) in byTheme {
            guard let reason = refused[key] else {
                for fix in fixes { edits[fix.file, default: []] += fix.edits }
                continue
            }
            for fix in fixes {
                let own = units.first { unit in unit.requests.contains { $0.theme == key && $0.fix.role == fix.role } }?.refusal
                refusals[ReportFix.key(file: fix.file, theme: fix.theme, role: fix.role)] =
                    own ?? "written only with the rest of the theme's set, and \(reason)"
            }
        }
        return (edits, units.filter { $0.refusal == nil })
    }

    /// A refused unit refuses its themes; a refused theme refuses every unit it is in.
    static func cascade(_ units: inout [SourceFixer.Unit], _ refused: inout [String: String]) {
        var changed = true
        while changed {
            changed = false
            for i in units.indices {
                if let reason = units[i].refusal {
                    for theme in units[i].themes.sorted() where refused[theme] == nil {
                        refused[theme] = reason
                        changed = true
                    }
                } else if let theme = units[i].themes.sorted().first(where: { refused[$0] != nil }) {
                    units[i].refusal = "written only with the rest of the theme's set, and \(refused[theme]!)"
                    changed = true
                }
            }
        }
    }
}
