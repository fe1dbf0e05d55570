import Foundation
import Testing
@testable import A11yRules
import A11ySwiftReader
import A11yPattern

/// The run's static colour members (`SwiftColorMembers`): names found without a lex, then the
/// files that may declare an asked name lexed; the answers must be those of a table of every
/// file's lexed declarations, as the rule read them before.
@Suite struct SwiftColorMembersTests {
    /// Real-shaped files: declarations beside comments, strings (plain, multi-line, raw,
    /// interpolated), regex literals, `#if` blocks, multi-line values and bodies.
    static let fixtures: [String] = [
        """
        import SwiftUI

        extension Color {
            static let brand = Color(red: 0.55, green: 0.75, blue: 0.95)
            static  let ink = Color(white: 1) // the text
            static\tvar card: Color { Color(white: 0.9) }
            static var banner: SwiftUI.Color = .orange
            static let shadow = Color.black
                .opacity(0.2)
            static let wide = Color(
                red: 0.1, green: 0.2, blue: 0.3)
            // static let commented = Color.red
            /* static let blocked = Color.blue
               static let nested = /* inner */ Color.green */
            static let note = "static let quoted = Color.red"
            static let story = \"\"\"
                static let inStory = Color.red
                \\(Color.blue) static var inInterpolation = Color.green
                \"\"\"
            static let raw = #"static let inRaw = Color.red "# + "x"
            static let pattern = #/static let inRegex = (Color)/#
            #if os(iOS)
            static let platform = Color(uiColor: .systemBackground)
            #else
            static let platform = Color.gray
            #endif
            static func make() -> Color { .red }
            static private(set) var hidden = Color.red
            staticlet glued = Color.red
            static let 名前 = Color.mint
        }
        """,
        """
        import SwiftUI

        enum Palette {
            static let brand = Color(red: 0.55, green: 0.75, blue: 0.95)
            static let ink = Color(white: 0.1)
            static let shared = Manager()
            static var previews: some View { Text("x") }
            static let
                split = Color.red
            static let platform = Color.gray
        }
        struct Manager {}
        """,
        """
        // No colour word here: a declaration of this file is not read at all.
        enum F { static let brand = 1 }
        """,
        "enum Ending { static let last = Color.red\n  static",
        "let tail = Color.blue; static let x",
        "enum Invalid { static let caf\u{E9} = Color.red }",
    ]

    /// The same files with a few invalid UTF-8 bytes (a name holding one, a comment holding one).
    static var invalidFixtures: [[UInt8]] {
        [Array("enum Bad { static let bad".utf8) + [0xFF] + Array("Name = Color.red }\n// \u{E9}".utf8) + [0xC3]
            + Array("\nstatic let after = Color.blue".utf8)]
    }

