import Foundation
import Dispatch

/// git could not be run, or said no (not a repository, …).
public struct GitError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Runs the `git` found on `PATH`. Hooks run with `GIT_INDEX_FILE` and friends set;
/// the child inherits them, so a partial commit's temporary index is honoured.
public enum Git {
    /// git's standard output; throws with git's standard error when it fails.
    @discardableResult
    public static func run(_ arguments: [String], in directory: String? = nil, input: Data? = nil) throws(GitError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            throw GitError("cannot run git: \(error.localizedDescription)")
        }
        // Feed stdin and drain stderr on their own threads: a full pipe on either
        // side would otherwise block git while we wait on stdout.
        let group = DispatchGroup()
        if let input {
            DispatchQueue.global().async(group: group) {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let stderrBox = DataBox()
        DispatchQueue.global().async(group: group) {
            stderrBox.data = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: stderrBox.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(message.isEmpty ? "git \(arguments.first ?? "") failed (exit \(process.terminationStatus))" : message)
        }
        return data
    }

    /// The top folder of the work tree holding `directory`.
    public static func topLevel(of directory: String) throws(GitError) -> String {
        let data = try run(["rev-parse", "--show-toplevel"], in: directory)
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard !path.isEmpty else { throw GitError("not inside a git work tree") }
        return path
    }

    /// NUL-separated output (`-z`) split into strings.
    static func nulSeparated(_ data: Data) -> [String] {
        data.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// Git's index (the staging area) of one repository, read for `--staged`: what is
/// about to be committed, which may differ from the working tree.
public final class GitIndexSnapshot: @unchecked Sendable {
    /// The work tree's top folder; paths are relative to it, as git prints them.
    public let root: String
    private let lock = NSLock()
    private var folderListings: [String: [String]] = [:]

    public init(root: String) {
        self.root = root
    }

    /// The snapshot of the repository holding `directory`.
    public static func open(workingDirectory directory: String) throws(GitError) -> GitIndexSnapshot {
        GitIndexSnapshot(root: try Git.topLevel(of: directory))
    }

    /// Added, copied, modified and renamed files in the index (deleted ones have
    /// nothing to lint), relative to the root, sorted.
    public func stagedPaths() throws(GitError) -> [String] {
        let data = try Git.run(["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z"], in: root)
        return Git.nulSeparated(data).sorted()
    }

    /// Staged `.json` and `.swift` files with their staged contents. `limitTo`
    /// (paths relative to `workingDirectory`) keeps only files at or below them.
    public func stagedInputs(limitTo paths: [String] = [], workingDirectory: String) throws(GitError) -> [LintInput] {
        var staged = try stagedPaths().filter(LintInput.isLintable)
        if !paths.isEmpty {
            let limits = paths.map { PathScope.absolute($0, from: workingDirectory) }
            staged = staged.filter { path in
                let absolute = PathScope.absolute(path, from: root)
                return limits.contains { PathScope.relative(absolute, to: $0) != nil }
            }
        }
        let contents = self.contents(of: staged)
        // Not a spec nor an index: skipped quietly, as in a folder (explicit: false).
        return staged.compactMap { path in contents[path].map { LintInput(path: path, contents: $0, explicit: false) } }
    }

    /// The staged contents of `paths` (relative to the root), read in one
    /// `git cat-file --batch`; paths not in the index are absent from the result.
    public func contents(of paths: [String]) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        // The batch protocol is line-based: a name with a line break goes through `git show`.
        let batchable = paths.filter { !$0.contains("\n") }
        for path in paths where path.contains("\n") {
            if let data = try? Git.run(["show", ":" + path], in: root) { result[path] = [UInt8](data) }
        }
        guard !batchable.isEmpty else { return result }
        let request = Data(batchable.map { ":" + Self.normalized($0) + "\n" }.joined().utf8)
        guard let output = try? Git.run(["cat-file", "--batch"], in: root, input: request) else { return result }
        let bytes = [UInt8](output)
        var offset = 0
        for path in batchable {
            // "<oid> blob <size>\n<contents>\n", or "<name> missing\n".
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
            offset = newline + 1
            guard header.count == 3, let size = Int(header[2]), offset + size <= bytes.count else { continue }
            if header[1] == "blob" { result[path] = Array(bytes[offset..<(offset + size)]) }
            offset += size + 1
        }
        return result
    }

    /// Names directly in `folder` (relative to the root) according to the index:
    /// files, and the first component of deeper paths.
    func listing(of folder: String) -> [String] {
        let key = Self.normalized(folder)
        lock.lock()
        if let cached = folderListings[key] { lock.unlock(); return cached }
        lock.unlock()
        let prefix = key.isEmpty ? "" : key + "/"
        let data = (try? Git.run(["ls-files", "--cached", "-z", "--", key.isEmpty ? "." : key], in: root)) ?? Data()
        var names = Set<String>()
        for path in Git.nulSeparated(data) where path.hasPrefix(prefix) {
            if let name = path.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
        }
        let sorted = names.sorted()
        lock.lock()
        folderListings[key] = sorted
        lock.unlock()
        return sorted
    }

    /// A file manager that answers from the index (what `index-consistency` asks).
    public var fileManager: FileManager { IndexFileManager(snapshot: self) }

    /// `./a/../b/c.json` → `b/c.json`: the spelling git uses.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", !parts.isEmpty, parts.last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}

/// Answers `fileExists` and `contentsOfDirectory` from git's index, for paths
/// relative to the repository root.
final class IndexFileManager: FileManager, @unchecked Sendable {
    let snapshot: GitIndexSnapshot

    init(snapshot: GitIndexSnapshot) {
        self.snapshot = snapshot
        super.init()
    }

    private func relative(_ path: String) -> String {
        if path.hasPrefix("/") { return PathScope.relative(PathScope.standardized(path), to: snapshot.root) ?? path }
        return GitIndexSnapshot.normalized(path)
    }

    override func fileExists(atPath path: String) -> Bool {
        let relative = relative(path)
        let folder = (relative as NSString).deletingLastPathComponent
        return snapshot.listing(of: folder).contains((relative as NSString).lastPathComponent)
    }

    override func contentsOfDirectory(atPath path: String) throws -> [String] {
        snapshot.listing(of: relative(path))
    }
}
