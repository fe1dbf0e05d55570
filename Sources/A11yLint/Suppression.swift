import A11yJSON
import A11yModel
import A11ySwiftReader

/// The rule that reports suppressions which silence nothing (and suppression
/// comments a11ylint cannot read): a stale suppression hides the next real finding.
public enum SuppressionRuleID {
    public static let unused = "unused-suppression"
}

/// A 1-based position in a file, ordered as text is read.
struct TextPosition: Comparable, Hashable {
    var line: Int
    var column: Int
    static func < (a: TextPosition, b: TextPosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
    init(line: Int, column: Int) { self.line = line; self.column = column }
    init(_ location: SourceLocation) { self.init(line: location.line, column: location.column) }
}

/// What decides whether a suppression that silenced nothing is worth reporting.
struct SuppressionContext {
    /// Every rule id that can report (catalogue and custom rules).
    var knownRules: [String]
    /// Whether a rule ran in this configuration: a suppression of a switched-off rule
    /// silences nothing, and saying so would only be noise.
    var isEnabled: (String) -> Bool
    /// Severity, criteria and texts of `unused-suppression`.
    var rules: RuleBook

    var reportsUnused: Bool { isEnabled(SuppressionRuleID.unused) }
}

/// The `// a11ylint:…` comments of one Swift file:
///
/// - `// a11ylint:disable:next RULE…` — the next line;
/// - `// a11ylint:disable:this RULE…` — the comment's own line;
/// - `// a11ylint:disable:previous RULE…` — the line before;
/// - `// a11ylint:disable RULE…` … `// a11ylint:enable RULE…` — from the comment to the
///   matching `enable` (or the end of the file).
///
/// Rule ids are separated by spaces (or commas); `all` stands for every rule; text
/// after ` -- ` is a reason and ignored. `/* … */` comments work the same way.
///
/// SwiftLint's comments already in a codebase count too: `// swiftlint:disable…` (with
/// the same commands) naming a SwiftLint rule that an a11ylint rule stands for
/// (`accessibility_label_for_image`, `accessibility_trait_for_button`; `all` means all of
/// those) suppresses that rule. Other SwiftLint rule ids are SwiftLint's business: they
/// are ignored, and an unused SwiftLint comment is never reported.
///
/// The comments are read by the Swift reader (`SwiftSource.suppressionComments()`); this
/// type applies them.
struct SourceSuppressions {
    enum Command: String, CaseIterable {
        case disable
        case enable
        case disableNext = "disable:next"
        case disableThis = "disable:this"
        case disablePrevious = "disable:previous"
    }

    struct RuleToken {
        var id: String
        var location: SourceLocation
    }

    /// Where one rule id of one comment silences findings: `start ..< end`.
    struct Region {
        var token: RuleToken
        var command: Command
        var start: TextPosition
        var end: TextPosition?
        var used = false
        /// Written for SwiftLint (`swiftlint:`): never reported as unused.
        var foreign = false

        func covers(_ p: TextPosition) -> Bool { start <= p && (end.map { p < $0 } ?? true) }
    }

    private(set) var regions: [Region] = []
    /// Comments that start with `a11ylint:` but cannot be read.
    /// Comments that cannot be read: where, the message's name in `unused-suppression`'s
    /// YAML, and its values.
    private(set) var malformed: [(location: SourceLocation, message: String, values: KeyValuePairs<String, String>)] = []

    /// `aliases`: SwiftLint rule ids → the a11ylint rules that stand for them.
    init(source: SwiftSource, path: String, aliases: [String: String] = [:]) {
        var open: [String: [Int]] = [:] // rule id → indices of regions still open
        let comments = source.suppressionComments()
        // Most files have none: nothing below is made for them.
        guard !comments.isEmpty else { return }
        let aliased = Array(Set(aliases.values)).sorted()
        for comment in comments {
            var directive = Directive(comment, path: path)
            let line = directive.location.line
            if directive.foreign {
                guard Command(rawValue: directive.commandText) != nil else { continue }
                directive.rules = directive.rules.flatMap { token -> [RuleToken] in
                    if token.id == "all" { return aliased.map { RuleToken(id: $0, location: token.location) } }
                    return aliases[token.id].map { [RuleToken(id: $0, location: token.location)] } ?? []
                }
                if directive.rules.isEmpty { continue }
            }
            guard let command = Command(rawValue: directive.commandText) else {
                let commands = Command.allCases.map(\.rawValue)
                malformed.append((directive.location, "unknownCommand",
                                  ["command": directive.commandText,
                                   "hint": Suggestions.hint(for: directive.commandText, in: commands)]))
                continue
            }
            if directive.rules.isEmpty {
                malformed.append((directive.location, "noRule", ["command": command.rawValue]))
                continue
            }
            for token in directive.rules {
                switch command {
                case .disableNext, .disableThis, .disablePrevious:
                    let target = command == .disableNext ? line + 1 : command == .disableThis ? line : line - 1
                    regions.append(Region(token: token, command: command, start: TextPosition(line: target, column: 1),
                                          end: TextPosition(line: target + 1, column: 1), foreign: directive.foreign))
                case .disable:
                    open[token.id, default: []].append(regions.count)
                    regions.append(Region(token: token, command: command, start: TextPosition(directive.location),
                                          end: nil, foreign: directive.foreign))
                case .enable:
                    let ids = token.id == "all" ? Array(open.keys) : [token.id]
                    for id in ids {
                        for index in open[id] ?? [] { regions[index].end = TextPosition(directive.location) }
                        open[id] = nil
                    }
                }
            }
        }
    }

    /// One parsed `a11ylint:` comment.
    private struct Directive {
        var commandText: String
        var rules: [RuleToken]
        var location: SourceLocation
        /// A `swiftlint:` comment.
        var foreign = false

