import A11yModel

func formatThreshold(_ d: Double) -> String { formatPoints(d) }

public enum ContrastMeasurements {
    /// Every pair the contrast rules check in `spec`: enabled variants only (WCAG
    /// exempts inactive components), in every theme the variant uses, as the spec's kind
    /// forms them (`KindDefinition.contrastChecks`).
    public static func measure(_ spec: ComponentSpec, options: RuleOptions) -> [ContrastMeasurement] {
        var tally = ContrastTally()
        return measure(spec, options: options, tally: &tally)
    }

    /// `measure(_:options:)`, counting the checks into `tally` in the same pass (the spec's
    /// coverage entry). Each distinct pair of a theme (its colours, and for text the size that
    /// decides its threshold) is measured once and shared by every variant that draws it.
    public static func measure(_ spec: ComponentSpec, options: RuleOptions,
                               tally: inout ContrastTally) -> [ContrastMeasurement] {
        guard let definition = spec.definition else { return [] }
        var table = Table(spec, options)
        // A kind whose checks read the spec alone is asked once, one that reads the theme once
        // per theme as written (`KindDefinition.contrastChecksRead`).
        let reads = definition.contrastChecksRead
        var specChecks: [ContrastCheck]?
        var themeChecks: [[ContrastCheck]?] = reads == .theme ? Array(repeating: nil, count: spec.themes.count) : []
        for variant in spec.variants where variant.isEnabled {
            // WCAG sizes are rendered sizes: the Dynamic Type category scales the font.
            let size = spec.typography.size * variant.contentSize.scale
            let hasOwnColors = !variant.colors.isEmpty
            let drawsText = variant.visibleText != nil
            let heldVariant = ContrastMeasurement.Place.HeldVariant(variant)
            if hasOwnColors { table.ownShared = Array(repeating: [], count: spec.themes.count) }
            // The themes as written are held once for every variant that adds no colours;
            // a variant's own colours make themes of its own (`indexedThemes`).
            let own = hasOwnColors ? spec.indexedThemes(for: variant).map { ($0.index, Place.HeldTheme($0.theme)) } : nil
            for themeIndex in spec.themes.indices {
                let heldTheme: Place.HeldTheme
                if let own {
                    guard let found = own.first(where: { $0.0 == themeIndex }) else { continue }
                    heldTheme = found.1
                } else {
                    guard variant.themes.map({ $0.contains(spec.themes[themeIndex].baseName) }) ?? true else { continue }
                    heldTheme = table.heldTheme(themeIndex, spec)
                }
                // The theme is read where it is held, never copied out (a copy retains each of
                // its strings and tables).
                let owner = table.owners[themeIndex]
                // The first theme of the name, against which the joint fix names a colour the
                // variant sets itself; nil when this is that theme as written.
                let ownTheme = hasOwnColors || owner != themeIndex ? owner : nil
                let place = Place(variant: heldVariant, theme: heldTheme, fixes: table.fixes(owner))
                let checks: [ContrastCheck]
                switch reads {
                case .spec:
                    if let known = specChecks { checks = known } else {
                        checks = definition.contrastChecks(for: variant, in: heldTheme.value, spec: spec)
                        specChecks = checks
                    }
                case .theme where !hasOwnColors:
                    if let known = themeChecks[themeIndex] { checks = known } else {
                        checks = definition.contrastChecks(for: variant, in: heldTheme.value, spec: spec)
                        themeChecks[themeIndex] = checks
                    }
                default:
                    checks = definition.contrastChecks(for: variant, in: heldTheme.value, spec: spec)
                }
                for check in checks {
                    let start = table.result.count
                    for request in check.alternatives {
                        if request.kind == .text, !drawsText { continue }
                        let keySize = request.kind == .text ? size : 0
                        let id: Int
                        if let known = SharedPair.find(hasOwnColors ? table.ownShared[themeIndex] : table.shared[themeIndex],
                                                       request, size: keySize) {
                            id = known
                        } else {
                            let measured = table.measure(request, spec, heldTheme.value, size: size, options)
                            id = table.add(measured, theme: heldTheme.value, own: ownTheme, spec)
                            let entry = SharedPair(size: keySize, request: request, id: id)
                            // A theme's list holds its few pairs: room for them at its first,
                            // not grown one by one.
                            if hasOwnColors {
                                if table.ownShared[themeIndex].isEmpty { table.ownShared[themeIndex].reserveCapacity(8) }
                                table.ownShared[themeIndex].append(entry)
                            } else {
                                if table.shared[themeIndex].isEmpty { table.shared[themeIndex].reserveCapacity(8) }
                                table.shared[themeIndex].append(entry)
                            }
                        }
                        if id >= 0 {
                            table.result.append(ContrastMeasurement(place: place, pair: table.pairs[id]))
                            table.ids.append(id)
                        }
                    }
                    let measurable = table.result.count > start
                    tally.add(check, variant, heldTheme.value, measurable: measurable)
                    if measurable { table.endCheck(start, group: owner) }
                }
            }
        }
        suggest(table.pairs)
        JointFixes.fill(themes: table.groups.compactMap { $0 }, measurements: table.result)
        return table.result
    }

