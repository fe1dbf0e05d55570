import Foundation

/// The colours of one theme (and appearance) and the contrast checks they must meet: what
/// `JointColorFix` solves. Roles are plain names, so that any source of colours (a spec's
/// theme, a token set) can state its problem.
public struct ColorFixProblem: Sendable, Hashable {
    /// A foreground drawn over a background; either may be translucent (composited as the
    /// contrast rules composite: the foreground over the background, a background role over
    /// the theme's background, that over the backdrop).
    public struct Pair: Sendable, Hashable {
        public var foreground: String
        /// A role, or `ColorFixProblem.background` for the theme's background.
        public var background: String
        public var required: Double

        public init(foreground: String, background: String, required: Double) {
            self.foreground = foreground
            self.background = background
            self.required = required
        }
    }

    /// The role name of the theme's own background.
    public static let background = "background"
    /// Every role's colour as written (translucent ones keep their alpha), `background` included.
    public var colors: [String: RGBA]
    /// The opaque colour under a translucent background.
    public var backdrop: RGBA
    /// Each check passes when one of its alternatives does (a button's fill, else its border).
    public var checks: [[Pair]]

    public init(colors: [String: RGBA], backdrop: RGBA, checks: [[Pair]]) {
        self.colors = colors
        self.backdrop = backdrop
        self.checks = checks
    }

    /// The colour `role` renders as (opaque) under `colors`.
    func rendered(_ role: String, in colors: [String: RGBA]) -> RGBA {
        let written = colors[Self.background] ?? .white
        let base = (written.isOpaque ? written : written.composited(over: backdrop)).opaque
        guard role != Self.background, let color = colors[role] else { return base }
        return color.isOpaque ? color : color.composited(over: base).opaque
    }

    func passes(_ pair: Pair, in colors: [String: RGBA]) -> Bool {
        guard let written = colors[pair.foreground] else { return true }
        let under = rendered(pair.background, in: colors)
        let fg = written.isOpaque ? written : written.composited(over: under)
        return Contrast.ratio(fg, under) >= pair.required
    }

    func meets(_ check: [Pair], in colors: [String: RGBA]) -> Bool {
        check.contains { passes($0, in: colors) }
    }
}

/// One colour of a theme's consistent fix: the role, its colour as written, and the new one
/// (a translucent colour keeps its alpha).
public struct ColorFixChange: Sendable, Hashable {
    public var role: String
    public var from: RGBA
    public var to: RGBA

    public init(role: String, from: RGBA, to: RGBA) {
        self.role = role
        self.from = from
        self.to = to
    }
}

/// Works out one consistent set of colour changes for a theme: applying all of them leaves
/// no check failing, each changed colour moves as `ContrastSuggestion` moves one (its own
/// OKLCH lightness, hue and chroma kept, chroma reduced only to stay in sRGB, snapped to
/// 8 bits), and among such sets the one with the smallest sum of Euclidean OKLab distances
/// (between the colours as they render) wins.
///
/// The search is exact on the candidates: along one colour's lightness, a pair passes on a
/// union of intervals whose ends are found by a scan and a bisection; the best value of a
/// colour, given the others, is its original or one of those ends. Candidates are the ends
/// against the other colours as written and against the other colours' own candidates; a
/// branch-and-bound search over every role of the failing checks (keeping a role's
/// original value is leaving it out of the set, so every subset of roles is tried) keeps
/// the cheapest set that passes every check of the theme. A translucent colour either keeps
/// its alpha and moves its lightness, or keeps its RGB and raises its alpha (on the 8-bit
/// grid); both are candidates and the cheaper, as rendered, wins.
public enum JointColorFix {
    /// The changes, sorted by role; empty when nothing fails; nil when no consistent set exists.
    public static func solve(_ problem: ColorFixProblem) -> [ColorFixChange]? {
        memo.answer(problem) {
            // A translucent colour may move its lightness or raise its alpha, whichever costs
            // less as it renders: black text at 50 % on white gets a little more opacity, not
            // a dark background under light text.
            var search = JointFixSearch(problem, alphaMoves: problem.colors.values.contains { !$0.isOpaque })
            return search.run()
        }
    }

