import Testing
import Foundation
@testable import A11yLint

/// `PathScope.standardized` answers a path that needs no work without URL operations: the
/// answer must be URL standardization's, for every kind of path.
struct PathScopeTests {
    static let paths = [
        "/", "/a", "/a/b", "/a/b/", "/a//b", "//a", "/a/./b", "/a/../b", "/a/b/..", "/a/b/.", "/..", "/.",
        "/a/.b", "/a/..b", "/a/b..", "/a/...", "/a/.../b", "/ä/ß c/%20/file name.swift", "/a/b.swift",
        "relative/path.swift", "./x", "../x", "", "/tmp/x/../../y", "/a/b/c/d/e/f/Views/Promo.swift",
    ]

    @Test(arguments: paths)
    func sameAsURLStandardization(path: String) {
        #expect(PathScope.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    @Test func randomPathsAgreeWithURL() {
        var generator = SystemRandomNumberGenerator()
        let parts = ["a", "bc", ".", "..", "...", ".x", "", "é", "%", " "]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let path = "/" + (0..<count).map { _ in parts.randomElement(using: &generator)! }.joined(separator: "/")
            #expect(PathScope.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
        }
    }

    @Test(arguments: ["/", "/a", "/a/b", "/ä/ß c/file.swift"])
    func parentAsNSStringGivesIt(path: String) {
        #expect(PathScope.isStandardAbsolute(path))
        #expect(PathScope.parent(ofStandard: path) == (path as NSString).deletingLastPathComponent)
    }
}
