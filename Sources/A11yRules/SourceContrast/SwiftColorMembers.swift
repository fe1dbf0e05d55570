import Foundation
import A11ySwiftReader

/// The static colour members declared in the Swift files of one run (`source-text-contrast`,
/// docs/rules.md): `extension Color { static let brand = Color(red: …) }` in Theme.swift,
/// used as `.brand` in another file. A name declared twice with different values is left out
/// (ambiguous: not measured).
///
/// The table is built once, when a text view first names a colour member its own file does
/// not declare (most runs never do): the run's Swift files are read again then, and only those
/// holding both `static` and `Color` are lexed. Files are linted on every core, so the first
/// one that needs the table builds it and the others wait for it.
public final class SwiftColorMembers: @unchecked Sendable {
    /// Calls its argument with the bytes of each Swift file of the run.
    public typealias FileReader = @Sendable (_ each: ([UInt8]) -> Void) -> Void

    private let lock = NSLock()
    private var reader: FileReader?
    private var table: [String: String]?

    public init() {}

    /// The run's Swift files; the table is built from them when first needed.
    public func setFiles(_ reader: @escaping FileReader) {
        lock.lock()
        self.reader = reader
        table = nil
        lock.unlock()
    }

    /// The value text of the static member `name` (`Color(red: 0.1, green: 0.2, blue: 0.3)`),
    /// nil when no file of the run declares it or two declare it differently.
    public func value(of name: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let table { return table[name] }
        guard let reader else { return nil }
        let built = Self.build(reader)
        table = built
        return built[name]
    }

    static func build(_ reader: FileReader) -> [String: String] {
        var table = SwiftColorParser.DeclarationTable()
        let staticWord = Array("static".utf8), colorWord = Array("Color".utf8)
        reader { bytes in
            guard SwiftColorParser.find(staticWord, in: bytes, from: 0) != nil,
                  SwiftColorParser.find(colorWord, in: bytes, from: 0) != nil else { return }
            table.add(SwiftSource(utf8: bytes))
        }
        // Every declaration counts for ambiguity (`static var brand: Color { srgb(…) }` beside
        // `static let brand = Color(…)`); only colour-like values are kept.
        return table.unambiguous.filter { looksLikeColor($0.value) }
    }

    /// A value that may be a colour: `Color(…)`, `UIColor(…)`, `.blue`, `Palette.brand`,
    /// `Color.black.opacity(0.5)` (not `Manager()`, `"text"` or `12`: those never resolve, and
    /// leaving them out keeps a common name such as `shared` from hiding a colour).
    static func looksLikeColor(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first else { return false }
        if first == "." { return true }
        guard first.properties.isUppercase else { return false }
        let head = value.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return head == "Color" || head == "UIColor" || head == "SwiftUI" || value.dropFirst(head.count).first == "."
    }
}
