@testable import A11yJSON

/// Line and column of `offset` computed the slow, obvious way (for cross-checking).
func naivePosition(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < offset {
        let byte = bytes[index]
        if byte == 0x0A {
            line += 1; column = 1
        } else if byte == 0x0D {
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                if index + 1 == offset { column += 1; break }
                index += 1
            }
            line += 1; column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }
    return (line, column)
}

/// Every node of a tree with its members' keys, visited without recursion.
func allNodes(_ root: JSONNode) -> (nodes: [JSONNode], keyPositions: [JSONPosition]) {
    var nodes: [JSONNode] = []
    var keys: [JSONPosition] = []
    var pending = [root]
    while let node = pending.popLast() {
        nodes.append(node)
        switch node.value {
        case .array(let items): pending.append(contentsOf: items)
        case .object(let members):
            keys.append(contentsOf: members.map(\.keyPosition))
            pending.append(contentsOf: members.map(\.value))
        default: break
        }
    }
    return (nodes, keys)
}

/// Small deterministic generator so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A component spec as teams write it: indentation, non-ASCII text, escapes in usage.
let sampleSpec = """
{
  "name": "CheckboxView",
  "description": "Case à cocher — “accessible” ✓",
  "import": "import Components",
  "properties": [
    { "name": "isChecked", "type": "Bool", "description": "Whether it is checked" },
    { "name": "text", "type": "String?", "description": null }
  ],
  "usage": "let box = CheckboxView()\\nbox.configure(text: \\"Accept terms\\", isChecked: true)\\n\\tbox.disabled(true) // \\u00e9 \\ud83d\\ude00",
  "tags": ["checkbox", "toggle", "form"],
  "a11y": {
    "kind": "checkbox",
    "geometry": { "outerSize": 24, "innerSize": 20, "borderWidth": 2, "cornerRadius": 6.5e0, "gap": -0.0 },
    "variants": [ { "name": "accept-terms", "text": "Accept terms", "checked": false, "enabled": true } ]
  }
}

"""
