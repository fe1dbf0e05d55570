import CLiteralScan

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
    ///
    /// Data files are dense with strings and brackets, a few bytes apart: a search for the next
    /// one gains little. So the bytes are read 64 at a time as bit masks (`Block`): the quotes
    /// tell which bytes are inside strings, and a block with fewer closing brackets outside them
    /// than the brackets still open only changes the count (the method of simdjson's first
    /// stage). A block with a backslash (an escape) is read byte by byte, as is the end of the
    /// text.
    private static func skipNested(_ text: UnsafeBufferPointer<UInt8>, from: Int,
                                   structural: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = from
        let end = text.count
        var level = 1
        // Whether byte `i` is inside a string (one that a block before opened).
        var inString = false
        while i < end {
            if i + 64 <= end, let base = text.baseAddress {
                let block = Block(base + i)
                if block.backslashes == 0 {
                    // Each byte from an opening quote up to its closing one is inside a string:
                    // a running XOR of the quote bits, flipped when the block starts inside one.
                    let inside = runningXOR(block.quotes) ^ (inString ? ~0 : 0)
                    let opens = block.opens & ~inside
                    let closes = block.closes & ~inside
                    if closes.nonzeroBitCount < level {
                        level += opens.nonzeroBitCount - closes.nonzeroBitCount
                    } else {
                        var marks = opens | closes
                        while marks != 0 {
                            let k = marks.trailingZeroBitCount
                            if opens >> UInt64(k) & 1 != 0 {
                                level += 1
                            } else {
                                level -= 1
                                if level == 0 { return i + k + 1 }
                            }
                            marks &= marks &- 1
                        }
                    }
                    inString = inside >> 63 != 0
                    i += 64
                    continue
                }
            }
            if inString {
                guard let after = stringEnd(text, from: i) else { return nil }
                i = after
                inString = false
            }
            // Byte by byte up to the next block (or the end).
            let stop = min(i + 64, end)
            while i < stop {
                while structural[Int(text[i])] < 2 {
                    i += 1
                    if i == end { return nil }
                }
                switch text[i] {
                case UInt8(ascii: "\""):
                    guard let after = stringEnd(text, from: i + 1) else { return nil }
                    i = after
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    level += 1
                default: // a closing bracket
                    level -= 1
                    if level == 0 { return i + 1 }
                }
                i += 1
            }
        }
        return nil
    }

    /// The offset after the end of the string whose text goes on at `from`; nil when the text
    /// ends first.
    private static func stringEnd(_ text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var j = from
        while true {
            j = stringStop(text, from: j)
            guard j < text.count else { return nil }
            if text[j] == UInt8(ascii: "\"") { return j + 1 }
            j += 2 // a backslash: the byte after it is not the end
        }
    }

    /// Bit k of each mask for byte k of 64: quotes, backslashes, `{` or `[`, `}` or `]`
    /// (`clitscan_json_masks`: sixteen bytes a step, which Swift's vectors do not give as bits).
    private struct Block {
        var quotes: UInt64
        var backslashes: UInt64
        var opens: UInt64
        var closes: UInt64

        @inline(__always)
        init(_ p: UnsafePointer<UInt8>) {
            var masks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutablePointer(to: &masks) { tuple in
                tuple.withMemoryRebound(to: UInt64.self, capacity: 4) { clitscan_json_masks(p, $0) }
            }
            (quotes, backslashes, opens, closes) = masks
        }
    }

    /// Bit k set when an odd number of the bits 0...k of `x` are set.
    @inline(__always)
    private static func runningXOR(_ x: UInt64) -> UInt64 {
        var y = x
        y ^= y &<< 1
        y ^= y &<< 2
        y ^= y &<< 4
        y ^= y &<< 8
        y ^= y &<< 16
        y ^= y &<< 32
        return y
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
