import Foundation
import A11ySwiftReader

/// The static colour members declared in the Swift files of one run (`source-text-contrast`,
/// docs/rules.md): `extension Color { static let brand = Color(red: …) }` in Theme.swift,
/// used as `.brand` in another file. A name declared twice with different values is left out
/// (ambiguous: not measured).
///
/// The table is built once, when a text view first names a colour member its own file does
/// not declare (most runs never do): the run's Swift files are read again then, and only those
/// holding both `static` and `Color` are lexed, on as many threads as the run's jobs (the
/// other workers would only wait for it). Files are linted on every core, so the first one
/// that needs the table builds it and the others wait for it.
public final class SwiftColorMembers: @unchecked Sendable {
    /// The bytes of the run's Swift file number `index` (nil: it cannot be read now).
    public typealias FileReader = @Sendable (_ index: Int) -> [UInt8]?

    private let lock = NSLock()
    private var files: (count: Int, read: FileReader, threads: Int)?
    private var table: [String: String]?

    public init() {}

    /// The run's `count` Swift files, read by `read`; the table is built from them on up to
    /// `threads` threads when first needed.
    public func setFiles(count: Int, threads: Int, _ read: @escaping FileReader) {
        lock.lock()
        files = (count, read, threads)
        table = nil
        lock.unlock()
    }

    /// The value text of the static member `name` (`Color(red: 0.1, green: 0.2, blue: 0.3)`),
    /// nil when no file of the run declares it or two declare it differently.
    public func value(of name: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let table { return table[name] }
        guard let files else { return nil }
        let built = Self.build(count: files.count, threads: files.threads, files.read)
        table = built
        return built[name]
    }

    /// The table of files `0..<count`, each thread taking every `threads`-th file: the
    /// declarations found are the same whatever the split (a name declared with two values
    /// anywhere is left out).
    static func build(count: Int, threads: Int, _ read: FileReader) -> [String: String] {
        let parts = max(1, min(threads, count))
        let staticWord = Array("static".utf8), colorWord = Array("Color".utf8)
        let tables = PartTables(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var table = SwiftColorParser.DeclarationTable()
            for index in stride(from: part, to: count, by: parts) {
                guard let bytes = read(index), SwiftColorParser.find(staticWord, in: bytes, from: 0) != nil,
                      SwiftColorParser.find(colorWord, in: bytes, from: 0) != nil else { continue }
                table.add(SwiftSource(utf8: bytes))
            }
            tables.set(part, table)
        }
        var table = SwiftColorParser.DeclarationTable()
        for part in tables.all { table.merge(part) }
        // Every declaration counts for ambiguity (`static var brand: Color { srgb(…) }` beside
        // `static let brand = Color(…)`); only colour-like values are kept.
        return table.unambiguous.filter { looksLikeColor($0.value) }
    }

    /// The tables of a build's threads, each written once by its own thread.
    private final class PartTables: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [SwiftColorParser.DeclarationTable]

        init(count: Int) { all = Array(repeating: SwiftColorParser.DeclarationTable(), count: count) }

        func set(_ part: Int, _ table: SwiftColorParser.DeclarationTable) {
            lock.lock()
            all[part] = table
            lock.unlock()
        }
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
