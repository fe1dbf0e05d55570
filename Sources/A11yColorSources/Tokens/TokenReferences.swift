import A11yJSON

// The two reference syntaxes of the DTCG Format Module 2025.10, section 7.1: a whole-value
// curly-brace alias `{group.token}` (always a complete token) and a JSON pointer `#/group/token/$value`
// (RFC 6901, any place in the document, `~1` for `/` and `~0` for `~`).

enum TokenReferences {
    /// The token path of a whole-value `{a.b.c}` alias, or nil when the text is not one.
    static func braceAlias(_ text: String) -> [String]? {
        guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The segments of a same-document pointer `#/a/b` (`#` alone is the root), or nil when
    /// the text is not a same-document JSON pointer.
    static func pointer(_ text: String) -> [String]? {
        guard text.hasPrefix("#") else { return nil }
        let body = text.dropFirst()
        if body.isEmpty { return [] }
        guard body.hasPrefix("/") else { return nil }
        return body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// RFC 6901 over a plain JSON tree: object members by key, array items by index.
    static func node(at segments: some Sequence<String>, in root: JSONNode) -> JSONNode? {
        var node = root
        for key in segments {
            if let members = node.objectMembers, let next = members.last(where: { $0.key == key }) {
                node = next.value
            } else if let items = node.arrayValue, let i = Int(key), String(i) == key, items.indices.contains(i) {
                node = items[i]
            } else {
                return nil
            }
        }
        return node
    }

    static func pointerText(_ path: [String]) -> String {
        "#/" + path.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined(separator: "/")
    }
}

/// What a pointer or path reaches in a token tree.
enum TokenTarget {
    case group(TokenGroup)
    /// A token, reached as the token object or as its `$value`.
    case token(path: [String])
    /// A place inside a token's object below `$value` (a component, `hex`, …) or one of its other properties.
    case fragment(JSONNode, file: String)
}

extension TokenGroup {
    /// Walks `segments` down groups, then into a token's JSON; nil when nothing is there.
    func locate(_ segments: [String]) -> TokenTarget? {
        var group = self
        for (index, segment) in segments.enumerated() {
            switch group.members[segment] {
            case nil: return nil
            case .group(let child)?: group = child
            case .token(let entry)?:
                let rest = segments[(index + 1)...]
                if rest.isEmpty || Array(rest) == ["$value"] { return .token(path: Array(segments[...index])) }
                return TokenReferences.node(at: rest, in: entry.object).map { .fragment($0, file: entry.file) }
            }
        }
        return .group(group)
    }
}
