import Foundation
@testable import A11yModel

// The solver's search as it was before it worked on role indices (main 76c95b3), kept
// word for word as the reference the faster search must agree with exactly. Its paths
// (`JointFixPath`'s grids) are shared; the scan along them and the bisection are kept
// below as they were (main 1d41351), before the search memoised them and took luminances
// from the grid.

/// One search of `JointColorFix`.
struct ReferenceJointFixSearch {
    let problem: ColorFixProblem
    let alphaMoves: Bool
    /// The roles of the failing checks, the theme's background first.
    let roles: [String]
    /// Where each role may move (its lightness; with `alphaMoves`, a translucent one's alpha too).
    let paths: [String: [JointFixPath]]
    /// Every pair of the theme, once.
    let pairs: [ColorFixProblem.Pair]
    /// A node budget: a pathological theme gives its best set so far rather than hang.
    var budget = 200_000
    var best: (cost: Double, colors: [String: RGBA])?

    init(_ problem: ColorFixProblem, alphaMoves: Bool) {
        self.problem = problem
        self.alphaMoves = alphaMoves
        let failing = problem.checks.filter { !problem.meets($0, in: problem.colors) }
        var involved = Set<String>()
        for check in failing { for pair in check { involved.insert(pair.foreground); involved.insert(pair.background) } }
        involved = involved.filter { problem.colors[$0] != nil }
        roles = involved.sorted { ($0 == ColorFixProblem.background ? 0 : 1, $0) < ($1 == ColorFixProblem.background ? 0 : 1, $1) }
        var paths: [String: [JointFixPath]] = [:]
        for role in roles {
            let written = problem.colors[role]!
            paths[role] = [JointFixPath(written, alpha: false)]
                + (alphaMoves && !written.isOpaque ? [JointFixPath(written, alpha: true)] : [])
        }
        self.paths = paths
        pairs = Array(Set(problem.checks.flatMap { $0 })).sorted {
            ($0.foreground, $0.background, $0.required) < ($1.foreground, $1.background, $1.required)
        }
    }

    mutating func run() -> [ColorFixChange]? {
        if roles.isEmpty { return problem.checks.allSatisfy { problem.meets($0, in: problem.colors) } ? [] : nil }
        let candidates = candidateLists()
        // A check is decided once every role it reads is: index of its last role.
        let index = Dictionary(uniqueKeysWithValues: roles.enumerated().map { ($1, $0) })
        let hasBackground = index[ColorFixProblem.background] != nil
        var decided = Array(repeating: [[ColorFixProblem.Pair]](), count: roles.count)
        for check in problem.checks {
            var last = hasBackground ? 0 : -1
            for pair in check { last = max(last, index[pair.foreground] ?? -1, index[pair.background] ?? -1) }
            if last >= 0 { decided[last].append(check) }
        }
        var colors = problem.colors
        descend(0, cost: 0, colors: &colors, candidates: candidates, decided: decided)
        guard let best else { return nil }
        return roles.sorted().compactMap { role in
            let from = problem.colors[role]!, to = best.colors[role]!
            return to == from ? nil : ColorFixChange(role: role, from: from, to: to)
        }
    }

    mutating func descend(_ depth: Int, cost: Double, colors: inout [String: RGBA],
                          candidates: [[(cost: Double, color: RGBA)]], decided: [[[ColorFixProblem.Pair]]]) {
        if depth == roles.count {
            if best == nil || cost < best!.cost { best = (cost, colors) }
            return
        }
        let role = roles[depth]
        for candidate in candidates[depth] {
            guard budget > 0 else { return }
            budget -= 1
            let total = cost + candidate.cost
            if let best, total >= best.cost - 1e-12 { break } // sorted by cost: the rest cost more
            colors[role] = candidate.color
            if decided[depth].allSatisfy({ problem.meets($0, in: colors) }) {
                descend(depth + 1, cost: total, colors: &colors, candidates: candidates, decided: decided)
            }
        }
        colors[role] = problem.colors[role]
    }

