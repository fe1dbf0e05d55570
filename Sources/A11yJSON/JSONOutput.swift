/// An ordered JSON value for writing reports: keys keep the order they were given
/// in, so the same report is the same bytes every time.
public indirect enum JSONOutput: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.serialized() == b.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Serializes with two-space indentation (`pretty`) or compactly.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : -1)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        let pretty = indent >= 0
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d): out += JSONOutput.format(d)
        case .string(let s): JSONOutput.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, indent: pretty ? indent + 1 : -1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONOutput.writeString(key, to: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, indent: pretty ? indent + 1 : -1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Shortest round-tripping form; integral values print without a fraction.
    /// Non-finite values have no JSON form and are written as null.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 {
            return String(Int64(d))
        }
        return "\(d)"
    }

    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
