import A11yModel
import CHarfBuzz
import CICULineBreak
import Foundation

/// Computes component geometry (docs/spec-format.md: layout): HarfBuzz text widths,
/// UAX #14 line breaking through ICU, fonts through fontconfig. Thread-safe; fonts,
/// widths and wrapped paragraphs are cached for the engine's lifetime.
public final class LayoutEngine: Sendable {
    public static let shared = LayoutEngine()

    public init() {}

    // MARK: Caches

    private struct FontState: ~Copyable {
        // Hash-keyed tables, not dictionaries: see HashKeyedTable.
        var loaded = HashKeyedTable<FontFileKey, LoadedFont>()
        var resolved = HashKeyedTable<FontRequest, FontAnswer>()
        /// The last typography resolved and its answer: a run lays out one spec's variants
        /// in a row, and comparing equal strings (the same buffers) is far cheaper than
        /// building and hashing a request.
        var last: LastFont?
    }

    /// A request's font or why there is none. Not `Result`: its first use would make the
    /// runtime search the binary's conformance records for `LayoutError: Error`.
    private enum FontAnswer {
        case font(ResolvedFont)
        case failure(LayoutError)

        func get() throws(LayoutError) -> ResolvedFont {
            switch self {
            case .font(let font): return font
            case .failure(let error): throw error
            }
        }
    }

    private final class LastFont {
        let typography: Typography
        let specFile: String
        let result: FontAnswer
        func matches(_ typography: borrowing Typography, _ specFile: borrowing String) -> Bool {
            self.specFile == specFile && self.typography == typography
        }
        init(_ typography: Typography, _ specFile: String, _ result: FontAnswer) {
            self.typography = typography
            self.specFile = specFile
            self.result = result
        }
    }

    private struct FontFileKey: Hashable {
        var path: String
        var faceIndex: Int
    }

    private struct WidthKey: Hashable {
        var fonts: FontChainKey
        var size: Double
        var text: String
    }

    private struct ParagraphKey: Hashable {
        var fonts: FontChainKey
        var size: Double
        var maxWidth: Double
        var text: String

        // By the text's bytes: shaping differs between canonically equivalent spellings
        // (NFC, NFD), and hashing bytes skips String's normalizing hash.
        static func == (a: ParagraphKey, b: ParagraphKey) -> Bool {
            a.size == b.size && a.maxWidth == b.maxWidth && a.fonts == b.fonts && LayoutEngine.sameBytes(a.text, b.text)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fonts)
            hasher.combine(size)
            hasher.combine(maxWidth)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Whether two strings are the same bytes (not merely canonically equivalent).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    /// The fonts text is measured with: the main font, the declared fallbacks, the language.
    struct FontChainKey: Hashable {
        var primary: Int
        var fallbacks: [Int]
        var lang: String
    }

    /// The system fallback font for a character in a language (nil: none covers it).
    private struct FallbackKey: Hashable {
        var scalar: UInt32
        var lang: String
        var family: String
    }

    private let fonts = Locked(FontState())
    private let widths = Locked(BoundedCache<WidthKey, Double>())
    private let paragraphs = Locked(ParagraphCache())

    /// Wrapped paragraphs: all of them by key, and the last few in a small table indexed by a
    /// hash of the size, the width and a few bytes of the text, looked at first (a lint run
    /// lays out the same label for every theme, and at every Dynamic Type size for the
    /// text-clipped rule: the size is in the slot so that one label's sizes do not evict each
    /// other; hashing the whole key each time was a tenth of a layout).
    private struct ParagraphCache {
        var all = BoundedCache<ParagraphKey, [LabelLine]>()
        var recent: [RecentParagraph?] = Array(repeating: nil, count: 1 << slotBits)

        static let slotBits = 8

