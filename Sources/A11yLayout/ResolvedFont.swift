import CHarfBuzz

/// A font file that typography resolved to, ready for shaping. A class: it is handed along
/// on every layout, and a copy is then one reference count rather than one per field.
public final class ResolvedFont: Sendable, Hashable, CustomStringConvertible {
    /// The font file's path: absolute for a fontconfig match, as joined for a spec-relative path.
    public let file: String
    /// The face inside a collection file (0 for plain .ttf/.otf).
    public let faceIndex: Int
    /// The family fontconfig matched, nil for a font given as a file path.
    public let family: String?
    public let unitsPerEm: Int
    /// Typographic ascender and descender (positive, below the baseline) in font units.
    public let ascender: Int
    public let descender: Int
    let face: LoadedFont
    /// `typography.fallback`'s fonts, in order (the system's fallback comes after them).
    let fallbacks: [LoadedFont]

    /// The fallback fonts' files, as the layout JSON names them.
    public var fallbackFiles: [String] { fallbacks.map(\.path) }
    /// The main font has every printable ASCII character.
    public var coversASCII: Bool { face.coversASCII }

    init(face: LoadedFont, family: String?, fallbacks: [LoadedFont] = []) {
        self.fallbacks = fallbacks
        self.file = face.path
        self.faceIndex = face.faceIndex
        self.family = family
        self.unitsPerEm = face.unitsPerEm
        self.ascender = face.ascender
        self.descender = face.descender
        self.face = face
    }

    public static func == (a: ResolvedFont, b: ResolvedFont) -> Bool {
        a.file == b.file && a.faceIndex == b.faceIndex && a.family == b.family && a.fallbackFiles == b.fallbackFiles
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(faceIndex)
    }

    public var description: String { family.map { "\($0) (\(file))" } ?? file }
}

/// A HarfBuzz font kept alive for the engine's lifetime. HarfBuzz fonts are safe to
/// shape with from several threads once made immutable; each shaping call uses its
/// own buffer.
final class LoadedFont: @unchecked Sendable {
    let path: String
    let faceIndex: Int
    let unitsPerEm: Int
    let ascender: Int
    let descender: Int
    /// Small dense id used in cache keys instead of the path.
    let id: Int
    private let font: OpaquePointer
    /// Whether every printable ASCII character has a glyph: the fast path of fallback.
    private(set) var coversASCII = false

    init(path: String, faceIndex: Int, id: Int) throws(LayoutError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontUnreadable(path: path, reason: "the file could not be opened")
        }
        defer { hb_blob_destroy(blob) }
        guard hb_blob_get_length(blob) > 0 else {
            throw .fontUnreadable(path: path, reason: "the file is empty")
        }
        let face = hb_face_create(blob, UInt32(faceIndex))
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else {
            throw .fontUnreadable(path: path, reason: "not an OpenType/TrueType font (no glyphs found)")
        }
        let upem = Int(hb_face_get_upem(face))
        guard upem > 0 else {
            throw .fontUnreadable(path: path, reason: "the font has no units per em")
        }
        let font = hb_font_create(face)!
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        hb_font_make_immutable(font)
        self.font = font
        self.path = path
        self.faceIndex = faceIndex
        self.unitsPerEm = upem
        self.ascender = Int(extents.ascender)
        self.descender = Int(-extents.descender)
        self.id = id
        coversASCII = (0x20...0x7E).allSatisfy { covers(UInt32($0)) }
    }

    /// Whether the font maps `scalar` to a glyph of its own (not .notdef).
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    deinit { hb_font_destroy(font) }

    /// The sum of the shaped x-advances of `utf8`, in font units (the font's scale is
    /// its units per em, HarfBuzz's default), with default features (kerning on).
    /// With `language`, the run is shaped in that language (BCP 47); its script and
    /// direction are the text's own (HarfBuzz guesses them from the run).
    func advance(utf8: UnsafeBufferPointer<UInt8>, buffer: OpaquePointer, language: hb_language_t? = nil) -> Int {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return 0 }
        hb_buffer_clear_contents(buffer)
        base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(utf8.count), 0, Int32(utf8.count))
        }
        if let language { hb_buffer_set_language(buffer, language) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var total = 0
        for index in 0..<Int(count) { total += Int(positions[index].x_advance) }
        return total
    }

    /// Width in points of `text` at `size`, unrounded.
    func width(of text: String, size: Double, buffer: OpaquePointer) -> Double {
        var text = text
        let units = text.withUTF8 { advance(utf8: $0, buffer: buffer) }
        return Double(units) * size / Double(unitsPerEm)
    }
}

/// A reusable HarfBuzz buffer for one stretch of work on one thread.
final class ShapingBuffer {
    let pointer: OpaquePointer
    init() { pointer = hb_buffer_create() }
    deinit { hb_buffer_destroy(pointer) }
}
