import A11yJSON

/// Group extension, DTCG Format Module 2025.10 section 6.4: a group with `$extends`
/// (`"{group}"` or `"#/group"`) starts from the target group's tokens and properties (itself
/// extended first) and lays its own over them: a token replaces an inherited token whole,
/// a group merges. Extending a token, a missing group, a group's own ancestor or a chain that
/// comes back to itself is an error naming the chain (6.4.4, 6.4.6).
final class TokenExtender {
    let root: TokenGroup
    /// Longest chain of extensions followed (beyond it the file is reported, not recursed into).
    static let maxChain = 64
    /// Groups and tokens an expansion may produce: extensions of extensions can double a
    /// tree at each level, and a few hundred bytes must not make millions of tokens.
    private var budget = 200_000

    init(root: TokenGroup) { self.root = root }

    func expanded() throws(ColorSourceError) -> TokenGroup {
        try expand(root, path: [], chain: [])
    }

    private func expand(_ group: TokenGroup, path: [String], chain: [[String]]) throws(ColorSourceError) -> TokenGroup {
        var result = TokenGroup(file: group.file)
        if let reference = group.extends {
            let target = try targetPath(reference, file: group.file, extending: path)
            if chain.contains(target) || path.starts(with: target) {
                let names = (chain + [path, target]).map { $0.isEmpty ? "(root)" : $0.joined(separator: ".") }
                let from = chain.firstIndex(of: target) ?? chain.count
                throw ColorSourceError(file: group.file, position: reference.position,
                                       message: "circular group extension: \(names[from...].joined(separator: " → "))")
            }
            guard chain.count < Self.maxChain else {
                throw ColorSourceError(file: group.file, position: reference.position,
                                       message: "more than \(Self.maxChain) group extensions in a chain")
            }
            guard case .group(let base)? = root.locate(target) else {
                throw ColorSourceError(file: group.file, position: reference.position,
                                       message: "\"$extends\" must name a group: '\(target.joined(separator: "."))' is a token")
            }
            result = try expand(base, path: target, chain: chain + [path])
            result.extends = nil
        }
        budget -= 1 + group.order.count
        guard budget > 0 else {
            throw ColorSourceError(file: group.file, line: 0, column: 0,
                                   message: "group extensions make more than 200,000 tokens and groups")
        }
        var local = TokenGroup(file: group.file)
        local.type = group.type
        for name in group.order {
            guard let member = group.members[name] else { continue }
            local.set(name, try expandMember(member, path: path + [name], chain: chain))
        }
        result.merge(local)
        result.file = group.file
        return result
    }

    /// A token with only `$ref` that points at a group is that group's JSON Schema spelling
    /// of `$extends` (Format 6.4.1).
    private func expandMember(_ member: TokenNode, path: [String], chain: [[String]]) throws(ColorSourceError) -> TokenNode {
        switch member {
        case .group(let group):
            return .group(try expand(group, path: path, chain: chain))
        case .token(let entry):
            guard entry.value == nil, let pointer = entry.pointer, let text = pointer.stringValue,
                  let segments = TokenReferences.pointer(text), case .group? = root.locate(segments) else {
                return member
            }
            var group = TokenGroup(file: entry.file)
            group.type = entry.type
            group.extends = pointer
            return .group(try expand(group, path: path, chain: chain))
        }
    }

    private func targetPath(_ reference: JSONNode, file: String, extending path: [String]) throws(ColorSourceError) -> [String] {
        guard let text = reference.stringValue,
              let target = TokenReferences.braceAlias(text) ?? TokenReferences.pointer(text) else {
            throw ColorSourceError(file: file, position: reference.position,
                                   message: "\"$extends\" must be a reference such as \"{group}\" or \"#/group\"")
        }
        guard root.locate(target) != nil else {
            let shown = target.joined(separator: ".")
            let hint = Suggestions.hint(for: shown, in: root.groupPaths())
            throw ColorSourceError(file: file, position: reference.position,
                                   message: "\"$extends\" names the group '\(shown)', which does not exist\(hint)")
        }
        return target
    }
}

extension TokenGroup {
    /// Every group path below this one, dotted (for did-you-mean).
    func groupPaths(prefix: String = "") -> [String] {
        var out: [String] = []
        for name in order {
            guard case .group(let child)? = members[name] else { continue }
            let path = prefix.isEmpty ? name : prefix + "." + name
            out.append(path)
            out += child.groupPaths(prefix: path)
        }
        return out
    }
}
