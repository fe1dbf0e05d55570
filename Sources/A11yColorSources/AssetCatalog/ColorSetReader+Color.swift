import A11yJSON
import A11yModel

extension ColorSetReader {
    /// The colour an entry gives: its `color` object's components in its colour space, or
    /// the system colour it references.
    func colorEntry(_ entry: JSONNode) throws(ColorSourceError) -> ColorSetEntry {
        guard let color = entry["color"] else { throw failure(entry, "a colour entry needs a \"color\" object") }
        guard color.objectMembers != nil else { throw failure(color, "'color' must be an object, not \(color.typeName)") }
        if let reference = color["reference"] {
            guard let name = reference.stringValue else {
                throw failure(reference, "'reference' must be a string, not \(reference.typeName)")
            }
            guard let tableName = system.tableName(forUIKitName: name) else {
                let known = system.colorNames.map { $0 + "Color" }
                throw failure(reference, "unknown system colour '\(name)' in the \(system.release) table"
                              + Suggestions.hint(for: name, in: known))
            }
            return ColorSetEntry(value: .system(tableName), line: entry.position.line, written: name, node: entry)
        }
        let space = try colorSpace(of: color)
        guard let componentsNode = color["components"] else { throw failure(color, "'color' needs \"components\"") }
        guard let members = componentsNode.objectMembers else {
            throw failure(componentsNode, "'components' must be an object, not \(componentsNode.typeName)")
        }
        for member in members where !(space.componentKeys + ["alpha"]).contains(member.key) {
            throw failure(key: member, "unknown component '\(member.key)' for \(space.rawValue)"
                          + Suggestions.hint(for: member.key, in: space.componentKeys + ["alpha"]))
        }
        var values: [Double] = []
        var written: [String] = []
        for key in space.componentKeys {
            guard let node = componentsNode[key] else {
                throw failure(componentsNode, "\(space.rawValue) components need '\(key)' (\(space.componentKeys.joined(separator: ", ")), optional alpha)")
            }
            values.append(try number(node, key: key))
            written.append(Self.asWritten(node))
        }
        var alpha = 1.0
        if let node = componentsNode["alpha"] {
            alpha = try number(node, key: "alpha")
            written.append("/ " + Self.asWritten(node))
        }
        guard let rgba = space.sRGB(values, alpha: alpha) else { throw failure(componentsNode, "components too large to convert to sRGB") }
        return ColorSetEntry(value: .literal(rgba), line: entry.position.line,
                             written: "\(space.rawValue)(\(written.joined(separator: " ")))", node: entry)
    }

    func colorSpace(of color: JSONNode) throws(ColorSourceError) -> AssetColorSpace {
        guard let node = color["color-space"] else {
            throw failure(color, "'color' needs \"color-space\" (\(AssetColorSpace.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let name = node.stringValue else { throw failure(node, "'color-space' must be a string, not \(node.typeName)") }
        guard let space = AssetColorSpace(rawValue: name) else {
            throw failure(node, "unsupported color-space '\(name)' (\(AssetColorSpace.allCases.map(\.rawValue).joined(separator: ", ")))"
                          + Suggestions.hint(for: name, in: AssetColorSpace.allCases.map(\.rawValue)))
        }
        return space
    }

    func number(_ node: JSONNode, key: String) throws(ColorSourceError) -> Double {
        do {
            return try ComponentNotation.value(of: node)
        } catch .byteOutOfRange {
            throw failure(node, "component '\(key)' \(Self.asWritten(node)) is not a byte (0–255; write 0–1 values with a '.')")
        } catch {
            throw failure(node, "component '\(key)' must be a number: \"0.5\" (0–1), \"128\" or \"0x80\" (a byte), not \(Self.asWritten(node))")
        }
    }

    /// A component as the file writes it (a string's text, a number's literal).
    static func asWritten(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): return text.count > 24 ? String(text.prefix(24)) + "…" : text
        case .number(_, let literal): return literal
        default: return node.typeName
        }
    }
}
