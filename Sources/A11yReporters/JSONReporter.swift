import Dispatch
import A11yJSON
import A11yModel
import A11yReport

/// The JSON report of the CLI contract, key order included.
public struct JSONReporter: Reporter {
    public init() {}
    public var name: String { "json" }
    public func writer(options: ReportOptions) -> any ReportWriter { Writer() }

    /// The report object (pretty, as `JSONOutput` writes it) and a final newline, written
    /// straight as UTF-8: a report may hold tens of thousands of findings, and a tree of
    /// them all is slower to build than the text itself.
    ///
    /// The summary comes before the findings, so the findings go to a spool as they
    /// arrive, a batch of up to `batchSize` at a time, each batch written in chunks on all
    /// cores; `finish` writes the head, copies the spool and writes the input errors.
    /// Keeps until `finish`: the counts, the input errors (few), and at most one batch of
    /// findings. The `coverage` array, after the input errors, goes to a spool of its own
    /// as each file's entries arrive.
    struct Writer: ReportWriter {
        static let batchSize = 16_384
        private var counts = ReportCounts()
        private var inputErrors: [InputError] = []
        private var batch: [Finding] = []
        /// Findings written to the spool.
        private var written = 0
        private let spool = Spool()
        /// The `coverage` array's items, written as they arrive.
        private let coverage = Spool()

        mutating func file(_ results: FileResults, to sink: inout some ReportSink) {
            counts.add(results.findings)
            inputErrors += results.inputErrors
            if !results.coverage.isEmpty {
                var bytes: [UInt8] = []
                for entry in results.coverage {
                    if !coverage.isEmpty || !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
                    JSONOutput.newline(2, to: &bytes)
                    JSONReporter.coverage(entry).write(to: &bytes, indent: 2)
                }
                coverage.write(bytes: bytes)
            }
            if batch.isEmpty && results.findings.count >= Self.batchSize {
                writeBatch(results.findings)
                return
            }
            batch += results.findings
            if batch.count >= Self.batchSize {
                writeBatch(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }

        private mutating func writeBatch(_ findings: [Finding]) {
            for chunk in JSONReporter.findingChunks(findings, first: written == 0) { spool.write(bytes: chunk) }
            written += findings.count
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            writeBatch(batch)
            batch = []
            var head: [UInt8] = []
            head.append(UInt8(ascii: "{"))
            JSONReporter.member("tool", first: true, to: &head)
            JSONReporter.tool(totals).write(to: &head, indent: 1)
            JSONReporter.member("summary", to: &head)
            JSONReporter.summary(totals, counts: counts).write(to: &head, indent: 1)
            JSONReporter.member("findings", to: &head)
            var tail: [UInt8] = []
            if written == 0 {
                head.append(contentsOf: "[]".utf8)
            } else {
                head.append(UInt8(ascii: "["))
                JSONOutput.newline(1, to: &tail)
                tail.append(UInt8(ascii: "]"))
            }
            JSONReporter.member("inputErrors", to: &tail)
            JSONOutput.array(inputErrors.map(JSONReporter.inputError)).write(to: &tail, indent: 1)
            JSONReporter.member("coverage", to: &tail)
            var end: [UInt8] = []
            if coverage.isEmpty {
                tail.append(contentsOf: "[]".utf8)
            } else {
                tail.append(UInt8(ascii: "["))
                JSONOutput.newline(1, to: &end)
                end.append(UInt8(ascii: "]"))
            }
            JSONOutput.newline(0, to: &end)
            end.append(contentsOf: "}\n".utf8)
            sink.write(bytes: head)
            spool.copy(to: &sink)
            sink.write(bytes: tail)
            coverage.copy(to: &sink)
            sink.write(bytes: end)
        }
    }

    /// `,` (but before the first), a newline and `"key": ` at nesting level 1.
    private static func member(_ key: String, first: Bool = false, to out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        JSONOutput.newline(1, to: &out)
        JSONOutput.writeString(key, to: &out)
        out.append(contentsOf: ": ".utf8)
    }

    /// The items of the findings array (nesting level 2), in order, in chunks written
    /// concurrently when there are many; `first`: these begin the array (no `,` before).
    private static func findingChunks(_ findings: [Finding], first: Bool) -> [[UInt8]] {
        let chunkSize = 2_048
        let chunkCount = (findings.count + chunkSize - 1) / chunkSize
        let chunks = ChunkBuffers(count: chunkCount)
        let writeChunk: @Sendable (Int) -> Void = { chunk in
            let range = (chunk * chunkSize)..<min(findings.count, (chunk + 1) * chunkSize)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count * 512)
            writeFindings(findings[range], first: first, to: &bytes)
            chunks.store(bytes, at: chunk)
        }
        if chunkCount == 1 {
            writeChunk(0)
        } else if chunkCount > 1 {
            DispatchQueue.concurrentPerform(iterations: chunkCount, execute: writeChunk)
        }
        return (0..<chunkCount).map { chunks[$0] }
    }

    /// Each finding with the `,` before it (but the very first of the array), at nesting
    /// level 2.
    private static func writeFindings(_ findings: ArraySlice<Finding>, first: Bool, to out: inout [UInt8]) {
        let start = findings.startIndex
        findings.withUnsafeBufferPointer { items in
            for offset in 0..<items.count {
                if !first || start + offset > 0 { out.append(UInt8(ascii: ",")) }
                JSONOutput.newline(2, to: &out)
                write(items[offset], to: &out)
            }
        }
    }

