import A11yJSON

/// One entry of a resolver's `resolutionOrder`, its sources read as token trees.
enum ResolverLayer {
    case set([TokenGroup])
    case modifier(name: String, contexts: [(name: String, sources: [TokenGroup])])
}

/// Reads a resolver document of the DTCG Resolver Module 2025.10
/// (designtokens.org/TR/2025.10/resolver), section 4: `version` "2025.10", `sets`,
/// `modifiers` with `contexts`, `resolutionOrder` of reference objects or inline sets and
/// modifiers (`type`, `name`). Reference objects (4.2) are same-document pointers `#/…` or
/// files relative to the resolver (`file.json`, `file.json#/pointer`); keys beside `$ref` override
/// the target's shallowly (4.2.2). Nothing may point into `resolutionOrder`, and only
/// `resolutionOrder` may point at a modifier (4.2.1).
final class ResolverReader {
    let path: String
    let document: JSONDocument
    let files: TokenFileCache
    private var setStack: [String] = []
    /// Token sources read so far: sets that list a set twice can double at each level.
    var sourceCount = 0
    static let maxSources = 10_000

    static let rootKeys = ["name", "version", "description", "sets", "modifiers", "resolutionOrder"]
    static let setKeys = ["sources", "description"]
    static let modifierKeys = ["contexts", "description", "default"]

    init(path: String, files: TokenFileCache) throws(ColorSourceError) {
        self.path = path
        self.files = files
        self.document = try files.document(path)
    }

    func error(_ node: JSONNode, _ message: String) -> ColorSourceError {
        ColorSourceError(file: path, position: node.position, message: message)
    }

    func read() throws(ColorSourceError) -> [ResolverLayer] {
        let root = document.root
        guard root.objectMembers != nil else { throw error(root, "a resolver document must be a JSON object") }
        try checkKeys(root, allowed: Self.rootKeys, what: "resolver document")
        guard let version = root["version"] else {
            throw error(root, "a resolver document needs \"version\": \"2025.10\"")
        }
        guard version.stringValue == "2025.10" else {
            throw error(version, "\"version\" must be the string \"2025.10\" (the Resolver Module version read here)")
        }
        for key in ["sets", "modifiers"] {
            if let node = root[key], node.objectMembers == nil { throw error(node, "\"\(key)\" must be an object") }
        }
        guard let order = root["resolutionOrder"] else { throw error(root, "a resolver document needs \"resolutionOrder\"") }
        guard let items = order.arrayValue else { throw error(order, "\"resolutionOrder\" must be an array") }
        var layers: [ResolverLayer] = []
        var seen: Set<String> = []
        for item in items {
            let (name, layer) = try orderItem(item)
            guard seen.insert(name).inserted else {
                throw error(item, "'\(name)' appears twice in \"resolutionOrder\"")
            }
            layers.append(layer)
        }
        return layers
    }

    private func orderItem(_ item: JSONNode) throws(ColorSourceError) -> (String, ResolverLayer) {
        guard item.objectMembers != nil else {
            throw error(item, "a \"resolutionOrder\" entry must be a reference object {\"$ref\": \"#/sets/…\"} or an inline set or modifier")
        }
        if let reference = item["$ref"] {
            guard let text = reference.stringValue, let segments = TokenReferences.pointer(text), segments.count == 2,
                  segments[0] == "sets" || segments[0] == "modifiers" else {
                throw error(reference, "a \"resolutionOrder\" reference must point at #/sets/NAME or #/modifiers/NAME")
            }
            let target = try definition(segments[0], segments[1], at: reference)
            let object = overridden(target, by: item)
            if segments[0] == "sets" { return (segments[1], .set(try setSources(object, name: segments[1]))) }
            return (segments[1], try modifier(object, name: segments[1]))
        }
        guard let type = item["type"]?.stringValue, type == "set" || type == "modifier" else {
            throw error(item["type"] ?? item, "an inline \"resolutionOrder\" entry needs \"type\": \"set\" or \"modifier\"")
        }
        guard let name = item["name"]?.stringValue else { throw error(item, "an inline \(type) needs a \"name\"") }
        if type == "set" { return (name, .set(try setSources(item, name: name, inline: true))) }
        return (name, try modifier(item, name: name, inline: true))
    }

