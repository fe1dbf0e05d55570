import Foundation
import Testing
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
    }
}
