import A11yModel
import Foundation

/// Computes component geometry (spec-format.md section 4): HarfBuzz text widths,
/// UAX #14 line breaking through ICU, fonts through fontconfig. Thread-safe; fonts,
/// widths and wrapped paragraphs are cached for the engine's lifetime.
public final class LayoutEngine: Sendable {
    public static let shared = LayoutEngine()

    public init() {}

    // MARK: Caches

    private struct FontState: ~Copyable {
        var loaded: [FontFileKey: LoadedFont] = [:]
        var resolved: [FontRequest: Result<ResolvedFont, LayoutError>] = [:]
    }

    private struct FontFileKey: Hashable {
        var path: String
        var faceIndex: Int
    }

    private struct WidthKey: Hashable {
        var fontID: Int
        var size: Double
        var text: String
    }

    private struct ParagraphKey: Hashable {
        var fontID: Int
        var size: Double
        var maxWidth: Double
        var text: String
    }

    /// Caches are emptied when they reach this many entries, so a long run with
    /// endless distinct strings stays bounded.
    private static let cacheLimit = 1 << 16

    private let fonts = Locked(FontState())
    private let widths = Locked([WidthKey: Double]())
    private let paragraphs = Locked([ParagraphKey: [LabelLine]]())

    // MARK: Fonts

    /// The font file `typography` names: a family through fontconfig (at the
    /// typography's weight, accepted only when the match's family is the one asked
    /// for), or a .ttf/.otf path relative to the spec file's folder.
    public func resolveFont(_ typography: Typography, specFile: String) throws(LayoutError) -> ResolvedFont {
        let request = FontRequest(typography, specFile: specFile)
        let result: Result<ResolvedFont, LayoutError> = fonts.withLock { state in
            if let cached = state.resolved[request] { return cached }
            let result = Result { () throws(LayoutError) -> ResolvedFont in try Self.resolve(request, in: &state) }
            state.resolved[request] = result
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
            return ResolvedFont(face: try load(path: path, faceIndex: 0, in: &state), family: nil)
        }
        guard let match = Fontconfig.match(family: request.font, weight: request.weight) else {
            throw .fontMissing(requested: request.font, searched: Fontconfig.fontDirectories())
        }
        return ResolvedFont(face: try load(path: match.file, faceIndex: match.faceIndex, in: &state),
                            family: match.family)
    }

    private static func load(path: String, faceIndex: Int, in state: inout FontState) throws(LayoutError) -> LoadedFont {
        let key = FontFileKey(path: path, faceIndex: faceIndex)
        if let font = state.loaded[key] { return font }
        let font = try LoadedFont(path: path, faceIndex: faceIndex, id: state.loaded.count)
        state.loaded[key] = font
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
    /// HarfBuzz's x-advances (default features, kerning on) × size / unitsPerEm, unrounded.
    public func textWidth(_ text: String, fontFile: String, size: Double) throws(LayoutError) -> Double {
        width(of: text, font: try loadedFont(file: fontFile), size: size)
    }

    /// The shaped width of `text` in a resolved font.
    public func textWidth(_ text: String, font: ResolvedFont, size: Double) -> Double {
        width(of: text, font: font.face, size: size)
    }

    private func width(of text: String, font: LoadedFont, size: Double) -> Double {
        let key = WidthKey(fontID: font.id, size: size, text: text)
        if let cached = widths.withLock({ $0[key] }) { return cached }
        let buffer = ShapingBuffer()
        let width = withExtendedLifetime(buffer) { font.width(of: text, size: size, buffer: buffer.pointer) }
        widths.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = width
        }
        return width
    }

    /// `text` wrapped into lines no wider than `maxWidth` (greedy, UAX #14, hanging
    /// trailing spaces, over-long words split between grapheme clusters).
    public func wrap(_ text: String, font: ResolvedFont, size: Double, maxWidth: Double) -> [LabelLine] {
        lines(of: text, font: font.face, size: size, maxWidth: maxWidth)
    }

    private func lines(of text: String, font: LoadedFont, size: Double, maxWidth: Double) -> [LabelLine] {
        let key = ParagraphKey(fontID: font.id, size: size, maxWidth: maxWidth, text: text)
        if let cached = paragraphs.withLock({ $0[key] }) { return cached }
        let lines = Self.computeLines(of: text, font: font, size: size, maxWidth: maxWidth)
        paragraphs.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = lines
        }
        return lines
    }

    private static func computeLines(of text: String, font: LoadedFont, size: Double, maxWidth: Double) -> [LabelLine] {
        let buffer = ShapingBuffer()
        let scale = size / Double(font.unitsPerEm)
        var text = text
        return withExtendedLifetime(buffer) { text.withUTF8 { bytes -> [LabelLine] in
            func measure(_ range: Range<Int>) -> Double {
                Double(font.advance(utf8: UnsafeBufferPointer(rebasing: bytes[range]), buffer: buffer.pointer)) * scale
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
            return LineBreaking.wrap(utf8: bytes, maxWidth: maxWidth, measure: measure).map { line($0.range, $0.width) }
        } }
    }

    /// Bytes that begin a mandatory-break character: LF, VT, FF, CR, and the lead
    /// bytes of NEL (C2 85) and LS/PS (E2 80 A8/A9), checked conservatively.
    private static func mayStartLineTerminator(_ byte: UInt8) -> Bool {
        (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2
    }

    // MARK: Geometry

    /// The geometry of `variant` (spec-format.md sections 4 and 5), by its kind's
    /// `KindLayout` (a spec of no known kind is laid out as a checkbox). `contentSize`
    /// overrides the variant's Dynamic Type category. Overrides of width, text, direction,
    /// layout or shape are made by the caller on the variant.
    public func layout(_ spec: ComponentSpec, _ variant: Variant,
                       contentSize: ContentSize? = nil) throws(LayoutError) -> ComponentLayout {
        let category = contentSize ?? variant.contentSize
        let input = LayoutInput(spec: spec, variant: variant, contentSize: category,
                                fontSize: spec.typography.size * category.scale,
                                lineHeight: spec.typography.lineHeight * category.scale, engine: self)
        return try KindLayouts.layout(for: spec.kind ?? .checkbox).layout(input)
    }
}