        static func slot(_ text: String, _ size: Double, _ maxWidth: Double) -> Int {
            var text = text
            let (count, head, last) = text.withUTF8 { bytes -> (Int, UInt64, UInt8) in
                var head: UInt64 = 0
                for i in 0..<min(8, bytes.count) { head |= UInt64(bytes[i]) << (8 * UInt64(i)) }
                return (bytes.count, head, bytes.last ?? 0)
            }
            var mixed = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
            mixed ^= head
            mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
            mixed ^= UInt64(last) ^ maxWidth.bitPattern
            mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
            mixed ^= size.bitPattern
            mixed = (mixed ^ (mixed >> 32)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
        }
    }

    /// One entry of the small table: compared field by field with what is asked, so a hit
    /// builds no key (a class, so looking at it copies one reference).
    private final class RecentParagraph {
        let key: ParagraphKey
        let lines: [LabelLine]
        init(_ key: ParagraphKey, _ lines: [LabelLine]) {
            self.key = key
            self.lines = lines
        }

        func matches(_ text: String, _ chain: FontChain, _ size: Double, _ maxWidth: Double) -> Bool {
            guard key.size == size, key.maxWidth == maxWidth, key.fonts.primary == chain.primary.id,
                  key.fonts.fallbacks.count == chain.fallbacks.count, key.fonts.lang == chain.lang,
                  LayoutEngine.sameBytes(key.text, text) else { return false }
            for (id, font) in zip(key.fonts.fallbacks, chain.fallbacks) where id != font.id { return false }
            return true
        }
    }

    private let systemFallbacks = Locked(BoundedCache<FallbackKey, LoadedFont?>())
    private let lineRunsCache = Locked(BoundedCache<RunsKey, [[TextRun]]>())

    /// A wrapped label's runs, per line (the layout JSON's `label.runs`).
    private struct RunsKey: Hashable {
        var fonts: FontChainKey
        var size: Double
        var text: String
        var lines: [String]
    }

    // MARK: Fonts

    /// Starts loading fontconfig's configuration (its XML files, a few milliseconds) on a
    /// background thread, so that it overlaps the rest of a run's start-up; the first font
    /// look-up waits for it rather than loading it again. Idempotent, safe from any thread,
    /// for callers that know a spec may be laid out; without it the first look-up loads it.
    public static func prepareFonts() { Fontconfig.loadInBackground() }

    /// The font file `typography` names: a family through fontconfig (at the
    /// typography's weight, accepted only when the match's family is the one asked
    /// for), or a .ttf/.otf path relative to the spec file's folder.
    public func resolveFont(_ typography: Typography, specFile: String) throws(LayoutError) -> ResolvedFont {
        if let last = fonts.withLock({ $0.last }), last.matches(typography, specFile) {
            return try last.result.get()
        }
        let result: FontAnswer = fonts.withLock { state in
            let request = FontRequest(typography, specFile: specFile)
            let result: FontAnswer
            if let cached = state.resolved[request] {
                result = cached
            } else {
                do throws(LayoutError) {
                    result = .font(try Self.resolve(request, in: &state))
                } catch {
                    result = .failure(error)
                }
                state.resolved.set(result, for: request)
            }
            state.last = LastFont(typography, specFile, result)
            return result
        }
        return try result.get()
    }

    private static func resolve(_ request: FontRequest, in state: inout FontState) throws(LayoutError) -> ResolvedFont {
        if FontRequest.isPath(request.font) {
            let path = request.fontPath
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .fontMissing(requested: request.font, searched: [path])
            }
            if isDirectory.boolValue { throw .fontUnreadable(path: path, reason: "it is a directory") }
            return ResolvedFont(face: try load(path: path, faceIndex: 0, in: &state), family: nil,
                                fallbacks: try fallbacks(request, in: &state))
        }
        guard let match = Fontconfig.match(family: request.font, weight: request.weight) else {
            throw .fontMissing(requested: request.font, searched: Fontconfig.fontDirectories())
        }
        return ResolvedFont(face: try load(path: match.file, faceIndex: match.faceIndex, in: &state),
                            family: match.family, fallbacks: try fallbacks(request, in: &state))
    }