    /// Each distinct theme problem is solved once per process.
    private static let memo = AnswerMemo<ColorFixProblem, [ColorFixChange]?>(limit: 10_000)

    /// OKLab distance between two opaque colours.
    public static func distance(_ a: RGBA, _ b: RGBA) -> Double {
        distance(oklab(a), oklab(b))
    }

    /// The OKLab coordinates of an opaque colour, as `distance` works them out: a search
    /// measures every candidate of a role from one original.
    static func oklab(_ color: RGBA) -> (l: Double, a: Double, b: Double) {
        let p = OKLCH(color)
        return (p.lightness, p.chroma * cos(p.hue * .pi / 180), p.chroma * sin(p.hue * .pi / 180))
    }

    static func distance(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
        let dl = p.l - q.l, da = p.a - q.a, db = p.b - q.b
        return (dl * dl + da * da + db * db).squareRoot()
    }
}

/// One search of `JointColorFix`. Roles are indices into `names` and `written`, pairs are
/// index triples, and a search's colours are an array: the inner loops look nothing up by
/// name and copy no tables.
struct JointFixSearch {
    /// One pair of the theme by role index: -1 where the role has no colour.
    struct IndexPair: Equatable {
        var foreground: Int
        var background: Int
        var required: Double
    }

    /// The colours a role is moved against: the others as written, except `changed` (-1 for
    /// none), which takes `color`.
    struct Context {
        var changed: Int
        var color: RGBA
        static let written = Context(changed: -1, color: .white)
    }

    let problem: ColorFixProblem
    let alphaMoves: Bool
    /// Every role with a colour, by name, and its colour as written.
    let names: [String]
    let written: [RGBA]
    /// The index of the theme's own background among `names`, or -1.
    let backgroundIndex: Int
    /// The theme's background as it renders with every colour as written.
    let writtenBase: RGBA
    /// The roles of the failing checks, the theme's background first.
    let roles: [Int]
    /// Where each of `roles` may move (its lightness; with `alphaMoves`, a translucent one's alpha too).
    let paths: [[JointFixPath]]
    /// Every pair of the theme, once, in the order of their names and thresholds.
    let pairs: [IndexPair]
    /// The checks of the theme, as written.
    let checks: [[IndexPair]]
    /// A node budget: a pathological theme gives its best set so far rather than hang.
    var budget = 200_000
    var best: (cost: Double, colors: [RGBA])?

    init(_ problem: ColorFixProblem, alphaMoves: Bool) {
        self.problem = problem
        self.alphaMoves = alphaMoves
        let names = problem.colors.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let written = names.map { problem.colors[$0]! }
        let background = index[ColorFixProblem.background] ?? -1
        self.names = names
        self.written = written
        backgroundIndex = background
        let base = background >= 0 ? written[background] : .white
        writtenBase = (base.isOpaque ? base : base.composited(over: problem.backdrop)).opaque
        func indexed(_ pair: ColorFixProblem.Pair) -> IndexPair {
            IndexPair(foreground: index[pair.foreground] ?? -1, background: index[pair.background] ?? -1,
                      required: pair.required)
        }
        checks = problem.checks.map { $0.map(indexed) }
        // Each pair once, sorted: equal pairs end up next to each other (no set to hash them in).
        var pairs: [IndexPair] = []
        var previous: ColorFixProblem.Pair?
        for pair in problem.checks.joined().sorted(by: {
            ($0.foreground, $0.background, $0.required) < ($1.foreground, $1.background, $1.required)
        }) where pair != previous {
            pairs.append(indexed(pair))
            previous = pair
        }
        self.pairs = pairs
        var involved = Array(repeating: false, count: names.count)
        for (check, indexed) in zip(problem.checks, checks) where !problem.meets(check, in: problem.colors) {
            for pair in indexed {
                if pair.foreground >= 0 { involved[pair.foreground] = true }
                if pair.background >= 0 { involved[pair.background] = true }
            }
        }
        roles = names.indices.filter { involved[$0] }
            .sorted { ($0 == background ? 0 : 1, names[$0]) < ($1 == background ? 0 : 1, names[$1]) }
        paths = roles.map { role in
            [JointFixPath.shared(written[role], alpha: false)]
                + (alphaMoves && !written[role].isOpaque ? [JointFixPath.shared(written[role], alpha: true)] : [])
        }
    }

