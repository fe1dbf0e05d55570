import Yams
import A11yModel
import A11yPattern
import A11yColorSources
import A11ySwiftReader

/// `source-text-contrast` (Rules/source/source-text-contrast.yml, docs/rules.md): SwiftUI text
/// whose foreground and background colours are both fixed in the view code, measured by WCAG
/// in every appearance the colours define. Colours are read by `SwiftColorParser` and resolved
/// by `ColorResolver`, the resolver spec themes use.
public struct SourceTextContrast: Sendable {
    public static let ruleID = "source-text-contrast"

    /// The text views: `Text(`, `Label(`, `configuration.label`, and `Button("…")` / `Link("…")` titles.
    private let anchor: Pattern
    /// A file without a foreground modifier has nothing to check (most files): one search.
    private let foregroundModifier: Pattern

    public init() {
        // Fixed patterns: compiling them cannot fail.
        anchor = try! Pattern(#"(?<![\w.])(?:SwiftUI\s*\.\s*)?(?:Text|Label)\s*\(|(?<![\w.])configuration\s*\.\s*label\b|(?<![\w.])(?:Button|Link)\s*\(\s*""#)
        foregroundModifier = try! Pattern(#"\.(?:foregroundColor|foregroundStyle|tint)\s*[({]"#)
    }

    /// Words of which a file must hold one to draw a background behind text.
    /// Each is searched by its rarest byte (the `v` of `overlay`, not its `o`).
    private static let backgroundWords = ["background", "ZStack", "overlay"].map { word in
        (bytes: Array(word.utf8), key: ByteSearch.rarestKey(Array(word.utf8)))
    }

    /// Every finding of the rule on `source`.
    /// `members`: the static colour members of the run's other files (asked only for a name
    /// this file does not declare).
    public func lint(_ source: SwiftSource, path: String, resolver: ColorResolver, members: SwiftColorMembers? = nil,
                     options: RuleOptions, ruleBook: RuleBook) -> [Finding] {
        guard !source.bytes.isEmpty else { return [] }
        let scratch = MatchScratch()
        // The byte searches first: they are cheaper than the pattern.
        let candidate = Self.backgroundWords.contains {
            SwiftColorParser.find($0.bytes, key: $0.key, in: source.masked, from: 0) != nil
        }
            && source.withStructure { structure -> Bool in
                guard case .match = structure.firstMatch(foregroundModifier, from: 0, scratch: scratch) else { return false }
                return true
            }
        guard candidate else { return [] }
        let parser = SwiftColorParser(resolver: resolver, source: source, members: members)
        var findings: [Finding] = []
        source.withStructure { structure in
            let cache = ContainerCache()
            let walker = TextColorWalk(structure: structure, source: source, parser: parser, cache: cache)
            // PCRE2 runs only where a text view's name can start (`MatchStarts`).
            var candidates = structure.candidates(of: anchor, literals: LiteralOffsets())
            var offset = 0
            while offset < structure.count {
                guard case .match(let range) = structure.firstMatch(anchor, from: offset, candidates: &candidates,
                                                                    scratch: scratch) else { break }
                offset = max(range.upperBound, range.lowerBound + 1)
                let start = structure.skipTrivia(from: range.lowerBound)
                let chain = structure.chain(at: start, cache: cache)
                guard chain.start == start else { continue }
                let colors = walker.walk(chain)
                guard !colors.inPreview, colors.isMeasurable, structure.isDrawnAsView(chain, cache: cache) else { continue }
                let position = source.position(atOffset: start)
                let location = SourceLocation(file: path, line: position.line, column: position.column)
                findings += measure(colors, resolver: resolver, options: options, ruleBook: ruleBook, location: location,
                                    baselineKey: cache.lineKeyText(position.line, in: source))
            }
        }
        return findings
    }

    /// The failing pairs of one text view: each branch of a ternary, in each appearance.
    private func measure(_ colors: TextColors, resolver: ColorResolver, options: RuleOptions, ruleBook: RuleBook,
                         location: SourceLocation, baselineKey: String) -> [Finding] {
        guard let foreground = colors.foreground, let fgColor = foreground.color else { return [] }
        let layers = colors.backgrounds.compactMap(\.color)
        let layerBranches = layers.map(\.branches)
        guard layerBranches.reduce(fgColor.branches.count, { $0 * $1.count }) <= 16 else { return [] }
        var combinations: [[(conditions: [String], color: SwiftColor)]] = [[]]
        for branches in layerBranches {
            combinations = combinations.flatMap { prefix in branches.map { prefix + [$0] } }
        }
        let fixed = fgColor.isFixed && layers.allSatisfy(\.isFixed)
        let appearances: [String?] = fixed ? [nil] : IOSAppearance.allCases.map(\.rawValue)
            .filter { colors.scheme == nil || $0.hasPrefix(colors.scheme!) }
        let large = colors.isLarge(options: options)
        let required = options.level.requiredTextRatio(largeText: large)
        var findings: [Finding] = []
        for fgBranch in fgColor.branches {
            for layerBranch in combinations {
                let branch = fgBranch.conditions + layerBranch.flatMap(\.conditions)
                guard !SwiftColor.contradicts(branch), !SwiftColor.isDisabledLook(branch) else { continue }
                for appearance in appearances {
                    let lookup = appearance ?? IOSAppearance.light.rawValue
                    guard let pair = Self.composite(fgBranch.color, layerBranch.map(\.color), in: lookup, resolver: resolver)
                    else { break }
                    let ratio = Contrast.ratio(pair.foreground, pair.background)
                    guard ratio < required else { continue }
                    findings.append(finding(colors, foreground: pair.foreground, background: pair.background, ratio: ratio,
                                            required: required, appearance: appearance, branch: branch, level: options.level, ruleBook: ruleBook,
                                            location: location, baselineKey: baselineKey))
                }
            }
        }
        return findings
    }

    /// The opaque text and background colours in one appearance: the layers composited from
    /// the outermost (solid) in, the text over them. Nil when a colour is not in the sources
    /// or the outermost layer is translucent (what is under it is not in the code).
    static func composite(_ foreground: SwiftColor, _ layers: [SwiftColor], in appearance: String,
                          resolver: ColorResolver) -> (foreground: RGBA, background: RGBA)? {
        guard let outer = layers.last?.value(in: appearance, resolver: resolver), outer.isOpaque else { return nil }
        var background = outer
        for layer in layers.dropLast().reversed() {
            guard let value = layer.value(in: appearance, resolver: resolver) else { return nil }
            background = value.composited(over: background)
        }
        guard let text = foreground.value(in: appearance, resolver: resolver) else { return nil }
        return (text.composited(over: background), background)
    }

    private func finding(_ colors: TextColors, foreground: RGBA, background: RGBA, ratio: Double, required: Double,
                         appearance: String?, branch: [String], level: ConformanceLevel, ruleBook: RuleBook,
                         location: SourceLocation, baselineKey: String) -> Finding {
        let textFix = ContrastSuggestion.nearest(to: foreground, meeting: [ContrastRequirement(background: background, ratio: required)])
        let backgroundFix = ContrastSuggestion.nearest(to: background, meeting: [ContrastRequirement(under: foreground, ratio: required)])
        var fix: [String] = []
        if let textFix { fix.append("text \(textFix.hexRGB)") }
        if let backgroundFix { fix.append("background \(backgroundFix.hexRGB)") }
        let values: KeyValuePairs<String, String> = [
            "foreground": Self.folded(colors.foreground?.expression ?? ""), "foregroundHex": foreground.hexRGB,
            "background": Self.folded(colors.backgrounds.first?.expression ?? ""), "backgroundHex": background.hexRGB,
            "ratio": Contrast.format(ratio, against: required), "required": Self.number(required),
            "branch": branch.isEmpty ? "" : " (when \(branch.joined(separator: ", ")))",
            "fix": fix.isEmpty ? "change either colour" : "use " + fix.joined(separator: " or "),
        ]
        var found = ruleBook.finding(Self.ruleID, fallback: .error, values, location: location, baselineKey: baselineKey)
        found.theme = appearance
        var measured: [(String, Measured.Value)] = [
            ("ratio", .number(ratio)), ("required", .number(required)),
            ("foreground", .string(foreground.hexRGB)), ("background", .string(background.hexRGB)),
        ]
        if let textFix { measured.append(("suggestion", .string(textFix.hexRGB))) }
        if let backgroundFix { measured.append(("backgroundSuggestion", .string(backgroundFix.hexRGB))) }
        if !branch.isEmpty { measured.append(("branch", .string(branch.joined(separator: ", ")))) }
        found.measured = Measured(measured)
        if level == .AAA { found.wcag = [level.textCriterion] }
        return found
    }

    static func folded(_ text: String) -> String {
        let folded = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.count > 60 ? String(folded.prefix(57)) + "…" : folded
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension RuleEntry {
    /// A source rule whose YAML says `implementation: code`: checked by its own code
    /// (`source-text-contrast`), not by a pattern, so `SourceRuleSet` leaves it out.
    public var isImplementedInCode: Bool { implementedInCode }
}
