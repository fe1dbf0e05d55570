import A11yJSON

/// The token sources of a set or a context (Resolver Module 4.1.4, 4.1.5.1): each inline
/// tokens, or a reference object to a set of this document (its sources in place), to a
/// place in this document, or to a token file (optionally `file.json#/pointer`).
extension ResolverReader {
    static let maxReferenceChain = 64

    func sourceList(_ node: JSONNode, what: String) throws(ColorSourceError) -> [TokenGroup] {
        guard let items = node.arrayValue else { throw error(node, "\(what) must be an array of token sources") }
        var groups: [TokenGroup] = []
        for item in items {
            groups += try source(item, file: path, chain: [])
        }
        return groups
    }

    /// One source in `file` (the resolver, or a part of it reached by a pointer).
    private func source(_ item: JSONNode, file: String, chain: [String]) throws(ColorSourceError) -> [TokenGroup] {
        guard item.objectMembers != nil else {
            throw ColorSourceError(file: file, position: item.position,
                                   message: "a token source must be an object: tokens, or {\"$ref\": \"file.tokens.json\"}")
        }
        sourceCount += 1
        guard sourceCount <= Self.maxSources else {
            throw ColorSourceError(file: file, position: item.position, message: "more than \(Self.maxSources) token sources")
        }
        guard let reference = item["$ref"] else { return [try TokenTreeReader.group(item, file: file)] }
        guard let text = reference.stringValue else {
            throw ColorSourceError(file: file, position: reference.position, message: "\"$ref\" must be a string")
        }
        guard !chain.contains(text), chain.count < Self.maxReferenceChain else {
            throw ColorSourceError(file: file, position: reference.position,
                                   message: "circular reference: \((chain + [text]).joined(separator: " → "))")
        }
        var groups = try referenced(text, at: reference, file: file, chain: chain + [text])
        let local = (item.objectMembers ?? []).filter { $0.key != "$ref" }
        if !local.isEmpty, var last = groups.popLast() {
            // Keys beside $ref replace the target's top-level keys whole (Resolver 4.2.2).
            let overrides = try TokenTreeReader.group(
                JSONNode(value: .object(local), position: item.position, endOffset: item.endOffset), file: file)
            for name in overrides.order { last.set(name, overrides.members[name]!) }
            if let type = overrides.type { last.type = type }
            groups.append(last)
        }
        return groups
    }

    private func referenced(_ text: String, at reference: JSONNode, file: String,
                            chain: [String]) throws(ColorSourceError) -> [TokenGroup] {
        let fail = { (message: String) in ColorSourceError(file: file, position: reference.position, message: message) }
        if text.hasPrefix("#") {
            guard let segments = TokenReferences.pointer(text) else { throw fail("'\(text)' is not a JSON pointer (#/…)") }
            if segments.first == "resolutionOrder" { throw fail("a reference must not point into \"resolutionOrder\"") }
            if segments.first == "modifiers" { throw fail("sets and modifiers must not reference a modifier (only \"resolutionOrder\" may)") }
            if file == path, segments.count == 2, segments[0] == "sets" {
                let table = document.root["sets"]?.objectMembers ?? []
                guard let set = table.last(where: { $0.key == segments[1] })?.value, set.objectMembers != nil else {
                    throw fail("\"sets\" has no '\(segments[1])'\(Suggestions.hint(for: segments[1], in: table.map(\.key)))")
                }
                return try setSources(set, name: segments[1])
            }
            let owner = file == path ? document : try files.document(file)
            guard let target = TokenReferences.node(at: segments, in: owner.root) else { throw fail("'\(text)' points at nothing") }
            return try source(target, file: file, chain: chain)
        }
        if text.contains("://") { throw fail("'\(text)': remote token files are not read, only local files") }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = TokenFileCache.path(String(parts[0]), relativeTo: file)
        let loaded = try files.document(target, reference: (file, reference))
        guard parts.count == 2, !parts[1].isEmpty else { return [try TokenTreeReader.group(loaded.root, file: target)] }
        let fragment = parts[1].hasPrefix("/") ? "#" + parts[1] : "#/" + parts[1]
        guard let segments = TokenReferences.pointer(String(fragment)), let node = TokenReferences.node(at: segments, in: loaded.root) else {
            throw fail("'\(text)' points at nothing in \(target)")
        }
        return try source(node, file: target, chain: chain)
    }
}
