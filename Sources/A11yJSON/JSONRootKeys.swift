/// The keys of a JSON document's root object, looked at without building the document: one
/// pass over the bytes that follows only strings and nesting. A walk over an app repository
/// meets megabytes of JSON that is not a11ylint's (data files, asset catalogs, fixtures); this
/// tells most of it apart at the cost of reading it once, without a node or a string made.
public enum JSONRootKeys {
    /// False only when the root of `bytes` is an array, or an object none of whose keys is one
    /// of `keys` (compared as written, quotes excluded). Everything else (another root, a key
    /// spelled with escapes, text that is not JSON) is true: the parser decides those.
    public static func mayHave(anyOf keys: [[UInt8]], in bytes: [UInt8]) -> Bool {
        structural.withUnsafeBufferPointer { structural in
            bytes.withUnsafeBufferPointer { text in
                var i = 0
                let end = text.count
                if end >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { i = 3 } // BOM
                while i < end, isSpace(text[i]) { i += 1 }
                guard i < end else { return true }
                if text[i] == UInt8(ascii: "[") { return false }
                guard text[i] == UInt8(ascii: "{") else { return true }
                var depth = 0
                var expectsKey = false
                while i < end {
                    // Numbers, literals, blanks and colons are passed over in a tight loop.
                    while structural[Int(text[i])] == 0 {
                        i += 1
                        if i == end { return true } // unbalanced: the parser's to report
                    }
                    let byte = text[i]
                    switch byte {
                    case UInt8(ascii: "\""):
                        var j = i + 1
                        var escaped = false
                        while true {
                            j = stringStop(text, from: j)
                            guard j < end else { return true } // unterminated: the parser's to report
                            if text[j] == UInt8(ascii: "\"") { break }
                            escaped = true // a backslash: the byte after it is not the end
                            j += 2
                        }
                        if depth == 1 && expectsKey {
                            if escaped { return true }
                            let key = UnsafeBufferPointer(rebasing: text[(i + 1)..<j])
                            for wanted in keys where wanted.elementsEqual(key) { return true }
                            expectsKey = false
                        }
                        i = j + 1
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        expectsKey = depth == 1
                        if depth == 2 {
                            // A root value's insides hold no root key: passed over whole.
                            guard let after = skipNested(text, from: i + 1, structural: structural) else { return true }
                            depth = 1
                            i = after
                            continue
                        }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return false } // the root object ended
                    case UInt8(ascii: ","):
                        if depth == 1 { expectsKey = true }
                    default:
                        break
                    }
                    i += 1
                }
                return true // unbalanced: the parser's to report
            }
        }
    }

    /// The offset after the bracket that closes the one just before `from`; nil when the text
    /// ends first (unbalanced, or a string left open: the parser's to report). Only strings
    /// and brackets count inside (`structural` 2: commas pass in the tight loop).
    private static func skipNested(_ text: UnsafeBufferPointer<UInt8>, from: Int,
                                   structural: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = from
        let end = text.count
        var level = 1
        while i < end {
            while structural[Int(text[i])] < 2 {
                i += 1
                if i == end { return nil }
            }
            switch text[i] {
            case UInt8(ascii: "\""):
                var j = i + 1
                while true {
                    j = stringStop(text, from: j)
                    guard j < end else { return nil }
                    if text[j] == UInt8(ascii: "\"") { break }
                    j += 2 // a backslash: the byte after it is not the end
                }
                i = j + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
            default: // a closing bracket
                level -= 1
                if level == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// For the bytes the walk acts on outside strings: 1 for the comma, 2 for a quote and
    /// brackets (the bytes `skipNested` stops at).
    private static let structural: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in "\"{}[]".utf8 { table[Int(byte)] = 2 }
        table[Int(UInt8(ascii: ","))] = 1
        return table
    }()

    /// The offset of the first quote or backslash at or after `from` (`text.count` when there
    /// is none). Most of a large data file's bytes are inside strings: they are passed over
    /// eight at a time, by the zero-byte test on a machine word (the lowest lane it marks is
    /// always a real one).
    private static func stringStop(_ text: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var j = from
        let end = text.count
        guard j < end, let base = text.baseAddress else { return max(j, end) }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = ones &* 0x22, backslashes = ones &* 0x5C, highs = ones &* 0x80
        while j + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
            let q = word ^ quotes, b = word ^ backslashes
            let marks = ((q &- ones) & ~q | (b &- ones) & ~b) & highs
            if marks != 0 { return j + marks.trailingZeroBitCount >> 3 }
            j += 8
        }
        while j < end, text[j] != UInt8(ascii: "\""), text[j] != UInt8(ascii: "\\") { j += 1 }
        return j
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