    /// The opaque colour the theme's background renders as under `colors`.
    func base(_ colors: [RGBA]) -> RGBA {
        let written = backgroundIndex >= 0 ? colors[backgroundIndex] : .white
        return (written.isOpaque ? written : written.composited(over: problem.backdrop)).opaque
    }

    /// The colour role `index` renders as (opaque) over `base`.
    func rendered(_ index: Int, in colors: [RGBA], base: RGBA) -> RGBA {
        guard index >= 0, index != backgroundIndex else { return base }
        let color = colors[index]
        return color.isOpaque ? color : color.composited(over: base).opaque
    }

    func passes(_ pair: IndexPair, in colors: [RGBA]) -> Bool {
        guard pair.foreground >= 0 else { return true }
        let written = colors[pair.foreground]
        let under = rendered(pair.background, in: colors, base: base(colors))
        let fg = written.isOpaque ? written : written.composited(over: under)
        return Contrast.ratio(fg, under) >= pair.required
    }

    func meets(_ check: [IndexPair], in colors: [RGBA]) -> Bool {
        check.contains { passes($0, in: colors) }
    }

    mutating func run() -> [ColorFixChange]? {
        if roles.isEmpty { return checks.allSatisfy { meets($0, in: written) } ? [] : nil }
        let candidates = candidateLists()
        // A check is decided once every role it reads is: index of its last role.
        var position = Array(repeating: -1, count: names.count + 1) // the last one for -1
        for (i, role) in roles.enumerated() { position[role] = i }
        func at(_ role: Int) -> Int { position[role < 0 ? names.count : role] }
        let hasBackground = backgroundIndex >= 0 && at(backgroundIndex) >= 0
        var decided = Array(repeating: [[IndexPair]](), count: roles.count)
        for check in checks {
            var last = hasBackground ? 0 : -1
            for pair in check { last = max(last, at(pair.foreground), at(pair.background)) }
            if last >= 0 { decided[last].append(check) }
        }
        var colors = written
        descend(0, cost: 0, colors: &colors, candidates: candidates, decided: decided)
        guard let best else { return nil }
        return roles.sorted { names[$0] < names[$1] }.compactMap { role in
            let from = written[role], to = best.colors[role]
            return to == from ? nil : ColorFixChange(role: names[role], from: from, to: to)
        }
    }

