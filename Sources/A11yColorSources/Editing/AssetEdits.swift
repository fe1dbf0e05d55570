import A11yJSON
import A11yModel
import Foundation

/// Rewrites of a colour set's `Contents.json` for `--fix` (docs/colour-sources.md, "--fix and
/// colour sources"): each failing appearance gets its new colour, either in the entry it reads
/// (when no appearance that keeps its colour reads it too) or in a new entry for that
/// appearance alone (Light, Dark, Light + High Contrast, Dark + High Contrast), copied from the
/// entry it read, components in the same colour space and notation.
public enum AssetEdits {
    /// The entry slot only `appearance` reads once it exists.
    static func own(_ appearance: IOSAppearance) -> ColorSetSlot {
        switch appearance {
        case .light: ColorSetSlot(luminosity: .light, high: false)
        case .dark: ColorSetSlot(luminosity: .dark, high: false)
        case .lightIncreasedContrast: ColorSetSlot(luminosity: .light, high: true)
        case .darkIncreasedContrast: ColorSetSlot(luminosity: .dark, high: true)
        }
    }

    /// The edits of `bytes` (the Contents.json at `file`) that give each appearance of
    /// `targets` its colour and every other appearance the colour it has now. Throws why not.
    public static func edits(_ bytes: [UInt8], file: String, targets: [IOSAppearance: RGBA],
                             system: SystemColors) throws(ColorSourceError) -> [ByteEdit] {
        let entries = try ColorSetReader.read(bytes: bytes, file: file, system: system)
        var added: [ColorSetSlot: (from: ColorSetSlot, color: RGBA?)] = [:]
        var inPlace: [ColorSetSlot: RGBA] = [:]
        func used(_ a: IOSAppearance, _ withAdded: Bool = true) -> ColorSetSlot? {
            ColorSetSlot.fallbacks(for: a).first { entries[$0] != nil || (withAdded && added[$0] != nil) }
        }
        for appearance in IOSAppearance.allCases {
            guard let color = targets[appearance] else { continue }
            guard let slot = used(appearance), let entry = entries[added[slot]?.from ?? slot] else {
                throw TokenEdits.problem("the colour set has no entry for \(appearance.rawValue)")
            }
            if case .system(let name) = entry.value { throw TokenEdits.problem("its entry is the system colour \(name), which cannot be edited") }
            if let new = added[slot], new.color?.hexString == color.hexString { continue }
            let others = IOSAppearance.allCases.filter { used($0) == slot && targets[$0]?.hexString != color.hexString }
            if others.isEmpty || own(appearance) == slot {
                if added[slot] != nil { added[slot]!.color = color } else { inPlace[slot] = color }
            } else {
                added[own(appearance)] = (added[slot]?.from ?? slot, color)
            }
        }
        // Every appearance not asked for keeps the colour it reads now: a copy of its entry of its own.
        for _ in 0..<4 {
            var changed = false
            for appearance in IOSAppearance.allCases where targets[appearance] == nil {
                guard let before = used(appearance, false), used(appearance) != before || inPlace[before] != nil,
                      added[own(appearance)] == nil, entries[own(appearance)] == nil else { continue }
                added[own(appearance)] = (before, nil)
                changed = true
            }
            if !changed { break }
        }
        var edits: [ByteEdit] = []
        for (slot, color) in inPlace { edits += try componentEdits(entries[slot]!.node, to: color) }
        let document = try TokenEdits.parse(bytes)
        guard let last = document.root["colors"]?.arrayValue?.last else { return edits }
        // The new entries after the last one, in the order of the appearances.
        var text = ""
        for slot in IOSAppearance.allCases.map(own) where added[slot] != nil {
            let add = added[slot]!
            text += ",\n" + TokenEdits.indent(bytes, at: last.position.offset)
                + (try copy(entries[add.from]!.node, bytes: bytes, slot: slot, color: add.color))
        }
        if !text.isEmpty {
            edits.append(ByteEdit(range: last.endOffset..<last.endOffset, replacement: text,
                                  line: last.position.line, column: last.position.column, original: ""))
        }
        return edits
    }

