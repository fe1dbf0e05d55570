import A11yJSON

// The DTCG Format Module 2025.10 (designtokens.org/TR/2025.10/format), sections 5 and 6:
// a token file is a tree of groups and tokens. An object with `$value` is a token; any
// other object is a group; keys starting with `$` are properties (`$type`, `$extends`, …),
// except `$root`, the group's root token. Sources merged later replace a token whole and
// merge groups member by member (Resolver Module section 6.2; Format 6.4.3 for `$extends`).

/// One token as written: its object, its `$value` (or `$ref` in place of one), its own
/// `$type`, and the file it stands in.
struct TokenEntry: Sendable {
    var object: JSONNode
    var value: JSONNode?
    /// `"$ref": "#/…"` on a token without `$value` (Format 6.6.2, 7.1.2).
    var pointer: JSONNode?
    var type: String?
    var file: String
}

/// A group: members in source order, its `$type`, and `$extends` (or a `$ref` beside
/// members, its JSON Schema spelling, Format 6.4.1).
struct TokenGroup: Sendable {
    var order: [String] = []
    var members: [String: TokenNode] = [:]
    var type: String?
    var extends: JSONNode?
    var file: String

    init(file: String) { self.file = file }

    subscript(name: String) -> TokenNode? { members[name] }

    mutating func set(_ name: String, _ node: TokenNode) {
        if members.updateValue(node, forKey: name) == nil { order.append(name) }
    }

    /// Lays `other` over this group: tokens replace whole, groups merge, properties
    /// given by `other` win.
    mutating func merge(_ other: TokenGroup) {
        if let type = other.type { self.type = type }
        if let extends = other.extends { self.extends = extends }
        for name in other.order {
            guard let incoming = other.members[name] else { continue }
            if case .group(var mine)? = members[name], case .group(let theirs) = incoming {
                mine.merge(theirs)
                members[name] = .group(mine)
            } else {
                set(name, incoming)
            }
        }
    }
}

indirect enum TokenNode: Sendable {
    case token(TokenEntry)
    case group(TokenGroup)
}

/// Reads one JSON object as a token tree (Format sections 5 and 6).
enum TokenTreeReader {
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated", "$ref"]

    static func group(_ node: JSONNode, file: String, path: [String] = []) throws(ColorSourceError) -> TokenGroup {
        guard let members = node.objectMembers else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "a token group must be a JSON object, not \(node.typeName)")
        }
        var group = TokenGroup(file: file)
        for member in members {
            let key = member.key
            if key == "$root" {
                group.set(key, .token(try token(member.value, file: file, path: path + [key])))
            } else if key == "$type" {
                group.type = try typeName(member.value, file: file)
            } else if key == "$extends" || key == "$ref" {
                group.extends = member.value
            } else if key.hasPrefix("$") {
                continue  // $description, $deprecated, $extensions, $schema and later additions
            } else {
                try checkName(key, at: member.keyPosition, file: file)
                group.set(key, try child(member.value, file: file, path: path + [key]))
            }
        }
        return group
    }

    static func child(_ node: JSONNode, file: String, path: [String]) throws(ColorSourceError) -> TokenNode {
        guard let members = node.objectMembers else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "'\(path.joined(separator: "."))' is \(node.typeName): a token is an object with \"$value\", a group an object of tokens")
        }
        let isToken = members.contains { $0.key == "$value" }
            || (members.contains { $0.key == "$ref" } && !members.contains { !$0.key.hasPrefix("$") })
        return isToken ? .token(try token(node, file: file, path: path)) : .group(try group(node, file: file, path: path))
    }

    static func token(_ node: JSONNode, file: String, path: [String]) throws(ColorSourceError) -> TokenEntry {
        guard let members = node.objectMembers else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "token '\(path.joined(separator: "."))' must be an object with \"$value\", not \(node.typeName)")
        }
        if let stray = members.first(where: { !$0.key.hasPrefix("$") }) {
            throw ColorSourceError(file: file, position: stray.keyPosition,
                                   message: "'\(path.joined(separator: "."))' has \"$value\" and also the member '\(stray.key)': an object is either a token or a group")
        }
        var entry = TokenEntry(object: node, file: file)
        for member in members {
            switch member.key {
            case "$value": entry.value = member.value
            case "$ref": entry.pointer = member.value
            case "$type": entry.type = try typeName(member.value, file: file)
            default: continue
            }
        }
        if entry.value != nil { entry.pointer = nil }
        return entry
    }

    static func typeName(_ node: JSONNode, file: String) throws(ColorSourceError) -> String {
        guard let text = node.stringValue else {
            throw ColorSourceError(file: file, position: node.position, message: "\"$type\" must be a string, not \(node.typeName)")
        }
        return text
    }

    /// Format 5.1.1: names must not start with `$` nor contain `{`, `}` or `.`.
    static func checkName(_ name: String, at position: JSONPosition, file: String) throws(ColorSourceError) {
        if let bad = name.first(where: { $0 == "{" || $0 == "}" || $0 == "." }) {
            throw ColorSourceError(file: file, position: position,
                                   message: "the token or group name '\(name)' contains '\(bad)', which names must not contain ('{', '}' and '.' make aliases)")
        }
    }
}

extension ColorSourceError {
    init(file: String, position: JSONPosition, message: String) {
        self.init(file: file, line: position.line, column: position.column, message: message)
    }
}
