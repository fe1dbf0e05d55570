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
    ///
    /// How much fits is found by galloping from the previous line's count (`lastFitting`):
    /// lines of even text take two or three measurements each, not one per segment or
    /// cluster, so a 32,000-character label wraps in a few milliseconds.
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
        var segmentsPerLine = 1, clustersPerLine = 1, lastLineBytes = prefixProbe
        let mandatory = firstMandatory(breaks)
        // Widths measured for the current line, by end offset.
        var widths: [Int: Double] = [:]
        func width(to end: Int) -> Double {
            if let known = widths[end] { return known }
            let width = measure(lineStart..<visibleEnd(bytes, lineStart, end))
            widths[end] = width
            return width
        }
        // The end of the segment the last line split (its rest starts this line).
        var splitSegmentEnd = -1
        /// The most whole segments from `next` on that fit on the line, as the line's end.
        func fitSegments() -> Int? {
            // Candidates run up to the first mandatory break, which ends the line if reached.
            let limit = min(mandatory[next] + 1, breaks.count)
            // The prefix measured first (below): twice the last line is plenty to tell.
            let probeLength = min(prefixProbe, max(32, 2 * lastLineBytes))
            let fitted = lastFitting(next..<limit, hint: next + segmentsPerLine - 1) { candidate in
                let end = breaks[candidate].offset
                let visible = visibleEnd(bytes, lineStart, end)
                // A long run is first measured by a prefix: once that alone is clearly too
                // wide, so is the run (shaping the rest of a long label for every line made
                // wrapping quadratic).
                if visible - lineStart > probeLength {
                    var probeEnd = lineStart + probeLength
                    while probeEnd < visible, bytes[probeEnd] & 0xC0 == 0x80 { probeEnd += 1 }
                    if measure(lineStart..<probeEnd) > maxWidth * 1.01 + 1 { return false }
                }
                return width(to: end) <= maxWidth
            }
            guard let fitted else { return nil }
            segmentsPerLine = fitted - next + 1
            return breaks[fitted].offset
        }
        func endLine(at end: Int, width: Double) {
            lines.append((lineStart..<visibleEnd(bytes, lineStart, end), width))
            lastLineBytes = end - lineStart
            lineStart = end
        }
        while lineStart < count {
            while next < breaks.count, breaks[next].offset <= lineStart { next += 1 }
            guard next < breaks.count else { break }
            widths.removeAll(keepingCapacity: true)
            let segmentEnd = breaks[next].offset
            // The rest of a segment split on the line before is split again unless it all
            // fits (found below by the split itself), so whole segments are tried first
            // only on a segment's first line.
            let continuing = segmentEnd == splitSegmentEnd
            if !continuing, let end = fitSegments() {
                endLine(at: end, width: width(to: end))
                continue
            }
            // The first segment alone is too wide: split it between grapheme clusters.
            if clusterOffsets == nil { clusterOffsets = graphemeBoundaries(utf8: bytes) }
            let all = clusterOffsets!
            // The line holds the first cluster whatever its width; then as many more as fit.
            let (low, upper) = clusters(all, after: lineStart, through: segmentEnd)
            let first = low < all.count ? min(all[low], segmentEnd) : segmentEnd
            let more = lastFitting((low + 1)..<upper, hint: low + clustersPerLine - 1) { width(to: all[$0]) <= maxWidth }
            // The whole rest of a split segment fits: whole segments after it may too.
            if continuing, more ?? low == upper - 1, let end = fitSegments() {
                endLine(at: end, width: width(to: end))
                continue
            }
            var splitEnd = more.map { all[$0] } ?? first
            clustersPerLine = (more ?? low) - low + 1
            let splitWidth = width(to: splitEnd)
            // White space left over in the segment hangs at the end of this line rather
            // than becoming an empty line of its own.
            if visibleEnd(bytes, splitEnd, segmentEnd) == splitEnd { splitEnd = segmentEnd }
            splitSegmentEnd = segmentEnd
            endLine(at: splitEnd, width: splitWidth)
        }
        return lines
    }

    /// For each opportunity, the index of the first mandatory break at or after it (or
    /// `breaks.count` when none follows).
    static func firstMandatory(_ breaks: [BreakOpportunity]) -> [Int] {
        var mandatory = [Int](repeating: breaks.count, count: breaks.count)
        var following = breaks.count
        for i in breaks.indices.reversed() {
            if breaks[i].isMandatory { following = i }
            mandatory[i] = following
        }
        return mandatory
    }

    /// The cluster boundaries (sorted `offsets`) of a segment being split, by binary
    /// search: `first`, the index of the first boundary after `start`, and `upper`, the
    /// index past the last boundary at or before `segmentEnd`.
    static func clusters(_ offsets: [Int], after start: Int,
                         through segmentEnd: Int) -> (first: Int, upper: Int) {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] <= start { low = mid + 1 } else { high = mid }
        }
        var upper = offsets.count
        var from = low + 1
        while from < upper {
            let mid = (from + upper) / 2
            if offsets[mid] <= segmentEnd { from = mid + 1 } else { upper = mid }
        }
        return (low, upper)
    }

    /// The last index of `range` for which `fits` holds, where it holds for the indexes up
    /// to some point and not after (nil: not even for the first). Gallops from `hint` (the
    /// answer for the line before) in doubling steps, then halves the gap: about
    /// 2 log d tests for an answer d away from the hint, two when it is the hint.
    static func lastFitting(_ range: Range<Int>, hint: Int, _ fits: (Int) -> Bool) -> Int? {
        guard !range.isEmpty else { return nil }
        let start = min(max(hint, range.lowerBound), range.upperBound - 1)
        // fits(low) holds (or low is before the range); fits(high) does not (or high is past it).
        var low = range.lowerBound - 1, high = range.upperBound
        if fits(start) {
            low = start
            var step = 1
            while low + step < range.upperBound {
                if fits(low + step) { low += step; step *= 2 } else { high = low + step; break }
            }
        } else {
            high = start
            var step = 1
            while high - step >= range.lowerBound {
                if fits(high - step) { low = high - step; break } else { high -= step; step *= 2 }
            }
        }
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        return low >= range.lowerBound ? low : nil
    }
}