    mutating func descend(_ depth: Int, cost: Double, colors: inout [RGBA],
                          candidates: [[(cost: Double, color: RGBA)]], decided: [[[IndexPair]]]) {
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
            if decided[depth].allSatisfy({ meets($0, in: colors) }) {
                descend(depth + 1, cost: total, colors: &colors, candidates: candidates, decided: decided)
            }
        }
        colors[role] = written[role]
    }

    /// Each role's candidates, cheapest first: its original, the ends of the passing
    /// intervals of its pairs against the others as written, then against the others'
    /// own first candidates.
    func candidateLists() -> [[(cost: Double, color: RGBA)]] {
        var first: [[RGBA]] = []
        for position in roles.indices { first.append(ends(of: position, against: [.written])) }
        var lists: [[(cost: Double, color: RGBA)]] = []
        for (i, role) in roles.enumerated() {
            var contexts: [Context] = []
            for (j, other) in roles.enumerated() where j != i {
                for color in first[j] { contexts.append(Context(changed: other, color: color)) }
            }
            let from = JointColorFix.oklab(rendered(role, as: written[role]))
            var list = [(cost: 0.0, color: written[role])]
            for color in first[i] + ends(of: i, against: contexts)
            where !list.contains(where: { $0.color == color }) {
                list.append((JointColorFix.distance(from, JointColorFix.oklab(rendered(role, as: color))), color))
            }
            lists.append(Array(list.sorted { $0.cost < $1.cost }.prefix(48)))
        }
        return lists
    }

    /// How `role` renders (opaque) when it alone takes `color`.
    func rendered(_ role: Int, as color: RGBA) -> RGBA {
        if role == backgroundIndex { return (color.isOpaque ? color : color.composited(over: problem.backdrop)).opaque }
        return color.isOpaque ? color : color.composited(over: writtenBase).opaque
    }

    /// Whether `role` changes the result of `pair`.
    func reads(_ role: Int, _ pair: IndexPair) -> Bool {
        role == backgroundIndex || pair.foreground == role || pair.background == role
    }

    /// The ends (passing side, on the 8-bit grid) of the intervals where each pair the
    /// `position`th role is in passes, moving that role alone, in each context; in a context
    /// where one other role changed, only the pairs that read it (the others' ends are
    /// already known). A pair without a foreground always passes: it has no ends.
    func ends(of position: Int, against contexts: [Context]) -> [RGBA] {
        let role = roles[position]
        var found: [RGBA] = []
        let reading = pairs.filter { reads(role, $0) && $0.foreground >= 0 }
        for path in paths[position] {
            for context in contexts {
                for pair in reading where context.changed < 0 || reads(context.changed, pair) {
                    let probe = JointFixProbe(self, pair, moving: role, in: context)
                    for color in path.ends(probe) where !found.contains(color) { found.append(color) }
                }
            }
        }
        return found
    }
}

/// One pair of a search judged while one role moves and the others keep a context's
/// colours: what does not depend on the moving role (the theme's background as rendered,
/// the colour under the pair, the foreground, and their luminances) is worked out once,
/// with the very operations `JointFixSearch.passes` does.
struct JointFixProbe {
    /// Everything `passes` reads besides the moving colour: two probes asking the same
    /// question give the same verdicts, so the same ends along one path.
    struct Question: Hashable {
        /// Which of the colours below are fixed and how the moving one is used.
        var shape: Int
        var under: RGBA
        var foreground: RGBA
        var backdrop: RGBA
        var required: Double
    }

    let required: Double
    let backdrop: RGBA
    /// The moving role is the theme's background, `base` then moves with it.
    let moveBase: Bool
    /// The colour under the pair is the theme's background (as rendered).
    let underIsBase: Bool
    let base: RGBA
    /// The colour under the pair and its luminance, when the moving role does not change it.
    let under: (color: RGBA, luminance: Double)?
    /// The colour (as written) of the pair's background role, when it is neither the moving
    /// role nor the theme's background.
    let underRole: RGBA
    /// The foreground as written, when it is not the moving role, and its luminance when opaque.
    let foreground: (color: RGBA, luminance: Double)?
    let question: Question

    init(_ search: JointFixSearch, _ pair: JointFixSearch.IndexPair, moving role: Int,
         in context: JointFixSearch.Context) {
        func color(_ index: Int) -> RGBA { index == context.changed ? context.color : search.written[index] }
        required = pair.required
        backdrop = search.problem.backdrop
        let background = search.backgroundIndex
        moveBase = role == background
        underIsBase = pair.background < 0 || pair.background == background
        if context.changed >= 0, context.changed == background {
            let written = context.color
            base = (written.isOpaque ? written : written.composited(over: backdrop)).opaque
        } else {
            base = search.writtenBase
        }
        underRole = underIsBase || pair.background == role ? .white : color(pair.background)
        if pair.background == role || (moveBase && (underIsBase || !underRole.isOpaque)) {
            under = nil
        } else {
            let color = underIsBase ? base : underRole.isOpaque ? underRole : underRole.composited(over: base).opaque
            under = (color, color.relativeLuminance)
        }
        if pair.foreground == role {
            foreground = nil
        } else {
            let written = color(pair.foreground)
            foreground = (written, written.isOpaque ? written.relativeLuminance : 0)
        }
        // The shape says which of the fields below were read; the others are left at white.
        let fixedUnder = under != nil, fixedForeground = foreground != nil
        let shape = (fixedUnder ? 1 : 0) | (fixedForeground ? 2 : 0) | (moveBase ? 4 : 0) | (underIsBase ? 8 : 0)
        let underRead = under?.color ?? (moveBase ? underRole : base)
        question = Question(shape: shape, under: underRead, foreground: foreground?.color ?? .white,
                            backdrop: backdrop, required: required)
    }

