import A11yModel

/// The theme's one consistent fix on every pair (`ContrastMeasurement.themeFix`) and, on each
/// reported pair, its changes that touch the pair's check (`fix`): all the checks of a
/// theme (every variant, text and non-text) are solved together by `JointColorFix`.
enum JointFixes {
    static func fill(_ measurements: inout [ContrastMeasurement]) {
        var byTheme: [String: [Int]] = [:]
        for (i, m) in measurements.enumerated() { byTheme[m.theme.name, default: []].append(i) }
        for indices in byTheme.values where indices.contains(where: { measurements[$0].isReported }) {
            let (problem, written) = Self.problem(measurements, indices)
            let changes = JointColorFix.solve(problem).map { list in
                list.map { change in
                    ThemeColorChange(key: change.role, role: written[change.role]!.role, from: change.from,
                                     to: change.to, location: written[change.role]!.location)
                }
            }
            var keysOfCheck: [Int: Set<String>] = [:]
            for i in indices {
                keysOfCheck[measurements[i].check, default: []].formUnion([measurements[i].foregroundKey,
                                                                           measurements[i].backgroundKey])
            }
            for i in indices {
                measurements[i].themeFix = changes
                guard measurements[i].isReported, let changes else { continue }
                let keys = keysOfCheck[measurements[i].check] ?? []
                measurements[i].fix = changes.filter { keys.contains($0.key) }
            }
        }
    }

    /// One theme's colours and checks as the solver reads them, and, per key, the role and
    /// where its colour is written: the theme's pairs are `measurements[indices]`, read in
    /// place rather than copied out.
    static func problem(_ measurements: [ContrastMeasurement], _ indices: [Int])
        -> (ColorFixProblem, [String: (role: String, location: SourceLocation?)]) {
        let theme = measurements[indices[0]].theme
        var colors: [String: RGBA] = [ColorFixProblem.background: theme.background.color]
        var written: [String: (role: String, location: SourceLocation?)] =
            [ColorFixProblem.background: (ColorFixProblem.background, theme.background.location)]
        var checks: [Int: [ColorFixProblem.Pair]] = [:]
        for i in indices {
            let m = measurements[i]
            colors[m.foregroundKey] = m.written
            written[m.foregroundKey] = (m.role, m.colorLocation)
            if let role = m.backgroundRole, let color = m.theme.colors[role] {
                colors[m.backgroundKey] = color.color
                written[m.backgroundKey] = (role, color.location)
            }
            checks[m.check, default: []].append(ColorFixProblem.Pair(foreground: m.foregroundKey, background: m.backgroundKey,
                                                                     required: m.required))
        }
        // Variants repeat the same checks: each distinct one once, in a stable order.
        // (Sorted by the text Swift prints for each list of pairs, built without reflection.)
        let distinct = Set(checks.values).map { (key: orderKey($0), pairs: $0) }
            .sorted { $0.key < $1.key }.map(\.pairs)
        let backdrop = theme.backdrop?.color ?? .white
        return (ColorFixProblem(colors: colors, backdrop: backdrop.isOpaque ? backdrop : backdrop.composited(over: .white),
                                checks: distinct), written)
    }

    /// The text `pairs.description` prints (`[A11yModel.ColorFixProblem.Pair(foreground: "…",
    /// background: "…", required: 4.5)]`), written directly: the order of a problem's checks has
    /// always been the order of these texts, and reflection made them a fifth of a spec run.
    static func orderKey(_ pairs: [ColorFixProblem.Pair]) -> String {
        var text = "["
        for (i, pair) in pairs.enumerated() {
            if i > 0 { text += ", " }
            text += "A11yModel.ColorFixProblem.Pair(foreground: "
            text += pair.foreground.debugDescription
            text += ", background: "
            text += pair.background.debugDescription
            text += ", required: "
            text += pair.required.description
            text += ")"
        }
        return text + "]"
    }
}
