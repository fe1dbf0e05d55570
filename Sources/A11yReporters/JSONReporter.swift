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
        /// The files' findings not yet written (each file's array as it came: no finding
        /// is copied), `pendingCount` findings in all.
        private var pending: [[Finding]] = []
        private var pendingCount = 0
        /// Findings written to the spool.
        private var written = 0
        private let spool = Spool()
        /// The chunks' byte buffers, kept from batch to batch.
        private let buffers = ChunkBuffers()
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
            guard !results.findings.isEmpty else { return }
            pending.append(results.findings)
            pendingCount += results.findings.count
            if pendingCount >= Self.batchSize { writeBatch() }
        }

        private mutating func writeBatch() {
            JSONReporter.writeFindings(pending, first: written == 0, buffers: buffers, to: spool)
            written += pendingCount
            pending.removeAll(keepingCapacity: true)
            pendingCount = 0
        }

        mutating func finish(_ totals: LintReport, to sink: inout some ReportSink) {
            writeBatch()
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

    /// Writes the items of the findings array (nesting level 2) of `parts` to `spool`, in order, in chunks of up to `chunkSize` findings
    /// written concurrently when there are several; `first`: these begin the array (no `,`
    /// before).
    private static func writeFindings(_ parts: [[Finding]], first: Bool, buffers: ChunkBuffers, to spool: Spool) {
        let chunkSize = 2_048
        // Each chunk: the pieces of `parts` it writes (part index and range), in order.
        var chunks: [[(part: Int, range: Range<Int>)]] = []
        var current: [(part: Int, range: Range<Int>)] = []
        var size = 0
        for (index, part) in parts.enumerated() {
            var start = 0
            while start < part.count {
                let take = min(part.count - start, chunkSize - size)
                current.append((index, start..<(start + take)))
                size += take
                start += take
                if size == chunkSize {
                    chunks.append(current)
                    current.removeAll()
                    size = 0
                }
            }
        }
        if !current.isEmpty { chunks.append(current) }
        let plan = chunks
        buffers.reserve(plan.count)
        let writeChunk: @Sendable (Int) -> Void = { chunk in
            var slot = buffers.take(chunk)
            slot.bytes.removeAll()
            for (offset, piece) in plan[chunk].enumerated() {
                writeFindings(parts[piece.part][piece.range], first: first && chunk == 0 && offset == 0,
                              shared: &slot.shared, to: slot.bytes)
            }
            buffers.store(slot, at: chunk)
        }
        if plan.count == 1 {
            writeChunk(0)
        } else if plan.count > 1 {
            DispatchQueue.concurrentPerform(iterations: plan.count, execute: writeChunk)
        }
        for chunk in plan.indices { buffers.forEachBlock(at: chunk) { spool.write(bytes: $0) } }
    }

    /// Each finding with the `,` before it (but the first when `first`), at nesting level 2.
    private static func writeFindings(_ findings: ArraySlice<Finding>, first: Bool, shared: inout SharedMeasured,
                                      to out: ByteBuffer) {
        findings.withUnsafeBufferPointer { items in
            for offset in items.indices {
                // Through a pointer: `items[offset]` passed on is a copy of the finding (each of
                // its strings and arrays retained and released).
                write(items.baseAddress.unsafelyUnwrapped + offset, first: first && offset == 0, shared: &shared,
                      to: out)
            }
        }
    }

    /// One finding, an object at nesting level 2 with the contract's keys in order
    /// (`JSONOutput`'s pretty layout), the `,` and line break before it included (no `,`
    /// when `first`), written without building the object: the keys and their indentation
    /// are fixed bytes. The finding is borrowed where it lies in its file's array (a copy of
    /// it would retain and release each of its strings and arrays). Room for the members
    /// before `measured` at their worst (every string byte escaped) is made once, then each
    /// piece is copied in; then `measured` and the end. `item` points into the file's array.
    private static func write(_ item: UnsafePointer<Finding>, first: Bool, shared: inout SharedMeasured,
                              to out: ByteBuffer) {
        var room = FindingKeys.fixedBytes + 2 * JSONOutput.maxIntBytes
            + JSONOutput.maxStringBytes(item.pointee.rule) + JSONOutput.maxStringBytes(item.pointee.severity.rawValue)
            + JSONOutput.maxStringBytes(item.pointee.message) + JSONOutput.maxStringBytes(item.pointee.location.file)
            + optionalBytes(item.pointee.component) + optionalBytes(item.pointee.variant) + optionalBytes(item.pointee.theme)
            + optionalBytes(item.pointee.pseudoLocale) + optionalBytes(item.pointee.lang) + optionalBytes(item.pointee.plural)
        for criterion in item.pointee.wcag { room += FindingKeys.wcagItemBytes + JSONOutput.maxStringBytes(criterion) }
        var cursor = out.reserve(room)
        cursor.put(first ? FindingKeys.firstRule : FindingKeys.rule)
        cursor.putString(item.pointee.rule)
        cursor.put(FindingKeys.severity)
        cursor.putString(item.pointee.severity.rawValue)
        cursor.put(FindingKeys.message)
        cursor.putString(item.pointee.message)
        cursor.put(FindingKeys.file)
        cursor.putString(item.pointee.location.file)
        cursor.put(FindingKeys.line)
        cursor.putInt(item.pointee.location.line)
        cursor.put(FindingKeys.column)
        cursor.putInt(item.pointee.location.column)
        cursor.put(FindingKeys.component)
        putOptional(item.pointee.component, to: &cursor)
        cursor.put(FindingKeys.variant)
        putOptional(item.pointee.variant, to: &cursor)
        cursor.put(FindingKeys.theme)
        putOptional(item.pointee.theme, to: &cursor)
        cursor.put(FindingKeys.wcag)
        if item.pointee.wcag.isEmpty {
            cursor.put("[]")
        } else {
            cursor.put(UInt8(ascii: "["))
            for (index, criterion) in item.pointee.wcag.enumerated() {
                cursor.put(index == 0 ? FindingKeys.firstCriterion : FindingKeys.criterion)
                cursor.putString(criterion)
            }
            cursor.put(FindingKeys.wcagEnd)
        }
        if let pseudo = item.pointee.pseudoLocale {
            cursor.put(FindingKeys.pseudoLocale)
            cursor.putString(pseudo)
        }
        if let lang = item.pointee.lang {
            cursor.put(FindingKeys.lang)
            cursor.putString(lang)
        }
        if let plural = item.pointee.plural {
            cursor.put(FindingKeys.plural)
            cursor.putString(plural)
        }
        cursor.put(FindingKeys.measured)
        out.commit(cursor)
        shared.withBytes(of: item.pointee.measured) { measured in
            var cursor = out.reserve(measured.count + FindingKeys.end.withUTF8Buffer(\.count))
            cursor.put(measured)
            cursor.put(FindingKeys.end)
            out.commit(cursor)
        }
    }

    /// Room for an optional string member's value: the string, or `null`.
    private static func optionalBytes(_ value: String?) -> Int {
        value.map(JSONOutput.maxStringBytes) ?? 4
    }

    private static func putOptional(_ value: String?, to cursor: inout ByteCursor) {
        if let value { cursor.putString(value) } else { cursor.put("null") }
    }

    /// What comes before each value of a finding, and after the last: `,` (but before the
    /// first finding), line breaks, indentation, braces and keys, as static bytes.
    private enum FindingKeys {
        static var firstRule: StaticString { "\n    {\n      \"rule\": " }
        static var rule: StaticString { ",\n    {\n      \"rule\": " }
        static var severity: StaticString { ",\n      \"severity\": " }
        static var message: StaticString { ",\n      \"message\": " }
        static var file: StaticString { ",\n      \"file\": " }
        static var line: StaticString { ",\n      \"line\": " }
        static var column: StaticString { ",\n      \"column\": " }
        static var component: StaticString { ",\n      \"component\": " }
        static var variant: StaticString { ",\n      \"variant\": " }
        static var theme: StaticString { ",\n      \"theme\": " }
        static var wcag: StaticString { ",\n      \"wcag\": " }
        static var firstCriterion: StaticString { "\n        " }
        static var criterion: StaticString { ",\n        " }
        static var wcagEnd: StaticString { "\n      ]" }
        static var measured: StaticString { ",\n      \"measured\": " }
        static var pseudoLocale: StaticString { ",\n      \"pseudoLocale\": " }
        static var lang: StaticString { ",\n      \"lang\": " }
        static var plural: StaticString { ",\n      \"plural\": " }
        static var end: StaticString { "\n    }" }

        /// The fixed bytes of a finding's members before `measured` at most (every key, `[]`
        /// or the brackets of `wcag`), its strings, numbers and criteria aside.
        static let fixedBytes: Int = {
            let pieces: [StaticString] = [rule, severity, message, file, line, column, component, variant, theme,
                                          wcag, "[]", wcagEnd, pseudoLocale, lang, plural, measured]
            return pieces.reduce(0) { total, piece in total + piece.withUTF8Buffer(\.count) }
        }()

        /// The fixed bytes before each criterion at most.
        static var wcagItemBytes: Int { criterion.withUTF8Buffer(\.count) }
    }

    /// Per-chunk output, each slot written by the one worker that owns it (separate
    /// slots of raw memory: no shared array header is touched while they run). The
    /// buffers are kept from batch to batch, so their memory is allocated (and its pages
    /// touched) once per run, not once per chunk; so are the `measured` bytes each slot's
    /// worker has written, which the next findings in that slot share.
    private final class ChunkBuffers: @unchecked Sendable {
        struct Slot {
            var bytes = ByteBuffer()
            var shared = SharedMeasured(indent: 3)
        }
        private var slots = UnsafeMutableBufferPointer<Slot>(start: nil, count: 0)
        init() {}
        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
        /// Room for `count` chunks (called before the workers start).
        func reserve(_ count: Int) {
            guard count > slots.count else { return }
            let grown = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
            var next = grown.initialize(fromContentsOf: slots)
            while next < count {
                (grown.baseAddress! + next).initialize(to: Slot())
                next += 1
            }
            slots.deinitialize()
            slots.deallocate()
            slots = grown
        }
        /// The slot of `index`, moved out (left empty until `store`).
        func take(_ index: Int) -> Slot {
            var slot = Slot()
            swap(&slot, &slots[index])
            return slot
        }
        func store(_ slot: Slot, at index: Int) { slots[index] = slot }
        func forEachBlock(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            slots[index].bytes.forEachBlock(body)
        }
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
