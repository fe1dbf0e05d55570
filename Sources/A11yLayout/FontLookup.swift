import A11yModel
import CFontconfig
import Foundation

/// What a `Typography` asks for, reduced to what decides the font file.
struct FontRequest: Hashable {
    /// The family name or the path exactly as written in the spec.
    var font: String
    var weight: String
    /// `typography.fallback`, as written.
    var fallback: [String]
    /// The spec file, only for font paths (relative paths depend on it).
    var specFile: String

    init(_ typography: Typography, specFile: String) {
        let font = typography.font.flatMap { $0.isEmpty ? nil : $0 } ?? Typography.defaultFamily
        self.font = font
        self.weight = typography.weight
        self.fallback = typography.fallback
        self.specFile = FontRequest.isPath(font) || typography.fallback.contains(where: FontRequest.isPath) ? specFile : ""
    }

    /// A font given as a file rather than a family: a .ttf/.otf/.ttc name or anything with a slash.
    /// Runs on every layout, so it compares bytes instead of allocating a lowercased copy.
    static func isPath(_ font: String) -> Bool {
        let bytes = font.utf8
        if bytes.contains(UInt8(ascii: "/")) { return true }
        guard bytes.count >= 4 else { return false }
        var index = bytes.index(bytes.endIndex, offsetBy: -4)
        guard bytes[index] == UInt8(ascii: ".") else { return false }
        var ext: (UInt8, UInt8, UInt8) = (0, 0, 0)
        index = bytes.index(after: index); ext.0 = bytes[index] | 0x20 // ASCII lower case
        index = bytes.index(after: index); ext.1 = bytes[index] | 0x20
        index = bytes.index(after: index); ext.2 = bytes[index] | 0x20
        let (t, f, o, c) = (UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "o"), UInt8(ascii: "c"))
        return ext == (t, t, f) || ext == (o, t, f) || ext == (t, t, c)
    }

    /// The font path joined to the spec file's folder when relative.
    var fontPath: String { path(font) }

    func path(_ font: String) -> String {
        if font.hasPrefix("/") { return font }
        let folder = (specFile as NSString).deletingLastPathComponent
        return folder.isEmpty ? font : (folder as NSString).appendingPathComponent(font)
    }
}

/// fontconfig look-ups. Callers serialize them (the engine holds its font lock).
enum Fontconfig {
    struct Match {
        var file: String
        var faceIndex: Int
        var family: String
    }

    /// fontconfig's configuration (its XML files and font caches), loaded once: every look-up
    /// goes through here first, and so does `LayoutEngine.prepareFonts`' background load, so
    /// a look-up that comes while that load runs waits for it (Swift's once) instead of
    /// loading a second configuration. `FcInit` is what fontconfig's first look-up would
    /// otherwise run itself.
    private static let loaded: Bool = FcInit() == FcTrue

    static func load() { _ = loaded }

    /// Starts `load()` on a thread of its own, once per process (`LayoutEngine.prepareFonts`).
    /// A thread rather than the global queue, whose workers the lint stream uses; on Linux a
    /// bare pthread (Foundation's `Thread` costs more to start than the rest of this call).
    static func loadInBackground() { _ = backgroundLoad }

    /// What the thread does: first the shared engine, which the run's linter takes a few
    /// milliseconds later (making it is the first use of its caches' generic types, looked
    /// up by name: a tenth of a millisecond or two, off the thread that reads the catalogue
    /// and the configuration meanwhile), then fontconfig's configuration (a few milliseconds,
    /// needed only once a spec's text is laid out).
    private static func backgroundWork() {
        _ = LayoutEngine.shared
        load()
    }

