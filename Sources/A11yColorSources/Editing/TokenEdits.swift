import A11yJSON
import A11yModel

/// Rewrites of colour tokens for `--fix` (docs/colour-sources.md, "--fix and colour sources"):
/// a token's `$value` in place, in its own notation, and an override of a token in another
/// token file. Every edit is a `ByteEdit` of the file's bytes; nothing else in the file moves.
public enum TokenEdits {
    /// The value node that starts at byte `offset` of `root`.
    static func node(at offset: Int, in root: JSONNode) -> JSONNode? {
        if root.position.offset == offset { return root }
        guard offset > root.position.offset, offset < root.endOffset else { return nil }
        switch root.value {
        case .object(let members): return members.lazy.compactMap { node(at: offset, in: $0.value) }.first
        case .array(let items): return items.lazy.compactMap { node(at: offset, in: $0) }.first
        default: return nil
        }
    }

    /// The edits that make the colour value starting at `offset` of `bytes` read as `color`,
    /// in its notation: a hex string keeps its length and case, an object its `colorSpace`
    /// (components written in that space, `alpha` and `hex` updated where written). Throws why not.
    public static func valueEdits(_ bytes: [UInt8], at offset: Int, to color: RGBA) throws(ColorSourceError) -> [ByteEdit] {
        let document = try parse(bytes)
        guard let node = node(at: offset, in: document.root) else { throw problem("the token's value is no longer where it was read") }
        switch node.value {
        case .string(let text):
            guard let hex = hex(color, like: text) else { throw problem("the notation \(text) cannot hold \(color.hexString)") }
            return hex == text ? [] : [replace(node, with: "\"\(hex)\"")]
        case .object:
            return try objectEdits(node, to: color)
        default:
            throw problem("the token's value is not a colour")
        }
    }

    static func parse(_ bytes: [UInt8]) throws(ColorSourceError) -> JSONDocument {
        do { return try JSONDocument(bytes: bytes) } catch { throw problem(error.message) }
    }

    static func problem(_ message: String) -> ColorSourceError {
        ColorSourceError(file: "", line: 0, column: 0, message: message)
    }

    static func replace(_ node: JSONNode, with text: String) -> ByteEdit {
        ByteEdit(range: node.position.offset..<node.endOffset, replacement: text, line: node.position.line,
                 column: node.position.column, original: "")
    }

    /// `color` in the hex notation of `written` (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`), or nil.
    static func hex(_ color: RGBA, like written: String) -> String? {
        let digits = written.dropFirst()
        let lower = digits.contains(where: \.isLowercase) && !digits.contains(where: \.isUppercase)
        let long = color.hexString.dropFirst()  // RRGGBB or RRGGBBAA
        let rgba = Array(long.count == 6 ? long + "FF" : long)
        var result: String
        switch digits.count {
        case 3, 6: guard color.isOpaque else { return nil }; result = String(rgba[0..<6])
        case 4, 8: result = String(rgba)
        default: return nil
        }
        if digits.count <= 4 {
            // Short form only when every byte is a doubled digit.
            let pairs = stride(from: 0, to: result.count, by: 2).map { Array(result)[$0..<($0 + 2)] }
            guard pairs.allSatisfy({ $0[0] == $0[1] }) else { return nil }
            result = String(pairs.map(\.[0]))
        }
        result = "#" + result
        return lower ? result.lowercased() : result
    }