    /// `typography.fallback`'s fonts: each must exist, as the main font must.
    private static func fallbacks(_ request: FontRequest, in state: inout FontState) throws(LayoutError) -> [LoadedFont] {
        var fonts: [LoadedFont] = []
        for name in request.fallback {
            if FontRequest.isPath(name) {
                let path = request.path(name)
                guard FileManager.default.fileExists(atPath: path) else { throw .fontMissing(requested: name, searched: [path]) }
                fonts.append(try load(path: path, faceIndex: 0, in: &state))
            } else {
                guard let match = Fontconfig.match(family: name, weight: request.weight) else {
                    throw .fontMissing(requested: name, searched: Fontconfig.fontDirectories())
                }
                fonts.append(try load(path: match.file, faceIndex: match.faceIndex, in: &state))
            }
        }
        return fonts
    }

    private static func load(path: String, faceIndex: Int, in state: inout FontState) throws(LayoutError) -> LoadedFont {
        let key = FontFileKey(path: path, faceIndex: faceIndex)
        if let font = state.loaded[key] { return font }
        let font = try LoadedFont(path: path, faceIndex: faceIndex, id: state.loaded.count)
        state.loaded.set(font, for: key)
        return font
    }

    private func loadedFont(file: String) throws(LayoutError) -> LoadedFont {
        try fonts.withLock { state throws(LayoutError) -> LoadedFont in
            if let font = state.loaded[FontFileKey(path: file, faceIndex: 0)] { return font }
            guard FileManager.default.fileExists(atPath: file) else {
                throw .fontMissing(requested: file, searched: [file])
            }
            return try Self.load(path: file, faceIndex: 0, in: &state)
        }
    }

    // MARK: Text

    /// The shaped width of `text` in the font file at `size` points: the sum of
    /// HarfBuzz's x-advances (default features, kerning on) × size / unitsPerEm, unrounded;
    /// characters the font lacks are measured in the system's fallback font for `lang`.
    public func textWidth(_ text: String, fontFile: String, size: Double, lang: String = "en") throws(LayoutError) -> Double {
        let font = try loadedFont(file: fontFile)
        return measure(text, chain: FontChain(primary: font, fallbacks: [], lang: lang, family: ""), size: size)
    }

    /// The shaped width of `text` in a resolved font and its fallbacks.
    public func textWidth(_ text: String, font: ResolvedFont, size: Double, lang: String = "en") -> Double {
        measure(text, chain: chain(font, lang: lang), size: size)
    }

    /// The fonts one label is measured with.
    struct FontChain {
        let primary: LoadedFont
        let fallbacks: [LoadedFont]
        let lang: String
        /// The main font's family, for fontconfig's fallback order ("" for a font file).
        let family: String
        var key: FontChainKey { FontChainKey(primary: primary.id, fallbacks: fallbacks.map(\.id), lang: lang) }
    }

    func chain(_ font: ResolvedFont, lang: String) -> FontChain {
        FontChain(primary: font.face, fallbacks: font.fallbacks, lang: lang, family: font.family ?? "")
    }

    private func measure(_ text: String, chain: FontChain, size: Double) -> Double {
        let key = WidthKey(fonts: chain.key, size: size, text: text)
        if let cached = widths.withLock({ $0[key] }) { return cached }
        let buffer = ShapingBuffer()
        var text = text
        let width = withExtendedLifetime(buffer) {
            text.withUTF8 { bytes in Self.width(bytes, 0..<bytes.count, chain: chain, size: size, buffer: buffer.pointer,
                                                properties: { TextProperties(bytes) }, resolve: fallbackResolver(chain)) }
        }
        widths.withLock { $0.insert(width, for: key, cost: 64 + text.utf8.count) }
        return width
    }

    // MARK: Fallback

    /// How far down the font list a font is: the main font 0, `typography.fallback`'s 1…n,
    /// the system's fallback fonts after them (white space between two fonts goes to the
    /// one higher up the list, as Pango does).
    static let systemRank = 1 << 20