    /// One finding, an object at nesting level 2 with the contract's keys in order
    /// (`JSONOutput`'s pretty layout), written without building the object: the keys and
    /// their indentation are fixed bytes.
    private static func write(_ finding: Finding, to out: inout [UInt8]) {
        out.append(contentsOf: FindingKeys.rule)
        JSONOutput.writeString(finding.rule, to: &out)
        out.append(contentsOf: FindingKeys.severity)
        JSONOutput.writeString(finding.severity.rawValue, to: &out)
        out.append(contentsOf: FindingKeys.message)
        JSONOutput.writeString(finding.message, to: &out)
        out.append(contentsOf: FindingKeys.file)
        JSONOutput.writeString(finding.location.file, to: &out)
        out.append(contentsOf: FindingKeys.line)
        JSONOutput.writeInt(finding.location.line, to: &out)
        out.append(contentsOf: FindingKeys.column)
        JSONOutput.writeInt(finding.location.column, to: &out)
        out.append(contentsOf: FindingKeys.component)
        writeOptional(finding.component, to: &out)
        out.append(contentsOf: FindingKeys.variant)
        writeOptional(finding.variant, to: &out)
        out.append(contentsOf: FindingKeys.theme)
        writeOptional(finding.theme, to: &out)
        out.append(contentsOf: FindingKeys.wcag)
        if finding.wcag.isEmpty {
            out.append(contentsOf: "[]".utf8)
        } else {
            out.append(UInt8(ascii: "["))
            for (index, criterion) in finding.wcag.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONOutput.newline(4, to: &out)
                JSONOutput.writeString(criterion, to: &out)
            }
            JSONOutput.newline(3, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        if let pseudo = finding.pseudoLocale {
            out.append(contentsOf: FindingKeys.pseudoLocale)
            JSONOutput.writeString(pseudo, to: &out)
        }
        if let lang = finding.lang {
            out.append(contentsOf: FindingKeys.lang)
            JSONOutput.writeString(lang, to: &out)
        }
        if let plural = finding.plural {
            out.append(contentsOf: FindingKeys.plural)
            JSONOutput.writeString(plural, to: &out)
        }
        out.append(contentsOf: FindingKeys.measured)
        finding.measured.write(to: &out, indent: 3)
        JSONOutput.newline(2, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func writeOptional(_ value: String?, to out: inout [UInt8]) {
        if let value { JSONOutput.writeString(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    /// `{` or `,`, a newline, the indentation of a finding's members and the key: what
    /// comes before each value.
    private enum FindingKeys {
        static let rule = member("rule", first: true)
        static let severity = member("severity")
        static let message = member("message")
        static let file = member("file")
        static let line = member("line")
        static let column = member("column")
        static let component = member("component")
        static let variant = member("variant")
        static let theme = member("theme")
        static let wcag = member("wcag")
        static let measured = member("measured")
        static let pseudoLocale = member("pseudoLocale")
        static let lang = member("lang")
        static let plural = member("plural")

        static func member(_ key: String, first: Bool = false) -> [UInt8] {
            var bytes: [UInt8] = [first ? UInt8(ascii: "{") : UInt8(ascii: ",")]
            JSONOutput.newline(3, to: &bytes)
            JSONOutput.writeString(key, to: &bytes)
            bytes.append(contentsOf: ": ".utf8)
            return bytes
        }
    }

    /// Per-chunk output, each slot written by the one worker that owns it (separate
    /// slots of raw memory: no shared array header is touched while they run).
    private final class ChunkBuffers: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<[UInt8]>
        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: [])
        }
        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
        func store(_ bytes: [UInt8], at index: Int) { slots[index] = bytes }
        subscript(index: Int) -> [UInt8] { slots[index] }
    }

    private static func tool(_ report: LintReport) -> JSONOutput {
        .object([("name", .string("a11ylint")), ("version", .string(report.toolVersion))])
    }

    private static func summary(_ report: LintReport, counts: ReportCounts) -> JSONOutput {
        var summary: [(String, JSONOutput)] = [
            ("files", .int(report.files)),
            ("components", .int(report.components)),
            ("findings", .int(counts.findings)),
            ("errors", .int(counts.errors)),
            ("warnings", .int(counts.warnings)),
            ("notes", .int(counts.notes)),
        ]
        // Extra keys only when they carry news, so the usual report is exactly the contract's shape.
        if report.suppressed > 0 { summary.append(("suppressed", .int(report.suppressed))) }
        if let baselined = report.baselined { summary.append(("baselined", .int(baselined))) }
        return .object(summary)
    }

    /// One `coverage` entry: the contract's keys in its order, the reasons sorted.
    static func coverage(_ entry: ComponentCoverage) -> JSONOutput {
        .object([
            ("file", .string(entry.file)),
            ("component", .string(entry.component)),
            ("kind", .string(entry.kind)),
            ("variants", .int(entry.variants)),
            ("themes", .int(entry.themes)),
            ("appearances", .int(entry.appearances)),
            ("languages", .int(entry.languages)),
            ("pairsChecked", .int(entry.pairsChecked)),
            ("pairsUnverified", .int(entry.pairsUnverified)),
            ("unverifiedReasons", .object(entry.unverifiedReasons.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
        ])
    }

    static func inputError(_ error: InputError) -> JSONOutput {
        .object([
            ("file", .string(error.location.file)),
            ("line", .int(error.location.line)),
            ("column", .int(error.location.column)),
            ("message", .string(error.message)),
        ])
    }

    private static func optional(_ s: String?) -> JSONOutput { s.map { .string($0) } ?? .null }
}
