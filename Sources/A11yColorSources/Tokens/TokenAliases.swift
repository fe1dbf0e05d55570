import A11yJSON

/// What one token is in one appearance, aliases followed: a colour with where its value was
/// written, or a token of another (or no) type.
enum ResolvedToken: Sendable, Hashable {
    /// `offset`: the byte where the value starts in `file` (what `--fix` edits).
    case color(TokenColorValue, file: String, line: Int, offset: Int)
    case other(type: String?, file: String, line: Int)
}

/// Follows aliases in one flattened token tree (DTCG Format Module 2025.10, section 7.2):
/// `{a.b}` and `"$ref": "#/a/b"` (also `$value: {"$ref": …}` and components written as
/// `{"$ref": …}`), chains of them, a token's type from its own `$type`, else its alias
/// target's, else its closest group's (5.2.2). A cycle, an alias to nothing, a typed alias to a
/// token of another type and a malformed colour are errors.
final class TokenAliasResolver {
    struct Flat {
        var entry: TokenEntry
        var groupType: String?
    }

    /// The token's final value node, the file it is written in, and the token's type.
    struct Value {
        var node: JSONNode
        var file: String
        var type: String?
    }

    let root: TokenGroup
    private(set) var flat: [String: Flat] = [:]
    private(set) var names: [String] = []
    private var memo: [String: Value] = [:]
    static let maxChain = 256
    static let maxTokens = 200_000

    init(root: TokenGroup) throws(ColorSourceError) {
        self.root = root
        try collect(root, prefix: "", type: nil)
    }

    private func collect(_ group: TokenGroup, prefix: String, type: String?) throws(ColorSourceError) {
        let type = group.type ?? type
        for name in group.order {
            let path = prefix.isEmpty ? name : prefix + "." + name
            switch group.members[name] {
            case .group(let child)?: try collect(child, prefix: path, type: type)
            case .token(let entry)?:
                flat[path] = Flat(entry: entry, groupType: type)
                names.append(path)
                guard names.count <= Self.maxTokens else {
                    throw ColorSourceError(file: entry.file, line: 0, column: 0, message: "more than 200,000 tokens")
                }
            case nil: continue
            }
        }
    }

    /// Every token resolved, in tree order.
    func resolveAll() throws(ColorSourceError) -> [String: ResolvedToken] {
        var out: [String: ResolvedToken] = [:]
        for name in names {
            let value = try resolve(name, chain: [])
            if value.type == "color" {
                let color = try TokenColorReader.read(value.node, file: value.file) { (node) throws(ColorSourceError) in
                    try self.component(node, file: value.file, chain: [])
                }
                out[name] = .color(color, file: value.file, line: value.node.position.line, offset: value.node.position.offset)
            } else {
                out[name] = .other(type: value.type, file: value.file, line: value.node.position.line)
            }
        }
        return out
    }

    func resolve(_ name: String, chain: [String]) throws(ColorSourceError) -> Value {
        if let known = memo[name] { return known }
        guard let token = flat[name] else { preconditionFailure("resolve is called with known names") }
        let entry = token.entry
        if let start = chain.firstIndex(of: name) {
            let first = flat[chain[start]]!.entry
            let at = first.value ?? first.pointer ?? first.object
            throw ColorSourceError(file: first.file, position: at.position,
                                   message: "circular alias: \((chain[start...] + [name]).joined(separator: " → "))")
        }
        guard chain.count < Self.maxChain else {
            throw ColorSourceError(file: entry.file, position: entry.object.position,
                                   message: "an alias chain longer than \(Self.maxChain) tokens")
        }
        let result: Value
        if let value = entry.value, let text = value.stringValue, let target = TokenReferences.braceAlias(text) {
            result = try alias(to: target, shown: text, at: value, from: name, chain: chain)
        } else if let value = entry.value, let members = value.objectMembers, members.count == 1, members[0].key == "$ref" {
            result = try pointer(members[0].value, file: entry.file, from: name, chain: chain)
        } else if let value = entry.value {
            result = Value(node: value, file: entry.file, type: entry.type ?? token.groupType)
        } else {
            result = try pointer(entry.pointer ?? entry.object, file: entry.file, from: name, chain: chain)
        }
        memo[name] = result
        return result
    }

    private func alias(to target: [String], shown: String, at node: JSONNode, from name: String,
                       chain: [String]) throws(ColorSourceError) -> Value {
        let entry = flat[name]!.entry
        let targetName = target.joined(separator: ".")
        guard flat[targetName] != nil else {
            let what = root.locate(target).map { _ in "is a group, not a token" } ?? "does not exist"
            throw ColorSourceError(file: entry.file, position: node.position,
                                   message: "alias \(shown): the token '\(targetName)' \(what)\(Suggestions.hint(for: targetName, in: names))")
        }
        var resolved = try resolve(targetName, chain: chain + [name])
        if let own = entry.type, let theirs = resolved.type, own != theirs {
            throw ColorSourceError(file: entry.file, position: node.position,
                                   message: "'\(name)' has $type \(own) but its alias \(shown) is a \(theirs) token")
        }
        resolved.type = entry.type ?? resolved.type
        return resolved
    }

    private func pointer(_ node: JSONNode, file: String, from name: String, chain: [String]) throws(ColorSourceError) -> Value {
        let token = flat[name]!
        guard let text = node.stringValue, let segments = TokenReferences.pointer(text) else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "\"$ref\" must be a JSON pointer into this token set, such as \"#/color/blue/$value\"")
        }
        switch root.locate(segments) {
        case nil:
            let hint = Suggestions.hint(for: text, in: names.map { TokenReferences.pointerText($0.split(separator: ".").map(String.init)) })
            throw ColorSourceError(file: file, position: node.position, message: "\"$ref\" \(text) points at nothing\(hint)")
        case .group?:
            throw ColorSourceError(file: file, position: node.position, message: "\"$ref\" \(text) points at a group, not a token")
        case .token(let path)?:
            return try alias(to: path, shown: text, at: node, from: name, chain: chain)
        case .fragment(let fragment, let fragmentFile)?:
            return Value(node: fragment, file: fragmentFile, type: token.entry.type ?? token.groupType)
        }
    }

    /// A colour component or alpha written `{"$ref": "#/…"}`: the number it points at.
    func component(_ node: JSONNode, file: String, chain: [String]) throws(ColorSourceError) -> JSONNode {
        guard let members = node.objectMembers, members.count == 1, members[0].key == "$ref",
              let text = members[0].value.stringValue, let segments = TokenReferences.pointer(text) else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "a colour component must be a number, \"none\" or {\"$ref\": \"#/…\"}")
        }
        guard !chain.contains(text), chain.count < Self.maxChain else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "circular \"$ref\": \((chain + [text]).joined(separator: " → "))")
        }
        switch root.locate(segments) {
        case .fragment(let target, let targetFile)?:
            return target.objectMembers != nil ? try component(target, file: targetFile, chain: chain + [text]) : target
        case .token(let path)?:
            let value = try resolve(path.joined(separator: "."), chain: [])
            return value.node.objectMembers != nil ? try component(value.node, file: value.file, chain: chain + [text]) : value.node
        case .group?, nil:
            throw ColorSourceError(file: file, position: members[0].value.position,
                                   message: "\"$ref\" \(text) does not point at a number")
        }
    }
}
