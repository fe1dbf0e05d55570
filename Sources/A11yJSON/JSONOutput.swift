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
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The UTF-8 bytes of `serialized(pretty:)`, without building a `String` on the way.
    public func serializedBytes(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, pretty: pretty)
        return out
    }

    /// Appends the serialization to `out`; `indent` is the nesting level of this value
    /// when pretty (reports append many values to one buffer).
    public func write(to out: inout [UInt8], pretty: Bool = true, indent: Int = 0) {
        switch self {
        case .null: out.append(contentsOf: JSONOutput.nullBytes)
        case .bool(let b): out.append(contentsOf: b ? JSONOutput.trueBytes : JSONOutput.falseBytes)
        case .int(let i): JSONOutput.writeInt(i, to: &out)
        case .number(let d): out.append(contentsOf: JSONOutput.format(d).utf8)
        case .string(let s): JSONOutput.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: JSONOutput.emptyArray); return }
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { JSONOutput.newline(indent + 1, to: &out) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONOutput.newline(indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: JSONOutput.emptyObject); return }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { JSONOutput.newline(indent + 1, to: &out) }
                JSONOutput.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONOutput.newline(indent, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let nullBytes = Array("null".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let emptyArray = Array("[]".utf8)
    private static let emptyObject = Array("{}".utf8)

    /// A line break and two spaces per level (pretty output).
    @inline(__always)
    public static func newline(_ indent: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(2 * indent) { out.append(UInt8(ascii: " ")) }
    }

    /// Decimal digits of `i`, as `String(i)` writes them.
    public static func writeInt(_ i: Int, to out: inout [UInt8]) {
        if i >= 0 && i < 10 {
            out.append(UInt8(ascii: "0") + UInt8(i))
            return
        }
        if i < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = i.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, reversed
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
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
        var bytes: [UInt8] = []
        writeString(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `s` as a JSON string literal: `"`, `\\`, control characters, U+2028 and U+2029
    /// escaped; everything else copied as UTF-8.
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Most strings need no escape: copy runs of plain bytes in one go.
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                let escape: EscapeKind
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 {
                    index += 1
                    continue
                } else if byte == 0xE2 {
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                    guard index + 2 < count, bytes[index + 1] == 0x80,
                          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 else {
                        index += 1
                        continue
                    }
                    escape = .separator(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                } else {
                    escape = .ascii(byte)
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch escape {
                case .separator(let scalar):
                    appendUnicodeEscape(scalar, to: &out)
                    index += 3
                case .ascii(let byte):
                    switch byte {
                    case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
                    case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                    case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                    case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                    case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
                    case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
                    default: appendUnicodeEscape(UInt32(byte), to: &out)
                    }
                    index += 1
                }
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private enum EscapeKind {
        case ascii(UInt8)
        case separator(UInt32)
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnicodeEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
    }
}
