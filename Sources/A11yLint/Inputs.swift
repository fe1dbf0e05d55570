import Foundation
import A11yModel

/// One file to lint: its path as the user gave it (or as found under a folder
/// they gave), and optionally its contents (for `--staged` and tests; nil means
/// read it from disk).
public struct LintInput: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case json, swift }

    public var path: String
    public var contents: [UInt8]?
    public var kind: Kind
    /// Named by the user (not found under a folder): a JSON file that is neither a
    /// spec nor an index is then an input error instead of being skipped.
    public var explicit: Bool
    /// False for standard input given without `--stdin-path`: it has no path for
    /// `included`/`excluded` to match, so they do not apply.
    public var checksScope = true

    public init(path: String, contents: [UInt8]? = nil, explicit: Bool = true) {
        self.path = path
        self.contents = contents
        self.explicit = explicit
        self.kind = path.lowercased().hasSuffix(".swift") ? .swift : .json
    }

    /// Standard input (`-`), read whole: linted as `path` when given (`--stdin-path`: its
    /// extension says JSON or Swift, and the configuration's globs match it), else as
    /// `<stdin>`, JSON when it starts with `{` and Swift otherwise.
    public static func standardInput(_ bytes: [UInt8], path: String?) -> LintInput {
        var input = LintInput(path: path ?? "<stdin>", contents: bytes, explicit: true)
        if path == nil {
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            input.kind = first == UInt8(ascii: "{") ? .json : .swift
            input.checksScope = false
        }
        return input
    }

    public static func isLintable(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".json") || lower.hasSuffix(".swift")
    }
}

/// Turns command-line paths into inputs: files as given, folders walked
/// (sorted, hidden folders and `.build` skipped).
public enum InputCollector {
    public static func collect(_ paths: [String], fileManager: FileManager = .default) -> (inputs: [LintInput], errors: [InputError]) {
        var inputs: [LintInput] = []
        var errors: [InputError] = []
        var seen = Set<String>()
        func add(_ path: String, explicit: Bool, key: String? = nil) {
            let key = key ?? canonicalKey(path)
            if seen.insert(key).inserted { inputs.append(LintInput(path: path, explicit: explicit)) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(InputError(file: path, line: 1, column: 1, message: "no such file or directory"))
                continue
            }
            if !isDirectory.boolValue {
                if LintInput.isLintable(path) { add(path, explicit: true) } else {
                    errors.append(InputError(file: path, message: "not a lintable file: expected a .json spec or index, or a .swift file"))
                }
                continue
            }
            // A folder's files are the folder as given plus names from directory
            // listings (never `.` or `..`), so their keys are the folder's key plus the
            // rest of the path: one `URL` per folder instead of one per file.
            let folderKey = canonicalKey(path)
            for file in walk(path, fileManager: fileManager) {
                add(file, explicit: false, key: derivedKey(of: file, folder: path, folderKey: folderKey))
            }
        }
        return (inputs, errors)
    }

    /// What tells two spellings of one file apart: absolute, `.` and `..` resolved.
    static func canonicalKey(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The key of `file`, found under `folder` (whose key is `folderKey`) by `walk`.
    static func derivedKey(of file: String, folder: String, folderKey: String) -> String {
        var rest = Substring(file.utf8.dropFirst(folder.utf8.count))
        while rest.first == "/" { rest = rest.dropFirst() }
        return folderKey.hasSuffix("/") ? folderKey + rest : folderKey + "/" + rest
    }

    /// Lintable files under `folder`, with paths that start with `folder` as given.
    static func walk(_ folder: String, fileManager: FileManager) -> [String] {
        var result: [String] = []
        var pending = [folder]
        while let dir = pending.popLast() {
            guard let names = try? fileManager.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if name != "node_modules" && name != "Pods" && name != "DerivedData" { pending.append(path) }
                } else if LintInput.isLintable(name) {
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }
}