    /// `#/sets/NAME` or `#/modifiers/NAME` of this document.
    private func definition(_ kind: String, _ name: String, at reference: JSONNode) throws(ColorSourceError) -> JSONNode {
        let table = document.root[kind]?.objectMembers ?? []
        guard let found = table.last(where: { $0.key == name }) else {
            let hint = Suggestions.hint(for: name, in: table.map(\.key))
            throw error(reference, "\"\(kind)\" has no '\(name)'\(hint)")
        }
        guard found.value.objectMembers != nil else { throw error(found.value, "'\(name)' in \"\(kind)\" must be an object") }
        return found.value
    }

    func setSources(_ set: JSONNode, name: String, inline: Bool = false) throws(ColorSourceError) -> [TokenGroup] {
        try checkKeys(set, allowed: Self.setKeys + (inline ? ["type", "name"] : []), what: "set")
        guard !setStack.contains(name) else {
            throw error(set, "circular reference: sets \((setStack + [name]).joined(separator: " → "))")
        }
        setStack.append(name)
        defer { setStack.removeLast() }
        guard let sources = set["sources"] else { throw error(set, "the set '\(name)' needs \"sources\"") }
        return try sourceList(sources, what: "\"sources\" of the set '\(name)'")
    }

    private func modifier(_ node: JSONNode, name: String, inline: Bool = false) throws(ColorSourceError) -> ResolverLayer {
        try checkKeys(node, allowed: Self.modifierKeys + (inline ? ["type", "name"] : []), what: "modifier")
        guard let contexts = node["contexts"] else { throw error(node, "the modifier '\(name)' needs \"contexts\"") }
        guard let members = contexts.objectMembers else { throw error(contexts, "\"contexts\" must be an object") }
        guard !members.isEmpty else { throw error(contexts, "the modifier '\(name)' has no contexts") }
        if let fallback = node["default"] {
            guard let text = fallback.stringValue, members.contains(where: { $0.key == text }) else {
                let shown = fallback.stringValue ?? fallback.typeName
                throw error(fallback, "\"default\" '\(shown)' is not one of the contexts of '\(name)'\(Suggestions.hint(for: shown, in: members.map(\.key)))")
            }
        }
        var out: [(name: String, sources: [TokenGroup])] = []
        for member in members {
            if let index = out.firstIndex(where: { $0.name == member.key }) { out.remove(at: index) }
            out.append((member.key, try sourceList(member.value, what: "context '\(member.key)' of '\(name)'")))
        }
        return .modifier(name: name, contexts: out)
    }

    private func checkKeys(_ node: JSONNode, allowed: [String], what: String) throws(ColorSourceError) {
        for member in node.objectMembers ?? [] where !member.key.hasPrefix("$") && !allowed.contains(member.key) {
            throw ColorSourceError(file: path, position: member.keyPosition,
                                   message: "unknown key '\(member.key)' in a \(what)\(Suggestions.hint(for: member.key, in: allowed))")
        }
    }

    /// The object `target` with the keys written beside `$ref` in `reference` laid over it (not merged deeper).
    func overridden(_ target: JSONNode, by reference: JSONNode) -> JSONNode {
        let local = (reference.objectMembers ?? []).filter { $0.key != "$ref" }
        guard !local.isEmpty else { return target }
        let keys = Set(local.map(\.key))
        let kept = (target.objectMembers ?? []).filter { !keys.contains($0.key) }
        return JSONNode(value: .object(kept + local), position: target.position, endOffset: target.endOffset)
    }
}
