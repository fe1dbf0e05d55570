import Foundation
import A11yJSON
import A11yModel

/// The baseline `--write-baseline` writes, gathered file by file as a run goes: each file's
/// entries are serialized at once into an unnamed temporary file, and only where each file's
/// part lies is remembered. `write(to:)` puts the parts together in the order the file has
/// always had (by path, then rule, component, variant, theme, line, message), so a baseline
/// of half a million findings costs the run a few bytes per file.
final class BaselineSpool {
    private let file: UnsafeMutablePointer<FILE>?
    private var parts: [(path: String, offset: Int, length: Int)] = []
    private var size = 0
    private(set) var count = 0
    private var failed: Int32 = 0

    init() {
        file = tmpfile()
        if file == nil { failed = errno }
    }

    deinit { if let file { fclose(file) } }

    /// One file's findings (they share a path).
    func add(_ findings: [Finding]) {
        guard !findings.isEmpty else { return }
        let entries = findings.map(Baseline.Entry.init).sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
        var bytes: [UInt8] = []
        for (n, entry) in entries.enumerated() {
            if n > 0 {
                bytes.append(UInt8(ascii: ","))
                JSONOutput.newline(2, to: &bytes)
            }
            entry.json.write(to: &bytes, pretty: true, indent: 2)
        }
        count += entries.count
        guard let file, failed == 0 else { return }
        if fwrite(bytes, 1, bytes.count, file) != bytes.count { failed = errno; return }
        parts.append((entries[0].file, size, bytes.count))
        size += bytes.count
    }

    /// Writes the baseline file (atomically, as every output).
    func write(to path: String) throws(OutputFile.WriteError) {
        guard let file, failed == 0, fflush(file) == 0 else {
            throw OutputFile.WriteError(path: path, reason: "cannot keep the baseline while the run goes: "
                                        + OutputFile.errorText(failed == 0 ? errno : failed))
        }
        let out = try OutputFile.Writer(path: path)
        out.write("{\n  \"version\": \(Baseline.formatVersion),\n  \"findings\": ")
        if parts.isEmpty {
            out.write("[]")
        } else {
            out.write("[")
            var buffer: [UInt8] = []
            // Stable: parts of one path (never split in a run) keep their order.
            for (n, part) in parts.enumerated().sorted(by: { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }).map(\.element).enumerated() {
                out.write(n == 0 ? "\n    " : ",\n    ")
                buffer = [UInt8](repeating: 0, count: part.length)
                let read = buffer.withUnsafeMutableBytes { pread(fileno(file), $0.baseAddress, part.length, off_t(part.offset)) }
                guard read == part.length else {
                    throw OutputFile.WriteError(path: path, reason: "cannot read back the baseline kept while the run went")
                }
                out.write(buffer)
            }
            out.write("\n  ]")
        }
        out.write("\n}\n")
        try out.commit()
    }
}
