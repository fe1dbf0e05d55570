import Testing
import Foundation
import A11yModel
@testable import A11yLint

/// A file's findings are sorted by integer keys (line, column, ranks of the texts), and
/// the workers of a run lint files one after another within a bounded distance of the
/// batch being handed over.
struct StreamOrderTests {
    /// Findings with many ties: a few lines and columns, rules, variants and themes (some
    /// nil, some empty), messages that differ only at the end.
    static func findings(count: Int, seed: UInt64, files: [String] = ["a.json"]) -> [Finding] {
        // The same findings on every run: each choice mixed from the seed and a counter.
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        return (0..<count).map { _ in
            var finding = Finding(rule: pick(["text-contrast", "touch-target", "nontext-contrast", "b"]), severity: .error,
                                  message: pick(["m", "m2", "M", "é", "e\u{301}x", "m"]),
                                  location: SourceLocation(file: pick(files), line: pick([1, 2, 10]), column: pick([1, 4])),
                                  component: pick([nil, "", "Button", "button"]), variant: pick([nil, "v0", "v10", "v2", "é"]),
                                  theme: pick([nil, "brand0/light", "brand0/dark", "e\u{301}"]))
            finding.measured = Measured([("n", .number(Double(next() % 5)))])
            return finding
        }
    }

    @Test(arguments: [1, 2, 3, 50, 400])
    func sortedAsTheStableSortByReportOrder(count: Int) {
        for seed in 0..<20 as Range<UInt64> {
            for files in [["a.json"], ["a.json", "b.json"]] {
                let findings = Self.findings(count: count, seed: seed, files: files)
                var sorted = findings
                Linter.sortInReportOrder(&sorted)
                // The reference: a stable sort (ties keep their order) by the whole comparison.
                let expected = findings.enumerated().sorted { a, b in
                    if Finding.reportOrder(a.element, b.element) { return true }
                    if Finding.reportOrder(b.element, a.element) { return false }
                    return a.offset < b.offset
                }.map(\.element)
                #expect(sorted == expected)
            }
        }
    }

    @Test func workersStayWithinTwoBatchesOfTheOneHandedOver() {
        let count = 1_000, batch = 16
        let conveyor = LintStream.Conveyor(count: count, batch: batch, batchesAhead: 2)
        let handed = Counter()
        let tooFar = Counter()
        conveyor.start(workers: 3) { index in
            // A file more than two batches past the one being handed over is never started.
            if index / batch > handed.value + 2 { tooFar.add() }
            return Linter.FileOutcome(path: String(index))
        }
        var paths: [String] = []
        for (number, start) in stride(from: 0, to: count, by: batch).enumerated() {
            paths += conveyor.take(start..<min(count, start + batch)).map(\.path)
            handed.set(number + 1)
            conveyor.handedOver(batch: number)
        }
        #expect(paths == (0..<count).map(String.init))
        #expect(tooFar.value == 0)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
        func set(_ value: Int) { lock.withLock { count = value } }
    }
}
