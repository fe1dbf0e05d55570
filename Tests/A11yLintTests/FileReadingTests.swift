import Foundation
import Testing
@testable import A11yLint

/// `Linter.readRegularFile` asks for one byte more than the file's size, so that one `read`
/// both fills the array and sees the end: the bytes come back whole at every size, with
/// nothing added.
@Suite struct FileReadingTests {
    @Test(arguments: [0, 1, 15, 16, 4_095, 4_096, 65_535, 65_536, 65_537, 300_001])
    func aFileIsReadWhole(size: Int) throws {
        let path = NSTemporaryDirectory() + "a11ylint-read-\(size)-\(UUID().uuidString).swift"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        guard case .success(let read) = Linter.readRegularFile(path) else {
            Issue.record("not read")
            return
        }
        #expect(read == bytes)
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let path = NSTemporaryDirectory() + "a11ylint-read-limit-\(UUID().uuidString).swift"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x41, count: 1_000).write(to: URL(fileURLWithPath: path))
        guard case .failure(let problem) = Linter.readRegularFile(path, limit: 999) else {
            Issue.record("read over the limit")
            return
        }
        #expect(problem.message.contains("over the"))
        guard case .success(let read) = Linter.readRegularFile(path, limit: 1_000) else {
            Issue.record("not read at the limit")
            return
        }
        #expect(read.count == 1_000)
    }

    /// What the colour members' pass read is given to the linter once, never for a file the
    /// linter asked for first, and never past the budget.
    @Test func filesReadAheadAreGivenOnceAndWithinTheBudget() {
        let readAhead = SwiftFilesReadAhead(budget: 10)
        readAhead.prepare(count: 4)
        #expect(readAhead.take(number: 0) == nil)
        readAhead.keep([1, 2, 3], number: 0)
        readAhead.keep([4, 5, 6, 7], number: 1)
        readAhead.keep([8, 9, 10, 11, 12, 13, 14], number: 2)
        readAhead.keep([15], number: -1)
        readAhead.keep([16], number: 4)
        #expect(readAhead.take(number: 0) == nil)
        #expect(readAhead.take(number: 1) == [4, 5, 6, 7])
        #expect(readAhead.take(number: 1) == nil)
        #expect(readAhead.take(number: 2) == nil)
        #expect(readAhead.take(number: -1) == nil)
        readAhead.keep(Array(repeating: 1, count: 10), number: 3)
        #expect(readAhead.take(number: 3)?.count == 10)
    }
}
