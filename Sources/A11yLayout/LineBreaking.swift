import CICULineBreak

/// One line of a wrapped label.
public struct LabelLine: Sendable, Hashable {
    /// The line's text without its trailing (hanging) white space or line terminator.
    public var text: String
    /// The shaped width of `text` in points.
    public var width: Double
    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}

/// A UAX #14 break opportunity: the UTF-8 byte offset the next line may start at.
struct BreakOpportunity: Hashable {
    var offset: Int
    /// A mandatory break (after a line feed, paragraph separator, …).
    var isMandatory: Bool
}

enum LineBreaking {
    /// Bytes of a long run measured first on their own (see `wrap`).
    static let prefixProbe = 512

    /// ICU's line-break opportunities of `utf8` (the end of the text is always one), by the
    /// rules of `locale` (the label's language; nil or "en": the root rules).
    static func opportunities(utf8: UnsafeBufferPointer<UInt8>, locale: String? = nil) -> [BreakOpportunity] {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return [] }
        let icuLocale = locale.flatMap { $0 == "en" || $0.isEmpty ? nil : $0.replacingOccurrences(of: "-", with: "_") }
        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
            var capacity = utf8.count + 1
            while true {
                var offsets = [Int32](repeating: 0, count: capacity)
                var mandatory = [UInt8](repeating: 0, count: capacity)
                let count: Int
                if let icuLocale {
                    count = Int(a11y_line_breaks_locale(chars, Int32(utf8.count), icuLocale, &offsets, &mandatory,
                                                        Int32(capacity)))
                } else {
                    count = Int(a11y_line_breaks(chars, Int32(utf8.count), &offsets, &mandatory, Int32(capacity)))
                }
                if count < 0 { return [BreakOpportunity(offset: utf8.count, isMandatory: false)] }
                if count <= capacity {
                    return (0..<count).map { BreakOpportunity(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0) }
                }
                capacity = count
            }
        }
    }

    static func opportunities(in text: String) -> [BreakOpportunity] {
        var text = text
        return text.withUTF8 { opportunities(utf8: $0) }
    }

    /// Extended grapheme cluster boundaries of `utf8` after its start.
    static func graphemeBoundaries(utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return [] }
        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
            var capacity = utf8.count + 1
            while true {
                var offsets = [Int32](repeating: 0, count: capacity)
                let count = Int(a11y_grapheme_offsets(chars, Int32(utf8.count), &offsets, Int32(capacity)))
                if count < 0 { return [utf8.count] }
                if count <= capacity { return offsets[0..<count].map(Int.init) }
                capacity = count
            }
        }
    }

    /// White space that hangs at the end of a line: space separators that allow a
    /// break (not the no-break ones), tabs, and line terminators.
    static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        case 0xA0, 0x2007, 0x202F: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// The end of `bytes[start..<end]` once trailing hanging white space is dropped.
    static func visibleEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start {
            // Step back over one UTF-8 scalar.
            var scalarStart = end - 1
            while scalarStart > start, bytes[scalarStart] & 0xC0 == 0x80 { scalarStart -= 1 }
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[scalarStart..<end]).makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator), hangs(scalar) else { break }
            end = scalarStart
        }
        return end
    }

    /// Greedy line filling at UAX #14 opportunities. A line holds as many segments as
    /// fit in `maxWidth` (trailing white space not counted); a segment wider than the
    /// line on its own is split between grapheme clusters (at least one per line);
    /// mandatory breaks always end a line. `measure` gives the width of a byte range.
    static func wrap(utf8 bytes: UnsafeBufferPointer<UInt8>, maxWidth: Double, locale: String? = nil,
                     measure: (Range<Int>) -> Double) -> [(range: Range<Int>, width: Double)] {
        let count = bytes.count
        guard count > 0 else { return [] }
        let breaks = opportunities(utf8: bytes, locale: locale)
        // Grapheme boundaries of the whole text, found once when a word first needs
        // splitting: computing them per line for the rest of the text made a long unbroken
        // label quadratic (32,000 characters took seconds).
        var clusterOffsets: [Int]?
        var lines: [(range: Range<Int>, width: Double)] = []
        var lineStart = 0
        var next = 0 // first opportunity after lineStart
        while lineStart < count {
            while next < breaks.count, breaks[next].offset <= lineStart { next += 1 }
            guard next < breaks.count else { break }
            var fitted: (end: Int, width: Double)?
            var candidate = next
            while candidate < breaks.count {
                let end = breaks[candidate].offset
                let visible = visibleEnd(bytes, lineStart, end)
                // A long run is first measured by a prefix: once that alone is clearly too
                // wide, so is the run (shaping the rest of a long label for every line made
                // wrapping quadratic).
                if visible - lineStart > prefixProbe {
                    var probeEnd = lineStart + prefixProbe
                    while probeEnd < visible, bytes[probeEnd] & 0xC0 == 0x80 { probeEnd += 1 }
                    if measure(lineStart..<probeEnd) > maxWidth * 1.01 + 1 { break }
                }
                let width = measure(lineStart..<visible)
                guard width <= maxWidth else { break }
                fitted = (end, width)
                if breaks[candidate].isMandatory { break }
                candidate += 1
            }
            if let fitted {
                let visible = visibleEnd(bytes, lineStart, fitted.end)
                lines.append((lineStart..<visible, fitted.width))
                lineStart = fitted.end
                continue
            }
            // The first segment alone is too wide: split it between grapheme clusters.
            let segmentEnd = breaks[next].offset
            if clusterOffsets == nil { clusterOffsets = graphemeBoundaries(utf8: bytes) }
            let all = clusterOffsets!
            // The first cluster boundary after the line's start (binary search), then on
            // while the line still fits.
            var low = 0, high = all.count
            while low < high {
                let mid = (low + high) / 2
                if all[mid] <= lineStart { low = mid + 1 } else { high = mid }
            }
            var splitEnd = low < all.count ? min(all[low], segmentEnd) : segmentEnd
            var splitWidth = measure(lineStart..<visibleEnd(bytes, lineStart, splitEnd))
            var index = low + 1
            while index < all.count, all[index] <= segmentEnd {
                let end = all[index]
                let width = measure(lineStart..<visibleEnd(bytes, lineStart, end))
                guard width <= maxWidth else { break }
                splitEnd = end
                splitWidth = width
                index += 1
            }
            // White space left over in the segment hangs at the end of this line rather
            // than becoming an empty line of its own.
            if visibleEnd(bytes, splitEnd, segmentEnd) == splitEnd { splitEnd = segmentEnd }
            lines.append((lineStart..<visibleEnd(bytes, lineStart, splitEnd), splitWidth))
            lineStart = splitEnd
        }
        return lines
    }
}
