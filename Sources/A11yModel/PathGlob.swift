#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path glob: the one syntax of every glob a11ylint reads, the configuration's
/// `included` / `excluded` and a rule's file globs (`included` / `excluded` of a rule).
///
/// - `/` separates components; empty and `.` components are ignored (`./specs/` is `specs`).
/// - A component that is `**` stands for any number of components, none included.
/// - In any other component, `*` matches any run of bytes (a leading dot too, as in
///   SwiftLint's globs), `?` one byte, `[…]` one byte of a set (`[!…]` one outside it),
///   and `\` makes the next character literal: fnmatch(3) without flags, within the
///   component, in the C locale a11ylint runs in (a non-ASCII character is several bytes:
///   `?` does not match `é`). A component without `*`, `?` or `[` is compared as text.
///
/// Where the glob must match is the user's (`Anchoring`): a configuration entry names a
/// file or a folder (`.prefix`: `specs/legacy` covers every file below it), a rule's glob
/// any tail of the path (`.suffix`: `*View.swift` matches a file name, `Sources/**/*.swift`
/// both `./Sources/UI/A.swift` and `/repo/Sources/A.swift`).
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    public enum Anchoring: Sendable {
        /// The whole path must match.
        case whole
        /// A leading part of the path may match (a folder covers what it holds).
        case prefix
        /// Any run of components ending with the last (`Sources/*.swift` matches
        /// `/repo/Sources/A.swift`; a glob of one component matches the file name).
        case suffix
    }

    enum Component: Sendable, Hashable {
        /// `**`.
        case anyFolders
        /// No `*`, `?` or `[`: compared as text.
        case literal(String)
        /// Matched with fnmatch(3).
        case wildcard(String)
    }

    /// The glob as written.
    public let text: String
    let components: [Component]

    public init(_ text: String) {
        self.text = text
        components = text.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .map { part in
                if part == "**" { return .anyFolders }
                return PathGlob.hasWildcard(part) ? .wildcard(String(part)) : .literal(String(part))
            }
    }

    public var description: String { text }

    /// Whether the glob matches `path` split into components (`.` components dropped), as
    /// `anchoring` says.
    public func matches(path: String, anchoring: Anchoring) -> Bool {
        matches(path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }, anchoring: anchoring)
    }

    /// Whether the glob matches the path whose components are `parts`, as `anchoring` says.
    public func matches(_ parts: [Substring], anchoring: Anchoring) -> Bool {
        PathGlob.matches(components, parts, anchoring: anchoring, isAnyFolders: { $0 == .anyFolders },
                         component: PathGlob.matchComponent)
    }

    /// The leading components without wildcards: the folder (or file) to walk when this
    /// glob is the only thing to lint.
    public var literalPrefix: String {
        components.prefix { if case .literal = $0 { true } else { false } }
            .map { if case .literal(let text) = $0 { text } else { "" } }
            .joined(separator: "/")
    }

    static func hasWildcard(_ component: Substring) -> Bool {
        component.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    static func matchComponent(_ glob: Component, _ name: Substring) -> Bool {
        switch glob {
        case .anyFolders: true
        case .literal(let text): text == name
        // fnmatch(3) without FNM_PERIOD: `*` also matches names starting with a dot.
        case .wildcard(let pattern): matchesEndStar(pattern, name) ?? (fnmatch(pattern, String(name), 0) == 0)
        }
    }

    /// `*TEXT` and `TEXT*` (one star, at one end; no `?`, `[` or `\` in TEXT), the usual
    /// shapes (`*Tests`, `*.swift`), compared as bytes: what fnmatch(3) answers for them,
    /// without a C string made of each name. Nil for any other pattern.
    static func matchesEndStar(_ pattern: String, _ name: Substring) -> Bool? {
        var pattern = pattern, name = name
        return pattern.withUTF8 { glob -> Bool? in
            let star = UInt8(ascii: "*")
            guard glob.count > 1, (glob[0] == star) != (glob[glob.count - 1] == star) else { return nil }
            let leading = glob[0] == star
            let text = UnsafeBufferPointer(rebasing: leading ? glob[1...] : glob[..<(glob.count - 1)])
            for byte in text where byte == star || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "\\") { return nil }
            return name.withUTF8 { named in
                guard named.count >= text.count else { return false }
                let offset = leading ? named.count - text.count : 0
                for k in 0..<text.count where named[offset + k] != text[k] { return false }
                return true
            }
        }
    }

    /// Matching a path, component by component, against a glob in which some components
    /// (`isAnyFolders`) stand for any number of path components; `component(g, p)` says
    /// whether one glob component matches one path component.
    ///
    /// Trying each way `**` could split the path and backtracking is exponential in the
    /// number of `**`: `**/**/…/**/x` (18 of them) against a path 30 folders deep did not
    /// finish. This fills a table of which tail of the glob matches which tail of the path
    /// instead: at most (glob components + 1) × (path components + 1) cells, each component
    /// compared once.
    static func matches<Glob, Part>(_ globs: [Glob], _ parts: [Part], anchoring: Anchoring,
                                    isAnyFolders: (Glob) -> Bool,
                                    component: (Glob, Part) -> Bool) -> Bool {
        let width = parts.count + 1
        // next[p]: globs[g + 1...] matches parts[p...] (as anchored); row g is built from it.
        var next = [Bool](repeating: anchoring == .prefix, count: width)
        next[parts.count] = true
        var row = [Bool](repeating: false, count: width)
        for g in globs.indices.reversed() {
            if isAnyFolders(globs[g]) {
                row[parts.count] = next[parts.count]
                for p in stride(from: parts.count - 1, through: 0, by: -1) { row[p] = next[p] || row[p + 1] }
            } else {
                row[parts.count] = false
                for p in 0..<parts.count { row[p] = next[p + 1] && component(globs[g], parts[p]) }
            }
            swap(&row, &next)
        }
        return anchoring == .suffix ? next.dropLast().contains(true) : next[0]
    }
}
