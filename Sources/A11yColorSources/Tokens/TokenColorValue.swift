import A11yJSON
import A11yModel

/// A colour token's value read: its sRGB colour (CSS Color 4, clipped per channel) and the
/// value as written (the hex string, or `display-p3(0.2 0.4 0.6)` for an object).
struct TokenColorValue: Sendable, Hashable {
    var color: RGBA
    var written: String
}

/// The colour `$value` of the DTCG Color Module 2025.10 (designtokens.org/TR/2025.10/color),
/// section 4: an object `{colorSpace, components, alpha, hex}` (`none` counts as 0, alpha
/// defaults to 1, `hex` is the fallback used only without components), or a hex string
/// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` as earlier drafts and many tools write it.
enum TokenColorReader {
    static let objectKeys = ["colorSpace", "components", "alpha", "hex"]

    /// `component` follows a `{"$ref": "#/…"}` component to the number it points at.
    static func read(_ node: JSONNode, file: String,
                     component: (JSONNode) throws(ColorSourceError) -> JSONNode) throws(ColorSourceError) -> TokenColorValue {
        if let text = node.stringValue {
            guard let color = hex(text) else {
                throw ColorSourceError(file: file, position: node.position,
                                       message: "'\(text)' is not a colour: write #RGB, #RRGGBB or #RRGGBBAA, or an object {\"colorSpace\", \"components\"}")
            }
            return TokenColorValue(color: color, written: text)
        }
        guard let members = node.objectMembers else {
            throw ColorSourceError(file: file, position: node.position,
                                   message: "a colour value must be an object {\"colorSpace\", \"components\"} or a hex string, not \(node.typeName)")
        }
        for member in members where !objectKeys.contains(member.key) {
            throw ColorSourceError(file: file, position: member.keyPosition,
                                   message: "unknown colour property '\(member.key)'\(Suggestions.hint(for: member.key, in: objectKeys))")
        }
        let alpha = try alphaValue(node["alpha"], file: file, component: component)
        guard let components = node["components"] else {
            if let hexNode = node["hex"], let text = hexNode.stringValue, var color = hex(text) {
                if node["alpha"] != nil { color.alpha = min(max(alpha, 0), 1) }
                return TokenColorValue(color: color, written: text)
            }
            throw ColorSourceError(file: file, position: node.position, message: "a colour object needs \"components\"")
        }
        let space = try colorSpace(node, file: file)
        guard let items = components.arrayValue, items.count == 3 else {
            throw ColorSourceError(file: file, position: components.position,
                                   message: "\"components\" of a \(space.rawValue) colour must be an array of 3 numbers or \"none\"")
        }
        var numbers: [Double] = []
        var shown: [String] = []
        for item in items {
            let (number, text) = try componentValue(item, file: file, component: component)
            numbers.append(number)
            shown.append(text)
        }
        guard let color = space.sRGB(numbers, alpha: alpha) else {
            throw ColorSourceError(file: file, position: components.position, message: "colour components must be finite numbers")
        }
        let alphaText = node["alpha"].flatMap { alpha == 1 ? nil : literal($0) }.map { " / \($0)" } ?? ""
        return TokenColorValue(color: color, written: "\(space.rawValue)(\(shown.joined(separator: " "))\(alphaText))")
    }

    static func colorSpace(_ node: JSONNode, file: String) throws(ColorSourceError) -> ColorSpace {
        guard let spaceNode = node["colorSpace"] else {
            throw ColorSourceError(file: file, position: node.position, message: "a colour object needs \"colorSpace\"")
        }
        let names = ColorSpace.allCases.map(\.rawValue)
        guard let name = spaceNode.stringValue, let space = ColorSpace(rawValue: name) else {
            let shown = spaceNode.stringValue ?? spaceNode.typeName
            throw ColorSourceError(file: file, position: spaceNode.position,
                                   message: "unknown colorSpace '\(shown)'\(Suggestions.hint(for: shown, in: names)) (known: \(names.joined(separator: ", ")))")
        }
        return space
    }

    static func componentValue(_ item: JSONNode, file: String,
                               component: (JSONNode) throws(ColorSourceError) -> JSONNode) throws(ColorSourceError) -> (Double, String) {
        let resolved = item.objectMembers != nil ? try component(item) : item
        if resolved.stringValue == "none" { return (0, "none") }
        guard let number = resolved.doubleValue, number.isFinite else {
            throw ColorSourceError(file: file, position: item.position,
                                   message: "a colour component must be a number or \"none\", not \(resolved.stringValue.map { "'\($0)'" } ?? resolved.typeName)")
        }
        return (number, literal(resolved) ?? String(number))
    }

    static func alphaValue(_ node: JSONNode?, file: String,
                           component: (JSONNode) throws(ColorSourceError) -> JSONNode) throws(ColorSourceError) -> Double {
        guard let node else { return 1 }
        let resolved = node.objectMembers != nil ? try component(node) : node
        guard let alpha = resolved.doubleValue, alpha.isFinite else {
            throw ColorSourceError(file: file, position: node.position, message: "\"alpha\" must be a number from 0 to 1, not \(resolved.typeName)")
        }
        return alpha
    }

    static func literal(_ node: JSONNode) -> String? {
        if case .number(_, let text) = node.value { return text }
        return nil
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (ASCII hex digits only).
    static func hex(_ text: String) -> RGBA? {
        let digits = Array(text.utf8.dropFirst())
        guard text.utf8.first == UInt8(ascii: "#"), [3, 4, 6, 8].contains(digits.count) else { return nil }
        var values: [Double] = []
        func nibble(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
        }
        let short = digits.count <= 4
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]) else { return nil }
            if short {
                values.append(Double(high * 17) / 255)
                index += 1
            } else {
                guard let low = nibble(digits[index + 1]) else { return nil }
                values.append(Double(high * 16 + low) / 255)
                index += 2
            }
        }
        return RGBA(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }
}
