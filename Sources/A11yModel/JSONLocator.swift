import A11yJSON

/// What identifies a place in a spec for a baseline: the JSON path of the value a finding
/// points at, and the value, instead of the text of its line (a minified spec is one line
/// of a hundred kilobytes, and its line text changes with any edit).
///
/// `a11y.themes["frisbee/light"].colors.textEnabled = "#00000080"`; array elements that are
/// objects with a `name` go by it (`a11y.variants[name=accept-terms]`), so inserting a
/// variant does not rename the others; a position inside a value (a call in `usage`) gets
/// that value's path.
public struct JSONLocator: Sendable {
    struct Place {
        var line: Int
        var column: Int
        var path: String
        var summary: String
    }
    private var places: [Place] = []

    /// Values longer than this are cut in keys.
    static let valueLimit = 80

    public init(_ root: JSONNode) {
        visit(root, path: "$")
    }

    private mutating func visit(_ node: JSONNode, path: String) {
        places.append(Place(line: node.position.line, column: node.position.column, path: path,
                            summary: Self.summary(node)))
        switch node.value {
        case .object(let members):
            for member in members {
                let simple = !member.key.isEmpty && member.key.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
                let child = path == "$" && simple ? member.key
                    : simple ? path + "." + member.key : path + "[" + Self.quoted(member.key) + "]"
                visit(member.value, path: child)
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                let name = item["name"]?.stringValue.map { "name=" + $0 } ?? String(index)
                visit(item, path: path + "[" + name + "]")
            }
        default:
            break
        }
    }

    /// The key of the place at `line`:`column`: the path of the value starting there (with
    /// the value), or of the value it lies in.
    public func key(line: Int, column: Int) -> String {
        // The last value in document order that starts at or before the position.
        var low = 0, high = places.count
        while low < high {
            let mid = (low + high) / 2
            let p = places[mid]
            if (p.line, p.column) <= (line, column) { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return "$" }
        let place = places[low - 1]
        if place.line == line && place.column == column { return place.path + " = " + place.summary }
        return place.path
    }

    static func summary(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let literal): return String(literal.prefix(valueLimit))
        case .string(let s): return quoted(String(s.prefix(valueLimit)))
        case .array: return "[…]"
        case .object: return "{…}"
        }
    }

    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
