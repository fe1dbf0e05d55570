import Foundation
import Yams
import A11yJSON
import A11yModel
import A11yPattern

/// One example from a rule's data: the text, with every `↓` marking a place where
/// the rule must report (SwiftLint's convention), and the file name it is linted as.
public struct RuleExample: Sendable, Hashable {
    /// The example as written, markers included.
    public var marked: String
    /// The file name the example is linted under (decides spec vs Swift); e.g.
    /// `Example.json` or `Example.swift`.
    public var fileName: String
    /// Optional `.a11ylint.yml` content the example is linted with.
    public var configuration: String?
    /// Files written next to the example (a String Catalog a spec names), by name.
    public var files: [String: String]

    public init(marked: String, fileName: String, configuration: String? = nil, files: [String: String] = [:]) {
        self.marked = marked
        self.fileName = fileName
        self.configuration = configuration
        self.files = files
    }

    public static let marker: Character = "↓"

    /// The text with the markers removed.
    public var text: String { String(marked.filter { $0 != RuleExample.marker }) }

    /// 1-based line/column (in Unicode scalars) of every marker, in the text without markers.
    public var markedPositions: [(line: Int, column: Int)] {
        var result: [(Int, Int)] = []
        var line = 1, column = 1
        for scalar in marked.unicodeScalars {
            if Character(scalar) == RuleExample.marker {
                result.append((line, column))
                continue
            }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return result
    }
}

/// A rule as the catalogue describes it, with its examples and its raw YAML (for
/// kind-specific fields such as a source rule's patterns).
public struct RuleEntry: @unchecked Sendable {
    public var description: RuleDescription
    /// The examples that must trigger the rule. The built-in catalogue reads them from
    /// `node` when asked (only `a11ylint rules RULE-ID` and the tests ask); a rule file read
    /// from a folder reads them with the rest, so a malformed example is reported there.
    public var triggeringExamples: [RuleExample] {
        get { triggering ?? RuleCatalogue.examples("triggering", of: self) }
        set { triggering = newValue }
    }
    public var nonTriggeringExamples: [RuleExample] {
        get { nonTriggering ?? RuleCatalogue.examples("nonTriggering", of: self) }
        set { nonTriggering = newValue }
    }
    /// The rule's whole YAML mapping (a built-in rule's is made from the embedded tree when
    /// asked: compiling a source rule, reading the examples).
    public var node: Yams.Node {
        switch source {
        case .yams(let node): return node
        case .embedded(let tree, let index): return EmbeddedNode(tree: tree, index: index).yamsNode
        }
    }
    /// The file the rule was read from.
    public var file: String
    /// The identifiers SwiftLint gives the same rule (the YAML's `swiftlint:`, a string
    /// or a list): accepted in `.a11ylint.yml` and in `// swiftlint:disable…` comments.
    public var swiftlintIDs: [String] = []
    /// Whether the YAML says `implementation: code` (see `isImplementedInCode`).
    let implementedInCode: Bool
    /// The examples as read with the entry; nil: read from `node` when asked.
    private var triggering: [RuleExample]?
    private var nonTriggering: [RuleExample]?
    let source: NodeSource

    /// Where an entry's YAML mapping is: a Yams node, or a node of a built-in rule file's tree.
    enum NodeSource {
        case yams(Yams.Node)
        case embedded(EmbeddedTree, Int)
    }

