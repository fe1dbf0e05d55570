#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import A11yModel

@Suite struct PathGlobTests {
    /// The backtracking matcher the table replaced: the reference on small inputs.
    func reference(_ globs: ArraySlice<String>, _ parts: ArraySlice<String>, prefix: Bool) -> Bool {
        guard let glob = globs.first else { return prefix || parts.isEmpty }
        if glob == "**" {
            var rest = parts
            while true {
                if reference(globs.dropFirst(), rest, prefix: prefix) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let part = parts.first, glob == "?" || glob == part else { return false }
        return reference(globs.dropFirst(), parts.dropFirst(), prefix: prefix)
    }

    func matches(_ globs: [String], _ parts: [String], _ anchoring: PathGlob.Anchoring) -> Bool {
        PathGlob.matches(globs, parts, anchoring: anchoring, isAnyFolders: { $0 == "**" },
                         component: { $0 == "?" || $0 == $1 })
    }

    @Test func agreesWithBacktrackingOnEveryShortGlobAndPath() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", "**", "?"]
        for _ in 0..<20_000 {
            let globs = (0..<Int.random(in: 0...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let parts = (0..<Int.random(in: 0...5, using: &generator)).map { _ in ["a", "b"].randomElement(using: &generator)! }
            #expect(matches(globs, parts, .whole) == reference(globs[...], parts[...], prefix: false), "\(globs) \(parts)")
            #expect(matches(globs, parts, .prefix) == reference(globs[...], parts[...], prefix: true), "\(globs) \(parts)")
            let anyTail = parts.indices.contains { reference(globs[...], parts[$0...], prefix: false) }
            #expect(matches(globs, parts, .suffix) == anyTail, "\(globs) \(parts)")
        }
    }

    /// A pattern with one star at one end is compared as bytes; fnmatch(3) is the reference,
    /// on every such pattern and name over a small alphabet with a dot, a bracket and
    /// non-ASCII text, and on the patterns it must leave to fnmatch.
    @Test func endStarPatternsAgreeWithFnmatch() {
        let pieces = ["a", "b", ".", "é", "[", "Tests"]
        var texts = [""]
        for _ in 0..<3 { texts += texts.flatMap { text in pieces.map { text + $0 } } }
        texts = Array(Set(texts)).sorted()
        for text in texts where !text.contains("[") {
            for pattern in ["*" + text, text + "*"] where pattern.count > 1 {
                for name in texts {
                    let answer = PathGlob.matchesEndStar(pattern, Substring(name))
                    #expect(answer == (fnmatch(pattern, name, 0) == 0), "\(pattern) \(name)")
                }
            }
        }
        for pattern in ["*", "*a*", "a?*", "*[ab]", "*\\*", "a*b", "**"] {
            #expect(PathGlob.matchesEndStar(pattern, "ab") == nil, "\(pattern)")
        }
    }

    @Test func examples() {
        #expect(matches(["specs", "**", "legacy"], ["specs", "a", "b", "legacy"], .whole))
        #expect(matches(["specs", "**", "legacy"], ["specs", "legacy"], .whole))
        #expect(!matches(["specs", "**", "legacy"], ["specs", "legacy", "x"], .whole))
        #expect(matches(["specs", "**", "legacy"], ["specs", "legacy", "x"], .prefix))
        #expect(matches(["Sources", "?"], ["repo", "Sources", "A"], .suffix))
        #expect(!matches(["Sources", "?"], ["Sources", "A", "B"], .suffix))
        #expect(matches([], [], .whole) && matches([], ["a"], .prefix) && !matches([], ["a"], .whole))
    }

    /// Eighteen `**` against thirty folders: the backtracking matcher never finished.
    @Test func manyAnyFoldersAgainstADeepPathIsQuick() {
        let globs = Array(repeating: "**", count: 18) + ["zz"]
        let parts = Array(repeating: "a", count: 30)
        #expect(!matches(globs, parts, .whole))
        #expect(!matches(globs, parts, .prefix))
        #expect(!matches(globs, parts, .suffix))
        #expect(matches(globs, parts + ["zz"], .whole))
    }

    /// A rule's file globs (`.suffix`).
    @Test func ruleFileGlobs() {
        func matches(_ glob: String, _ path: String) -> Bool { PathGlob(glob).matches(path: path, anchoring: .suffix) }
        #expect(matches("*.swift", "a/b/View.swift"))
        #expect(!matches("*.swift", "a/b/View.swiftx"))
        #expect(matches("Sources/**", "Sources/A/B.swift"))
        #expect(matches("**/Tests/*.swift", "x/Tests/T.swift"))
        #expect(matches("Sources/*/View?.swift", "./Sources/A/View1.swift"))
        #expect(!matches("Sources/*/View?.swift", "Sources/A/B/View1.swift"))
        #expect(matches("a*b*c", "axxbyyc") && !matches("a*b*c", "axxbyy"))
    }

    /// The configuration's `included` / `excluded` (`.prefix`).
    @Test func configurationGlobs() {
        func matches(_ pattern: String, _ path: String) -> Bool {
            PathGlob(pattern).matches(path.split(separator: "/"), anchoring: .prefix)
        }
        #expect(matches("specs", "specs/components/A.json"))
        #expect(matches("./specs/", "specs/A.json"))
        #expect(!matches("specs", "specsX/A.json"))
        #expect(matches("**/*.swift", "A.swift"))
        #expect(matches("**/*.swift", "Sources/UI/A.swift"))
        #expect(!matches("**/*.swift", "Sources/UI/A.json"))
        #expect(matches("Sources/**/Generated", "Sources/a/b/Generated/X.swift"))
        #expect(matches("Sources/*/View?.swift", "Sources/UI/View1.swift"))
        #expect(!matches("Sources/*/View?.swift", "Sources/UI/Deep/View1.swift"))
        #expect(matches("specs/[AB].json", "specs/B.json"))
        #expect(PathGlob("Sources/**/*.swift").literalPrefix == "Sources")
        #expect(PathGlob("**/*.json").literalPrefix == "")
    }
}
