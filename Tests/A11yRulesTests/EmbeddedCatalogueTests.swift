import Foundation
import Testing
import Yams
import A11yModel
@testable import A11yRules

/// The catalogue compiled into the binary is the repository's `Rules/` folder, file for file.
@Suite struct EmbeddedCatalogueTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Rules")

    @Test func embeddedFilesAreTheFolderFiles() throws {
        var onDisk: [String: Data] = [:]
        let walker = try #require(FileManager.default.enumerator(at: Self.folder, includingPropertiesForKeys: nil))
        for case let url as URL in walker where ["yml", "yaml"].contains(url.pathExtension) {
            let relative = "Rules/" + url.standardizedFileURL.path.dropFirst(Self.folder.standardizedFileURL.path.count + 1)
            onDisk[relative] = try Data(contentsOf: url)
        }
        let embedded = Dictionary(uniqueKeysWithValues: embeddedRuleFiles.map { ($0.path, Data(base64Encoded: $0.base64)) })
        #expect(Set(embedded.keys) == Set(onDisk.keys))
        for (path, data) in onDisk { #expect(embedded[path] == data, "\(path) differs from its embedded copy") }
    }

    @Test func embeddedCatalogueReadsLikeTheFolder() throws {
        let built = try RuleCatalogue.embedded()
        let folder = try RuleCatalogue(directory: Self.folder)
        #expect(built.ids == folder.ids)
        #expect(built.ids.contains("text-contrast"))
        #expect(Set(built.colorSchemes.keys) == Set(folder.colorSchemes.keys))
        #expect(built.entries.map(\.triggeringExamples.count) == folder.entries.map(\.triggeringExamples.count))
        #expect(built.origin == "Rules (built in)")
        // Read with Yams' basic resolver (no tag is read): every rule, text and value the same.
        #expect(built.entries.map(\.description) == folder.entries.map(\.description))
        #expect(built.entries.map(\.swiftlintIDs) == folder.entries.map(\.swiftlintIDs))
        #expect(built.entries.map(\.triggeringExamples) == folder.entries.map(\.triggeringExamples))
        #expect(built.entries.map(\.nonTriggeringExamples) == folder.entries.map(\.nonTriggeringExamples))
        #expect(built.entries.map { Self.plain($0.node) } == folder.entries.map { Self.plain($0.node) })
        // The trees read at build time keep every node's position (a finding or an error
        // points into the rule file).
        #expect(built.entries.map { Self.marks($0.node) } == folder.entries.map { Self.marks($0.node) })
        #expect(built.entries.map(\.isImplementedInCode) == folder.entries.map(\.isImplementedInCode))
        #expect(built.entries.contains { $0.isImplementedInCode })
        #expect(built.componentCalls.count == folder.componentCalls.count)
        // The presets are read from the embedded trees without Yams nodes: the same presets.
        #expect(built.colorSchemes == folder.colorSchemes)
        #expect(built.componentCalls.map(Self.plain) == folder.componentCalls.map(Self.plain))
        #expect(try built.sourceRules().ruleIDs == folder.sourceRules().ruleIDs)
        // The ids a run reports as run, known without compiling the patterns.
        #expect(try built.sourceRuleIDs == built.sourceRules().ruleIDs)
    }

    /// The index a run reads the rules' descriptions from reads every node of every tree as
    /// Yams reads the node made from it: texts, Bools, items, pairs, keys looked up, positions.
    @Test func embeddedNodesReadLikeYamsNodes() {
        for file in embeddedRuleTrees {
            let root = EmbeddedNode(tree: EmbeddedTree(file.tree), index: 0)
            Self.expectSame(root, root.yamsNode, file.path)
        }
    }

    static func expectSame(_ node: EmbeddedNode, _ yams: Yams.Node, _ file: String) {
        #expect(node.string == yams.string, "\(file) \(node.position)")
        #expect(node.bool == yams.bool, "\(file) \(node.position)")
        #expect(node.position == (yams.mark?.line ?? 1, yams.mark?.column ?? 1), "\(file)")
        #expect(node.isMapping == (yams.mapping != nil))
        #expect(node.items?.count == yams.sequence?.count)
        for (item, yamsItem) in zip(node.items ?? [], yams.sequence ?? []) { expectSame(item, yamsItem, file) }
        #expect(node.members?.count == yams.mapping?.count)
        for (pair, yamsPair) in zip(node.members ?? [], yams.mapping.map(Array.init) ?? []) {
            expectSame(pair.key, yamsPair.key, file)
            expectSame(pair.value, yamsPair.value, file)
            guard let key = pair.key.string else { continue }
            #expect(node.member(key).map { [$0.position.line, $0.position.column] }
                        == yams.mapping?[key].map { [$0.mark?.line ?? 1, $0.mark?.column ?? 1] }, "\(file) \(key)")
        }
        #expect(node.member("no such key") == nil && yams.mapping?["no such key"] == nil)
    }

    /// An installed `<prefix>/bin/a11ylint` reads `<prefix>/share/a11ylint/Rules` when it has a
    /// `spec` folder, reached through a link to the binary too; elsewhere the built-in catalogue.
    @Test func installedRulesFolderIsFoundBesideTheBinary() throws {
        guard getenv("A11YLINT_RULES") == nil else { return }
        let fm = FileManager.default
        let prefix = fm.temporaryDirectory.appendingPathComponent("a11ylint-install-\(getpid())").resolvingSymlinksInPath()
        defer { try? fm.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin"), rules = prefix.appendingPathComponent("share/a11ylint/Rules")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        let exe = bin.appendingPathComponent("a11ylint")
        try Data().write(to: exe)
        #expect(RuleCatalogue.overrideDirectory(executablePath: exe.path) == nil)
        try fm.createDirectory(at: rules.appendingPathComponent("spec"), withIntermediateDirectories: true)
        #expect(RuleCatalogue.overrideDirectory(executablePath: exe.path)?.path == rules.path)
        let link = prefix.appendingPathComponent("link")
        try fm.createSymbolicLink(at: link, withDestinationURL: exe)
        #expect(RuleCatalogue.overrideDirectory(executablePath: link.path)?.path == rules.path)
    }

    /// A component call as its fields (its pattern by its source).
    static func plain(_ call: ComponentCall) -> String {
        "\(call.name)|\(call.kind)|\(call.inSwiftFiles)|\(call.requiredModifier ?? "-")|\(call.pattern.source)|"
            + "\(call.component)|\(call.textArguments)|\(call.firstUnlabeledIsText)|\(call.requiresCheckboxArgument)|"
            + "\(call.colorScheme ?? "-")|\(call.geometry)"
    }

    /// The embedded trees' numbers read as Yams reads the nodes made from them, in every
    /// form Yams treats apart (separators, sexagesimal, infinities, not-a-number).
    @Test func embeddedNumbersReadLikeYams() {
        let texts = ["24", "-1.5", "0x1p3", "1e3", "1_000", "1:30", ".inf", "+.Inf", "-.INF", ".NaN", ".5", "+2",
                     "abc", "", "12pt", "0o17", "1__2.5"]
        for text in texts {
            let tree = EmbeddedTree("si1,1,\(text.utf8.count):" + text)
            let node = EmbeddedNode(tree: tree, index: 0)
            let yams = node.yamsNode.float
            #expect(node.float.map { $0.isNaN ? "nan" : "\($0)" } == yams.map { $0.isNaN ? "nan" : "\($0)" }, "\(text)")
            #expect(node.isNull == (node.yamsNode.null != nil), "\(text)")
        }
    }

    /// Every node's line and column, in document order.
    static func marks(_ node: Yams.Node) -> [Int] {
        let own = [node.mark?.line ?? 0, node.mark?.column ?? 0]
        switch node {
        case .scalar, .alias: return own
        case .sequence(let sequence): return own + sequence.flatMap(marks)
        case .mapping(let mapping): return own + mapping.flatMap { marks($0.key) + marks($0.value) }
        }
    }

    /// A YAML tree as its texts, without tags.
    static func plain(_ node: Yams.Node) -> String {
        switch node {
        case .scalar(let scalar): return "s:" + scalar.string
        case .sequence(let sequence): return "[" + sequence.map(plain).joined(separator: ",") + "]"
        case .mapping(let mapping): return "{" + mapping.map { plain($0.key) + ":" + plain($0.value) }.joined(separator: ",") + "}"
        case .alias: return "*"
        }
    }

    @Test func trimmedSpaceIsFoundationsTrimming() {
        for text in ["", " ", "a", " a ", "\n\ta b\r\n", "\u{00A0}x\u{2028}", "\u{3000}日本\u{0085}", "x\u{200B}",
                     "é ", "\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}y\u{000B}\u{000C}", " \n a b \r\n", "\t\n\r",
                     "a\n\u{00A0}", "\u{0085} a\n", "line one\nline two\n", " é\n", "\nz\u{200B}\n"] {
            #expect(text.trimmedSpace == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
        // Every character of the Basic Multilingual Plane, alone and around a letter.
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)a\(scalar)"
            #expect(text.trimmedSpace == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
        }
    }
}