    /// The font that draws `scalar`: the main font when it has a glyph, else the first
    /// declared fallback that has one, else the first font in fontconfig's fallback order for
    /// the language that has one; nil when no font covers it (it draws as the main font's box).
    /// In an emoji sequence the declared fallbacks and then fontconfig's `emoji` family come
    /// first (the platforms draw emoji in their colour emoji font, whatever the label's font).
    func font(for scalar: UInt32, in chain: FontChain, emoji: Bool = false) -> (font: LoadedFont, rank: Int)? {
        if emoji {
            for (index, font) in chain.fallbacks.enumerated() where font.covers(scalar) { return (font, index + 1) }
            if let font = systemFallback(for: scalar, family: "emoji", lang: chain.lang) { return (font, Self.systemRank) }
        }
        if chain.primary.covers(scalar) { return (chain.primary, 0) }
        for (index, font) in chain.fallbacks.enumerated() where font.covers(scalar) { return (font, index + 1) }
        if let font = systemFallback(for: scalar, family: chain.family, lang: chain.lang) { return (font, Self.systemRank) }
        return nil
    }

    private func systemFallback(for scalar: UInt32, family: String, lang: String) -> LoadedFont? {
        let key = FallbackKey(scalar: scalar, lang: lang, family: family)
        if let cached = systemFallbacks.withLock({ $0[key] }) { return cached }
        let found: LoadedFont? = fonts.withLock { state in
            guard let match = Fontconfig.fallback(for: scalar, family: family, lang: lang),
                  let font = try? Self.load(path: match.file, faceIndex: match.faceIndex, in: &state),
                  font.covers(scalar) else { return nil }
            return font
        }
        systemFallbacks.withLock { $0.insert(found, for: key, cost: family.utf8.count + lang.utf8.count) }
        return found
    }

    private func fallbackResolver(_ chain: FontChain) -> (UInt32, Bool) -> (font: LoadedFont, rank: Int)? {
        { [self] scalar, emoji in font(for: scalar, in: chain, emoji: emoji) }
    }

    /// The characters of `text` that no available font covers (each once, in order).
    public func missingCharacters(in text: String, font: ResolvedFont, lang: String = "en") -> [Unicode.Scalar] {
        let chain = self.chain(font, lang: lang)
        var seen = Set<UInt32>()
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !Self.isInvisible(scalar.value) {
            if scalar.isASCII, chain.primary.coversASCII { continue }
            guard self.font(for: scalar.value, in: chain) == nil, seen.insert(scalar.value).inserted else { continue }
            missing.append(scalar)
        }
        return missing
    }

    /// Format and control characters no font needs to draw (line breaks, joiners, bidi
    /// marks, variation selectors).
    static func isInvisible(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x200B...0x200F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2060...0x2069).contains(value) || value == 0xFEFF
            || (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// Characters that never choose a font: they are drawn by the font of the run around
    /// them (spaces, controls, format characters other than the Arabic block's, line and
    /// paragraph separators, variation selectors), as Pango's itemizer treats them.
    static func isSpaceLike(_ value: UInt32) -> Bool {
        if value < 0x80 { return value <= 0x20 || value == 0x7F }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        guard let scalar = Unicode.Scalar(value) else { return true }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: return true
        case .format: return !((0x600...0x6FF).contains(value) || value == 0x70F || value == 0x8E2)
        case .spaceSeparator: return value != 0x1680
        default: return false
        }
    }