    /// Each role's candidates, cheapest first: its original, the ends of the passing
    /// intervals of its pairs against the others as written, then against the others'
    /// own first candidates.
    func candidateLists() -> [[(cost: Double, color: RGBA)]] {
        let first = roles.map { ends(of: $0, against: [(problem.colors, nil)]) }
        return roles.enumerated().map { i, role in
            var contexts: [(colors: [String: RGBA], changed: String?)] = []
            for (j, other) in roles.enumerated() where j != i {
                for color in first[j] {
                    var colors = problem.colors
                    colors[other] = color
                    contexts.append((colors, other))
                }
            }
            var seen = Set<RGBA>([problem.colors[role]!])
            var list = [(cost: 0.0, color: problem.colors[role]!)]
            for color in first[i] + ends(of: role, against: contexts) where seen.insert(color).inserted {
                list.append((cost(role, color), color))
            }
            return Array(list.sorted { $0.cost < $1.cost }.prefix(48))
        }
    }

    /// How far `color` for `role` is from its original, as both render.
    func cost(_ role: String, _ color: RGBA) -> Double {
        var moved = problem.colors
        moved[role] = color
        return JointColorFix.distance(problem.rendered(role, in: problem.colors), problem.rendered(role, in: moved))
    }

    /// The pairs whose result `role` changes.
    func pairs(reading role: String) -> [ColorFixProblem.Pair] {
        if role == ColorFixProblem.background { return pairs }
        return pairs.filter { $0.foreground == role || $0.background == role }
    }

    /// The ends (passing side, on the 8-bit grid) of the intervals where each pair `role`
    /// is in passes, moving `role` alone, in each context; in a context where one other role
    /// `changed`, only the pairs that read it (the others' ends are already known).
    func ends(of role: String, against contexts: [(colors: [String: RGBA], changed: String?)]) -> [RGBA] {
        var found: [RGBA] = []
        var seen = Set<RGBA>()
        let reading = pairs(reading: role)
        for path in paths[role] ?? [] {
            for context in contexts {
                for pair in reading where context.changed.map({ pairs(reading: $0).contains(pair) }) ?? true {
                    var colors = context.colors
                    func passes(_ color: RGBA) -> Bool {
                        colors[role] = color
                        return problem.passes(pair, in: colors)
                    }
                    for color in path.referenceEnds(passes) where seen.insert(color).inserted { found.append(color) }
                }
            }
        }
        return found
    }
}

extension JointFixPath {
    /// `ContrastSuggestion.colour`, alpha as written: how the path made its colours.
    func referenceColor(at t: Double) -> RGBA {
        if alpha { var c = written; c.alpha = t; return c }
        var c = ContrastSuggestion.colour(start, lightness: t)
        c.alpha = written.alpha
        return c
    }

    /// The passing ends of the intervals where `passes` holds along the path.
    func referenceEnds(_ passes: (RGBA) -> Bool) -> [RGBA] {
        let verdicts = grid.map(passes)
        var result: [RGBA] = []
        for i in 1..<grid.count where verdicts[i] != verdicts[i - 1] {
            let (pass, fail) = verdicts[i] ? (i, i - 1) : (i - 1, i)
            if alpha { result.append(grid[pass]); continue }
            if let end = referenceRefine(passing: steps[pass], failing: steps[fail], passes) { result.append(end) }
        }
        return result
    }

    /// Bisects to the boundary, then steps to the passing side until the 8-bit colour passes.
    func referenceRefine(passing: Double, failing: Double, _ passes: (RGBA) -> Bool) -> RGBA? {
        var good = passing, bad = failing
        for _ in 0..<24 {
            let mid = (good + bad) / 2
            if passes(referenceColor(at: mid)) { good = mid } else { bad = mid }
        }
        let direction: Double = passing > failing ? 1 : -1
        var probe = good
        for _ in 0..<60 {
            let snapped = referenceColor(at: probe).quantized
            if passes(snapped) { return snapped }
            probe = min(max(probe + direction * 0.0005, 0), 1)
        }
        return nil
    }
}