    private typealias Place = ContrastMeasurement.Place

    /// What `measure` builds for one spec: the measurements in order, each distinct pair once
    /// (measured pairs are numbered, in the order they are measured), and each theme's
    /// distinct checks as the joint fix reads them, gathered while the checks are made.
    private struct Table {
        var result: [ContrastMeasurement] = []
        /// The distinct pairs, by number.
        var pairs: [ContrastMeasurement.Pair] = []
        /// The checks of each theme name (by its first theme's index); nil for a name none has.
        var groups: [JointFixes.ThemeChecks?]
        /// For each pair, the distinct checks of its theme that start with it (their index
        /// in the theme's `distinct`, and the pairs that follow the first).
        var checksStartingWith: [[(distinct: Int, rest: [Int])]] = []
        /// For each pair, the distinct check it makes alone (a check of one alternative), -1
        /// until one does: most checks have one alternative, found without a search.
        var checkOfPairAlone: [Int32] = []
        /// The number of each measurement's pair (beside `result`).
        var ids: [Int] = []
        // The pairs measured so far in each theme: by the variants that set no colours of
        // their own, and by the current variant that does (its pairs are its own).
        var shared: [[SharedPair]]
        var ownShared: [[SharedPair]] = []
        /// The first theme of each name (a variant's own colours are keyed against it).
        let owners: [Int]
        /// Each theme as written, held once (made when a variant first reads it).
        var heldThemes: [Place.HeldTheme?]
        /// The fix of each theme name (by its first theme's index), shared by its places.
        var themeFixes: [Place.Fixes?]
        var checks = 0
        /// The criteria a text pair and a non-text pair cite, made once for the spec's pairs.
        let textWCAG: [String]
        let nonTextWCAG = [WCAG.nonTextContrastCriterion]
        /// Whether the spec's text is bold (for large text), worked out when a pair first asks.
        var bold: Bool?

        init(_ spec: ComponentSpec, _ options: RuleOptions) {
            textWCAG = [options.level.textCriterion]
            shared = Array(repeating: [], count: spec.themes.count)
            groups = Array(repeating: nil, count: spec.themes.count)
            heldThemes = Array(repeating: nil, count: spec.themes.count)
            themeFixes = Array(repeating: nil, count: spec.themes.count)
            // A spec has a few themes: each name is looked for among the earlier ones (no
            // table of names is hashed); past a few dozen, a dictionary.
            let themes = spec.themes
            if themes.count <= 32 {
                var owners: [Int] = []
                owners.reserveCapacity(themes.count)
                for index in themes.indices {
                    var first = index
                    for earlier in 0..<index where owners[earlier] == earlier && themes[earlier].name == themes[index].name {
                        first = earlier
                        break
                    }
                    owners.append(first)
                }
                self.owners = owners
            } else {
                var firstOfName: [String: Int] = [:]
                owners = themes.indices.map { index in
                    if let first = firstOfName[themes[index].name] { return first }
                    firstOfName[themes[index].name] = index
                    return index
                }
            }
            let expected = spec.variants.count * spec.themes.count * 3
            result.reserveCapacity(expected)
            ids.reserveCapacity(expected)
        }

        mutating func heldTheme(_ index: Int, _ spec: ComponentSpec) -> Place.HeldTheme {
            if let held = heldThemes[index] { return held }
            let held = Place.HeldTheme(spec.themes[index])
            heldThemes[index] = held
            return held
        }

        mutating func fixes(_ group: Int) -> Place.Fixes {
            if let fixes = themeFixes[group] { return fixes }
            let fixes = Place.Fixes()
            themeFixes[group] = fixes
            return fixes
        }