    /// What a whole paragraph is itemized by, per UTF-8 byte: bidi level, script, emoji
    /// (worked out once for the paragraph, as Pango does, so a line's runs are the
    /// paragraph's cut at the line's ends).
    struct TextProperties {
        var levels: [UInt8]
        var scripts: [Int32]
        var emoji: [UInt8]

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let count = bytes.count
            levels = [UInt8](repeating: 0, count: count)
            scripts = [Int32](repeating: 0, count: count)
            emoji = [UInt8](repeating: 0, count: count)
            guard count > 0, let base = bytes.baseAddress else { return }
            _ = base.withMemoryRebound(to: CChar.self, capacity: count) { chars in
                a11y_itemize_props(chars, Int32(count), &levels, &scripts, &emoji)
            }
        }
    }

    /// One run of text shaped on its own: one font, one script, one direction.
    struct TextItem {
        var range: Range<Int>
        var font: LoadedFont
        var rtl: Bool
    }

    /// The width of `bytes[range]`: one run when the main font has every character and
    /// nothing in it is right-to-left, else itemized (`itemize`), each run shaped on its own
    /// with its script, direction and the language.
    static func width(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, chain: FontChain, size: Double,
                      buffer: OpaquePointer, properties: () -> TextProperties,
                      resolve: (UInt32, Bool) -> (font: LoadedFont, rank: Int)?) -> Double {
        guard !range.isEmpty else { return 0 }
        let primary = chain.primary
        let language = chain.lang == "en" ? nil : hb_language_from_string(chain.lang, -1)
        func shaped(_ run: Range<Int>, _ font: LoadedFont) -> Double {
            Double(font.advance(utf8: UnsafeBufferPointer(rebasing: bytes[run]), buffer: buffer, language: language))
                * size / Double(font.unitsPerEm)
        }
        if primaryDrawsAlone(bytes, range, primary) { return shaped(range, primary) }
        var total = 0.0
        for item in itemize(bytes, range, properties: properties(), primary: primary, resolve: resolve) {
            total += shaped(item.range, item.font)
        }
        return total
    }

    /// Whether the main font draws `bytes[range]` as one run: it has every character and
    /// every character is below U+0590 (Latin, Greek, Cyrillic, …: no right-to-left text,
    /// no emoji). The fast path: no itemization, no font look-up.
    static func primaryDrawsAlone(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ primary: LoadedFont) -> Bool {
        var i = range.lowerBound
        let ascii = primary.coversASCII
        while i < range.upperBound {
            let byte = bytes[i]
            if byte < 0x80 {
                if !ascii { return false }
                i += 1
                continue
            }
            let (scalar, length) = decode(bytes, at: i, end: range.upperBound)
            if scalar >= 0x590 || !(primary.covers(scalar) || isSpaceLike(scalar)) { return false }
            i += length
        }
        return true
    }