    private static let backgroundLoad: Bool = {
        #if canImport(Glibc)
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in Fontconfig.backgroundWork(); return nil }, nil) == 0 else { return false }
        pthread_detach(thread)
        #else
        Thread.detachNewThread { Fontconfig.backgroundWork() }
        #endif
        return true
    }()

    /// A new fontconfig pattern asking for `family` (fontconfig loaded first); the caller
    /// destroys it.
    private static func pattern(family: String) -> OpaquePointer? {
        load()
        guard let pattern = FcPatternCreate() else { return nil }
        add(family, as: FC_FAMILY, to: pattern)
        return pattern
    }

    private static func add(_ text: String, as object: String, to pattern: OpaquePointer) {
        text.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: text.utf8.count + 1) {
                _ = FcPatternAddString(pattern, object, $0)
            }
        }
    }

    /// The file fontconfig picks for `family` at `weight`, or nil when its best
    /// match is some other family (fontconfig always returns *something*).
    static func match(family: String, weight: String) -> Match? {
        guard let pattern = pattern(family: family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(openTypeWeight(weight)))
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }

        var families: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(matched, FC_FAMILY, index, &value) == FcResultMatch, let value {
            families.append(String(cString: value))
            index += 1
        }
        let wanted = family.lowercased()
        guard let family = families.first(where: { $0.lowercased() == wanted }) else { return nil }
        guard FcPatternGetString(matched, FC_FILE, 0, &value) == FcResultMatch, let value else { return nil }
        var faceIndex: Int32 = 0
        if FcPatternGetInteger(matched, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
        return Match(file: String(cString: value), faceIndex: Int(faceIndex), family: family)
    }

    /// The first font in fontconfig's fallback order for `lang` (after `family`) that has a
    /// glyph for `scalar`: `FcFontSort` with the character and the language, as platform
    /// text stacks ask it. nil when no installed font covers it.
    static func fallback(for scalar: UInt32, family: String, lang: String) -> Match? {
        guard let pattern = pattern(family: family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(lang, as: FC_LANG, to: pattern)
        if let charset = FcCharSetCreate() {
            _ = FcCharSetAddChar(charset, scalar)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
        }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for index in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[index] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, scalar) != 0 else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &value) == FcResultMatch, let value else { continue }
            var faceIndex: Int32 = 0
            if FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
            var familyValue: UnsafeMutablePointer<FcChar8>?
            let name = FcPatternGetString(font, FC_FAMILY, 0, &familyValue) == FcResultMatch
                ? familyValue.map { String(cString: $0) } ?? "" : ""
            return Match(file: String(cString: value), faceIndex: Int(faceIndex), family: name)
        }
        return nil
    }

    /// The font directories fontconfig is configured to search.
    static func fontDirectories() -> [String] {
        load()
        guard let list = FcConfigGetFontDirs(nil) else { return [] }
        defer { FcStrListDone(list) }
        var directories: [String] = []
        while let entry = FcStrListNext(list) {
            directories.append(String(cString: entry))
        }
        return directories
    }

    /// CSS/OpenType weight for the spec's weight names (100…900); numbers pass through.
    /// Letters compare in ASCII lower case, hyphens and spaces are dropped (`Semi-Bold`,
    /// `extra light`); the name is read as bytes, since its first use is on the one-spec path
    /// and Foundation's replacing would cost more than the whole look-up.
    static func openTypeWeight(_ weight: String) -> Double {
        let name = normalizedWeightName(weight)
        if let number = Double(name) { return min(max(number, 1), 1000) }
        switch name {
        case "thin", "hairline": return 100
        case "extralight", "ultralight": return 200
        case "light": return 300
        case "medium": return 500
        case "semibold", "demibold": return 600
        case "bold": return 700
        case "extrabold", "ultrabold": return 800
        case "black", "heavy": return 900
        default: return 400 // regular, normal, book, and anything unknown
        }
    }

    /// `weight` lower-cased without its hyphens and spaces. A name beyond ASCII takes
    /// Unicode's lower case and Foundation's replacing (the Kelvin sign is a `k`).
    static func normalizedWeightName(_ weight: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(weight.utf8.count)
        for byte in weight.utf8 {
            if byte >= 0x80 {
                return weight.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "")
            }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") { continue }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
