import A11yJSON
import A11yModel

/// Which appearance a colour-set entry is for: its `luminosity` (none = "Any") and
/// whether it is the `contrast: high` variant.
struct ColorSetSlot: Hashable {
    enum Luminosity: String { case any, light, dark }
    var luminosity: Luminosity
    var high: Bool

    /// The slots each iOS appearance takes its colour from, first existing one wins
    /// (docs/spec-format.md, "Asset catalogs and system colours").
    static func fallbacks(for appearance: IOSAppearance) -> [ColorSetSlot] {
        switch appearance {
        case .light: return [.init(luminosity: .light, high: false), .init(luminosity: .any, high: false)]
        case .dark: return [.init(luminosity: .dark, high: false), .init(luminosity: .any, high: false)]
        case .lightIncreasedContrast:
            return [.init(luminosity: .light, high: true), .init(luminosity: .any, high: true),
                    .init(luminosity: .light, high: false), .init(luminosity: .any, high: false)]
        case .darkIncreasedContrast:
            return [.init(luminosity: .dark, high: true), .init(luminosity: .dark, high: false),
                    .init(luminosity: .any, high: true), .init(luminosity: .any, high: false)]
        }
    }
}

/// One usable entry of a colour set: a literal colour or a system colour reference.
struct ColorSetEntry {
    enum Value {
        case literal(RGBA)
        /// A system colour by its table name (`systemBlue` for `systemBlueColor`).
        case system(String)
    }
    var value: Value
    /// 1-based line of the entry's `{`.
    var line: Int
    /// The colour as written: `srgb(0.980 0.980 0.980)`, `systemBlueColor`.
    var written: String
    /// The entry's object in Contents.json (what `--fix` edits).
    var node: JSONNode
}

/// Reads one `NAME.colorset/Contents.json` into its entries by slot, or the first thing
/// in it that is not a colour set Xcode could have written.
struct ColorSetReader {
    let file: String
    let document: JSONDocument
    let system: SystemColors

    static let idioms = ["universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision",
                         "ios-marketing", "watch-marketing", "mac-catalyst"]

    static func read(bytes: [UInt8], file: String, system: SystemColors) throws(ColorSourceError) -> [ColorSetSlot: ColorSetEntry] {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes, maxDepth: 64)
        } catch {
            throw ColorSourceError(file: file, line: error.position.line, column: error.position.column,
                                   message: error.message)
        }
        return try ColorSetReader(file: file, document: document, system: system).entries()
    }

    func failure(_ node: JSONNode, _ message: String) -> ColorSourceError {
        ColorSourceError(file: file, line: node.position.line, column: node.position.column, message: message)
    }

    func failure(key member: JSONMember, _ message: String) -> ColorSourceError {
        ColorSourceError(file: file, line: member.keyPosition.line, column: member.keyPosition.column, message: message)
    }

    /// The entries of the idiom used (`universal`, else `iphone`), each slot's first
    /// entry that is not only for a Display P3 screen (else its P3 one).
    func entries() throws(ColorSourceError) -> [ColorSetSlot: ColorSetEntry] {
        let root = document.root
        guard root.objectMembers != nil else { throw failure(root, "a colour set's Contents.json must be an object, not \(root.typeName)") }
        guard let colorsNode = root["colors"] else { return [:] }
        guard let colors = colorsNode.arrayValue else {
            throw failure(colorsNode, "'colors' must be an array of colour entries, not \(colorsNode.typeName)")
        }
        var byIdiom: [String: [(slot: ColorSetSlot, p3Only: Bool, entry: JSONNode)]] = [:]
        for entry in colors {
            guard entry.objectMembers != nil else { throw failure(entry, "a colour entry must be an object, not \(entry.typeName)") }
            let idiom = try idiom(of: entry)
            guard idiom == "universal" || idiom == "iphone" else { continue }
            let gamut = entry["display-gamut"]?.stringValue?.lowercased()
            byIdiom[idiom, default: []].append((try slot(of: entry), gamut == "display-p3", entry))
        }
        let used = byIdiom["universal"] ?? byIdiom["iphone"] ?? []
        var result: [ColorSetSlot: ColorSetEntry] = [:]
        var chosenP3: Set<ColorSetSlot> = []
        for candidate in used {
            if result[candidate.slot] != nil, !chosenP3.contains(candidate.slot) || candidate.p3Only { continue }
            result[candidate.slot] = try colorEntry(candidate.entry)
            if candidate.p3Only { chosenP3.insert(candidate.slot) } else { chosenP3.remove(candidate.slot) }
        }
        return result
    }

    /// The entry's idiom (`universal` when it names none); a misspelt one is an error.
    func idiom(of entry: JSONNode) throws(ColorSourceError) -> String {
        guard let node = entry["idiom"] else { return "universal" }
        guard let idiom = node.stringValue else { throw failure(node, "'idiom' must be a string, not \(node.typeName)") }
        if !Self.idioms.contains(idiom), let near = Suggestions.closest(to: idiom, in: Self.idioms) {
            throw failure(node, "unknown idiom '\(idiom)' (did you mean '\(near)'?)")
        }
        return idiom
    }

    func slot(of entry: JSONNode) throws(ColorSourceError) -> ColorSetSlot {
        var slot = ColorSetSlot(luminosity: .any, high: false)
        guard let node = entry["appearances"] else { return slot }
        guard let list = node.arrayValue else { throw failure(node, "'appearances' must be an array, not \(node.typeName)") }
        for item in list {
            guard item.objectMembers != nil else { throw failure(item, "an appearance must be an object, not \(item.typeName)") }
            guard let kindNode = item["appearance"], let kind = kindNode.stringValue else {
                throw failure(item["appearance"] ?? item, "an appearance needs \"appearance\": \"luminosity\" or \"contrast\"")
            }
            guard let valueNode = item["value"], let value = valueNode.stringValue else {
                throw failure(item["value"] ?? item, "appearance '\(kind)' needs a string \"value\"")
            }
            switch kind {
            case "luminosity":
                guard let luminosity = ColorSetSlot.Luminosity(rawValue: value), luminosity != .any else {
                    throw failure(valueNode, "unknown luminosity '\(value)'" + Suggestions.hint(for: value, in: ["light", "dark"]))
                }
                slot.luminosity = luminosity
            case "contrast":
                guard value == "high" else {
                    throw failure(valueNode, "unknown contrast '\(value)'" + Suggestions.hint(for: value, in: ["high"]))
                }
                slot.high = true
            default:
                throw failure(kindNode, "unknown appearance '\(kind)'" + Suggestions.hint(for: kind, in: ["luminosity", "contrast"]))
            }
        }
        return slot
    }
}
