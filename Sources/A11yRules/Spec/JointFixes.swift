import A11yModel

/// The theme's one consistent fix on every pair (`ContrastMeasurement.themeFix`) and, on each
/// reported pair, its changes that touch the pair's check (`fix`): all the checks of a
/// theme (every variant, text and non-text) are solved together by `JointColorFix`.
enum JointFixes {
    /// The checks of one theme (by name): each distinct check once (its pairs, shared by the
    /// variants that make it), and which distinct check each run of the measurements is.
    /// `ContrastMeasurements.measure` gathers them while it makes the checks.
    struct ThemeChecks {
        /// The distinct checks, in the order they first come.
        var distinct: [[ContrastMeasurement]] = []
        /// The measurements of each check of the theme (every variant), and its distinct check.
        var runs: [(range: Range<Int>, distinct: Int)] = []
        /// Whether a measurement of the theme is reported (else nothing is solved).
        var hasReported = false
    }

    static func fill(_ measurements: inout [ContrastMeasurement], themes: [ThemeChecks]) {
        for checks in themes where checks.hasReported {
            let problem = Self.problem(checks)
            let changes = JointColorFix.solve(problem).map { list in
                list.map { change in
                    let (role, location) = written(change.role, checks)
                    return ThemeColorChange(key: change.role, role: role, from: change.from, to: change.to,
                                            location: location)
                }
            }
            // Each distinct check's share of the fix, worked out once for all its variants.
            var fixes: [[ThemeColorChange]?] = Array(repeating: nil, count: checks.distinct.count)
            for run in checks.runs {
                for i in run.range {
                    measurements[i].themeFix = changes
                    guard measurements[i].isReported, let changes else { continue }
                    if fixes[run.distinct] == nil {
                        let pairs = checks.distinct[run.distinct]
                        fixes[run.distinct] = changes.filter { change in
                            pairs.contains { $0.foregroundKey == change.key || $0.backgroundKey == change.key }
                        }
                    }
                    measurements[i].fix = fixes[run.distinct]
                }
            }
        }
    }

    /// One theme's colours and checks as the solver reads them.
    static func problem(_ checks: ThemeChecks) -> ColorFixProblem {
        let theme = checks.distinct[0][0].theme
        var colors: [String: RGBA] = [ColorFixProblem.background: theme.background.color]
        colors.reserveCapacity(8)
        var pairs: [[ColorFixProblem.Pair]] = []
        pairs.reserveCapacity(checks.distinct.count)
        for check in checks.distinct {
            for m in check {
                colors[m.foregroundKey] = m.written
                if let role = m.backgroundRole, let color = m.theme.colors[role] {
                    colors[m.backgroundKey] = color.color
                }
            }
            pairs.append(check.map { ColorFixProblem.Pair(foreground: $0.foregroundKey, background: $0.backgroundKey,
                                                          required: $0.required) })
        }
        // Variants repeat the same checks: each distinct one once, sorted, so that specs whose
        // variants draw the same checks in another order ask the solver (and its memo) the same
        // problem. The answer does not depend on the order; any fixed order serves, and
        // comparing the pairs' fields is far cheaper than the printed text it used to be.
        // (The order is total on the pairs' fields: equal neighbours are the same check.)
        pairs.sort { a, b in
            a.lexicographicallyPrecedes(b) { p, q in
                (p.foreground, p.background, p.required) < (q.foreground, q.background, q.required)
            }
        }
        var distinct: [[ColorFixProblem.Pair]] = []
        distinct.reserveCapacity(pairs.count)
        for check in pairs where distinct.last != check { distinct.append(check) }
        let backdrop = theme.backdrop?.color ?? .white
        return ColorFixProblem(colors: colors, backdrop: backdrop.isOpaque ? backdrop : backdrop.composited(over: .white),
                               checks: distinct)
    }

    /// The role a key of the fix names and where its colour is written: the last pair of the
    /// theme's checks that reads it says (the theme's background for `background`).
    static func written(_ key: String, _ checks: ThemeChecks) -> (role: String, location: SourceLocation?) {
        let theme = checks.distinct[0][0].theme
        var found: (role: String, location: SourceLocation?) = (ColorFixProblem.background, theme.background.location)
        for check in checks.distinct {
            for m in check {
                if m.foregroundKey == key { found = (m.role, m.colorLocation) }
                if m.backgroundKey == key, let role = m.backgroundRole, let color = m.theme.colors[role] {
                    found = (role, color.location)
                }
            }
        }
        return found
    }
}