        /// The pair `request` names in `theme` at the rendered `size`; nil when a colour
        /// cannot be measured.
        mutating func measure(_ request: ColorPairRequest, _ spec: ComponentSpec, _ theme: Theme, size: Double,
                              _ options: RuleOptions) -> ContrastMeasurement.Pair? {
            guard let color = theme.colors[request.role], color.unverified == nil,
                  theme.background.unverified == nil else { return nil }
            var background = theme.opaqueBackground
            var backgroundRole: String?
            var backgroundOrigin = theme.background.origin
            if case .role(let role) = request.background {
                guard let under = theme.colors[role], under.unverified == nil else { return nil }
                background = under.color.isOpaque ? under.color : under.color.composited(over: background)
                backgroundRole = role
                backgroundOrigin = under.origin
            }
            if request.kind == .nonText {
                let m = ContrastMeasurements.pair(.nonText, role: request.role, subject: request.subject, color: color,
                                                  on: background, required: WCAG.nonTextContrast, wcag: nonTextWCAG)
                m.backgroundRole = backgroundRole
                m.backgroundOrigin = backgroundOrigin
                return m
            }
            let large = size >= options.largeTextSize || (size >= options.largeBoldTextSize && isBold(spec))
            let m = ContrastMeasurements.pair(.text, role: request.role, subject: request.subject, color: color,
                                              on: background, required: options.level.requiredTextRatio(largeText: large),
                                              wcag: textWCAG)
            m.largeText = large
            m.fontSize = size
            m.backgroundRole = backgroundRole
            m.backgroundOrigin = backgroundOrigin
            return m
        }

        mutating func isBold(_ spec: ComponentSpec) -> Bool {
            if let bold { return bold }
            let made = spec.typography.isBold
            bold = made
            return made
        }

        /// Numbers a newly measured pair (-1 when it cannot be measured) and names its colours
        /// as the joint fix does. `own`: the index of the name's first theme, nil when `theme` is that theme as written.
        mutating func add(_ pair: ContrastMeasurement.Pair?, theme: Theme, own: Int?, _ spec: ComponentSpec) -> Int {
            guard let pair else { return -1 }
            pair.foregroundKey = ContrastMeasurements.key(pair.role, theme, own: own, spec)
            pair.backgroundKey = pair.backgroundRole.map { ContrastMeasurements.key($0, theme, own: own, spec) }
                ?? ColorFixProblem.background
            pairs.append(pair)
            checksStartingWith.append([])
            checkOfPairAlone.append(-1)
            return pairs.count - 1
        }

        /// Ends the check whose measurements are `result[start...]`: one finding per check,
        /// none when an alternative passes, else on the first; and the check is recorded as
        /// one of its theme's distinct checks (`group`: the theme name's first index).
        mutating func endCheck(_ start: Int, group: Int) {
            let end = result.count
            var met = false
            for i in start..<end where result[i].passes { met = true }
            checks += 1
            if groups[group] == nil { groups[group] = JointFixes.ThemeChecks(fixes: fixes(group)) }
            let distinct = distinctCheck(start, end, group: group)
            var reported = false
            for i in start..<end {
                if met || i > start { result[i].excused = !result[i].passes }
                result[i].check = checks
                result[i].distinctCheck = Int32(distinct)
                reported = reported || result[i].isReported
            }
            if reported { groups[group]!.report(distinct) }
        }

        /// The distinct check of `group` that `result[start..<end]` makes, added when new.
        private mutating func distinctCheck(_ start: Int, _ end: Int, group: Int) -> Int {
            let first = ids[start]
            if end == start + 1 {
                if checkOfPairAlone[first] >= 0 { return Int(checkOfPairAlone[first]) }
                let distinct = addDistinct(start, end, group: group)
                checkOfPairAlone[first] = Int32(distinct)
                return distinct
            }
            let rest = ids[(start + 1)..<end]
            if let known = checksStartingWith[first].first(where: { $0.rest.elementsEqual(rest) }) { return known.distinct }
            let distinct = addDistinct(start, end, group: group)
            checksStartingWith[first].append((distinct, Array(rest)))
            return distinct
        }

        /// Adds `result[start..<end]` as a new distinct check of `group`; its index.
        private mutating func addDistinct(_ start: Int, _ end: Int, group: Int) -> Int {
            let distinct = groups[group]!.distinct.count
            groups[group]!.distinct.append(start..<end)
            groups[group]!.reported.append(false)
            return distinct
        }
    }

