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

    /// What the solver's problem is made of, read from a theme's checks in one fixed order:
    /// the theme's background and backdrop, then each distinct check's pairs, each check
    /// closed by `endOfCheck`. Both the answer's key (`key`) and the problem itself
    /// (`problem`) are made from this walk and from nothing else, so equal keys make equal
    /// problems: a field the problem comes to read is read here, and so is in the key too.
    static func read<Reader: ProblemReader>(_ checks: ThemeChecks, _ measurements: [ContrastMeasurement],
                                            into reader: inout Reader) {
        let theme = measurements[checks.distinct[0].lowerBound].place.theme
        reader.theme(background: theme.background.color, backdrop: theme.backdrop?.color ?? .white)
        for check in checks.distinct {
            for index in check {
                // The pair and the place are read where they are held (a copy of the
                // measurement would retain both).
                let pair = measurements[index].pair
                let backgroundColor = pair.backgroundRole.flatMap { measurements[index].place.theme.colors[$0]?.color }
                reader.pair(foreground: pair.foregroundKey, background: pair.backgroundKey, required: pair.required,
                            written: pair.written, backgroundColor: backgroundColor)
            }
            reader.endOfCheck()
        }
    }

    /// The theme's checks as bytes (`read`), the key of the run's answers. Names end with 0xFF
    /// and checks with 0xFE, bytes no UTF-8 text holds; numbers are written by their bits (as
    /// this process lays them out: the keys are never kept beyond it; `RGBA` is four
    /// `Double`s, so no padding byte comes in). Two themes whose checks come in another order
    /// have other keys, and each is solved, or found in the solver's own memo, once.
    static func key(_ checks: ThemeChecks, _ measurements: [ContrastMeasurement], into key: inout [UInt8]) {
        var writer = KeyWriter()
        swap(&writer.bytes, &key)
        writer.bytes.removeAll(keepingCapacity: true)
        read(checks, measurements, into: &writer)
        swap(&writer.bytes, &key)
    }

    /// One theme's colours and checks as the solver reads them (`read`).
    static func problem(_ checks: ThemeChecks, _ measurements: [ContrastMeasurement]) -> ColorFixProblem {
        var builder = ProblemBuilder()
        builder.pairs.reserveCapacity(checks.distinct.count)
        read(checks, measurements, into: &builder)
        // Variants repeat the same checks: each distinct one once, sorted, so that specs whose
        // variants draw the same checks in another order ask the solver (and its memo) the same
        // problem. The answer does not depend on the order; any fixed order serves, and
        // comparing the pairs' fields is far cheaper than the printed text it used to be.
        // (The order is total on the pairs' fields: equal neighbours are the same check.)
        var pairs = builder.pairs
        pairs.sort { a, b in
            a.lexicographicallyPrecedes(b) { p, q in
                (p.foreground, p.background, p.required) < (q.foreground, q.background, q.required)
            }
        }
        var distinct: [[ColorFixProblem.Pair]] = []
        distinct.reserveCapacity(pairs.count)
        for check in pairs where distinct.last != check { distinct.append(check) }
        let backdrop = builder.backdrop
        return ColorFixProblem(colors: builder.colors,
                               backdrop: backdrop.isOpaque ? backdrop : backdrop.composited(over: .white),
                               checks: distinct)
    }

    /// Writes the key's bytes (`key`).
    struct KeyWriter: ProblemReader {
        var bytes: [UInt8] = []

        mutating func theme(background: RGBA, backdrop: RGBA) {
            append(background)
            append(backdrop)
        }

        mutating func pair(foreground: String, background: String, required: Double, written: RGBA,
                           backgroundColor: RGBA?) {
            append(foreground)
            append(background)
            var bits = required.bitPattern
            withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
            append(written)
            if let backgroundColor {
                bytes.append(1)
                append(backgroundColor)
            } else {
                bytes.append(0)
            }
        }

        mutating func endOfCheck() { bytes.append(0xFE) }

        private mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(0xFF)
        }

        private mutating func append(_ color: RGBA) {
            var color = color
            withUnsafeBytes(of: &color) { bytes.append(contentsOf: $0) }
        }
    }

    /// Builds the problem's table of colours (by key) and its checks (`problem`).
    struct ProblemBuilder: ProblemReader {
        var colors: [String: RGBA] = [:]
        var backdrop = RGBA.white
        var pairs: [[ColorFixProblem.Pair]] = []
        private var check: [ColorFixProblem.Pair] = []

        mutating func theme(background: RGBA, backdrop: RGBA) {
            colors[ColorFixProblem.background] = background
            self.backdrop = backdrop
        }

        mutating func pair(foreground: String, background: String, required: Double, written: RGBA,
                           backgroundColor: RGBA?) {
            colors[foreground] = written
            if let backgroundColor { colors[background] = backgroundColor }
            check.append(ColorFixProblem.Pair(foreground: foreground, background: background, required: required))
        }

        mutating func endOfCheck() {
            pairs.append(check)
            check = []
        }
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

/// What `JointFixes.read` hands on, one call at a time.
protocol ProblemReader {
    mutating func theme(background: RGBA, backdrop: RGBA)
    mutating func pair(foreground: String, background: String, required: Double, written: RGBA, backgroundColor: RGBA?)
    mutating func endOfCheck()
}

/// The bytes of a theme's checks (`JointFixes.key`): hashed in one pass and compared as
/// memory, not an element at a time.
struct FixKey: Hashable {
    var bytes: [UInt8]

    /// The bytes mixed eight at a time into one word, which alone goes to the hasher: a key is
    /// a few hundred bytes, and the hasher's own pass over each of them cost more than the
    /// lookup it serves. Equal bytes mix to equal words; `==` compares the bytes.
    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { raw in
            var mixed = UInt64(raw.count)
            var index = 0
            while index + 8 <= raw.count {
                mixed = (mixed ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                mixed ^= mixed >> 29
                index += 8
            }
            while index < raw.count {
                mixed = (mixed ^ UInt64(raw[index])) &* 0x0000_0100_0000_01B3
                index += 1
            }
            hasher.combine(mixed)
        }
    }

    static func == (a: FixKey, b: FixKey) -> Bool {
        a.bytes.count == b.bytes.count && a.bytes.withUnsafeBytes { a in
            b.bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
