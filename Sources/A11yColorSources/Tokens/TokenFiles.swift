import A11yJSON
import A11yModel
import Foundation

/// A key that an object of a source file repeats (the last one is used): the run reports it
/// as `spec-duplicate-key`, at the repeated key, naming the first.
public struct RepeatedKey: Sendable, Hashable {
    public var file: String
    public var key: String
    public var first: JSONPosition
    public var repeated: JSONPosition
    /// The repeated key's place in the document (`JSONLocator`): what a baseline matches.
    public var location: String?
}

/// Reads each token file and resolver document once per token set, and keeps what JSON
/// reading noticed without failing (keys an object repeats).
final class TokenFileCache {
    /// Files read from memory instead of the disk (path → bytes), when given.
    let contents: [String: [UInt8]]?
    /// Files read from memory before the disk (path → bytes): sources as `--fix` would leave them.
    let overlay: [String: [UInt8]]
    private var documents: [String: JSONDocument] = [:]
    private(set) var order: [String] = []
    private(set) var warnings: [ColorSourceError] = []
    private(set) var repeatedKeys: [RepeatedKey] = []

    init(contents: [String: [UInt8]]? = nil, overlay: [String: [UInt8]] = [:]) {
        self.contents = contents
        self.overlay = overlay
    }

    private func read(_ path: String) -> [UInt8]? {
        if let bytes = overlay[path] { return bytes }
        if let contents { return contents[path] }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// The parsed file at `path`; `reference` is the `$ref` that names it (where a missing
    /// file is reported), nil for a path given by the user.
    func document(_ path: String, reference: (file: String, node: JSONNode)? = nil) throws(ColorSourceError) -> JSONDocument {
        if let known = documents[path] { return known }
        guard let bytes = read(path) else {
            let hint = contents == nil ? Suggestions.hint(for: (path as NSString).lastPathComponent, in: Self.siblings(of: path)) : ""
            let message = "cannot read the token file '\(path)'\(hint)"
            if let reference {
                throw ColorSourceError(file: reference.file, position: reference.node.position, message: message)
            }
            throw ColorSourceError(file: path, line: 0, column: 0, message: message)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            throw ColorSourceError(file: path, position: error.position, message: error.message)
        }
        let locator = document.duplicateKeys.isEmpty ? nil : JSONLocator(document.root)
        for duplicate in document.duplicateKeys {
            warnings.append(ColorSourceError(file: path, position: duplicate.repeated,
                                             message: "duplicate key '\(duplicate.key)' (first at line \(duplicate.first.line)): the last one is used"))
            repeatedKeys.append(RepeatedKey(file: path, key: duplicate.key, first: duplicate.first, repeated: duplicate.repeated,
                                            location: locator?.key(line: duplicate.repeated.line, column: duplicate.repeated.column)))
        }
        documents[path] = document
        order.append(path)
        return document
    }

    static func siblings(of path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        return (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    }

    /// `reference` relative to the folder of `file`, relative paths kept relative and
    /// `.`/`..` folded where they can be.
    static func path(_ reference: String, relativeTo file: String) -> String {
        if reference.hasPrefix("/") { return normalize(reference) }
        let folder = (file as NSString).deletingLastPathComponent
        return normalize(folder.isEmpty ? reference : folder + "/" + reference)
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