    /// The text of `entry` for `slot`: its appearances replaced, its components moved to `color`.
    static func copy(_ entry: JSONNode, bytes: [UInt8], slot: ColorSetSlot, color: RGBA?) throws(ColorSourceError) -> String {
        var edits = try color.map { (c) throws(ColorSourceError) in try componentEdits(entry, to: c) } ?? []
        var parts: [String] = []
        if slot.luminosity != .any { parts.append("{ \"appearance\" : \"luminosity\", \"value\" : \"\(slot.luminosity.rawValue)\" }") }
        if slot.high { parts.append("{ \"appearance\" : \"contrast\", \"value\" : \"high\" }") }
        let array = "[ " + parts.joined(separator: ", ") + " ]"
        if let existing = entry["appearances"] {
            edits.append(TokenEdits.replace(existing, with: array))
        } else if let first = entry.objectMembers?.first {
            let at = first.keyPosition.offset
            edits.append(ByteEdit(range: at..<at, replacement: "\"appearances\" : \(array),\n" + TokenEdits.indent(bytes, at: at),
                                  line: 0, column: 0, original: ""))
        }
        let start = entry.position.offset
        let shifted = edits.map { ByteEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start),
                                           replacement: $0.replacement, line: 0, column: 0, original: "") }
        return String(decoding: ByteEdit.apply(shifted, to: Array(bytes[start..<entry.endOffset])), as: UTF8.self)
    }

    /// The components of `entry` rewritten to `color` in its colour space, each in the
    /// notation it is written in ("0.500", "0x80", "128", 0.5).
    static func componentEdits(_ entry: JSONNode, to color: RGBA) throws(ColorSourceError) -> [ByteEdit] {
        guard let colorNode = entry["color"], let spaceName = colorNode["color-space"]?.stringValue,
              let space = AssetColorSpace(rawValue: spaceName), let components = colorNode["components"] else {
            throw TokenEdits.problem("the entry has no components in a known color-space")
        }
        var values: [String: Double] = [:]
        switch space {
        case .srgb, .extendedSRGB: (values["red"], values["green"], values["blue"]) = (color.red, color.green, color.blue)
        case .displayP3:
            let p3 = ColorSpace.displayP3.components(of: color)
            (values["red"], values["green"], values["blue"]) = (p3[0], p3[1], p3[2])
        case .extendedLinearSRGB:
            (values["red"], values["green"], values["blue"]) = (ColorSpace.decode(color.red), ColorSpace.decode(color.green), ColorSpace.decode(color.blue))
        case .grayGamma22, .extendedGray:
            guard color.hexString.dropFirst().prefix(2) == color.hexString.dropFirst(3).prefix(2),
                  color.hexString.dropFirst().prefix(2) == color.hexString.dropFirst(5).prefix(2) else {
                throw TokenEdits.problem("a \(spaceName) entry cannot hold the colour \(color.hexString)")
            }
            values["white"] = pow(ColorSpace.decode(color.red), 1 / 2.2)
        }
        if let alpha = components["alpha"], let old = try? ComponentNotation.value(of: alpha), abs(old - color.alpha) > 0.5 / 255 {
            values["alpha"] = color.alpha
        }
        var edits: [ByteEdit] = []
        for member in components.objectMembers ?? [] {
            guard let value = values[member.key] else { continue }
            let text = written(value, like: member.value, space: space, color: color)
            if text != ColorSetReader.asWritten(member.value) || member.value.stringValue == nil {
                edits.append(TokenEdits.replace(member.value, with: member.value.stringValue == nil ? text : "\"\(text)\""))
            }
        }
        return edits
    }

    /// `value` (0…1) in the notation of `node`: a float string with at least its decimals,
    /// a `0x` byte, a decimal byte, or a JSON number.
    static func written(_ value: Double, like node: JSONNode, space: AssetColorSpace, color: RGBA) -> String {
        let clipped = space == .srgb || space == .displayP3 || space == .grayGamma22 ? min(max(value, 0), 1) : value
        let byte = Int((min(max(value, 0), 1) * 255).rounded())
        guard let text = node.stringValue?.trimmingCharacters(in: .whitespaces) else {
            return SourceNumber.format(clipped, places: 4)
        }
        if text.contains(".") {
            let places = max(3, text.count - (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) + 1 } ?? text.count))
            return String(format: "%.\(min(places, 6))f", clipped)
        }
        if text.lowercased().hasPrefix("0x") {
            let digits = String(byte, radix: 16, uppercase: !text.dropFirst(2).contains(where: \.isLowercase))
            return String(text.prefix(2)) + (digits.count == 1 ? "0" + digits : digits)
        }
        return String(byte)
    }
}
