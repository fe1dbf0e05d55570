import A11yJSON
import Foundation

/// Translations of a spec's labels: Xcode's String Catalog (`Localizable.xcstrings`, JSON)
/// or a folder of legacy `*.lproj/*.strings` files.
public struct StringCatalog: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// The text; for a text that varies by number, its `other` form (else its last).
        public var value: String
        /// `translated`, `needs_review`, `new`, `stale`… (String Catalog `stringUnit.state`);
        /// legacy `.strings` entries are `translated`. A text with plural forms is `new` when
        /// one of its forms is.
        public var state: String
        /// The plural forms (`zero`, `one`, `two`, `few`, `many`, `other`, in that order) of a
        /// text with plural `variations` or a plural substitution (`%#@name@`); empty when the
        /// text does not vary by number.
        public var forms: [PluralForm]

        public init(value: String, state: String = "translated", forms: [PluralForm] = []) {
            self.value = value
            self.state = state
            self.forms = forms
        }

        /// A translation still to be done: `new` (an untranslated copy of the key).
        public var isUntranslated: Bool { state == "new" }
    }

    /// One plural form of a text: its CLDR category and its text.
    public struct PluralForm: Sendable, Hashable {
        public var category: String
        public var value: String
        public var state: String

        public init(category: String, value: String, state: String = "translated") {
            self.category = category
            self.value = value
            self.state = state
        }

        /// CLDR's plural categories, in the order forms are checked and reported.
        public static let categories = ["zero", "one", "two", "few", "many", "other"]

        static func order(_ a: PluralForm, _ b: PluralForm) -> Bool {
            (categories.firstIndex(of: a.category) ?? 99, a.category) < (categories.firstIndex(of: b.category) ?? 99, b.category)
        }
    }

    /// The catalogue's source language (`sourceLanguage`; `en` for `.strings` folders
    /// that have an `en.lproj`, else the first language).
    public var sourceLanguage: String
    /// language → key → entry.
    public var translations: [String: [String: Entry]]

    public init(sourceLanguage: String, translations: [String: [String: Entry]]) {
        self.sourceLanguage = sourceLanguage
        self.translations = translations
    }

    /// Every language the catalogue has, source first, then by name.
    public var languages: [String] {
        [sourceLanguage] + translations.keys.filter { $0 != sourceLanguage }.sorted()
    }

    /// The text of `key` in `language`, nil when the catalogue has none.
    public func entry(_ key: String, language: String) -> Entry? { translations[language]?[key] }

    /// Whether some language of the catalogue has `key` (a String Catalog lists each of its
    /// keys in its source language).
    public func contains(_ key: String) -> Bool { translations.values.contains { $0[key] != nil } }

    /// Every key of the catalogue, sorted (for did-you-mean hints).
    public var keys: [String] { Set(translations.values.flatMap(\.keys)).sorted() }

    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(file):\(line):\(column): \(message)" }
    }

    /// Reads `path`: a `.xcstrings` file, a `.strings` file, or a folder holding
    /// `*.lproj/*.strings` (all tables merged).
    public static func read(_ path: String) throws(ReadError) -> StringCatalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(file: path, line: 1, column: 1, message: "string catalog not found")
        }
        if isDirectory.boolValue { return try readLprojFolder(path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(file: path, line: 1, column: 1, message: "cannot read the string catalog")
        }
        if path.hasSuffix(".strings") {
            let language = URL(fileURLWithPath: path).deletingLastPathComponent().deletingPathExtension().lastPathComponent
            let entries = try parseStrings([UInt8](data), file: path)
            return StringCatalog(sourceLanguage: language, translations: [language: entries])
        }
        return try parseXCStrings([UInt8](data), file: path)
    }

    /// Xcode's String Catalog: `{"sourceLanguage", "strings": {KEY: {"localizations":
    /// {LANG: {"stringUnit": {"state", "value"}}}}}}`, a localization's text possibly varying
    /// by device and by number (`variations`, `substitutions`: `XCStringsLocalization`). A key
    /// with no localization in the source language reads as itself there (Xcode's default).
    public static func parseXCStrings(_ bytes: [UInt8], file: String) throws(ReadError) -> StringCatalog {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch {
            throw ReadError(file: file, line: error.position.line, column: error.position.column, message: error.message)
        }
        let root = document.root
        guard root.objectMembers != nil else {
            throw ReadError(file: file, line: root.position.line, column: root.position.column,
                            message: "a String Catalog is a JSON object")
        }
        let source = root["sourceLanguage"]?.stringValue ?? "en"
        var translations: [String: [String: Entry]] = [source: [:]]
        for member in root["strings"]?.objectMembers ?? [] {
            let key = member.key
            translations[source]?[key] = Entry(value: key)
            for localization in member.value["localizations"]?.objectMembers ?? [] {
                // A language whose text a11ylint cannot read (an unknown kind of variation) is
                // still one of the catalogue's: the key is then missing there, and said so.
                guard let entry = XCStringsLocalization.entry(localization.value) else {
                    if translations[localization.key] == nil { translations[localization.key] = [:] }
                    continue
                }
                translations[localization.key, default: [:]][key] = entry
            }
        }
        return StringCatalog(sourceLanguage: source, translations: translations)
    }

    /// A folder of `LANG.lproj/*.strings` tables.
    static func readLprojFolder(_ folder: String) throws(ReadError) -> StringCatalog {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var translations: [String: [String: Entry]] = [:]
        for name in names.sorted() where name.hasSuffix(".lproj") {
            let language = String(name.dropLast(".lproj".count))
            let tables = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + name)) ?? []
            for table in tables.sorted() where table.hasSuffix(".strings") {
                let path = folder + "/" + name + "/" + table
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ReadError(file: path, line: 1, column: 1, message: "cannot read the strings file")
                }
                translations[language, default: [:]].merge(try parseStrings([UInt8](data), file: path)) { _, new in new }
            }
        }
        guard !translations.isEmpty else {
            throw ReadError(file: folder, line: 1, column: 1, message: "no *.lproj/*.strings files in this folder")
        }
        let source = translations["en"] != nil ? "en" : translations.keys.sorted()[0]
        return StringCatalog(sourceLanguage: source, translations: translations)
    }

    /// A legacy `.strings` table: `"key" = "value";` pairs with `/* */` and `//` comments and
    /// C escapes (`\n`, `\"`, `\\`, `\U00E9`). UTF-8 or UTF-16 (with a byte-order mark).
    public static func parseStrings(_ raw: [UInt8], file: String) throws(ReadError) -> [String: Entry] {
        let text: String
        if raw.starts(with: [0xFF, 0xFE]) || raw.starts(with: [0xFE, 0xFF]) {
            text = String(data: Data(raw), encoding: .utf16) ?? ""
        } else {
            text = String(decoding: raw.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(raw.dropFirst(3)) : raw, as: UTF8.self)
        }
        let scalars = Array(text.unicodeScalars)
        var i = 0, line = 1, column = 1
        func advance() {
            if scalars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        func fail(_ message: String) -> ReadError { ReadError(file: file, line: line, column: column, message: message) }
        func skipSpaceAndComments() throws(ReadError) {
            while i < scalars.count {
                if scalars[i].properties.isWhitespace { advance(); continue }
                if scalars[i] == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                    advance(); advance()
                    while i < scalars.count, !(scalars[i] == "*" && i + 1 < scalars.count && scalars[i + 1] == "/") { advance() }
                    guard i < scalars.count else { throw fail("unterminated comment") }
                    advance(); advance()
                    continue
                }
                if scalars[i] == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                    while i < scalars.count, scalars[i] != "\n" { advance() }
                    continue
                }
                break
            }
        }
        func quoted() throws(ReadError) -> String {
            guard i < scalars.count, scalars[i] == "\"" else { throw fail("expected a quoted string") }
            advance()
            var out = String.UnicodeScalarView()
            while i < scalars.count, scalars[i] != "\"" {
                if scalars[i] == "\\", i + 1 < scalars.count {
                    advance()
                    let c = scalars[i]
                    switch c {
                    case "n": out.append("\n"); advance()
                    case "t": out.append("\t"); advance()
                    case "r": out.append("\r"); advance()
                    case "U", "u":
                        advance()
                        var hex = ""
                        while hex.count < 4, i < scalars.count, scalars[i].properties.isASCIIHexDigit {
                            hex.unicodeScalars.append(scalars[i]); advance()
                        }
                        guard let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) else { throw fail("bad \\U escape") }
                        out.append(s)
                    default: out.append(c); advance()
                    }
                    continue
                }
                out.append(scalars[i])
                advance()
            }
            guard i < scalars.count else { throw fail("unterminated string") }
            advance()
            return String(out)
        }
        var entries: [String: Entry] = [:]
        while true {
            try skipSpaceAndComments()
            if i >= scalars.count { break }
            let key = try quoted()
            try skipSpaceAndComments()
            guard i < scalars.count, scalars[i] == "=" else { throw fail("expected '=' after the key") }
            advance()
            try skipSpaceAndComments()
            let value = try quoted()
            try skipSpaceAndComments()
            guard i < scalars.count, scalars[i] == ";" else { throw fail("expected ';' after the value") }
            advance()
            entries[key] = Entry(value: value)
        }
        return entries
    }
}
