import Foundation
import A11ySwiftReader
import A11yPattern

/// The static colour members declared in the Swift files of one run (`source-text-contrast`,
/// docs/rules.md): `extension Color { static let brand = Color(red: …) }` in Theme.swift,
/// used as `.brand` in another file. A name declared twice with different values is left out
/// (ambiguous: not measured).
///
/// Nothing is read until a text view first names a colour member its own file does not
/// declare (most runs never do). Then the run's Swift files are read again, on as many threads
/// as the run's jobs (the other workers would only wait for it), and those holding both
/// `static` and `Color` are searched for the names after `static let` / `static var`, without
/// a lex (`candidateNames`): that finds every name the lexed file declares, and perhaps a few
/// more (in comments and strings). Each name is kept as a hash beside its file's number
/// (`NameIndex`), not as a string in a dictionary: most are never asked. Only when a name is
/// asked are the files that may declare it lexed (a file whose name only shares the hash is
/// lexed for nothing), and their declarations read as before; the answer is the one a table
/// of every file's declarations would give. Files are linted on every core, so the first one that needs
/// the names builds them and the others wait for it.
public final class SwiftColorMembers: @unchecked Sendable {
    /// The bytes of the run's Swift file number `index` (nil: it cannot be read now).
    public typealias FileReader = @Sendable (_ index: Int) -> [UInt8]?

    private let lock = NSLock()
    private var files: (count: Int, read: FileReader, threads: Int)?
    /// The names found after `static let|var` in the files, with the files they were found in.
    private var candidates: NameIndex?
    /// The declarations of the files lexed so far (a name's candidates), by file number.
    private var lexed: [Int: SwiftColorParser.DeclarationTable] = [:]
    /// The answers given so far, by name (an inner nil: no colour of that name).
    private var answers: [String: String?] = [:]

    public init() {}

    /// The run's `count` Swift files, read by `read`; they are read on up to `threads` threads
    /// when first needed.
    public func setFiles(count: Int, threads: Int, _ read: @escaping FileReader) {
        lock.lock()
        files = (count, read, threads)
        candidates = nil
        lexed = [:]
        answers = [:]
        lock.unlock()
    }

    /// The value text of the static member `name` (`Color(red: 0.1, green: 0.2, blue: 0.3)`),
    /// nil when no file of the run declares it or two declare it differently.
    public func value(of name: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let answer = answers[name] { return answer }
        guard let files else { return nil }
        if candidates == nil { candidates = Self.candidates(count: files.count, threads: files.threads, files.read) }
        var table = SwiftColorParser.DeclarationTable()
        for index in candidates?.files(naming: name) ?? [] {
            if lexed[index] == nil { lexed[index] = Self.declarations(in: files.read(index)) }
            table.merge(lexed[index]!, only: name)
        }
        // Every declaration counts for ambiguity (`static var brand: Color { srgb(…) }` beside
        // `static let brand = Color(…)`); only colour-like values are answered.
        let answer = table.unambiguous[name].flatMap { Self.looksLikeColor($0) ? $0 : nil }
        answers[name] = answer
        return answer
    }

    /// The declarations of one file as the lexed file gives them (`DeclarationTable.add`),
    /// none unless it holds both `static` and `Color`.
    static func declarations(in bytes: [UInt8]?) -> SwiftColorParser.DeclarationTable {
        var table = SwiftColorParser.DeclarationTable()
        guard let bytes, mayDeclare(bytes) else { return table }
        table.add(SwiftSource(utf8: bytes))
        return table
    }

    private static let staticWord = Array("static".utf8), colorWord = Array("Color".utf8)

    /// Whether a file is read for declarations at all: it holds both `static` and `Color`.
    static func mayDeclare(_ bytes: [UInt8]) -> Bool { firstStatic(bytes) != nil }

    /// Where a file that may declare members (`mayDeclare`) has its first `static`; nil for
    /// any other file.
    static func firstStatic(_ bytes: [UInt8]) -> Int? {
        // `Color` first: fewer files hold it, and a `memchr` for its `C` passes over a file
        // without it faster than the search for `static` (whose `s` is everywhere).
        guard SwiftColorParser.find(colorWord, in: bytes, from: 0) != nil else { return nil }
        return ByteSearch.firstOffset(byEnds: staticWord, in: bytes, from: 0)
    }

