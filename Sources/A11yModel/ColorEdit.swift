import A11yJSON
import Foundation

/// A replacement of some bytes of a file: what `--fix` writes.
public struct ByteEdit: Sendable, Hashable {
    /// UTF-8 byte range replaced.
    public var range: Range<Int>
    public var replacement: String
    /// Where the replaced text starts (1-based; column in Unicode scalars).
    public var line: Int
    public var column: Int
    /// The text replaced, as it was written.
    public var original: String

    public init(range: Range<Int>, replacement: String, line: Int, column: Int, original: String) {
        self.range = range
        self.replacement = replacement
        self.line = line
        self.column = column
        self.original = original
    }

    /// `bytes` with every edit applied; edits must not overlap.
    public static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return result
    }
}

/// Writes a new colour over a colour value of a spec, in the notation the value was
/// written in: `#RGB`/`#RRGGBB`/`#RRGGBBAA` keep their length (and the digits' case),
/// `{"white", "alpha"}` and `{"red", "green", "blue", "alpha"}` stay objects with their key
/// order and spacing, only the numbers that change being rewritten.
public enum ColorEdit {
    /// The edits that make `node` (a colour value inside `bytes`) read as `color`, or nil when
    /// the notation cannot hold it (a 6-digit hex for a translucent colour, a `white` object
    /// for a colour that is not grey). `accepts` checks a candidate as it would be parsed
    /// back: numbers are written as short as `accepts` allows.
    public static func edits(for node: JSONNode, in bytes: [UInt8], to color: RGBA,
                             accepts: (RGBA) -> Bool) -> [ByteEdit]? {
        switch node.value {
        case .string(let text):
            guard let replacement = hex(color, like: text), let parsed = RGBA(hex: replacement),
                  accepts(parsed) else { return nil }
            if replacement == text { return [] }
            // The string's bytes sit between the quotes (hex digits need no escapes).
            let start = node.position.offset + 1
            return [ByteEdit(range: start..<(start + text.utf8.count), replacement: replacement,
                             line: node.position.line, column: node.position.column + 1, original: text)]
        case .object(let members):
            return objectEdits(members, in: bytes, to: color, accepts: accepts)
        default:
            return nil
        }
    }

    /// `color` in the hex notation of `written`.
    static func hex(_ color: RGBA, like written: String) -> String? {
        let digits = written.dropFirst()
        let lower = digits.contains(where: \.isLowercase) && !digits.contains(where: \.isUppercase)
        func byte(_ c: Double) -> Int { Int((min(max(c, 0), 1) * 255).rounded()) }
        func two(_ v: Int) -> String { v < 16 ? "0" + String(v, radix: 16, uppercase: true) : String(v, radix: 16, uppercase: true) }
        let rgb = [byte(color.red), byte(color.green), byte(color.blue)]
        var result: String
        switch digits.count {
        case 3 where rgb.allSatisfy({ $0 % 17 == 0 }) && color.isOpaque:
            result = "#" + rgb.map { String($0 / 17, radix: 16, uppercase: true) }.joined()
        case 3, 6:
            guard color.isOpaque else { return nil }
            result = "#" + rgb.map(two).joined()
        case 8:
            result = "#" + rgb.map(two).joined() + two(byte(color.alpha))
        default:
            return nil
        }
        return lower ? result.lowercased() : result
    }

    static func objectEdits(_ members: [JSONMember], in bytes: [UInt8], to color: RGBA,
                            accepts: (RGBA) -> Bool) -> [ByteEdit]? {
        var values: [String: JSONNode] = [:]
        for member in members { values[member.key] = member.value }
        var targets: [(key: String, value: Double)]
        if values["white"] != nil {
            guard abs(color.red - color.green) < 1e-9, abs(color.green - color.blue) < 1e-9 else { return nil }
            targets = [("white", color.red)]
        } else {
            targets = [("red", color.red), ("green", color.green), ("blue", color.blue)]
        }
        if values["alpha"] != nil {
            targets.append(("alpha", color.alpha))
        } else if !color.isOpaque {
            return nil
        }
        // Shortest decimals (2 to 6 places) whose parsed colour still passes.
        for places in 2...7 {
            var written: [(key: String, text: String, value: Double)] = []
            for (key, value) in targets {
                guard let node = values[key], let old = node.doubleValue else { return nil }
                // Keep a number that already has the value (to the places written).
                let text = abs(old - value) < 0.5 * pow(10, -Double(places)) && places < 7
                    ? literal(node) : format(value, places: places)
                written.append((key, text, Double(text) ?? value))
            }
            let parsed = parse(written.map { ($0.key, $0.value) }, alpha: values["alpha"] == nil ? 1 : nil)
            guard accepts(parsed) || places == 7 else { continue }
            guard accepts(parsed) else { return nil }
            return written.compactMap { item -> ByteEdit? in
                guard let node = values[item.key] else { return nil }
                let old = literal(node)
                guard old != item.text else { return nil }
                return ByteEdit(range: node.position.offset..<node.endOffset, replacement: item.text,
                                line: node.position.line, column: node.position.column, original: old)
            }
        }
        return nil
    }

    static func literal(_ node: JSONNode) -> String {
        if case .number(_, let literal) = node.value { return literal }
        return ""
    }

    static func parse(_ pairs: [(String, Double)], alpha: Double?) -> RGBA {
        var v: [String: Double] = [:]
        for (k, x) in pairs { v[k] = x }
        let a = v["alpha"] ?? alpha ?? 1
        if let w = v["white"] { return RGBA(white: w, alpha: a) }
        return RGBA(red: v["red"] ?? 0, green: v["green"] ?? 0, blue: v["blue"] ?? 0, alpha: a)
    }

    /// `value` with at most `places` decimals, trailing zeros dropped ("0.5", "1", "0.4627").
    static func format(_ value: Double, places: Int) -> String {
        var text = String(format: "%.\(places)f", min(max(value, 0), 1))
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}

/// A unified diff (`diff -u` form, three lines of context) of one file's change.
public enum UnifiedDiff {
    public static func make(path: String, old: [UInt8], new: [UInt8]) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        // Edits replace text inside lines, so both sides have the same line count unless a
        // value spanned lines; fall back to one hunk of the whole file then.
        var hunks: [(Range<Int>, Range<Int>)] = []
        if a.count == b.count {
            let changed = (0..<a.count).filter { a[$0] != b[$0] }
            var start = -1, end = -1
            for i in changed {
                if start >= 0, i - 3 <= end + 3 { end = i; continue }
                if start >= 0 { hunks.append(context(start, end, a.count)) }
                start = i; end = i
            }
            if start >= 0 { hunks.append(context(start, end, a.count)) }
        } else {
            hunks = [(0..<a.count, 0..<b.count)]
        }
        var out = "--- \(path)\n+++ \(path)\n"
        for (ra, rb) in hunks {
            out += "@@ -\(ra.lowerBound + 1),\(ra.count) +\(rb.lowerBound + 1),\(rb.count) @@\n"
            if a.count == b.count {
                for i in ra {
                    if a[i] == b[i] { out += " " + a[i] + "\n" } else { out += "-" + a[i] + "\n" }
                    if a[i] != b[i] { out += "+" + b[i] + "\n" }
                }
            } else {
                for line in a { out += "-" + line + "\n" }
                for line in b { out += "+" + line + "\n" }
            }
        }
        return out
    }

    static func context(_ start: Int, _ end: Int, _ count: Int) -> (Range<Int>, Range<Int>) {
        let r = max(0, start - 3)..<min(count, end + 4)
        return (r, r)
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