    /// What makes two variants' pairs in a theme the same measurement: the theme (and the
    /// variant, when it sets colours of its own: `measure` keeps those apart), the pair, and
    /// for text the rendered size. A theme holds few (its pairs at a few Dynamic Type sizes):
    /// they are searched in a short list by comparing their short strings, not hashed.
    private struct SharedPair {
        var size: Double
        var request: ColorPairRequest
        /// The pair's number in `Table.pairs`; -1 when it cannot be measured (an unverified colour).
        var id: Int

        /// The entry of `list` for `request` at `size`: nil when none, -1 when the pair was
        /// found unmeasurable.
        static func find(_ list: [SharedPair], _ request: ColorPairRequest, size: Double) -> Int? {
            // By index, compared in place: an entry copied out would retain its strings.
            list.withUnsafeBufferPointer { entries in
                for i in entries.indices where entries[i].size == size && entries[i].request == request {
                    return entries[i].id
                }
                return nil
            }
        }
    }

    /// How the joint fix names a role's colour: the role, or, for a colour a variant sets
    /// itself, the role and where that colour is written. `own`: the first theme of the
    /// name, nil when `theme` is that theme as written (then every colour is its own).
    private static func key(_ role: String, _ theme: Theme, own: Int?, _ spec: ComponentSpec) -> String {
        guard let own else { return role }
        let color = theme.colors[role]
        guard let base = spec.themes[own].colors[role], base != color, let location = color?.location else { return role }
        return "\(role)@\(location.line):\(location.column)"
    }

    /// Fills in each failing pair's own suggestion: the nearest colour that passes this pair
    /// alone (the theme's consistent fix is `JointFixes`). `distinct`: the spec's pairs, each
    /// once (the measurements share them).
    static func suggest(_ distinct: [ContrastMeasurement.Pair]) {
        for pair in distinct where !(pair.ratio >= pair.required) {
            let requirement = ContrastRequirement(background: pair.background, ratio: pair.required)
            let key = SuggestionKey(foreground: pair.foreground, written: pair.written, requirement: requirement)
            (pair.suggestion, pair.suggestedAlpha) = suggestions.answer(key) {
                (ContrastSuggestion.nearest(to: pair.foreground, meeting: [requirement]),
                 ContrastSuggestion.smallestAlpha(of: pair.written, meeting: [requirement]))
            }
        }
    }

    /// What a pair's own suggestion depends on.
    struct SuggestionKey: Hashable { var foreground: RGBA; var written: RGBA; var requirement: ContrastRequirement }

    /// Themes repeat the same colours, in a spec and across the run: each distinct failing pair
    /// is searched once (an `AnswerMemo` asks nothing of the key's type at run time).
    private static let suggestions = AnswerMemo<SuggestionKey, (RGBA?, Double?)>(limit: 65_536)

    fileprivate static func pair(_ kind: ContrastMeasurement.Kind, role: String, subject: String, color: ThemeColor,
                                 on background: RGBA, required: Double, wcag: [String]) -> ContrastMeasurement.Pair {
        let fg = color.color.isOpaque ? color.color : color.color.composited(over: background)
        let m = ContrastMeasurement.Pair(kind: kind, role: role, subject: subject, foreground: fg, background: background,
                                         ratio: Contrast.ratio(fg, background), required: required, wcag: wcag,
                                         largeText: nil, fontSize: nil, colorLocation: color.location)
        m.written = color.color
        m.foregroundOrigin = color.origin
        return m
    }
}

extension SpecRuleContext {
    /// A finding for each reported measurement of `kind`. Variants that share a pair (and its
    /// share of the fix) share its finding's text and numbers: each is made once, and the
    /// others are copies that point at their own variant.
    func contrastFindings(_ spec: ComponentSpec, kind: ContrastMeasurement.Kind) -> [Finding] {
        var findings: [Finding] = []
        contrastFindings(spec, kind: kind, into: &findings)
        return findings
    }

    /// `contrastFindings(_:kind:)` appended to `findings`.
    func contrastFindings(_ spec: ComponentSpec, kind: ContrastMeasurement.Kind, into findings: inout [Finding]) {
        // Each made finding's place in `findings` (never changed once appended), by its pair.
        var made = HashKeyedTable<ObjectIdentifier, [(fix: [ThemeColorChange]?, index: Int)]>()
        let all = measurements(spec)
        // By index: only the reported measurements are copied out.
        for index in all.indices where all[index].kind == kind && all[index].isReported {
            let m = all[index]
            let key = ObjectIdentifier(m.pair)
            if let known = made[key]?.first(where: { $0.fix == m.fix }) {
                // The copy is made in its place at the end of the array and changed there
                // (a local copy would be copied again into the array).
                findings.append(findings[known.index])
                findings[findings.count - 1].location = Self.contrastLocation(m)
                findings[findings.count - 1].variant = m.variant.name
            } else {
                made[key, default: []].append((m.fix, findings.count))
                findings.append(contrastFinding(m, spec: spec))
            }
        }
    }