    /// The names of files `0..<count` and the files each is found in, each thread taking every
    /// `threads`-th file: the same whatever the split.
    static func candidates(count: Int, threads: Int, _ read: FileReader) -> NameIndex {
        let parts = max(1, min(threads, count))
        let found = PartResults(count: parts)
        let fileBits = NameIndex.fileBits(count: count)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var keys: [UInt64] = []
            for index in stride(from: part, to: count, by: parts) {
                // The names are looked for from the first `static` on: the bytes before it
                // were searched already.
                guard let bytes = read(index), let first = firstStatic(bytes) else { continue }
                candidateNameHashes(in: bytes, from: first) { hash in
                    keys.append(NameIndex.key(hash: hash, file: index, fileBits: fileBits))
                }
            }
            found.set(part, keys)
        }
        return NameIndex(keys: found.all.flatMap { $0 }, fileBits: fileBits)
    }

    /// The names found in the files, each as the hash of its UTF-8 bytes (`hash(_:)`) joined
    /// with the number of a file it was found in, sorted: the files that may declare a name
    /// are a run of neighbours, found by a binary search. The hash keeps only the bits the
    /// file numbers leave free: two names that share them share their files (more files
    /// lexed, the same answer).
    struct NameIndex {
        private let keys: [UInt64]
        private let fileBits: Int

        init(keys: [UInt64], fileBits: Int) {
            self.keys = keys.sorted()
            self.fileBits = fileBits
        }

        /// Bits enough for every file number below `count`.
        static func fileBits(count: Int) -> Int { max(1, Int.bitWidth - max(0, count - 1).leadingZeroBitCount) }

        static func key(hash: UInt64, file: Int, fileBits: Int) -> UInt64 {
            (hash >> fileBits) << fileBits | UInt64(file)
        }

        /// The files in which `name` was found, ascending, each once.
        func files(naming name: String) -> [Int] {
            let low = Self.key(hash: SwiftColorMembers.hash(name.utf8), file: 0, fileBits: fileBits)
            let high = low | ((1 << fileBits) - 1)
            // The first key at or above `low`.
            var lower = 0, upper = keys.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if keys[middle] < low { lower = middle + 1 } else { upper = middle }
            }
            var files: [Int] = []
            while lower < keys.count, keys[lower] <= high {
                let file = Int(keys[lower] & ((1 << fileBits) - 1))
                if files.last != file { files.append(file) }
                lower += 1
            }
            return files
        }
    }

    /// FNV-1a over a name's UTF-8 bytes.
    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The name after each `static let` / `static var` of `bytes` (spaces and tabs between),
    /// read from the bytes as written. Every name `DeclarationTable.add` finds in the lexed
    /// file is among them: it reads the same words on the masked text, whose letters are the
    /// file's code, and where the lexer blanks a comment's or literal's contents it keeps the
    /// opening delimiter (`//`, `/*`, a quote, `#`, `/`), which stops these words as it stops
    /// them there. A name in a comment or a string is found too (the lex then leaves it out).
    /// Names are decoded as `SwiftSource` repairs invalid UTF-8 (a run of identifier bytes is
    /// bounded by ASCII, so it decodes alone as it does in the whole file).
    static func candidateNames(in bytes: [UInt8], from start: Int = 0, _ body: (String) -> Void) {
        candidateWords(in: bytes, from: start) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `candidateNames`, each name given as `hash(_:)` of its UTF-8 bytes, with no string made
    /// for a name all ASCII (its bytes are its UTF-8).
    static func candidateNameHashes(in bytes: [UInt8], from start: Int = 0, _ body: (UInt64) -> Void) {
        candidateWords(in: bytes, from: start) { word in
            body(word.allSatisfy { $0 < 0x80 } ? hash(word) : hash(String(decoding: word, as: UTF8.self).utf8))
        }
    }

    /// The bytes of each name of `candidateNames`, as written.
    private static func candidateWords(in bytes: [UInt8], from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var from = start
        while let at = ByteSearch.firstOffset(byEnds: staticWord, in: bytes, from: from) {
            from = at + 6
            bytes.withUnsafeBufferPointer { text in
                var i = from
                guard i < text.count, !isIdentifierByte(text[i]) else { return }
                i = skipBlanks(text, i)
                let word = identifierEnd(text, i)
                guard word - i == 3 else { return }
                let letters = (text[i], text[i + 1], text[i + 2])
                guard letters == (UInt8(ascii: "l"), UInt8(ascii: "e"), UInt8(ascii: "t"))
                    || letters == (UInt8(ascii: "v"), UInt8(ascii: "a"), UInt8(ascii: "r")) else { return }
                i = skipBlanks(text, word)
                let end = identifierEnd(text, i)
                guard end > i else { return }
                body(UnsafeBufferPointer(rebasing: text[i..<end]))
            }
        }
    }

    private static func skipBlanks(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        var i = offset
        while i < text.count, text[i] == UInt8(ascii: " ") || text[i] == UInt8(ascii: "\t") { i += 1 }
        return i
    }

    private static func identifierEnd(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        var i = offset
        while i < text.count, isIdentifierByte(text[i]) { i += 1 }
        return i
    }

    /// What each thread of a build found, each written once by its own thread.
    private final class PartResults: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [[UInt64]]

        init(count: Int) { all = Array(repeating: [], count: count) }

        func set(_ part: Int, _ keys: [UInt64]) {
            lock.lock()
            all[part] = keys
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
