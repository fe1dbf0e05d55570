import A11yModel

/// The bytes of the `measured` objects written so far among findings that are all alive
/// (one file's, in one chunk), by the storage of their entries. Variants that draw a
/// contrast pair with the same colours share its finding's `measured` (one array of
/// entries, copied with the finding): it is written once and its bytes copied for the
/// others. (A storage address names one array only while that array is alive: the
/// findings of a chunk are, until it is written. Only one file's findings share, so the
/// table is emptied between files and stays small.) The JSON and SARIF writers both
/// write `measured` this way, each at its own nesting level.
struct SharedMeasured {
    /// The nesting level every `measured` is written at (a finding's member: 3 in the JSON
    /// report, 6 in a SARIF result's `properties`).
    let indent: Int
    private var ranges: [UnsafeRawPointer: Range<Int>] = [:]
    private var bytes: [UInt8] = []

    init(indent: Int) { self.indent = indent }

    mutating func removeAll() {
        guard !ranges.isEmpty else { return }
        ranges.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// `measured` at nesting level `indent`.
    mutating func write(_ measured: Measured, to out: inout [UInt8]) {
        guard let key = measured.entries.withUnsafeBufferPointer({ $0.isEmpty ? nil : UnsafeRawPointer($0.baseAddress) })
        else { return measured.write(to: &out, indent: indent) }
        if let range = ranges[key] {
            bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
            return
        }
        let start = out.count
        measured.write(to: &out, indent: indent)
        let stored = bytes.count
        out.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start...])) }
        ranges[key] = stored..<bytes.count
    }
}