    /// Neither the colour under the pair nor its foreground moves (the moving role is the
    /// theme's background under an opaque role): `passes` reads nothing of `moved`.
    var isConstant: Bool { under != nil && foreground != nil }

    /// Whether the pair passes with the moving role at `moved`; `luminance` is that of
    /// `moved` when it is opaque and already known.
    func passes(_ moved: RGBA, luminance: Double? = nil) -> Bool {
        let under: RGBA, lb: Double
        if let fixed = self.under {
            (under, lb) = fixed
        } else {
            let base = moveBase ? (moved.isOpaque ? moved : moved.composited(over: backdrop)).opaque : self.base
            if underIsBase {
                under = base
                lb = moveBase && moved.isOpaque ? luminance ?? Self.luminance(under) : Self.luminance(under)
            } else if moveBase {
                under = underRole.composited(over: base).opaque // translucent, or `under` is fixed
                lb = Self.luminance(under)
            } else {
                under = moved.isOpaque ? moved : moved.composited(over: base).opaque
                lb = moved.isOpaque ? luminance ?? Self.luminance(under) : Self.luminance(under)
            }
        }
        let la: Double
        if let fixed = foreground {
            la = fixed.color.isOpaque ? fixed.luminance : Self.luminance(fixed.color.composited(over: under))
        } else {
            la = moved.isOpaque ? luminance ?? Self.luminance(moved) : Self.luminance(moved.composited(over: under))
        }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05) >= required
    }

    /// `relativeLuminance`, the same Double, with a channel equal to another linearised once:
    /// translucent greys (text, borders) over a grey background composite to greys.
    static func luminance(_ c: RGBA) -> Double {
        let r = RGBA.linear(c.red)
        let g = c.green.bitPattern == c.red.bitPattern ? r : RGBA.linear(c.green)
        let b = c.blue.bitPattern == c.green.bitPattern ? g : c.blue.bitPattern == c.red.bitPattern ? r : RGBA.linear(c.blue)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// Whether the verdict reads nothing of the moving colour but its luminance, from the
    /// path's grid (it is opaque), against one fixed luminance: the moving colour is the
    /// pair's foreground over a fixed colour, or the opaque colour under a fixed opaque one.
    var readsGridLuminance: Bool {
        if under != nil { return foreground == nil }
        guard let foreground, foreground.color.isOpaque else { return false }
        return !moveBase || underIsBase
    }

    /// The luminance a verdict that reads only the moving colour's compares it with.
    var fixedLuminance: Double { under?.luminance ?? foreground!.luminance }

    /// The verdict for a moving colour of luminance `x` (`passes`' operations), where that is all it reads.
    func passes(luminance x: Double, against fixed: Double) -> Bool {
        (max(x, fixed) + 0.05) / (min(x, fixed) + 0.05) >= required
    }
}

/// The colours one written colour may move to: its OKLCH lightness at its own hue and chroma
/// (alpha kept), or, with `alpha`, its alpha raised (its RGB kept).
struct JointFixPath {
    let written: RGBA
    let start: OKLCH
    /// The cosine and sine of `start`'s hue, worked out once for every colour of the path.
    let cosHue: Double
    let sinHue: Double
    let alpha: Bool
    /// The path at each step of the scan, snapped to 8 bits, and each one's luminance.
    let grid: [RGBA]
    let luminances: [Double]
    let steps: [Double]
    /// The grid's luminances never fall along the path (on the 8-bit grid they may, rarely).
    let ascending: Bool

