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
    enum Step: Sendable {
        case root
        case key(String)
        case index(Int)
        case name(String)
    }
    /// Every value in document order, with its parent: paths are spelled only for the
    /// places findings ask about.
    struct Place: Sendable {
        var line: Int
        var column: Int
        var parent: Int
        var step: Step
        var node: JSONNode
    }
    private var places: [Place] = []

    /// Values longer than this are cut in keys.
    static let valueLimit = 80

    public init(_ root: JSONNode) {
        visit(root, parent: -1, step: .root)
    }

    private mutating func visit(_ node: JSONNode, parent: Int, step: Step) {
        let index = places.count
        places.append(Place(line: node.position.line, column: node.position.column, parent: parent, step: step, node: node))
        switch node.value {
        case .object(let members):
            for member in members { visit(member.value, parent: index, step: .key(member.key)) }
        case .array(let items):
            for (position, item) in items.enumerated() {
                visit(item, parent: index, step: item["name"]?.stringValue.map(Step.name) ?? .index(position))
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
        let path = self.path(low - 1)
        if place.line == line && place.column == column { return path + " = " + Self.summary(place.node) }
        return path
    }

    /// `a11y.themes["frisbee/light"].colors.textEnabled`, `a11y.variants[name=v1]`, `$` for the root.
    func path(_ index: Int) -> String {
        var steps: [Step] = []
        var i = index
        while i >= 0 {
            steps.append(places[i].step)
            i = places[i].parent
        }
        var out = ""
        for step in steps.reversed() {
            switch step {
            case .root: break
            case .key(let key):
                let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
                out += simple ? (out.isEmpty ? key : "." + key) : "[" + Self.quoted(key) + "]"
            case .index(let n): out += "[\(n)]"
            case .name(let name): out += "[name=" + name + "]"
            }
        }
        return out.isEmpty ? "$" : out
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
