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
        case .number(let d): JSONOutput.writeNumber(d, to: &out)
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
        let length = 1 + 2 * indent
        if length <= indentation.utf8CodeUnitCount {
            indentation.withUTF8Buffer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<length])) }
        } else {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        }
    }

    /// A line break and the indentation of up to 15 levels, as one static piece (no
    /// allocation, no reference counting).
    private static let indentation: StaticString = "\n                              "

    /// Decimal digits of `i`, as `String(i)` writes them.
    public static func writeInt(_ i: Int, to out: inout [UInt8]) {
        writeInt(i, output: &out)
    }

    /// The most bytes `writeInt` writes (`Int.min`: a minus and 19 digits).
    public static var maxIntBytes: Int { 20 }

    /// `writeInt(_:to:)` into raw memory with room for `maxIntBytes` bytes at `start`;
    /// returns the end of what it wrote.
    package static func writeInt(_ i: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var out = RawOutput(next: start)
        writeInt(i, output: &out)
        return out.next
    }

    private static func writeInt(_ i: Int, output out: inout some ByteOutput) {
        if i >= 0 && i < 10 {
            out.put(UInt8(ascii: "0") + UInt8(i))
            return
        }
        if i < 0 { out.put(UInt8(ascii: "-")) }
        var magnitude = i.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, reversed
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.put(buffer[index]) }
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

    /// The bytes of `format(d)`, appended without making a `String` (a report writes
    /// several numbers per finding).
    public static func writeNumber(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else { out.append(contentsOf: nullBytes); return }
        if d == d.rounded(), abs(d) < 1e15 {
            writeInt(Int(Int64(d)), to: &out)
            return
        }
        // `"\(d)"` is `d.write(to:)`, which hands its digits to `_writeASCII`: take them
        // as bytes.
        var stream = ASCIIStream()
        swap(&stream.bytes, &out)
        d.write(to: &stream)
        swap(&stream.bytes, &out)
    }

    /// A text stream over bytes that takes ASCII (what numbers write) without a `String`.
    private struct ASCIIStream: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }

    public static func writeString(_ s: String, to out: inout String) {
        var bytes: [UInt8] = []
        writeString(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `s` as a JSON string literal: `"`, `\\`, control characters, U+2028 and U+2029
    /// escaped; everything else copied as UTF-8.
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        writeString(s, output: &out)
    }

    /// The most bytes `writeString` writes for `s`: the quotes and six per UTF-8 byte (a
    /// control character becomes `\u00XX`; U+2028, three bytes, becomes six).
    public static func maxStringBytes(_ s: String) -> Int { 6 * s.utf8.count + 2 }

    /// `writeString(_:to:)` into raw memory with room for `maxStringBytes(s)` bytes at
    /// `start`; returns the end of what it wrote. For writers that reserve room for a whole
    /// record once rather than growing an array piece by piece.
    package static func writeString(_ s: String, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var out = RawOutput(next: start)
        writeString(s, output: &out)
        return out.next
    }

    private static func writeString(_ s: String, output out: inout some ByteOutput) {
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0, to: &out) }) {
            return done
        }
        var s = s
        s.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// The UTF-8 bytes of a string as a JSON string literal (`writeString(_:to:)`).
    private static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout some ByteOutput) {
        out.put(UInt8(ascii: "\""))
        // Most strings need no escape: find the next byte that may, eight bytes at a
        // time, and copy the plain run before it in one go.
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            index = plainPrefix(bytes, from: index)
            guard index < count else { break }
            let byte = bytes[index]
            let escape: EscapeKind
            if byte == 0xE2 {
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
            out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch escape {
            case .separator(let scalar):
                appendUnicodeEscape(scalar, to: &out)
                index += 3
            case .ascii(let byte):
                switch byte {
                case UInt8(ascii: "\""): out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "\\"))
                case 0x0A: out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "n"))
                case 0x0D: out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "r"))
                case 0x09: out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "t"))
                case 0x08: out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "b"))
                case 0x0C: out.put(UInt8(ascii: "\\")); out.put(UInt8(ascii: "f"))
                default: appendUnicodeEscape(UInt32(byte), to: &out)
                }
                index += 1
            }
            runStart = index
        }
        out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        out.put(UInt8(ascii: "\""))
    }

    /// The index of the first byte at or after `start` that a JSON string may have to
    /// escape (`"`, `\\`, a control character, or 0xE2, which starts U+2028 and U+2029),
    /// `bytes.count` when there is none. Eight bytes are tested at once (SWAR: a lane is
    /// flagged when it is below 0x20 or equal to one of the three).
    @inline(__always)
    private static func plainPrefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C), e2 = word ^ (ones &* 0xE2)
                let flagged = ((word &- ones &* 0x20) & ~word)
                    | ((quote &- ones) & ~quote)
                    | ((backslash &- ones) & ~backslash)
                    | ((e2 &- ones) & ~e2)
                if flagged & high != 0 { break }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return index }
            index += 1
        }
        return count
    }

    private enum EscapeKind {
        case ascii(UInt8)
        case separator(UInt32)
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnicodeEscape(_ scalar: UInt32, to out: inout some ByteOutput) {
        let hex: StaticString = "0123456789abcdef"
        out.put(UInt8(ascii: "\\"))
        out.put(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            out.put(hex.utf8Start[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}

/// Where `writeString` and `writeInt` put their bytes: a growing array, or raw memory
/// that the caller has made room in beforehand (the same escaping code for both).
private protocol ByteOutput {
    mutating func put(_ byte: UInt8)
    mutating func put(_ run: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
    @inline(__always)
    fileprivate mutating func put(_ byte: UInt8) { append(byte) }
    @inline(__always)
    fileprivate mutating func put(_ run: UnsafeBufferPointer<UInt8>) { append(contentsOf: run) }
}

/// Raw memory written from `next` on; the caller has checked there is room.
private struct RawOutput: ByteOutput {
    var next: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        next.initialize(to: byte)
        next += 1
    }

    @inline(__always)
    mutating func put(_ run: UnsafeBufferPointer<UInt8>) {
        guard let base = run.baseAddress else { return }
        next.initialize(from: base, count: run.count)
        next += run.count
    }
}
