import Foundation
import A11yModel

/// How reports that need repository-relative paths (SARIF, Code Climate) turn the paths
/// a finding carries (as given on the command line) into paths from the repository root.
public struct ReportPaths: Sendable, Hashable {
    /// Absolute, standardized folder of the run.
    public var workingDirectory: String
    /// Absolute, standardized root the reports' paths are relative to: the git work tree's
    /// top level, or the working directory outside a repository.
    public var root: String

    public init(workingDirectory: String, root: String) {
        self.workingDirectory = Self.standardized(workingDirectory)
        self.root = Self.standardized(root)
    }

    /// `path` (absolute, or relative to the working directory) relative to `root`; a path
    /// outside the root stays absolute.
    public func fromRoot(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? Self.standardized(path)
            : Self.standardized(workingDirectory + "/" + path)
        if absolute == root { return "." }
        let prefix = root == "/" ? "/" : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// `root` as a `file://` URI ending in `/` (SARIF's `originalUriBaseIds`).
    public var rootURI: String {
        "file://" + SARIFReporter.percentEncoded(root.hasSuffix("/") ? root : root + "/")
    }

    /// Resolves `.` and `..` and repeated slashes, without touching the file system.
    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// `ReportPaths.fromRoot` of paths one after another (the path as it is without
/// `ReportPaths`), the last one kept: a file's findings share their path, which is then
/// made once per file, not once per finding.
struct RootPaths {
    let paths: ReportPaths?
    private var last: (path: String, fromRoot: String)?

    init(_ paths: ReportPaths?) { self.paths = paths }

    mutating func callAsFunction(_ path: String) -> String {
        guard let paths else { return path }
        if let last, last.path == path { return last.fromRoot }
        let fromRoot = paths.fromRoot(path)
        last = (path, fromRoot)
        return fromRoot
    }
}

/// `SARIFReporter.artifactURI` of each path, the last one kept: a file's findings name
/// the same path one after another.
struct ArtifactURIs {
    private var last: (path: String, artifact: (uri: String, baseId: String?))?

    mutating func callAsFunction(_ path: String) -> (uri: String, baseId: String?) {
        if let last, last.path == path { return last.artifact }
        let artifact = SARIFReporter.artifactURI(path)
        last = (path, artifact)
        return artifact
    }
}

/// Fingerprints that identify a finding across runs and unrelated edits: a hash of its rule,
/// file, component, variant, theme and message (not its line), numbered when the same
/// hash occurs again in a report.
struct FindingFingerprints {
    private var occurrences: [String: Int] = [:]

    /// What identifies `finding` at `path`, but not its line: moving code does not turn an
    /// old alert into a new one.
    static func hash(_ finding: Finding, path: String) -> String {
        // The fields' UTF-8 joined by U+001F, gathered as bytes (no joined `String`), and
        // the first 32 hex digits of their digest.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(finding.message.utf8.count + path.utf8.count + 128)
        for (index, field) in [finding.rule, path, finding.component ?? "", finding.variant ?? "",
                               finding.theme ?? "", finding.message].enumerated() {
            if index > 0 { bytes.append(0x1F) }
            bytes.append(contentsOf: field.utf8)
        }
        return bytes.withUnsafeBufferPointer { SHA256.hex(of: $0, length: 32) }
    }

    mutating func next(_ finding: Finding, path: String) -> (hash: String, occurrence: Int) {
        let hash = Self.hash(finding, path: path)
        let occurrence = occurrences[hash, default: 0] + 1
        occurrences[hash] = occurrence
        return (hash, occurrence)
    }
}
