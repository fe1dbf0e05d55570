import Foundation
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
        /// The distinct checks, in the order they first come: where the measurements of the
        /// check's first making stand in the spec's measurements (no copy of them is kept).
        var distinct: [Range<Int>] = []
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

    /// `measurements`: the spec's, which the checks' ranges index.
    static func fill(themes: [ThemeChecks], measurements: [ContrastMeasurement]) {
        var key = FixKey(bytes: [])
        for checks in themes where checks.hasReported {
            // A design system's themes repeat the same colours and checks: the answer is
            // looked up by the checks' bytes, and the solver's problem (a table of colours by
            // name, hashed and compared whole) is made only for checks not met before.
            Self.key(checks, measurements, into: &key.bytes)
            let solved = answers.answer(key) { JointColorFix.solve(problem(checks, measurements)) }
            let changes = solved.map { list in
                list.map { change in
                    let (role, location) = written(change.role, checks, measurements)
                    return ThemeColorChange(key: change.role, role: role, from: change.from, to: change.to,
                                            location: location)
                }
            }
            checks.fixes.changes = changes
            guard let changes else { continue }
            // Each distinct check's share of the fix, worked out once for all its variants.
            checks.fixes.byCheck = checks.distinct.indices.map { index in
                guard checks.reported[index] else { return nil }
                let pairs = measurements[checks.distinct[index]]
                return changes.filter { change in
                    pairs.contains { $0.foregroundKey == change.key || $0.backgroundKey == change.key }
                }
            }
        }
    }

    /// The answers by `key`, for the run.
    private static let answers = AnswerMemo<FixKey, [ColorFixChange]?>(limit: 16_384)

    /// Everything `problem` reads of the theme's checks, in the order it reads it, as bytes:
    /// equal keys make equal problems. Names end with 0xFF and checks with 0xFE, bytes no
    /// UTF-8 text holds; numbers are written by their bits (as this process lays them out:
    /// the keys are never kept beyond it). (The problem sorts its checks and
    /// keys its colours by name: two themes whose checks come in another order have other
    /// keys, and each is solved, or found in the solver's own memo, once.)
    static func key(_ checks: ThemeChecks, _ measurements: [ContrastMeasurement], into key: inout [UInt8]) {
        key.removeAll(keepingCapacity: true)
        let place = measurements[checks.distinct[0].lowerBound].place
        append(place.theme.background.color, to: &key)
        append(place.theme.backdrop?.color ?? .white, to: &key)
        for check in checks.distinct {
            for index in check {
                let pair = measurements[index].pair
                append(pair.foregroundKey, to: &key)
                append(pair.backgroundKey, to: &key)
                var numbers = (pair.required.bitPattern, pair.written)
                withUnsafeBytes(of: &numbers) { key.append(contentsOf: $0) }
                if let role = pair.backgroundRole, let color = measurements[index].place.theme.colors[role] {
                    key.append(1)
                    append(color.color, to: &key)
                } else {
                    key.append(0)
                }
            }
            key.append(0xFE)
        }
    }

    private static func append(_ text: String, to key: inout [UInt8]) {
        var text = text
        text.withUTF8 { key.append(contentsOf: $0) }
        key.append(0xFF)
    }

    private static func append(_ color: RGBA, to key: inout [UInt8]) {
        var color = color
        withUnsafeBytes(of: &color) { key.append(contentsOf: $0) }
    }

    /// One theme's colours and checks as the solver reads them.
    static func problem(_ checks: ThemeChecks, _ measurements: [ContrastMeasurement]) -> ColorFixProblem {
        let theme = measurements[checks.distinct[0].lowerBound].theme
        // Made at its final size where the checks read the theme's roles (a variant's own
        // colours add keys of their own), not made for one colour and grown.
        var colors = [String: RGBA](minimumCapacity: theme.colors.count + 1)
        colors[ColorFixProblem.background] = theme.background.color
        var pairs: [[ColorFixProblem.Pair]] = []
        pairs.reserveCapacity(checks.distinct.count)
        for range in checks.distinct {
            let check = measurements[range]
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
    static func written(_ key: String, _ checks: ThemeChecks,
                        _ measurements: [ContrastMeasurement]) -> (role: String, location: SourceLocation?) {
        let theme = measurements[checks.distinct[0].lowerBound].theme
        var found: (role: String, location: SourceLocation?) = (ColorFixProblem.background, theme.background.location)
        for check in checks.distinct {
            for m in measurements[check] {
                if m.foregroundKey == key { found = (m.role, m.colorLocation) }
                if m.backgroundKey == key, let role = m.backgroundRole, let color = m.theme.colors[role] {
                    found = (role, color.location)
                }
            }
        }
        return found
    }
}

/// The bytes of a theme's checks (`JointFixes.key`): hashed in one pass and compared as
/// memory, not an element at a time.
struct FixKey: Hashable {
    var bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (a: FixKey, b: FixKey) -> Bool {
        a.bytes.count == b.bytes.count && a.bytes.withUnsafeBytes { a in
            b.bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
