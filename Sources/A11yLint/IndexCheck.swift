import Foundation
import A11yModel

/// `index-consistency`: an index's entries against the spec files beside it
/// (`components/<name>.json` next to the index).
struct IndexCheck: Sendable {
    var index: SpecIndex
    /// `components/` next to the index, spelled from the index path as given.
    var componentsFolder: String
    /// Listed specs that exist, in index order.
    var existingSpecPaths: [String] = []
    var missing: [SpecIndex.Entry] = []
    /// Spec files in the folder that the index does not list.
    var unlisted: [String] = []

    init(index: SpecIndex, fileManager: FileManager = .default) {
        self.index = index
        componentsFolder = Self.componentsFolder(besideIndexAt: index.file)
        for entry in index.entries {
            let path = componentsFolder + "/" + entry.name + ".json"
            if fileManager.fileExists(atPath: path) { existingSpecPaths.append(path) } else { missing.append(entry) }
        }
        let listed = Set(index.entries.map { $0.name + ".json" })
        let files = (try? fileManager.contentsOfDirectory(atPath: componentsFolder)) ?? []
        unlisted = files.filter { $0.hasSuffix(".json") && !listed.contains($0) }.sorted().map { componentsFolder + "/" + $0 }
    }

    /// `components/` next to the index file at `path`.
    static func componentsFolder(besideIndexAt path: String) -> String {
        if let folder = plainFolder(of: path) { return folder.isEmpty ? "components" : String(folder) + "/components" }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "components" : folder + "/components"
    }

    /// `NSString.deletingLastPathComponent` of a path with no doubled `/` and none at its end,
    /// read from its bytes (what is before its last `/`, `/` for a name in the root, empty for
    /// a bare name); nil for any other path, which Foundation then reads. Foundation first
    /// rewrites the whole path to fold slashes, which made this question cost more than the
    /// stat it leads to (asked for every folder of JSON files a walk finds, before the lint).
    static func plainFolder(of path: String) -> Substring? {
        let slash = UInt8(ascii: "/")
        let last: Int?? = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let final = bytes.last, final != slash else { return nil }
            var last = -1
            for i in bytes.indices where bytes[i] == slash {
                if i > 0 && bytes[i - 1] == slash { return nil }
                last = i
            }
            return last
        }
        guard case .some(.some(let offset)) = last else { return nil }
        if offset < 0 { return path[path.startIndex..<path.startIndex] }
        let end = path.utf8.index(path.utf8.startIndex, offsetBy: max(offset, 1))
        return path[..<end]
    }

    /// Whether an index in the folder of `path` (on disk) may point at other files: only
    /// through a `components` folder beside it (the specs it lists, the specs it does not).
    /// Without one, the index's findings are its own and it lists nothing to lint. True
    /// when it cannot be told (a folder that cannot be looked at).
    static func mayReachOtherFiles(fromIndexAt path: String) -> Bool {
        var status = stat()
        guard stat(componentsFolder(besideIndexAt: path), &status) == 0 else { return errno != ENOENT && errno != ENOTDIR }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    func findings(rules: RuleBook) -> [Finding] {
        let rule = ModelRuleID.indexConsistency
        var result = missing.map { entry in
            rules.finding(rule, fallback: .warning, message: "missingSpec",
                          ["component": entry.name, "path": "\(componentsFolder)/\(entry.name).json"],
                          location: entry.location, component: entry.name)
        }
        result += unlisted.map { path in
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            return rules.finding(rule, fallback: .warning, message: "unlistedSpec", ["path": path, "index": index.file],
                                 location: SourceLocation(file: path, line: 1, column: 1), component: name)
        }
        return result
    }
}