    /// Where a contrast finding points: the variant, or for variants with no place of their
    /// own (the built-in set) the colour.
    static func contrastLocation(_ m: ContrastMeasurement) -> SourceLocation {
        m.variant.origin == .defaults ? (m.colorLocation ?? m.variant.location) : m.variant.location
    }

    /// A finding for a measurement below its threshold. Its message and numbers depend only
    /// on values a design system's specs repeat (`ContrastTextKey`): made once per run.
    func contrastFinding(_ m: ContrastMeasurement, spec: ComponentSpec) -> Finding {
        let made = texts.contrast.answer(ContrastTextKey(m)) { contrastTexts(m) }
        return finding(made, spec: spec, variant: m.variant, themeName: m.place.heldTheme.value.name,
                       location: Self.contrastLocation(m),
                       wcag: m.wcag)
    }

    /// The message and numbers of a contrast finding about `m`.
    func contrastTexts(_ m: ContrastMeasurement) -> FindingTexts {
        // The entries in their report order, gathered once (no key is looked up on the way).
        var entries: [(String, Measured.Value)] = [("ratio", .number(m.ratio)), ("required", .number(m.required)),
                                                   ("foreground", .string(m.foreground.hexRGB)),
                                                   ("background", .string(m.background.hexRGB)), ("role", .string(m.role))]
        entries.reserveCapacity(14)
        if let large = m.largeText { entries.append(("largeText", .bool(large))) }
        if let size = m.fontSize { entries.append(("fontSize", .number(size))) }
        if let suggestion = m.suggestion {
            entries.append(("suggestion", .string(suggestion.hexRGB)))
            entries.append(("suggestionRatio", .number(Contrast.ratio(suggestion, m.background))))
        }
        if let alpha = m.suggestedAlpha { entries.append(("suggestedAlpha", .number(alpha))) }
        if let token = m.suggestedToken { entries.append(("suggestedToken", .string(token))) }
        if let fix = m.fix {
            entries.append(("fix", .objects(fix.map { change in
                Measured([("role", .string(change.role)), ("from", .string(change.from.hexString)),
                          ("to", .string(change.to.hexString))])
            })))
        }
        if let origin = m.foregroundOrigin { entries.append(("foregroundSource", origin.measured)) }
        if let origin = m.backgroundOrigin { entries.append(("backgroundSource", origin.measured)) }
        let message = description.message("default", [
            "subject": m.subject, "ratio": Contrast.format(m.ratio, against: m.required),
            "required": formatThreshold(m.required), "wcag": m.wcag.count == 1 ? m.wcag[0] : m.wcag.joined(separator: ", "),
            "theme": m.theme.name])
        return FindingTexts(message: message, measured: Measured(entries))
    }
}

/// A rule that reports from the spec's contrast measurements (`SpecRuleContext.contrast`).
public protocol ContrastReading: SpecRule {}

extension ContrastReading {
    public var readsContrast: Bool { true }
}

extension SpecRuleContext {
    /// The spec's measurements: the run's, or measured now for a rule run on its own.
    func measurements(_ spec: ComponentSpec) -> [ContrastMeasurement] {
        contrast ?? ContrastMeasurements.measure(spec, options: options)
    }
}

/// WCAG 1.4.3 / 1.4.6: the label (and the error text) against the background.
public struct TextContrastRule: SpecRule, ContrastReading {
    public let id = "text-contrast"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        context.contrastFindings(spec, kind: .text)
    }

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext, into findings: inout [Finding]) {
        context.contrastFindings(spec, kind: .text, into: &findings)
    }
}

/// WCAG 1.4.11: the indicator's boundary and state marks against what surrounds them.
public struct NonTextContrastRule: SpecRule, ContrastReading {
    public let id = "nontext-contrast"
    public init() {}

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext) -> [Finding] {
        context.contrastFindings(spec, kind: .nonText)
    }

    public func check(_ spec: ComponentSpec, in context: SpecRuleContext, into findings: inout [Finding]) {
        context.contrastFindings(spec, kind: .nonText, into: &findings)
    }
}