        init(_ comment: SuppressionComment, path: String) {
            commandText = comment.command
            rules = comment.rules.map {
                RuleToken(id: $0.text, location: SourceLocation(file: path, line: $0.line, column: $0.column))
            }
            location = SourceLocation(file: path, line: comment.line, column: comment.column)
            foreign = comment.isSwiftLint
        }
    }

    /// Removes the findings a comment silences; returns how many it removed.
    mutating func filter(_ findings: inout [Finding]) -> Int {
        guard !regions.isEmpty else { return 0 }
        var removed = 0
        findings.removeAll { finding in
            let p = TextPosition(finding.location)
            var hit = false
            for index in regions.indices where regions[index].token.id == finding.rule || regions[index].token.id == "all" {
                if regions[index].covers(p) {
                    regions[index].used = true
                    hit = true
                }
            }
            if hit { removed += 1 }
            return hit
        }
        return removed
    }

    /// `unused-suppression` findings: rule ids that silenced nothing, unknown ids,
    /// and `a11ylint:` comments that cannot be read. Call after `filter`.
    func unusedFindings(_ context: SuppressionContext, source: SwiftSource) -> [Finding] {
        guard context.reportsUnused, !regions.isEmpty || !malformed.isEmpty else { return [] }
        var result: [Finding] = []
        // Findings on one line share one copy of its text (many ids in one comment).
        var keyLine = 0
        var keyText = ""
        func report(_ location: SourceLocation, _ message: String, _ values: KeyValuePairs<String, String>) {
            if location.line != keyLine {
                keyLine = location.line
                keyText = source.lineKeyText(location.line)
            }
            result.append(context.rules.finding(
                SuppressionRuleID.unused, fallback: .warning, message: message, values, location: location,
                baselineKey: keyText))
        }
        let known = Set(context.knownRules)
        for region in regions where !region.used && !region.foreign {
            let id = region.token.id
            let directive = "a11ylint:\(region.command.rawValue)"
            if id != "all", !known.contains(id) {
                report(region.token.location, "unknownRuleInComment",
                       ["directive": directive, "rule": id, "hint": Suggestions.hint(for: id, in: context.knownRules)])
            } else if id == "all" || context.isEnabled(id) {
                let scope = switch region.command {
                case .disableNext: "on the next line"
                case .disableThis: "on this line"
                case .disablePrevious: "on the previous line"
                default: "in its range"
                }
                report(region.token.location, "unusedComment", ["directive": directive, "rule": id, "scope": scope])
            }
        }
        for (location, message, values) in malformed { report(location, message, values) }
        return result
    }
}

/// The `a11y.suppress` entries of one spec: each silences the findings of its rule
/// (or `all`), narrowed to a variant and a theme when given.
struct SpecSuppressionFilter {
    var suppressions: [SpecSuppression]
    private var used: [Bool]

    init(_ suppressions: [SpecSuppression]) {
        self.suppressions = suppressions
        used = Array(repeating: false, count: suppressions.count)
    }

    static func matches(_ s: SpecSuppression, _ f: Finding) -> Bool {
        (s.rule == f.rule || s.rule == "all")
            && (s.variant == nil || s.variant == f.variant)
            && (s.theme == nil || s.theme == f.theme || s.theme.map { f.theme?.hasPrefix($0 + "@") == true } == true)
    }

    /// Removes the findings an entry silences; returns how many it removed.
    mutating func filter(_ findings: inout [Finding]) -> Int {
        guard !suppressions.isEmpty else { return 0 }
        var removed = 0
        findings.removeAll { finding in
            var hit = false
            for (i, suppression) in suppressions.enumerated() where Self.matches(suppression, finding) {
                used[i] = true
                hit = true
            }
            if hit { removed += 1 }
            return hit
        }
        return removed
    }

    /// `unused-suppression` findings for entries that silenced nothing, saying why
    /// when the entry names a rule, variant or theme that does not exist.
    func unusedFindings(_ context: SuppressionContext, spec: ComponentSpec) -> [Finding] {
        guard context.reportsUnused else { return [] }
        var result: [Finding] = []
        let known = Set(context.knownRules)
        for (i, s) in suppressions.enumerated() where !used[i] {
            let variants = spec.variants.map(\.name)
            // A theme with references is named with and without its appearance (`brand`, `brand@dark`).
            var themes = spec.themes.map(\.name)
            for theme in spec.themes where !themes.contains(theme.baseName) { themes.append(theme.baseName) }
            let (message, values): (String, KeyValuePairs<String, String>)
            if s.rule != "all", !known.contains(s.rule) {
                (message, values) = ("unknownRuleInSpec",
                                     ["rule": s.rule, "hint": Suggestions.hint(for: s.rule, in: context.knownRules)])
            } else if s.rule != "all", !context.isEnabled(s.rule) {
                continue
            } else if let variant = s.variant, !variants.contains(variant) {
                (message, values) = ("unknownVariant",
                                     ["rule": s.rule, "variant": variant, "hint": Suggestions.hint(for: variant, in: variants)])
            } else if let theme = s.theme, !themes.contains(theme) {
                (message, values) = ("unknownTheme",
                                     ["rule": s.rule, "theme": theme, "hint": Suggestions.hint(for: theme, in: themes)])
            } else {
                var what = "'\(s.rule)'"
                if let variant = s.variant { what += " for variant '\(variant)'" }
                if let theme = s.theme { what += " in theme '\(theme)'" }
                (message, values) = ("unusedInSpec", ["what": what])
            }
            result.append(context.rules.finding(SuppressionRuleID.unused, fallback: .warning, message: message, values,
                                                location: s.location, component: spec.name))
        }
        return result
    }
}
