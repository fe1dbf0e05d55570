import Foundation
import Yams
import A11yJSON
import A11yModel
import A11yColorSources
import A11yReport
import A11yRules

// Where a run's colour sources are named (`colors:` in `.a11ylint.yml`, `a11y.colorSources` in
// a spec) and the one place they are read: each source once per run, shared by every spec
// (docs/colour-sources.md).

/// `colors:` of `.a11ylint.yml`, paths absolute (they are relative to the configuration file).
public struct ColorSettings: Sendable, Hashable {
    /// A resolver document (one path, `tokensIsList` false) or token files forming one flat set.
    public var tokens: [String] = []
    public var tokensIsList = false
    public var assetCatalogs: [String] = []
    /// Token appearance → iOS appearance, for themes that mix token and asset/system references.
    public var appearances: [String: String]?
    /// Modifier → the contexts checked (the resolver's others are left out).
    public var contexts: [String: [String]] = [:]
    /// The iOS system colour table (`ios18`).
    public var systemColors = "ios18"
    /// Where the configuration names the tokens and catalogs (errors about them point there).
    public var location: SourceLocation?
    /// The keys a configuration file's `colors:` gives (they replace the farther files').
    public var given: Set<String> = []

    public init() {}

    static let keys = ["tokens", "asset_catalogs", "appearances", "contexts", "system_colors"]

    /// A configuration file's `colors:` on top of the settings so far: each key it gives replaces.
    mutating func read(_ node: Yams.Node, directory: String,
                       reader: inout ConfigurationReader) throws(ConfigurationDiagnostic) {
        guard let mapping = node.mapping else { throw reader.error(node, "'colors' must be a mapping (tokens, asset_catalogs, …)") }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if Self.keys.contains(key) { given.insert(key) }
            switch key {
            case "tokens":
                tokensIsList = value.sequence != nil
                tokens = try reader.strings(value, "colors.tokens").map { PathScope.absolute($0, from: directory) }
                location = reader.location(value)
            case "asset_catalogs":
                assetCatalogs = try reader.strings(value, "colors.asset_catalogs").map { PathScope.absolute($0, from: directory) }
                location = location ?? reader.location(value)
            case "appearances":
                appearances = try Self.stringMap(value, "colors.appearances", reader: reader) { text in
                    IOSAppearance(rawValue: text) == nil
                        ? "'\(text)' is not an iOS appearance" + Suggestions.hint(for: text, in: IOSAppearance.allCases.map(\.rawValue))
                        : nil
                }
            case "contexts":
                guard let items = value.mapping else { throw reader.error(value, "'colors.contexts' must map modifiers to lists of contexts") }
                contexts = [:]
                for (modifier, list) in items { contexts[modifier.string ?? ""] = try reader.strings(list, "colors.contexts") }
            case "system_colors":
                let release = try reader.string(value, "colors.system_colors")
                guard SystemColors.named(release) != nil else {
                    throw reader.error(value, "'colors.system_colors': no system colour table '\(release)'"
                                       + Suggestions.hint(for: release, in: ["ios18"]))
                }
                systemColors = release
            default:
                reader.warning(keyNode, "unknown key 'colors.\(key)'" + Suggestions.hint(for: key, in: Self.keys))
            }
        }
    }

    private static func stringMap(_ node: Yams.Node, _ key: String, reader: ConfigurationReader,
                                  check: (String) -> String?) throws(ConfigurationDiagnostic) -> [String: String] {
        guard let mapping = node.mapping else { throw reader.error(node, "'\(key)' must be a mapping") }
        var result: [String: String] = [:]
        for (from, to) in mapping {
            let target = try reader.string(to, key)
            if let problem = check(target) { throw reader.error(to, "'\(key)': " + problem) }
            result[from.string ?? ""] = target
        }
        return result
    }

    /// `settings` on top of these: what the nearer configuration gives replaces.
    mutating func merge(_ settings: ColorSettings) {
        let given = settings.given
        if given.contains("tokens") { (tokens, tokensIsList, location) = (settings.tokens, settings.tokensIsList, settings.location) }
        if given.contains("asset_catalogs") { assetCatalogs = settings.assetCatalogs; location = location ?? settings.location }
        if given.contains("appearances") { appearances = settings.appearances }
        if given.contains("contexts") { contexts = settings.contexts }
        if given.contains("system_colors") { systemColors = settings.systemColors }
    }
}

