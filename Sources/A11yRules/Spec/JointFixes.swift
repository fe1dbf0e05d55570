import A11yModel

/// The theme's one consistent fix (`ContrastMeasurement.themeFix`) and each distinct check's
/// share of it, which every reported pair of the check reads (`fix`): all the checks of a
/// theme (every variant, text and non-text) are solved together by `JointColorFix`. Both are
/// held once per theme (`ContrastMeasurement.Place.Fixes`), not on each pair.
enum JointFixes {
    /// The checks of one theme (by name): each distinct check once (its pairs, shared by the
    /// variants that make it), and which of them have a reported pair.
    /// `ContrastMeasurements.measure` gathers them while it makes the checks.
    struct ThemeChecks {
        /// Where the theme's fix goes (its places share it).
        let fixes: ContrastMeasurement.Place.Fixes
        /// The distinct checks, in the order they first come.
        var distinct: [[ContrastMeasurement]] = []
        /// Whether a pair of each distinct check is reported (in any variant).
        var reported: [Bool] = []
        /// Whether a measurement of the theme is reported (else nothing is solved).
        var hasReported = false

        init(fixes: ContrastMeasurement.Place.Fixes) { self.fixes = fixes }

        mutating func report(_ distinct: Int) {
            reported[distinct] = true
            hasReported = true
        }
    }

    static func fill(themes: [ThemeChecks]) {
        for checks in themes where checks.hasReported {
            let problem = Self.problem(checks)
            let changes = JointColorFix.solve(problem).map { list in
                list.map { change in
                    let (role, location) = written(change.role, checks)
                    return ThemeColorChange(key: change.role, role: role, from: change.from, to: change.to,
                                            location: location)
                }
            }
            checks.fixes.changes = changes
            guard let changes else { continue }
            // Each distinct check's share of the fix, worked out once for all its variants.
            checks.fixes.byCheck = checks.distinct.indices.map { index in
                guard checks.reported[index] else { return nil }
                let pairs = checks.distinct[index]
                return changes.filter { change in
                    pairs.contains { $0.foregroundKey == change.key || $0.backgroundKey == change.key }
                }
            }
        }
    }

    /// One theme's colours and checks as the solver reads them.
    static func problem(_ checks: ThemeChecks) -> ColorFixProblem {
        let theme = checks.distinct[0][0].theme
        // Made at its final size where the checks read the theme's roles (a variant's own
        // colours add keys of their own), not made for one colour and grown.
        var colors = [String: RGBA](minimumCapacity: theme.colors.count + 1)
        colors[ColorFixProblem.background] = theme.background.color
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