    init(description: RuleDescription, source: NodeSource, file: String, swiftlintIDs: [String],
         implementedInCode: Bool, examples: (triggering: [RuleExample], nonTriggering: [RuleExample])?) {
        self.description = description
        self.source = source
        self.file = file
        self.swiftlintIDs = swiftlintIDs
        self.implementedInCode = implementedInCode
        triggering = examples?.triggering
        nonTriggering = examples?.nonTriggering
    }
}

/// A YAML node as the catalogue reads it: a Yams node (rule files read at run time) or a
/// node of the trees compiled into the binary (`EmbeddedNode`), read alike by one parser.
protocol RuleTreeNode {
    /// A scalar's text (nil for a mapping or a sequence).
    var string: String? { get }
    /// A scalar read as a Bool, as Yams reads it.
    var bool: Bool? { get }
    /// A scalar read as a number, as Yams reads it.
    var float: Double? { get }
    /// Whether the node is YAML's null, as Yams reads it.
    var isNull: Bool { get }
    var isMapping: Bool { get }
    /// A sequence's items (nil for anything else).
    var items: [Self]? { get }
    /// A mapping's pairs, in order (nil for anything else).
    var members: [(key: Self, value: Self)]? { get }
    /// A mapping's value for a string key.
    func member(_ key: String) -> Self?
    /// Where the node starts (1-based).
    var position: (line: Int, column: Int) { get }
    /// The node as Yams gives it.
    var yamsNode: Yams.Node { get }
    /// The node as a catalogue entry keeps it.
    var entryNode: RuleEntry.NodeSource { get }
}

extension Yams.Node: RuleTreeNode {
    var isMapping: Bool { mapping != nil }
    var isNull: Bool { null != nil }
    var items: [Yams.Node]? { sequence.map(Array.init) }
    var members: [(key: Yams.Node, value: Yams.Node)]? { mapping.map { $0.map { (key: $0.key, value: $0.value) } } }
    func member(_ key: String) -> Yams.Node? { mapping?[key] }
    var position: (line: Int, column: Int) { (mark?.line ?? 1, mark?.column ?? 1) }
    var yamsNode: Yams.Node { self }
    var entryNode: RuleEntry.NodeSource { .yams(self) }
}

/// The failure to read a rule file, with its position.
public struct CatalogueError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Everything under `Rules/`: rule descriptions (one rule per file, or a pack with
/// a `rules:` list) and color-scheme presets (`Rules/presets/*.yml`).
public struct RuleCatalogue: @unchecked Sendable {
    public private(set) var entries: [RuleEntry] = []
    public private(set) var colorSchemes: [String: ColorSchemePreset] = [:]
    /// The component calls of every rule file, in file order.
    public var componentCalls: [ComponentCall] {
        guard let builtIn = builtInCalls else { return readCalls }
        return readCalls.isEmpty ? builtIn.calls : builtIn.calls + readCalls
    }
    /// The calls of the catalogue compiled into the binary, made when first asked (compiling
    /// their patterns was a quarter of reading the catalogue, and a run of specs without
    /// `usage` never needs them); the others, read with their file.
    private var builtInCalls: ComponentCallSource?
    private var readCalls: [ComponentCall] = []
    /// Where the rule files came from: a folder, or the catalogue built into the binary.
    public let origin: String

    /// The source rules, compiled the first time a linter asks and then shared by every
    /// linter made from this catalogue (one per configuration: nested `.a11ylint.yml` files).
    private var compiled = CompiledSourceRules()

    public func entry(_ id: String) -> RuleEntry? { entries.first { $0.description.id == id } }

    /// Every source rule of the catalogue, compiled once (patterns, conditions, messages).
    public func sourceRules() throws(CatalogueError) -> SourceRuleSet {
        try compiled.get { () throws(CatalogueError) in try SourceRuleSet(entries: entries) }
    }
    /// The ids of the rules `sourceRules()` compiles, in its order, without compiling them.
    public var sourceRuleIDs: [String] { entries.filter(\.isCompiledSourceRule).map(\.description.id) }

    /// One source rule compiled on its own, for a spec rule that reads it (`unhelpful-label`
    /// reads the words of the source rule): a run of specs compiles no other pattern.
    func sourceRule(_ id: String) throws(CatalogueError) -> SourceRule? {
        guard let entry = entry(id), entry.isCompiledSourceRule else { return nil }
        return try SourceRule(entry: entry)
    }
    public func description(_ id: String) -> RuleDescription? { entry(id)?.description }
    public var ids: [String] { entries.map(\.description.id) }

    /// The rules as a run sees them: every rule's severity (`overrides`, else the
    /// catalogue's), criteria, message texts and `perLanguage`, and the run's `selection`.
    /// The first entry of an id wins, as `description(_:)` finds it.
    public func ruleBook(severityOverrides overrides: [String: Severity] = [:],
                         selection: RuleSelection = RuleSelection()) -> RuleBook {
        var book: [String: RuleBook.Entry] = [:]
        for entry in entries where book[entry.description.id] == nil {
            let d = entry.description
            book[d.id] = RuleBook.Entry(rule: d, severity: overrides[d.id] ?? d.defaultSeverity)
        }
        var selection = selection
        selection.optInRules = Set(book.values.filter(\.rule.optIn).map(\.rule.id))
        return RuleBook(entries: book, overrides: overrides, selection: selection)
    }

    /// SwiftLint rule identifiers → the a11ylint rule that checks the same
    /// (`accessibility_label_for_image` → `image-without-label`).
    public var swiftlintAliases: [String: String] {
        var aliases: [String: String] = [:]
        for entry in entries {
            for alias in entry.swiftlintIDs { aliases[alias] = entry.description.id }
        }
        return aliases
    }

    /// Reads every `.yml`/`.yaml` file below `directory`, sorted by path.
    public init(directory: URL) throws {
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            throw CatalogueError(file: directory.path, line: 1, column: 1, message: "cannot read the rules folder")
        }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker where ["yml", "yaml"].contains(url.pathExtension) {
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        try self.init(files: files, origin: directory.path)
    }

    /// Builds the catalogue from rule files' texts (read in path order); `origin` names
    /// where they came from in messages.
    /// The `origin` of the catalogue built into the binary.
    public static let builtInOrigin = "Rules (built in)"

    public init(files: [(path: String, text: String)], origin: String) throws {
        self.origin = origin
        for file in files.sorted(by: { $0.path < $1.path }) {
            try load(yaml: file.text, file: file.path)
        }
        try finish()
    }

    /// Refuses a rule defined twice, and orders the rules by id.
    /// (Sorted first: a rule defined twice is then next to itself, found without a table.)
    private mutating func finish() throws {
        entries.sort { $0.description.id < $1.description.id }
        for index in entries.indices.dropFirst() where entries[index].description.id == entries[index - 1].description.id {
            throw CatalogueError(file: origin, line: 1, column: 1, message: "rule '\(entries[index].description.id)' is defined twice")
        }
    }

    /// The catalogue compiled into this binary from the `Rules/` folder it was built with.
    /// The files' YAML was read at build time (`EmbeddedYAML`); the rules' descriptions are
    /// read from the trees' index, their nodes and examples made when asked.
    public static func embedded() throws -> RuleCatalogue {
        var catalogue = RuleCatalogue(origin: builtInOrigin)
        for file in embeddedRuleTrees.sorted(by: { $0.path < $1.path }) {
            try catalogue.load(root: EmbeddedNode(tree: EmbeddedTree(file.tree), index: 0), file: file.path, examples: false)
        }
        try catalogue.finish()
        return catalogue
    }

    private init(origin: String) { self.origin = origin }

    /// Reads one rule file's text (also used for user rule packs).
    public mutating func load(yaml text: String, file: String) throws {
        let node: Yams.Node?
        do {
            node = try GuardedYAML.compose(text)
        } catch let error as YamlError {
            throw CatalogueError.from(error, file: file)
        } catch let refusal as GuardedYAML.Refusal {
            throw CatalogueError(file: file, line: refusal.line, column: refusal.column, message: refusal.problem)
        }
        guard let root = node else {
            throw CatalogueError(file: file, line: 1, column: 1, message: "expected a mapping")
        }
        try load(root: root, file: file, examples: true)
    }

    /// One rule file's tree; `examples: false` leaves the rules' examples to be read when asked.
    mutating func load<Node: RuleTreeNode>(root: Node, file: String, examples: Bool) throws {
        compiled = CompiledSourceRules()
        guard root.isMapping else {
            throw CatalogueError(file: file, line: 1, column: 1, message: "expected a mapping")
        }
        if let presets = root.member("colorSchemes") {
            for (name, scheme) in try ColorSchemePreset.parse(presets, file: file) { colorSchemes[name] = scheme }
        }
        // `checkboxCalls` is the key's earlier name (every entry a checkbox unless it says).
        for key in ["componentCalls", "checkboxCalls"] {
            guard let calls = root.member(key) else { continue }
            if case .embedded(let tree, let index) = calls.entryNode {
                // The built-in files come first, and are tested: read when first asked.
                let earlier = builtInCalls
                builtInCalls = ComponentCallSource {
                    do {
                        return (earlier?.calls ?? []) + (try ComponentCall.parse(EmbeddedNode(tree: tree, index: index), file: file))
                    } catch {
                        assertionFailure("the built-in \(file): \(error)")
                        return earlier?.calls ?? []
                    }
                }
            } else {
                readCalls += try ComponentCall.parse(calls, file: file)
            }
        }
        if let list = root.member("rules") {
            guard let items = list.items else { throw CatalogueError.at(list, file: file, "'rules' must be a list") }
            for item in items { entries.append(try RuleCatalogue.parseRule(item, file: file, examples: examples)) }
        } else if root.member("id") != nil {
            entries.append(try RuleCatalogue.parseRule(root, file: file, examples: examples))
        }
    }

    static func parseRule<Node: RuleTreeNode>(_ node: Node, file: String, examples readExamples: Bool = true) throws -> RuleEntry {
        guard node.isMapping else { throw CatalogueError.at(node, file: file, "a rule must be a mapping") }
        func string(_ key: String, required: Bool = true) throws -> String {
            guard let value = node.member(key) else {
                if required { throw CatalogueError.at(node, file: file, "rule is missing '\(key)'") }
                return ""
            }
            guard let s = value.string else { throw CatalogueError.at(value, file: file, "'\(key)' must be a string") }
            return s.trimmedSpace
        }
        let id = try string("id")
        let kindText = try string("kind")
        guard let kind = RuleDescription.Kind(rawValue: kindText) else {
            throw CatalogueError.at(node.member("kind")!, file: file, "unknown rule kind '\(kindText)' (spec, source or input)")
        }
        let severityText = try string("severity")
        guard let severity = Severity(rawValue: severityText) else {
            throw CatalogueError.at(node.member("severity")!, file: file, "severity must be error, warning or note")
        }
        let wcag = node.member("wcag")?.items?.compactMap(\.string) ?? []
        var description = RuleDescription(
            id: id, name: try string("name"), kind: kind, defaultSeverity: severity, wcag: wcag,
            category: try string("category"), summary: try string("summary"),
            rationale: try string("rationale", required: false), howToFix: try string("fix", required: false))

        // Which kinds a spec rule checks: `kinds: all` (or no `kinds:`) is every registered
        // kind, a new one included; `exceptKinds: [generic]` leaves some out; `kinds: [radio]`
        // names the only ones, for a rule about what one kind alone has.
        func kinds(_ node: Node, _ key: String, _ expected: String) throws -> [ComponentKind] {
            guard let items = node.items else { throw CatalogueError.at(node, file: file, "'\(key)' must be \(expected)") }
            return try items.map { item in
                guard let text = item.string, let kind = ComponentKind(rawValue: text) else {
                    throw CatalogueError.at(item, file: file, "unknown kind '\(item.string ?? "")' (one of "
                                            + ComponentKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                return kind
            }
        }
        if let node = node.member("kinds"), node.string != "all" {
            description.kinds = try kinds(node, "kinds", "'all' or a list of kinds")
        }
        if let node = node.member("exceptKinds") { description.exceptKinds = try kinds(node, "exceptKinds", "a list of kinds") }
        if let node = node.member("perLanguage") {
            guard let flag = node.bool else { throw CatalogueError.at(node, file: file, "'perLanguage' must be true or false") }
            description.perLanguage = flag
        }
        if let node = node.member("optIn") {
            guard let flag = node.bool else { throw CatalogueError.at(node, file: file, "'optIn' must be true or false") }
            description.optIn = flag
        }
        if let node = node.member("message") {
            guard let text = node.string else { throw CatalogueError.at(node, file: file, "'message' must be a string") }
            description.messages["default"] = MessageTemplate(text.trimmedSpace)
        }
        if let node = node.member("messages") {
            guard let members = node.members else {
                throw CatalogueError.at(node, file: file, "'messages' must map names to texts")
            }
            for (name, value) in members {
                guard let key = name.string, let text = value.string else {
                    throw CatalogueError.at(value, file: file, "'messages' must map names to texts")
                }
                description.messages[key] = MessageTemplate(text.trimmedSpace)
            }
        }
        var swiftlintIDs: [String] = []
        if let value = node.member("swiftlint") {
            if let text = value.string, value.items == nil {
                swiftlintIDs = [text]
            } else if let items = value.items {
                swiftlintIDs = items.compactMap(\.string)
            } else {
                throw CatalogueError.at(value, file: file, "'swiftlint' must be a SwiftLint rule identifier or a list of them")
            }
        }
        var examples: ([RuleExample], [RuleExample])?
        if readExamples, let map = node.yamsNode.mapping {
            examples = (try Self.examples("triggering", in: map, kind: kind, file: file),
                        try Self.examples("nonTriggering", in: map, kind: kind, file: file))
        }
        return RuleEntry(description: description, source: node.entryNode, file: file, swiftlintIDs: swiftlintIDs,
                         implementedInCode: node.member("implementation")?.string == "code", examples: examples)
    }

    /// A rule's `examples.triggering` or `examples.nonTriggering`.
    static func examples(_ key: String, in map: Yams.Node.Mapping, kind: RuleDescription.Kind,
                         file: String) throws -> [RuleExample] {
        let defaultFile = kind == .source ? "Example.swift" : "Example.json"
        guard let list = map["examples"]?.mapping?[key] else { return [] }
        guard let items = list.sequence else { throw CatalogueError.at(list, file: file, "'examples.\(key)' must be a list") }
        return try items.map { item in
            if let text = item.string { return RuleExample(marked: text, fileName: defaultFile) }
            guard let m = item.mapping, let code = m["code"]?.string else {
                throw CatalogueError.at(item, file: file, "an example is a string or a mapping with 'code'")
            }
            var files: [String: String] = [:]
            for (name, content) in m["files"]?.mapping ?? [:] {
                if let name = name.string, let content = content.string { files[name] = content }
            }
            return RuleExample(marked: code, fileName: m["file"]?.string ?? defaultFile,
                               configuration: m["configuration"]?.string, files: files)
        }
    }

    /// The examples of a built-in rule, read when asked (its file is ours and tested: the
    /// tests read every example of every rule).
    static func examples(_ key: String, of entry: RuleEntry) -> [RuleExample] {
        guard let map = entry.node.mapping else { return [] }
        return (try? examples(key, in: map, kind: entry.description.kind, file: entry.file)) ?? []
    }

    /// A `Rules/` folder that replaces the built-in catalogue: `$A11YLINT_RULES`, else an
    /// installed `<bin>/../share/a11ylint/Rules`; nil means the built-in one is used.
    /// Asked once per run, before anything is linted: the variable is read alone (not the whole
    /// environment) and the binary's path resolved by `realpath` (not component by component).
    public static func overrideDirectory(executablePath: String = CommandLine.arguments.first ?? "") -> URL? {
        if let env = getenv("A11YLINT_RULES").map({ String(cString: $0) }), !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let resolved = realpath(executablePath, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let installed: String
        if let resolved, resolved.hasPrefix("/"), let slash = resolved.lastIndex(of: "/") {
            // A resolved path has no `.`, `..` or link: its folder's parent, by cutting the text
            // (Foundation's URL operations were a twentieth of a one-spec run).
            let folder = resolved[..<slash]
            installed = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]) + "/share/a11ylint/Rules"
        } else {
            let exe = URL(fileURLWithPath: resolved ?? executablePath).deletingLastPathComponent()
            installed = exe.appendingPathComponent("../share/a11ylint/Rules").standardizedFileURL.path
        }
        var status = stat()
        guard stat(installed + "/spec", &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return URL(fileURLWithPath: installed)
    }

    /// The shipped catalogue, read once per process: the override folder when there is
    /// one, else the catalogue compiled into the binary.
    public static let shipped: Result<RuleCatalogue, CatalogueError> = {
        do {
            if let dir = overrideDirectory() { return .success(try RuleCatalogue(directory: dir)) }
            return .success(try embedded())
        } catch let e as CatalogueError {
            return .failure(e)
        } catch {
            return .failure(CatalogueError(file: overrideDirectory()?.path ?? "Rules", line: 1, column: 1,
                                           message: "\(error)"))
        }
    }()
}

extension ColorSchemePreset {
    /// The presets of a rule file (`colorSchemes:`), read from a Yams node or, for the built-in
    /// catalogue, from the tree compiled into the binary (no Yams node is made at start-up).
    static func parse<Node: RuleTreeNode>(_ node: Node, file: String) throws -> [(String, ColorSchemePreset)] {
        guard let map = node.members else { throw CatalogueError.at(node, file: file, "'colorSchemes' must be a mapping") }
        var result: [(String, ColorSchemePreset)] = []
        for (key, value) in map {
            guard let name = key.string, let appearances = value.members else {
                throw CatalogueError.at(value, file: file, "a color scheme maps appearances to colors")
            }
            var themes: [Theme] = []
            for (appearanceKey, colorsNode) in appearances {
                guard let appearance = appearanceKey.string, let colors = colorsNode.members else {
                    throw CatalogueError.at(colorsNode, file: file, "an appearance maps color roles to colors")
                }
                var roles: [String: ThemeColor] = [:]
                var background = ThemeColor(color: .white)
                for (roleKey, colorNode) in colors {
                    guard let role = roleKey.string else {
                        throw CatalogueError.at(roleKey, file: file, "a color role must be a string")
                    }
                    let parsed: Result<RGBA, ColorSyntaxError>
                    if let text = colorNode.string {
                        parsed = ColorSyntax.parse(hex: text)
                    } else if let components = colorNode.members {
                        parsed = ColorSyntax.parse(components: components.map { (key: $0.key.string ?? "", value: $0.value.float ?? .nan) })
                    } else {
                        parsed = .failure(ColorSyntaxError(message: "expected a color: \(ColorSyntax.forms)"))
                    }
                    let color: RGBA
                    switch parsed {
                    case .success(let c): color = c
                    case .failure(let e): throw CatalogueError.at(colorNode, file: file, e.message)
                    }
                    let value = ThemeColor(color: color, origin: .preset(name))
                    if role == "background" { background = value } else { roles[role] = value }
                }
                themes.append(Theme(name: "\(name)/\(appearance)", background: background, colors: roles))
            }
            result.append((name, ColorSchemePreset(name: name, themes: themes)))
        }
        return result
    }
}

extension CatalogueError {
    static func at(_ node: some RuleTreeNode, file: String, _ message: String) -> CatalogueError {
        CatalogueError(file: file, line: node.position.line, column: node.position.column, message: message)
    }

    static func from(_ error: YamlError, file: String) -> CatalogueError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return CatalogueError(file: file, line: mark.line, column: mark.column, message: problem)
        default:
            return CatalogueError(file: file, line: 1, column: 1, message: "\(error)")
        }
    }
}

extension JSONNode {
    /// A YAML value as the JSON reader would give it, at the YAML's positions: numbers,
    /// booleans and null by their YAML reading, other scalars as strings.
    init<Node: RuleTreeNode>(yaml node: Node) {
        let position = JSONPosition(line: node.position.line, column: node.position.column, offset: 0)
        let value: JSONNode.Value
        if let mapping = node.members {
            value = .object(mapping.map { key, member in
                JSONMember(key: key.string ?? "", keyPosition: JSONNode(yaml: key).position, value: JSONNode(yaml: member))
            })
        } else if let items = node.items {
            value = .array(items.map { JSONNode(yaml: $0) })
        } else if let number = node.float {
            value = .number(number, literal: node.string ?? "")
        } else if let flag = node.bool {
            value = .bool(flag)
        } else if node.isNull {
            value = .null
        } else {
            value = .string(node.string ?? "")
        }
        self.init(value: value, position: position, endOffset: 0)
    }
}

extension ComponentCall {
    /// A call's `geometry`, read by the reader of a spec's (`KindDefinition.readGeometry`):
    /// the kind's defaults, then the keys the kind reads; the first problem is the error.
    static func parseGeometry<Node: RuleTreeNode>(_ node: Node?, kind: ComponentKind, file: String) throws -> Geometry {
        let definition = Kinds.definition(kind)
        guard let node else { return definition.defaultGeometry }
        guard node.isMapping else { throw CatalogueError.at(node, file: file, "'geometry' must be a mapping") }
        let read = definition.readGeometry(JSONNode(yaml: node), file: file)
        if let problem = read.problems.first {
            throw CatalogueError(file: file, line: problem.location.line, column: problem.location.column,
                                 message: problem.message)
        }
        return read.geometry
    }

    static func parse<Node: RuleTreeNode>(_ node: Node, file: String) throws -> [ComponentCall] {
        guard let items = node.items else { throw CatalogueError.at(node, file: file, "'componentCalls' must be a list") }
        return try items.map { item in
            guard item.isMapping, let name = item.member("name")?.string, let patternNode = item.member("pattern"),
                  let source = patternNode.string, let component = item.member("component")?.string else {
                throw CatalogueError.at(item, file: file, "a checkbox call needs 'name', 'pattern' and 'component'")
            }
            let pattern: Pattern
            do { pattern = try Pattern(source) } catch let error as PatternError {
                throw CatalogueError.at(patternNode, file: file, error.description)
            }
            var kind = ComponentKind.checkbox
            if let node = item.member("kind") {
                guard let text = node.string, let parsed = ComponentKind(rawValue: text) else {
                    throw CatalogueError.at(node, file: file, "'kind' must be one of "
                                            + ComponentKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                kind = parsed
            }
            return ComponentCall(name: name, pattern: pattern, component: component,
                                 textArguments: item.member("textArguments")?.items?.compactMap(\.string) ?? [],
                                 firstUnlabeledIsText: item.member("firstUnlabeledIsText")?.bool ?? false,
                                 requiresCheckboxArgument: (item.member("requiresArgument") ?? item.member("requiresCheckboxArgument"))?.bool ?? false,
                                 colorScheme: item.member("colorScheme")?.string,
                                 geometry: try parseGeometry(item.member("geometry"), kind: kind, file: file),
                                 kind: kind, inSwiftFiles: item.member("inSwiftFiles")?.bool ?? true,
                                 requiredModifier: item.member("requiredModifier")?.string)
        }
    }
}

/// A catalogue's compiled source rules, made once under a lock (copies of the catalogue
/// share it until one of them loads more rules). Every catalogue makes one at start-up: no
/// generic type of its own (each is looked up by name the first time, at a cost).
final class CompiledSourceRules: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: SourceRuleSet?
    private var failure: CatalogueError?

    func get(_ make: () throws(CatalogueError) -> SourceRuleSet) throws(CatalogueError) -> SourceRuleSet {
        lock.lock()
        defer { lock.unlock() }
        if let rules { return rules }
        if let failure { throw failure }
        do throws(CatalogueError) {
            let made = try make()
            rules = made
            return made
        } catch {
            failure = error
            throw error
        }
    }
}

/// A value made the first time it is asked for, under a lock, then kept.
final class OnceValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}

extension String {
    /// The text without leading and trailing white space and line breaks, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` trims (the Unicode White_Space
    /// characters and U+200B), without Foundation's cost on every call (the catalogue trims
    /// every text).
    var trimmedSpace: String {
        // Printable ASCII at both ends (nearly every text): nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        // ASCII white space at the ends (a block scalar's last line break) and printable ASCII
        // inside it: cut by bytes, without reading the scalars' Unicode properties (their
        // first use loads tables).
        if let bytes = asciiTrimmed() { return bytes }
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }

    /// The text without the ASCII white space (tab, line feed, vertical tab, form feed,
    /// carriage return, space) at its ends, when what is left starts and ends with printable
    /// ASCII (or is empty); nil otherwise (another character at an end may be white space).
    private func asciiTrimmed() -> String? {
        var text = self
        return text.withUTF8 { bytes -> String? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            var start = 0, end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            if start == end { return "" }
            guard bytes[start] > 0x20, bytes[start] < 0x7F, bytes[end - 1] > 0x20, bytes[end - 1] < 0x7F else { return nil }
            if start == 0, end == bytes.count { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }
}