    /// `bytes[range]` cut into runs as Pango itemizes: first by bidi level (ICU's ubidi),
    /// script (Common and Inherited characters joining the script before them) and emoji
    /// sequences; then, inside each, by font: each character in the first font of the list
    /// that has it, white space and other characters that choose no font (`isSpaceLike`) in
    /// the font around them (leading ones in the next character's; trailing ones before a
    /// change to a font higher up the list in that one).
    static func itemize(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, properties: TextProperties,
                        primary: LoadedFont, resolve: (UInt32, Bool) -> (font: LoadedFont, rank: Int)?) -> [TextItem] {
        guard !range.isEmpty else { return [] }
        let levels = properties.levels, scripts = properties.scripts, emoji = properties.emoji
        struct Pending { var start: Int; var end: Int; var font: LoadedFont?; var rank: Int; var level: UInt8 }
        var items: [Pending] = []
        var open = false
        var firstSpace: Int?
        var runKey: (UInt8, Int32, UInt8)?
        var runIsEmoji = false
        func fillBack(_ font: LoadedFont, _ rank: Int) {
            var k = items.count - 1
            while k >= 0, items[k].font == nil {
                items[k].font = font
                if k == items.count - 1 { items[k].rank = rank }
                k -= 1
            }
        }
        func closeRun() {
            guard open else { return }
            if items[items.count - 1].font == nil {
                let space = resolve(0x20, runIsEmoji) ?? (primary, 0)
                fillBack(space.font, space.rank)
            }
            open = false
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = decode(bytes, at: i, end: range.upperBound)
            let key = (levels[i], scripts[i], emoji[i])
            if runKey == nil || runKey! != key {
                closeRun()
                runKey = key
                runIsEmoji = key.2 != 0
                firstSpace = nil
            }
            if isSpaceLike(scalar) {
                if firstSpace == nil { firstSpace = i }
                if !open {
                    items.append(Pending(start: i, end: i, font: nil, rank: Int.max, level: key.0))
                    open = true
                }
            } else {
                let choice = resolve(scalar, runIsEmoji) ?? (primary, 0)
                if !open {
                    items.append(Pending(start: i, end: i, font: choice.font, rank: choice.rank, level: key.0))
                    open = true
                } else if items[items.count - 1].font == nil {
                    fillBack(choice.font, choice.rank)
                } else if items[items.count - 1].font !== choice.font {
                    var cut = i
                    if let space = firstSpace, space > items[items.count - 1].start,
                       choice.rank < items[items.count - 1].rank { cut = space }
                    items[items.count - 1].end = cut
                    items.append(Pending(start: cut, end: cut, font: choice.font, rank: choice.rank, level: key.0))
                }
                firstSpace = nil
            }
            i += length
            items[items.count - 1].end = i
        }
        closeRun()
        return items.compactMap { item in
            guard item.start < item.end else { return nil }
            return TextItem(range: item.start..<item.end, font: item.font ?? primary, rtl: item.level & 1 == 1)
        }
    }

    /// The runs of one line of text as they are measured: each run's text, font file, width
    /// and direction. Empty when the main font draws the whole line.
    public func runs(of text: String, font: ResolvedFont, size: Double, lang: String = "en") -> [TextRun] {
        runs(ofLines: [LabelLine(text: text, width: 0)], in: text, font: font, size: size, lang: lang)[0]
    }

    /// The runs of each of `lines`, the lines `text` was wrapped into (itemized as the whole
    /// paragraph is: a line's runs are the paragraph's cut at its ends). A line the main
    /// font draws alone has none.
    public func runs(ofLines lines: [LabelLine], in text: String, font: ResolvedFont, size: Double,
                     lang: String = "en") -> [[TextRun]] {
        let chain = chain(font, lang: lang)
        // Cached: every layout of a label other fonts draw names its runs.
        let key = RunsKey(fonts: chain.key, size: size, text: text, lines: lines.map(\.text))
        if let cached = lineRunsCache.withLock({ $0[key] }) { return cached }
        let runs = computeRuns(ofLines: lines, in: text, chain: chain, font: font, size: size, lang: lang)
        // The key holds the text and its lines' texts.
        lineRunsCache.withLock { $0.insert(runs, for: key, cost: 64 + 2 * text.utf8.count + 32 * runs.count) }
        return runs
    }

    private func computeRuns(ofLines lines: [LabelLine], in text: String, chain: FontChain, font: ResolvedFont,
                             size: Double, lang: String) -> [[TextRun]] {
        let buffer = ShapingBuffer()
        let resolve = fallbackResolver(chain)
        let language = lang == "en" ? nil : hb_language_from_string(lang, -1)
        var text = text
        return withExtendedLifetime(buffer) {
            text.withUTF8 { bytes -> [[TextRun]] in
                var properties: TextProperties?
                var searchFrom = 0
                return lines.map { line -> [TextRun] in
                    guard let range = Self.find(line.text, in: bytes, from: searchFrom) else {
                        return self.runs(of: line.text, font: font, size: size, lang: lang)
                    }
                    searchFrom = range.upperBound
                    guard !Self.primaryDrawsAlone(bytes, range, chain.primary) else { return [] }
                    if properties == nil { properties = TextProperties(bytes) }
                    let items = Self.itemize(bytes, range, properties: properties!, primary: chain.primary, resolve: resolve)
                    guard items.contains(where: { $0.font !== chain.primary }) else { return [] }
                    return items.map { item in
                        let slice = UnsafeBufferPointer(rebasing: bytes[item.range])
                        let width = Double(item.font.advance(utf8: slice, buffer: buffer.pointer, language: language))
                            * size / Double(item.font.unitsPerEm)
                        return TextRun(text: String(decoding: slice, as: UTF8.self), file: item.font.path, width: width,
                                       direction: item.rtl ? .rtl : .ltr)
                    }
                }
            }
        }
    }