/// Reads colour sources, each once per run: the readers of A11yColorSources are constructed
/// here and nowhere else. Safe to share across threads.
public final class ColorSourceCache: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [String: Result<any ColorSource, ColorSourceError>] = [:]
    /// Source files read from memory before the disk (path → bytes): `--fix`'s edits so far.
    let overlay: [String: [UInt8]]
    /// The static colour members the run's Swift files declare (`source-text-contrast`).
    public let swiftColorMembers = SwiftColorMembers()
    /// The Swift files `swiftColorMembers` read, kept for the linter's read of them.
    let swiftFilesReadAhead = SwiftFilesReadAhead()

    public init() { overlay = [:] }

    init(overlay: [String: [UInt8]]) { self.overlay = overlay }

    /// `source` stands for what would be read at `path` (token files, a resolver document or an
    /// asset catalog): for tests and library callers that hold their sources already.
    public func preload(_ source: any ColorSource, at path: String) {
        lock.lock()
        preloaded[Self.absolute(path)] = source
        lock.unlock()
    }
    private var preloaded: [String: any ColorSource] = [:]

    private func preloaded(_ paths: [String]) -> (any ColorSource)? {
        lock.lock()
        defer { lock.unlock() }
        return paths.count == 1 ? preloaded[Self.absolute(paths[0])] : nil
    }

    /// The source read by `read` under `key`, read now when it is not yet.
    private func cached(_ key: String, _ read: () throws(ColorSourceError) -> any ColorSource)
        -> Result<any ColorSource, ColorSourceError> {
        lock.lock()
        defer { lock.unlock() }
        if let known = sources[key] { return known }
        let result: Result<any ColorSource, ColorSourceError>
        do { result = .success(try read()) } catch { result = .failure(error) }
        sources[key] = result
        return result
    }

    /// A resolver document (`isList` false, one path) or token files (one flat set).
    func tokens(_ paths: [String], isList: Bool, contexts: [String: [String]]) -> Result<any ColorSource, ColorSourceError> {
        if let given = preloaded(paths) { return .success(given) }
        let key = "tokens\u{1F}\(isList)\u{1F}" + paths.map(Self.absolute).joined(separator: "\u{1F}")
            + "\u{1F}" + contexts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.joined(separator: ","))" }.joined(separator: ";")
        return cached(key) { () throws(ColorSourceError) -> any ColorSource in
            do {
                return isList || paths.count != 1 ? try TokenSet(files: paths, contents: nil, overlay: overlay)
                    : try TokenSet(resolver: paths[0], contexts: contexts, contents: nil, overlay: overlay)
            } catch let error as ColorSourceError { throw error } catch { throw Self.unexpected(error, paths.first ?? "") }
        }
    }

    func assetCatalog(_ path: String, system release: String) -> Result<any ColorSource, ColorSourceError> {
        if let given = preloaded([path]) { return .success(given) }
        return cached("asset\u{1F}\(release)\u{1F}" + Self.absolute(path)) { () throws(ColorSourceError) -> any ColorSource in
            do {
                return try AssetCatalog(path: path, system: SystemColors.named(release) ?? .ios18, overlay: overlay)
            } catch let error as ColorSourceError { throw error } catch { throw Self.unexpected(error, path) }
        }
    }

    func system(_ release: String) -> (any ColorSource)? { SystemColors.named(release) }

    /// The keys repeated in the token files read so far, each once, by file and position.
    func repeatedKeys() -> [RepeatedKey] {
        lock.lock()
        defer { lock.unlock() }
        var all = Set<RepeatedKey>()
        for case .success(let source as TokenSet) in sources.values { all.formUnion(source.repeatedKeys) }
        return all.sorted { ($0.file, $0.repeated) < ($1.file, $1.repeated) }
    }

    /// The run's answers of `SuggestedTokens`, each distinct question searched once.
    private var suggestedTokens: [SuggestedTokens.Question: String?] = [:]

    func suggestedToken(_ question: SuggestedTokens.Question, _ search: () -> String?) -> String? {
        lock.lock()
        let known = suggestedTokens[question]
        lock.unlock()
        if let known { return known }
        let answer = search()
        lock.lock()
        suggestedTokens[question] = answer
        lock.unlock()
        return answer
    }

    private static func absolute(_ path: String) -> String {
        PathScope.absolute(path, from: FileManager.default.currentDirectoryPath)
    }

    private static func unexpected(_ error: any Error, _ path: String) -> ColorSourceError {
        ColorSourceError(file: path, line: 0, column: 0, message: "\(error)")
    }
}

extension Linter {
    /// `spec-duplicate-key` for the keys the run's token files repeat, one file's results each,
    /// in path order: known only once every spec has read its sources, so the run reports them
    /// after the linted files (docs/colour-sources.md, "Errors").
    func colorSourceFindings() -> [FileResults] {
        var byFile: [String: FileResults] = [:]
        for repeated in configuration.colorSources.repeatedKeys() {
            let finding = ruleBook.finding(
                ModelRuleID.duplicateKey, fallback: .warning,
                ["key": repeated.key, "line": String(repeated.first.line), "column": String(repeated.first.column)],
                location: SourceLocation(file: repeated.file, repeated.repeated), baselineKey: repeated.location)
            guard let configured = applyConfiguration(finding) else { continue }
            byFile[repeated.file, default: FileResults(file: repeated.file)].findings.append(configured)
        }
        return byFile.keys.sorted().map { byFile[$0]! }
    }
}