    init(_ written: RGBA, alpha: Bool) {
        self.written = written
        self.alpha = alpha
        start = OKLCH(written.opaque)
        cosHue = cos(start.hue * .pi / 180)
        sinHue = sin(start.hue * .pi / 180)
        if alpha {
            let from = Int((written.alpha * 255).rounded(.up))
            steps = (from...255).map { Double($0) / 255 }
        } else {
            steps = (0...200).map { Double($0) / 200 }
        }
        var grid: [RGBA] = []
        grid.reserveCapacity(steps.count)
        for t in steps { grid.append(Self.snapped(Self.color(written, start, cosHue, sinHue, alpha: alpha, at: t), alpha: alpha)) }
        self.grid = grid
        luminances = grid.map(\.relativeLuminance)
        ascending = zip(luminances, luminances.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The path of `written`, worked out once per process: themes repeat a few colours.
    static func shared(_ written: RGBA, alpha: Bool) -> JointFixPath {
        memo.answer(Question(written: written, alpha: alpha)) { JointFixPath(written, alpha: alpha) }
    }

    private struct Question: Hashable {
        var written: RGBA
        var alpha: Bool
    }
    /// About 10 KB a path.
    private static let memo = AnswerMemo<Question, JointFixPath>(limit: 1_024)

    /// On the 8-bit grid; a moved lightness keeps the alpha as written.
    static func snapped(_ c: RGBA, alpha: Bool) -> RGBA { alpha ? c.quantizedWithAlpha : c.quantized }

    /// `ContrastSuggestion.colour(start, lightness: t)` (the same numbers, the hue's
    /// trigonometry given), alpha as written; or, with `alpha`, `written` at alpha `t`.
    static func color(_ written: RGBA, _ start: OKLCH, _ cosHue: Double, _ sinHue: Double,
                      alpha: Bool, at t: Double) -> RGBA {
        if alpha { var c = written; c.alpha = t; return c }
        var c = OKLCH(lightness: t, chroma: start.chroma, hue: start.hue)
            .mappedToSRGB(cosHue: cosHue, sinHue: sinHue).rgba(cosHue: cosHue, sinHue: sinHue)
        c.alpha = written.alpha
        return c
    }

    /// The colour at lightness `t` on this path.
    func color(at t: Double) -> RGBA { Self.color(written, start, cosHue, sinHue, alpha: false, at: t) }

    /// The passing ends of the intervals where `probe` passes along the path. Themes of a
    /// design system share most of their colours (a brand's light themes, the same text
    /// over the same background): each question is answered once per process. A probe
    /// whose colours are all fixed passes everywhere or nowhere along the path: no ends.
    func ends(_ probe: JointFixProbe) -> [RGBA] {
        if probe.isConstant { return [] }
        return Self.known.answer(EndsQuestion(path: written, alpha: alpha, probe: probe.question)) { scan(probe) }
    }

    private struct EndsQuestion: Hashable {
        var path: RGBA
        var alpha: Bool
        var probe: JointFixProbe.Question
    }
    /// A few hundred bytes an answer.
    private static let known = AnswerMemo<EndsQuestion, [RGBA]>(limit: 20_000)

    func scan(_ probe: JointFixProbe) -> [RGBA] {
        if !alpha, ascending, written.isOpaque, probe.readsGridLuminance { return search(probe) }
        return scanEveryStep(probe)
    }

    /// The verdict at every step of the grid; a flip between two steps is an end.
    func scanEveryStep(_ probe: JointFixProbe) -> [RGBA] {
        var result: [RGBA] = []
        var previous = false
        for i in grid.indices {
            let verdict = probe.passes(grid[i], luminance: luminances[i])
            defer { previous = verdict }
            guard i > 0, verdict != previous else { continue }
            let (pass, fail) = verdict ? (i, i - 1) : (i - 1, i)
            if alpha { result.append(grid[pass]); continue }
            if let end = refine(passing: steps[pass], failing: steps[fail], probe) { result.append(end) }
        }
        return result
    }

    /// `scanEveryStep`'s ends where the verdict reads only the grid's (ascending) luminance against a
    /// fixed one: the ratio falls as the luminance rises to the fixed one and rises after it
    /// (the same floating-point operations, each monotonic), so the grid passes, then fails,
    /// then passes again (each part possibly empty). Three binary searches find the parts
    /// with a few verdicts instead of one at every step.
    func search(_ probe: JointFixProbe) -> [RGBA] {
        let fixed = probe.under?.luminance ?? probe.foreground!.luminance
        func passes(_ i: Int) -> Bool { probe.passes(grid[i], luminance: luminances[i]) }
        /// The first index of `range` where `predicate` holds, or its end (it holds from there on).
        func first(in range: Range<Int>, where predicate: (Int) -> Bool) -> Int {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let mid = (low + high) / 2
                if predicate(mid) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        let rise = first(in: grid.indices) { luminances[$0] >= fixed }
        let fail = first(in: 0..<rise) { !passes($0) }
        let pass = first(in: rise..<grid.count) { passes($0) }
        guard fail < pass else { return [] }
        var result: [RGBA] = []
        if fail > 0, let end = refine(passing: steps[fail - 1], failing: steps[fail], probe) { result.append(end) }
        if pass < grid.count, let end = refine(passing: steps[pass], failing: steps[pass - 1], probe) { result.append(end) }
        return result
    }

    /// Bisects to the boundary, then steps to the passing side until the 8-bit colour passes.
    func refine(passing: Double, failing: Double, _ probe: JointFixProbe) -> RGBA? {
        let fixed = written.isOpaque && probe.readsGridLuminance ? probe.fixedLuminance : nil
        var good = passing, bad = failing
        for _ in 0..<24 {
            let mid = (good + bad) / 2
            if passes(at: mid, probe, fixed: fixed) { good = mid } else { bad = mid }
        }
        let direction: Double = passing > failing ? 1 : -1
        var probeAt = good
        for _ in 0..<60 {
            let snapped = color(at: probeAt).quantized
            if probe.passes(snapped) { return snapped }
            probeAt = min(max(probeAt + direction * 0.0005, 0), 1)
        }
        return nil
    }

    /// `probe.passes(color(at: t))`. Where the verdict reads only the colour's luminance
    /// against `fixed`, it is first judged on the luminance of the colour before it is
    /// encoded: encoding a channel to sRGB and linearising it again moves it by less than
    /// 3e-9 (the seam of the sRGB curve), and the ratio is monotonic on either side of
    /// `fixed`, so a verdict that holds from 1e-8 below that luminance to 1e-8 above it is
    /// the verdict. The colour is encoded only when it might not be.
    func passes(at t: Double, _ probe: JointFixProbe, fixed: Double?) -> Bool {
        let mapped = OKLCH(lightness: t, chroma: start.chroma, hue: start.hue).mappedToSRGB(cosHue: cosHue, sinHue: sinHue)
        if let fixed {
            let (r, g, b) = mapped.linearRGB(cosHue: cosHue, sinHue: sinHue)
            func clamped(_ c: Double) -> Double { min(max(c, 0), 1) }
            let near = 0.2126 * clamped(r) + 0.7152 * clamped(g) + 0.0722 * clamped(b)
            let low = near - 1e-8, high = near + 1e-8
            if high < fixed || low >= fixed {
                let verdict = probe.passes(luminance: low, against: fixed)
                if verdict == probe.passes(luminance: high, against: fixed) { return verdict }
            }
        }
        var color = mapped.rgba(cosHue: cosHue, sinHue: sinHue)
        color.alpha = written.alpha
        return probe.passes(color)
    }
}

extension RGBA {
    /// Each channel, alpha included, on the 8-bit grid of `#RRGGBBAA`.
    var quantizedWithAlpha: RGBA {
        var c = quantized
        c.alpha = (min(max(alpha, 0), 1) * 255).rounded() / 255
        return c
    }
}