    /// A DTCG colour object rewritten in its own colour space.
    static func objectEdits(_ node: JSONNode, to color: RGBA) throws(ColorSourceError) -> [ByteEdit] {
        guard let spaceName = node["colorSpace"]?.stringValue, let space = ColorSpace(rawValue: spaceName),
              let items = node["components"]?.arrayValue, items.count == 3 else {
            throw problem("the colour object has no components in a known colorSpace")
        }
        guard items.allSatisfy({ $0.doubleValue != nil || $0.stringValue == "none" }) else {
            throw problem("its components point at other values ($ref): edit those")
        }
        let oldHue = [ColorSpace.hsl, .hwb].contains(space) ? items[0].doubleValue : ([.lch, .oklch].contains(space) ? items[2].doubleValue : nil)
        let values = space.components(of: color, hue: oldHue)
        let target = color.hexString
        guard let texts = SourceNumber.shortest(values, from: [.hsl, .hwb, .lab, .lch].contains(space) ? 1 : 3, check: { texts in
            space.sRGB(texts.map { Double($0) ?? 0 }, alpha: color.alpha)?.hexString == target
        }) else { throw problem("\(spaceName) components cannot give \(color.hexString)") }
        var edits: [ByteEdit] = []
        for (item, text) in zip(items, texts) where TokenColorReader.literal(item) != text {
            if item.stringValue == "none", Double(text) == 0 { continue }
            edits.append(replace(item, with: text))
        }
        if let alpha = node["alpha"], let old = alpha.doubleValue, abs(old - color.alpha) > 0.5 / 255 {
            edits.append(replace(alpha, with: SourceNumber.format(color.alpha, places: 3)))
        } else if node["alpha"] == nil, !color.isOpaque {
            throw problem("the colour object has no alpha to hold \(color.hexString)")
        }
        if let hexNode = node["hex"], let written = hexNode.stringValue, let hex = hex(color, like: written), hex != written {
            edits.append(replace(hexNode, with: "\"\(hex)\""))
        }
        return edits
    }

    /// `color` written as a new `$value` in the notation of `like` (a value node of the same
    /// token): a hex string of the same form, or a one-line colour object in the same space.
    public static func valueText(_ color: RGBA, like bytes: [UInt8], at offset: Int) throws(ColorSourceError) -> String {
        let document = try parse(bytes)
        guard let node = node(at: offset, in: document.root) else { throw problem("the token's value is no longer where it was read") }
        if let text = node.stringValue {
            guard let hex = hex(color, like: text) ?? hex(color, like: color.isOpaque ? "#RRGGBB" : "#RRGGBBAA") else {
                throw problem("cannot write \(color.hexString)")
            }
            return "\"\(hex)\""
        }
        // Lay the object's own edits over a copy of its text.
        let edits = try objectEdits(node, to: color)
        let start = node.position.offset
        let shifted = edits.map { ByteEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start),
                                           replacement: $0.replacement, line: 0, column: 0, original: "") }
        let text = ByteEdit.apply(shifted, to: Array(bytes[start..<node.endOffset]))
        return String(decoding: text, as: UTF8.self)
    }

    /// The edits that give the token `path` the value `valueText` in the token file `bytes`:
    /// its `$value` replaced when the file defines it, else the token added to the deepest
    /// group of its path the file has (with `"$type": "color"`), the missing groups around it.
    public static func overrideEdits(_ bytes: [UInt8], path: [String], valueText: String) throws(ColorSourceError) -> [ByteEdit] {
        let document = try parse(bytes)
        var group = document.root
        var depth = 0
        while depth < path.count, let next = group[path[depth]], next.objectMembers != nil {
            group = next
            depth += 1
            if depth == path.count { break }
        }
        if depth == path.count {
            guard let value = group["$value"] else { throw problem("the token '\(path.joined(separator: "."))' there has no $value to replace") }
            return [replace(value, with: valueText)]
        }
        guard let members = group.objectMembers else { throw problem("'\(path[..<depth].joined(separator: "."))' is not a group there") }
        var inner = "{ \"$type\": \"color\", \"$value\": \(valueText) }"
        for name in path[(depth + 1)...].reversed() { inner = "{ \"\(name)\": \(inner) }" }
        let member = "\"\(path[depth])\": \(inner)"
        let close = group.endOffset - 1  // the group's `}`
        guard let last = members.last else {
            return [ByteEdit(range: close..<close, replacement: " \(member) ", line: group.position.line, column: group.position.column, original: "")]
        }
        // After the last member, on a new line indented as that member's key.
        let indent = Self.indent(bytes, at: last.keyPosition.offset)
        let end = last.value.endOffset
        return [ByteEdit(range: end..<end, replacement: ",\n" + indent + member, line: last.value.position.line,
                         column: last.keyPosition.column, original: "")]
    }

    /// The spaces and tabs before `offset` on its line (empty when other text precedes it there).
    static func indent(_ bytes: [UInt8], at offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return " " }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
}
