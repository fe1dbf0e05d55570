import A11yJSON
import A11yModel
import Foundation

/// The colour sets of an Xcode asset catalog (`.xcassets` folder): every
/// `NAME.colorset/Contents.json`, in nested group folders too, named `Folder/Name` below a
/// group whose `Contents.json` has `"properties": {"provides-namespace": true}`. Each colour
/// is resolved in the four iOS appearances with the fallback order of
/// docs/spec-format.md ("Asset catalogs and system colours").
public struct AssetCatalog: ColorSource {
    /// The catalog's path as it was given.
    public let path: String
    public var appearances: [String] { IOSAppearance.allCases.map(\.rawValue) }
    public let colorNames: [String]
    /// Each colour set's colour in each appearance, in `IOSAppearance.allCases` order.
    private let colors: [String: [SourcedColor?]]

    /// Reads the catalog at `path`; throws the first problem (by file, line and column) of
    /// a catalog that cannot be read or has a malformed colour set.
    /// `overlay`: colour sets' Contents.json read from memory (path → bytes) before the disk.
    public init(path: String, system: SystemColors, overlay: [String: [UInt8]] = [:]) throws(ColorSourceError) {
        let (catalog, errors) = Self.read(path: path, system: system, overlay: overlay)
        if let first = errors.first { throw first }
        self = catalog
    }

    /// Reads the catalog at `path`, keeping every colour set that can be read, with every
    /// problem found (sorted by file, line, column): a malformed colour set is left out, the
    /// others still resolve.
    public static func read(path: String, system: SystemColors,
                            overlay: [String: [UInt8]] = [:]) -> (catalog: AssetCatalog, errors: [ColorSourceError]) {
        var walk = CatalogWalk(root: path, system: system)
        walk.overlay = overlay
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
            walk.errors.append(ColorSourceError(file: path, line: 0, column: 0,
                                                message: "asset catalog '\(path)' is not a folder that can be read"))
        } else {
            walk.visit(folder: path, namespace: "", depth: 0)
        }
        var colors: [String: [SourcedColor?]] = [:]
        for (name, found) in walk.sets {
            colors[name] = IOSAppearance.allCases.map { appearance in
                Self.resolve(name: name, found: found, appearance: appearance, system: system)
            }
        }
        let errors = walk.errors.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return (AssetCatalog(path: path, colors: colors), errors)
    }

    /// One colour set's colour in each appearance (`IOSAppearance.allCases` order; nil
    /// where the set has no entry for it), from its Contents.json's bytes: what the catalog
    /// reads for each `NAME.colorset`, for tools and the fuzz target that have no folder.
    public static func colorSet(named name: String, contents: [UInt8], file: String,
                                system: SystemColors) throws(ColorSourceError) -> [SourcedColor?] {
        let found = CatalogWalk.FoundSet(file: file, entries: try ColorSetReader.read(bytes: contents, file: file, system: system))
        return IOSAppearance.allCases.map { resolve(name: name, found: found, appearance: $0, system: system) }
    }

    private init(path: String, colors: [String: [SourcedColor?]]) {
        self.path = path
        self.colors = colors
        self.colorNames = colors.keys.sorted()
    }

    public func color(named name: String, in appearance: String) -> SourcedColor? {
        guard let appearance = IOSAppearance(rawValue: appearance),
              let index = IOSAppearance.allCases.firstIndex(of: appearance) else { return nil }
        return colors[name]?[index]
    }

    private static func resolve(name: String, found: CatalogWalk.FoundSet, appearance: IOSAppearance,
                                system: SystemColors) -> SourcedColor? {
        guard let entry = ColorSetSlot.fallbacks(for: appearance).lazy.compactMap({ found.entries[$0] }).first else { return nil }
        let color: RGBA
        switch entry.value {
        case .literal(let rgba): color = rgba
        case .system(let tableName):
            guard let resolved = system.color(named: tableName, in: appearance.rawValue) else { return nil }
            color = resolved.color
        }
        return SourcedColor(color: color, origin: ColorDefinition(reference: "asset:" + name, file: found.file,
                                                              line: entry.line, value: entry.written))
    }
}

/// The walk through a catalog's folders: colour sets found, problems met.
struct CatalogWalk {
    struct FoundSet {
        var file: String
        var entries: [ColorSetSlot: ColorSetEntry]
    }

    let root: String
    let system: SystemColors
    var sets: [String: FoundSet] = [:]
    var errors: [ColorSourceError] = []
    var visited: Set<String> = []
    var overlay: [String: [UInt8]] = [:]

    init(root: String, system: SystemColors) {
        self.root = root
        self.system = system
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Colour sets and groups in `folder`, sorted by name; groups below 32 levels, or seen
    /// before through a symbolic link, are not entered.
    mutating func visit(folder: String, namespace: String, depth: Int) {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard depth < 32, visited.insert(real).inserted,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = Self.join(folder, name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            if name.hasSuffix(".colorset") {
                readSet(folder: child, name: namespace + String(name.dropLast(".colorset".count)))
            } else if !name.contains(".") || name.hasSuffix(".spriteatlas") {
                let group = name.hasSuffix(".spriteatlas") ? String(name.dropLast(".spriteatlas".count)) : name
                let inner = providesNamespace(Self.join(child, "Contents.json")) ? namespace + group + "/" : namespace
                visit(folder: child, namespace: inner, depth: depth + 1)
            }
        }
    }

    mutating func readSet(folder: String, name: String) {
        let file = Self.join(folder, "Contents.json")
        guard let data = overlay[file].map({ Data($0) }) ?? FileManager.default.contents(atPath: file) else {
            errors.append(ColorSourceError(file: file, line: 0, column: 0,
                                           message: "colour set '\(name)' has no readable Contents.json"))
            return
        }
        if let other = sets[name] {
            errors.append(ColorSourceError(file: file, line: 0, column: 0,
                                           message: "colour set name '\(name)' is already used by \(other.file)"))
            return
        }
        do {
            let entries = try ColorSetReader.read(bytes: Array(data), file: file, system: system)
            sets[name] = FoundSet(file: file, entries: entries)
        } catch {
            errors.append(error)
        }
    }

    /// Whether a group's Contents.json says `"properties": {"provides-namespace": true}`;
    /// a group folder's Contents.json is optional, and one that cannot be read provides none.
    mutating func providesNamespace(_ file: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: file) else { return false }
        do {
            let document = try JSONDocument(bytes: Array(data), maxDepth: 64)
            return document.root["properties"]?["provides-namespace"]?.boolValue == true
        } catch {
            errors.append(ColorSourceError(file: file, line: error.position.line, column: error.position.column,
                                           message: error.message))
            return false
        }
    }
}
