import A11yJSON
import A11yModel

/// DTCG design tokens as a colour source (docs/colour-sources.md, "Design tokens"): a
/// resolver document of the Resolver Module 2025.10, every combination of one context per
/// modifier an appearance named by its contexts in `resolutionOrder` order joined by `+`; or
/// a list of token files, one flat set (later files win) with the single appearance `default`.
/// Read and resolved once, immutable; a colour token's name is its dotted path
/// (`color.text.primary`, `color.accent.$root`).
public final class TokenSet: ColorSource {
    /// At most this many appearances (context combinations) are checked.
    public static let maxAppearances = 64

    public let appearances: [String]
    /// Every name that is a colour token in at least one appearance, sorted.
    public let colorNames: [String]
    /// Every file read (the resolver first), in reading order, as given or joined to the resolver's folder.
    public let files: [String]
    /// What reading noticed without failing: keys an object repeats (the last one is used).
    public let warnings: [ColorSourceError]
    /// The same, as keys and positions (reported as `spec-duplicate-key`).
    public let repeatedKeys: [RepeatedKey]
    private let tables: [[String: ResolvedToken]]
    /// Each context of each modifier of a resolver (none for token files): where `--fix` writes
    /// an override for the appearances that take it.
    public let contexts: [TokenContext]
    private let appearanceIndex: [String: Int]

    /// The token set a resolver document defines. `contexts` narrows modifiers to some of
    /// their contexts (`["theme": ["light", "dark"]]`; names matched without regard to case).
    public convenience init(resolver path: String, contexts: [String: [String]] = [:]) throws {
        try self.init(resolver: path, contexts: contexts, contents: nil)
    }

    /// The same, with every file read from `contents` (path → bytes) instead of the disk
    /// (for the fuzz target and for callers that already hold the files).
    public convenience init(resolver path: String, contexts: [String: [String]] = [:], contents: [String: [UInt8]]?,
                            overlay: [String: [UInt8]] = [:]) throws {
        let files = TokenFileCache(contents: contents, overlay: overlay)
        let reader = try ResolverReader(path: path, files: files)
        let layers = try reader.read()
        let combinations = try TokenPermutations.combinations(of: layers, filter: contexts, reader: reader)
        var tables: [[String: ResolvedToken]] = []
        for combination in combinations {
            var root = TokenGroup(file: path)
            for groups in combination.sources { for group in groups { root.merge(group) } }
            tables.append(try Self.resolve(root, appearance: combinations.count > 1 ? combination.name : nil))
        }
        self.init(appearances: combinations.map(\.name), tables: tables, files: files,
                  contexts: TokenPermutations.contexts(of: layers, in: combinations))
    }

    /// One flat token set from token files (later files win where they define the same token).
    public convenience init(files paths: [String]) throws {
        try self.init(files: paths, contents: nil)
    }

    public convenience init(files paths: [String], contents: [String: [UInt8]]?, overlay: [String: [UInt8]] = [:]) throws {
        let files = TokenFileCache(contents: contents, overlay: overlay)
        var root = TokenGroup(file: paths.first ?? "")
        for path in paths {
            let document = try files.document(path)
            root.merge(try TokenTreeReader.group(document.root, file: path))
        }
        self.init(appearances: ["default"], tables: [try Self.resolve(root, appearance: nil)], files: files)
    }

    private init(appearances: [String], tables: [[String: ResolvedToken]], files: TokenFileCache, contexts: [TokenContext] = []) {
        self.appearances = appearances
        self.contexts = contexts
        self.tables = tables
        self.files = files.order
        self.warnings = files.warnings
        self.repeatedKeys = files.repeatedKeys
        var index: [String: Int] = [:]
        for (i, name) in appearances.enumerated() { index[name] = i }
        appearanceIndex = index
        var names: Set<String> = []
        for table in tables {
            for (name, token) in table { if case .color = token { names.insert(name) } }
        }
        colorNames = names.sorted()
    }

    private static func resolve(_ root: TokenGroup, appearance: String?) throws(ColorSourceError) -> [String: ResolvedToken] {
        do {
            let expanded = try TokenExtender(root: root).expanded()
            return try TokenAliasResolver(root: expanded).resolveAll()
        } catch {
            var error = error
            if let appearance { error.message += " (in appearance \(appearance))" }
            throw error
        }
    }

    public func color(named name: String, in appearance: String) -> SourcedColor? {
        guard let index = appearanceIndex[appearance], case .color(let value, let file, let line, _)? = tables[index][name] else {
            return nil
        }
        return SourcedColor(color: value.color,
                            origin: ColorDefinition(reference: "{\(name)}", file: file, line: line, value: value.written))
    }

    /// Where the value `name` resolves to in `appearance` is written (aliases followed to the
    /// token that owns it): its file and the byte its value starts at.
    public func place(of name: String, in appearance: String) -> (file: String, offset: Int)? {
        guard let index = appearanceIndex[appearance], case .color(_, let file, _, let offset)? = tables[index][name] else {
            return nil
        }
        return (file, offset)
    }

    /// Why `name` has no colour in `appearance` (every appearance when nil), for an input
    /// error: not a token (with a did-you-mean), a token of another `$type` or of none, or a
    /// token only some appearances define. Nil when it is a colour there.
    public func problem(with name: String, in appearance: String? = nil) -> String? {
        let indices = appearance.map { appearanceIndex[$0].map { [$0] } ?? [] } ?? Array(tables.indices)
        for index in indices {
            switch tables[index][name] {
            case .color?: continue
            case .other(let type, let file, let line)?:
                let kind = type.map { "has $type \($0)" } ?? "has no $type (neither its own nor an enclosing group's)"
                return "the token '\(name)' \(kind), not color (\(file):\(line))"
            case nil:
                if tables.contains(where: { $0[name] != nil }) {
                    return "the token '\(name)' is not defined in appearance \(appearances[index])"
                }
                return "no token '\(name)'\(Suggestions.hint(for: name, in: colorNames))"
            }
        }
        return indices.isEmpty ? "no appearance '\(appearance ?? "")'\(Suggestions.hint(for: appearance ?? "", in: appearances))" : nil
    }
}