    /// Where `needle` next occurs in `bytes` from `start` (a line's text in its paragraph).
    static func find(_ needle: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
        var needle = needle
        return needle.withUTF8 { wanted -> Range<Int>? in
            guard wanted.count <= bytes.count - start else { return nil }
            if wanted.isEmpty { return start..<start }
            var i = start
            while i + wanted.count <= bytes.count {
                if bytes[i] == wanted[0], memcmp(bytes.baseAddress! + i, wanted.baseAddress!, wanted.count) == 0 {
                    return i..<(i + wanted.count)
                }
                i += 1
            }
            return nil
        }
    }

    /// The scalar starting at `bytes[i]` and its length (valid UTF-8 assumed; a stray byte is U+FFFD).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (UInt32, Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        func cont(_ k: Int) -> UInt32 { i + k < end ? UInt32(bytes[i + k] & 0x3F) : 0 }
        if b0 >= 0xF0 { return ((b0 & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3), min(4, end - i)) }
        if b0 >= 0xE0 { return ((b0 & 0x0F) << 12 | cont(1) << 6 | cont(2), min(3, end - i)) }
        if b0 >= 0xC0 { return ((b0 & 0x1F) << 6 | cont(1), min(2, end - i)) }
        return (0xFFFD, 1)
    }

    /// `text` wrapped into lines no wider than `maxWidth` (greedy, UAX #14, hanging
    /// trailing spaces, over-long words split between grapheme clusters), measured with the
    /// font's fallbacks for `lang`.
    public func wrap(_ text: String, font: ResolvedFont, size: Double, maxWidth: Double, lang: String = "en") -> [LabelLine] {
        lines(of: text, chain: chain(font, lang: lang), size: size, maxWidth: maxWidth)
    }

    private func lines(of text: String, chain: FontChain, size: Double, maxWidth: Double) -> [LabelLine] {
        let slot = ParagraphCache.slot(text, size, maxWidth)
        if let recent = paragraphs.withLock({ $0.recent[slot] }), recent.matches(text, chain, size, maxWidth) {
            return recent.lines
        }
        let key = ParagraphKey(fonts: chain.key, size: size, maxWidth: maxWidth, text: text)
        let cached: [LabelLine]? = paragraphs.withLock { cache in
            guard let lines = cache.all[key] else { return nil }
            cache.recent[slot] = RecentParagraph(key, lines)
            return lines
        }
        if let cached { return cached }
        let lines = computeLines(of: text, chain: chain, size: size, maxWidth: maxWidth)
        paragraphs.withLock { cache in
            // The key holds the text, the lines a copy of it.
            cache.all.insert(lines, for: key, cost: 64 + 2 * text.utf8.count + 32 * lines.count)
            cache.recent[slot] = RecentParagraph(key, lines)
        }
        return lines
    }

    private func computeLines(of text: String, chain: FontChain, size: Double, maxWidth: Double) -> [LabelLine] {
        let buffer = ShapingBuffer()
        let resolve = fallbackResolver(chain)
        var text = text
        return withExtendedLifetime(buffer) { text.withUTF8 { bytes -> [LabelLine] in
            var properties: TextProperties?
            func measure(_ range: Range<Int>) -> Double {
                Self.width(bytes, range, chain: chain, size: size, buffer: buffer.pointer, properties: {
                    if properties == nil { properties = TextProperties(bytes) }
                    return properties!
                }, resolve: resolve)
            }
            func line(_ range: Range<Int>, _ width: Double) -> LabelLine {
                LabelLine(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), width: width)
            }
            // Most labels fit on one line: skip ICU when nothing can force a break.
            if !bytes.contains(where: Self.mayStartLineTerminator) {
                let visible = 0..<LineBreaking.visibleEnd(bytes, 0, bytes.count)
                let width = measure(visible)
                if width <= maxWidth { return [line(visible, width)] }
            }
            return LineBreaking.wrap(utf8: bytes, maxWidth: maxWidth, locale: chain.lang, measure: measure)
                .map { line($0.range, $0.width) }
        } }
    }

    /// Bytes that begin a mandatory-break character: LF, VT, FF, CR, and the lead
    /// bytes of NEL (C2 85) and LS/PS (E2 80 A8/A9), checked conservatively.
    private static func mayStartLineTerminator(_ byte: UInt8) -> Bool {
        (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2
    }

    // MARK: Geometry

    /// The geometry of `variant` (docs/spec-format.md: layout, component kinds), by its kind's
    /// `KindLayout` (a spec of no known kind is laid out as a checkbox). `contentSize`
    /// overrides the variant's Dynamic Type category. Overrides of width, text, direction,
    /// layout or shape are made by the caller on the variant.
    public func layout(_ spec: ComponentSpec, _ variant: Variant,
                       contentSize: ContentSize? = nil) throws(LayoutError) -> ComponentLayout {
        let input = LayoutInput(spec: spec, variant: variant, contentSize: contentSize ?? variant.contentSize, engine: self)
        return try KindLayouts.layout(for: spec.kind ?? .checkbox).layout(spec, variant, input)
    }

    /// `variant` laid out at each Dynamic Type size from `first` up to AX5, in order (each
    /// layout as `layout(_:_:contentSize:)` makes it), until `stop` says so: the text-clipped
    /// rule grows a label through the sizes, and finding the kind's layout and the variant's
    /// text once, not at every size, is a good part of a layout. A layout's error ends the walk.
    public func layouts(_ spec: ComponentSpec, _ variant: Variant, from first: ContentSize,
                        until stop: (borrowing ComponentLayout) -> Bool) throws(LayoutError) {
        try walkSizes(spec, variant, from: first) { (kindLayout, input) throws(LayoutError) in
            stop(try kindLayout.layout(spec, variant, input))
        }
    }

    /// The layout of `variant` at the first Dynamic Type size from `first` up to AX5 at which
    /// its label takes more than `maxLines` lines (nil when none does): each size is laid out
    /// as `layouts(_:_:from:until:)` lays it out, but only the label's lines are worked out at
    /// the sizes before it (the kind's `lineCount`). An error ends the walk, as there.
    public func firstLayout(_ spec: ComponentSpec, _ variant: Variant, from first: ContentSize,
                            moreLinesThan maxLines: Int) throws(LayoutError) -> ComponentLayout? {
        var found: ComponentLayout?
        try walkSizes(spec, variant, from: first) { (kindLayout, input) throws(LayoutError) in
            guard try kindLayout.lineCount(spec, variant, input) > maxLines else { return false }
            found = try kindLayout.layout(spec, variant, input)
            return true
        }
        return found
    }

    /// Calls `body` with the kind's layout and the input of each Dynamic Type size from `first`
    /// up to AX5, in order, until it returns true.
    private func walkSizes(_ spec: ComponentSpec, _ variant: Variant, from first: ContentSize,
                           _ body: (any KindLayout, LayoutInput) throws(LayoutError) -> Bool) throws(LayoutError) {
        let kindLayout = KindLayouts.layout(for: spec.kind ?? .checkbox)
        let typography = spec.typography
        var input = LayoutInput(spec: spec, variant: variant, contentSize: first, engine: self)
        for size in ContentSize.allCases where size >= first {
            if size != first { input.resize(to: size, typography) }
            if try body(kindLayout, input) { return }
        }
    }
}
