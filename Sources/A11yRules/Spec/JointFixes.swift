import A11yModel

/// The theme's one consistent fix on every pair (`ContrastMeasurement.themeFix`) and, on each
/// reported pair, its changes that touch the pair's check (`fix`): all the checks of a
/// theme (every variant, text and non-text) are solved together by `JointColorFix`.
enum JointFixes {
    /// The checks of one theme: each distinct check once (its pairs, shared by the variants
    /// that make it), and which distinct check each run of `measurements` is.
    struct ThemeChecks {
        /// The distinct checks, in the order they first come.
        var distinct: [[ContrastMeasurement]] = []
        /// The measurements of each check of the theme (every variant), and its distinct check.
        var runs: [(range: Range<Int>, distinct: Int)] = []
    }

    static func fill(_ measurements: inout [ContrastMeasurement]) {
        for checks in themes(measurements) where checks.runs.contains(where: { run in
            run.range.contains { measurements[$0].isReported }
        }) {
            let (problem, written) = Self.problem(checks)
            let changes = JointColorFix.solve(problem).map { list in
                list.map { change in
                    ThemeColorChange(key: change.role, role: written[change.role]!.role, from: change.from,
                                     to: change.to, location: written[change.role]!.location)
                }
            }
            // Each distinct check's share of the fix, worked out once for all its variants.
            var fixes: [[ThemeColorChange]?] = Array(repeating: nil, count: checks.distinct.count)
            for run in checks.runs {
                for i in run.range {
                    measurements[i].themeFix = changes
                    guard measurements[i].isReported, let changes else { continue }
                    if fixes[run.distinct] == nil {
                        var keys = Set<String>()
                        for m in checks.distinct[run.distinct] { keys.formUnion([m.foregroundKey, m.backgroundKey]) }
                        fixes[run.distinct] = changes.filter { keys.contains($0.key) }
                    }
                    measurements[i].fix = fixes[run.distinct]
                }
            }
        }
    }

    /// The measurements by theme (by name, as the joint fix has always grouped them), each
    /// theme's checks told apart by the pairs they share rather than by their texts.
    static func themes(_ measurements: [ContrastMeasurement]) -> [ThemeChecks] {
        var byTheme: [String: Int] = [:]
        var result: [ThemeChecks] = []
        var signatures: [[Signature: Int]] = []
        var start = 0
        var theme = 0
        while start < measurements.count {
            // One check's alternatives are next to each other, in one place.
            var end = start + 1
            while end < measurements.count, measurements[end].check == measurements[start].check { end += 1 }
            if start == 0 || measurements[start].place !== measurements[start - 1].place {
                let name = measurements[start].theme.name
                if let known = byTheme[name] {
                    theme = known
                } else {
                    theme = result.count
                    byTheme[name] = theme
                    result.append(ThemeChecks())
                    signatures.append([:])
                }
            }
            let signature = Signature(first: ObjectIdentifier(measurements[start].pair),
                                      rest: measurements[(start + 1)..<end].map { ObjectIdentifier($0.pair) })
            let distinct: Int
            if let known = signatures[theme][signature] {
                distinct = known
            } else {
                distinct = result[theme].distinct.count
                signatures[theme][signature] = distinct
                result[theme].distinct.append(Array(measurements[start..<end]))
            }
            result[theme].runs.append((start..<end, distinct))
            start = end
        }
        return result
    }

    /// A check's pairs (shared objects) in order: the first held in place, as most checks
    /// have one alternative (no array to allocate and hash for those).
    struct Signature: Hashable {
        var first: ObjectIdentifier
        var rest: [ObjectIdentifier]
    }

    /// One theme's colours and checks as the solver reads them, and, per key, the role and
    /// where its colour is written.
    static func problem(_ checks: ThemeChecks)
        -> (ColorFixProblem, [String: (role: String, location: SourceLocation?)]) {
        let theme = checks.distinct[0][0].theme
        var colors: [String: RGBA] = [ColorFixProblem.background: theme.background.color]
        var written: [String: (role: String, location: SourceLocation?)] =
            [ColorFixProblem.background: (ColorFixProblem.background, theme.background.location)]
        var pairs: [[ColorFixProblem.Pair]] = []
        for check in checks.distinct {
            for m in check {
                colors[m.foregroundKey] = m.written
                written[m.foregroundKey] = (m.role, m.colorLocation)
                if let role = m.backgroundRole, let color = m.theme.colors[role] {
                    colors[m.backgroundKey] = color.color
                    written[m.backgroundKey] = (role, color.location)
                }
            }
            pairs.append(check.map { ColorFixProblem.Pair(foreground: $0.foregroundKey, background: $0.backgroundKey,
                                                          required: $0.required) })
        }
        // Variants repeat the same checks: each distinct one once, sorted, so that specs whose
        // variants draw the same checks in another order ask the solver (and its memo) the same
        // problem. The answer does not depend on the order; any fixed order serves, and
        // comparing the pairs' fields is far cheaper than the printed text it used to be.
        var seen = Set<[ColorFixProblem.Pair]>()
        let distinct = pairs.filter { seen.insert($0).inserted }.sorted { a, b in
            a.lexicographicallyPrecedes(b) { p, q in
                (p.foreground, p.background, p.required) < (q.foreground, q.background, q.required)
            }
        }
        let backdrop = theme.backdrop?.color ?? .white
        return (ColorFixProblem(colors: colors, backdrop: backdrop.isOpaque ? backdrop : backdrop.composited(over: .white),
                                checks: distinct), written)
    }
}
