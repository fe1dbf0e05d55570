import A11yModel

/// The bytes of the `measured` objects written so far, by the storage of their entries.
/// Findings that say the same share their `measured` (one array of entries, copied with
/// the finding): the spec rules keep the texts they make for the whole run
/// (`SharedFindingTexts`), so a design system's many findings hold few distinct arrays.
/// Each is written once and its bytes copied for the others. A storage address names one
/// array only while that array is alive, so the table keeps a copy of every `measured` it
/// holds bytes for (which keeps its storage alive): the table may then last from file to
/// file and batch to batch. It is emptied when it holds `limit` of them. The JSON and SARIF
/// writers both write `measured` this way, each at its own nesting level.
struct SharedMeasured {
    /// The most `measured` values kept at once (with their bytes).
    static var limit: Int { 1_024 }
    /// The nesting level every `measured` is written at (a finding's member: 3 in the JSON
    /// report, 6 in a SARIF result's `properties`).
    let indent: Int
    private var ranges: [UnsafeRawPointer: Range<Int>] = [:]
    /// The values whose bytes are kept: holding them keeps their storage, the table's keys, alive.
    private var kept: [Measured] = []
    private var bytes: [UInt8] = []

    init(indent: Int) { self.indent = indent }

    /// `measured` at nesting level `indent`.
    mutating func write(_ measured: Measured, to out: inout [UInt8]) {
        withBytes(of: measured) { out.append(contentsOf: $0) }
    }

    /// Calls `body` with the bytes of `measured` at nesting level `indent`: those kept for
    /// its storage, else written now and kept.
    mutating func withBytes<R>(of measured: Measured, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let key = measured.entries.withUnsafeBufferPointer({ $0.isEmpty ? nil : UnsafeRawPointer($0.baseAddress) })
        else { return ("{}" as StaticString).withUTF8Buffer(body) }
        if let range = ranges[key] {
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        if kept.count == Self.limit {
            ranges.removeAll(keepingCapacity: true)
            kept.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
        }
        let start = bytes.count
        measured.write(to: &bytes, indent: indent)
        let range = start..<bytes.count
        ranges[key] = range
        kept.append(measured)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