    /// Every Swift file of this package's Sources: real code, with every kind of literal the
    /// lexer knows, many `static let`s and the word `Color` in many files.
    static var packageSources: [[UInt8]] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted() ?? []
        return files.compactMap { try? Array(Data(contentsOf: sources.appendingPathComponent($0))) }
    }

    /// The Swift files under the folders of `A11YLINT_MEMBERS_CORPUS` (colon-separated; real
    /// apps kept outside the repository), for the two checks below on real code; none unset.
    static var corpus: [[UInt8]] {
        guard let folders = ProcessInfo.processInfo.environment["A11YLINT_MEMBERS_CORPUS"] else { return [] }
        return folders.split(separator: ":").flatMap { folder -> [[UInt8]] in
            let root = URL(fileURLWithPath: String(folder))
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }.sorted() ?? []
            return files.compactMap { try? Array(Data(contentsOf: root.appendingPathComponent($0))) }
        }
    }

    /// What the rule answered before: every file with both words lexed into one table.
    static func reference(_ files: [[UInt8]]) -> [String: String] {
        var table = SwiftColorParser.DeclarationTable()
        for bytes in files where SwiftColorMembers.mayDeclare(bytes) { table.add(SwiftSource(utf8: bytes)) }
        return table.unambiguous.filter { SwiftColorMembers.looksLikeColor($0.value) }
    }

    static func lexedNames(_ bytes: [UInt8]) -> Set<String> {
        var table = SwiftColorParser.DeclarationTable()
        table.add(SwiftSource(utf8: bytes))
        return Set(table.found.keys).union(table.ambiguous)
    }

    static func candidateNames(_ bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        SwiftColorMembers.candidateNames(in: bytes) { names.insert($0) }
        return names
    }

    @Test func namesFoundWithoutALexHoldEveryLexedName() {
        let files = Self.fixtures.map { Array($0.utf8) } + Self.invalidFixtures + Self.packageSources + Self.corpus
        #expect(files.count > 100)
        var lexedCount = 0
        for bytes in files {
            let lexed = Self.lexedNames(bytes)
            lexedCount += lexed.count
            let candidates = Self.candidateNames(bytes)
            #expect(lexed.isSubset(of: candidates), "\(lexed.subtracting(candidates)) in \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        #expect(lexedCount > 150)
        // The fixture's names in comments and literals are found (the lex leaves them out).
        let first = Self.candidateNames(Array(Self.fixtures[0].utf8))
        #expect(first.isSuperset(of: ["commented", "blocked", "nested", "quoted", "inStory", "inInterpolation", "inRaw",
                                      "inRegex", "platform", "名前"]), "\(first)")
        #expect(!first.contains("glued") && !first.contains("hidden") && !first.contains("make"))
        #expect(Self.lexedNames(Array(Self.fixtures[0].utf8)).isDisjoint(with: ["commented", "blocked", "quoted", "inStory"]))
    }

    @Test(arguments: [1, 2, 3, 8])
    func answersAreThoseOfTheWholeTable(threads: Int) {
        let corpus = Self.corpus
        let files = Self.fixtures.map { Array($0.utf8) } + Self.invalidFixtures + Self.packageSources + corpus
        let expected = Self.reference(files)
        if corpus.isEmpty {
            #expect(expected["brand"] == "Color(red: 0.55, green: 0.75, blue: 0.95)")
            #expect(expected["ink"] == nil && expected["platform"] == nil && expected["shared"] == nil)
            #expect(expected["shadow"] == "Color.black" && expected["wide"] == "Color(\n        red: 0.1, green: 0.2, blue: 0.3)")
        }
        let members = SwiftColorMembers()
        members.setFiles(count: files.count, threads: threads) { files[$0] }
        var asked: Set<String> = Set(expected.keys)
        for bytes in files { asked.formUnion(Self.candidateNames(bytes)) }
        asked.formUnion(["absent", "", "static", "Color"])
        for name in asked.sorted() {
            #expect(members.value(of: name) == expected[name], "\(name)")
        }
        // Asked again: the same (answers are kept).
        #expect(members.value(of: "brand") == expected["brand"])
    }

    /// The byte search the names and the rule's first tests use, against a plain one: short
    /// alphabets (many near misses), every start, needles of one to nine bytes, haystacks
    /// short and long enough for the 32-place pass (`ByteSearch.firstOffset(byEnds:)`).
    @Test func theByteSearchFindsTheFirstPlace() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let alphabet = Array("stac ".utf8) + [0x80, 0xFF, 0x00]
            let haystack = (0..<Int.random(in: 0...(Bool.random(using: &random) ? 40 : 160), using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 1...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let start = Int.random(in: -1...max(0, haystack.count), using: &random)
            let plain = start < 0 || start + needle.count > haystack.count ? nil : (start...(haystack.count - needle.count)).first {
                Array(haystack[$0..<($0 + needle.count)]) == needle
            }
            #expect(ByteSearch.firstOffset(byEnds: needle, in: haystack, from: start) == plain, "\(needle) in \(haystack) from \(start)")
            #expect(SwiftColorParser.find(needle, in: haystack, from: start) == plain, "\(needle) in \(haystack) from \(start)")
        }
    }

    /// The names' hashes are those of the names as strings (`NameIndex` looks a name up by the
    /// hash of its string), invalid UTF-8 included.
    @Test func nameHashesAreThoseOfTheNames() {
        let files = Self.fixtures.map { Array($0.utf8) } + Self.invalidFixtures
        for bytes in files {
            var names: [UInt64] = []
            SwiftColorMembers.candidateNames(in: bytes) { names.append(SwiftColorMembers.hash($0.utf8)) }
            var hashes: [UInt64] = []
            SwiftColorMembers.candidateNameHashes(in: bytes) { hashes.append($0) }
            #expect(hashes == names && !names.isEmpty)
        }
    }

    /// A file that cannot be read when the names are gathered counts for nothing.
    @Test func anUnreadableFileDeclaresNothing() {
        let files = Self.fixtures.map { Array($0.utf8) }
        let members = SwiftColorMembers()
        members.setFiles(count: files.count, threads: 2) { $0 == 1 ? nil : files[$0] }
        #expect(members.value(of: "ink") == "Color(white: 1) // the text")
        #expect(members.value(of: "platform") == nil)
        members.setFiles(count: files.count, threads: 2) { files[$0] }
        #expect(members.value(of: "ink") == nil)
    }
}
