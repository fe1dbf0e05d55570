#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a report goes, a piece at a time.
public protocol ReportSink {
    mutating func write(_ text: String)
    /// UTF-8 bytes, always whole characters (no sequence is split between two calls):
    /// byte-level writers (JSON, copies of a spool) skip the round trip through `String`.
    mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes)
    /// Writes `count` bytes of the open file `descriptor`, from `offset`, without reading
    /// them into memory (the kernel copies them: a spool copied to the report's file);
    /// false when this sink cannot, and then nothing was written: the caller writes the
    /// bytes itself.
    mutating func write(fileDescriptor descriptor: Int32, offset: Int, count: Int) -> Bool
}

extension ReportSink {
    public mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    public mutating func write(fileDescriptor descriptor: Int32, offset: Int, count: Int) -> Bool { false }
}

extension String: ReportSink {
    public mutating func write(_ text: String) { append(text) }
    public mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        append(String(decoding: bytes, as: UTF8.self))
    }
}

/// Bytes kept aside while a run goes, to be copied out at its end: the body of a report
/// whose head depends on totals (JSON's summary, JUnit's counts, SARIF's rule list, the
/// HTML page's contents), or the baseline `--write-baseline` writes. A writer appends each
/// file's part here as it arrives and, at the end, writes the head, copies the spool (or
/// ranges of it, in any order) to the sink in chunks, then the tail.
///
/// Bytes go through a 64 KB buffer to a temporary file in `$TMPDIR` (default `/tmp`),
/// created when the buffer first fills (a small body stays in the buffer) and unlinked as
/// soon as it is created, so nothing is left behind whatever happens; the descriptor is
/// closed when the spool is released. Should the file not be created or
/// a write fail (a full disk), the rest is kept in memory instead: the report is still
/// complete, only not bounded.
///
/// Placeholders: a writer may leave `placeholder(id)` in its bytes for what it learns only
/// at the end (SARIF's rule indexes); `copy(to:resolving:)` replaces each with the bytes
/// it is given for the id. A placeholder is a NUL, the id in decimal and a NUL, so it is
/// only for text that holds no NUL of its own (JSON, whose strings escape it).
public final class Spool {
    private var descriptor: Int32 = -1
    /// Bytes not yet written to the file.
    private var buffer: [UInt8] = []
    /// Bytes in the file: the first `onDisk` bytes of the spool.
    private var onDisk = 0
    /// Bytes after those in the file once writing to it failed.
    private var inMemory: [UInt8] = []
    private var failed = false
    /// Bytes appended so far.
    public private(set) var count = 0
    /// The next byte `copy` reads.
    private var readOffset = 0

    public static let chunkSize = 1 << 16

    /// The folder of the temporary file (nil: `$TMPDIR`, else `/tmp`).
    private let folder: String?

    public init(folder: String? = nil) { self.folder = folder }

    /// Opens the file, the first time the buffer is full: a small report never touches the disk.
    private func open() {
        guard descriptor < 0, !failed else { return }
        let folder = self.folder ?? Self.temporaryFolder()
        var template = Array((folder + "/a11ylint-report-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 {
            _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        } else {
            failed = true
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    private static func temporaryFolder() -> String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        var folder = String(cString: value)
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    public var isEmpty: Bool { count == 0 }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    public func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        if bytes.count >= Self.chunkSize, !failed,
           let done: Void = bytes.withContiguousStorageIfAvailable({ writeLarge(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        count += bytes.count
        if failed {
            inMemory.append(contentsOf: bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunkSize {
            open()
            flush()
        }
    }

    /// A piece as large as the buffer or larger goes to the file as it is, after what is
    /// buffered, rather than through the buffer.
    private func writeLarge(_ bytes: UnsafeRawBufferPointer) {
        open()
        flush()
        count += bytes.count
        guard !failed else {
            inMemory.append(contentsOf: bytes)
            return
        }
        let written = writeToFile(bytes)
        if written < bytes.count {
            failed = true
            inMemory.append(contentsOf: bytes[written...])
        }
    }

    /// Writes `bytes` at the end of the file; the number written (fewer on an error).
    private func writeToFile(_ bytes: UnsafeRawBufferPointer) -> Int {
        let written = Self.transfer(bytes.count) {
            pwrite(descriptor, bytes.baseAddress! + $0, bytes.count - $0, off_t(onDisk + $0))
        }
        onDisk += written
        return written
    }

    /// Calls `step` (a `pread` or `pwrite` of the bytes from the offset it is given on)
    /// until `count` bytes are done, resuming after short transfers and EINTR; the number
    /// done (fewer after an error or the end of the file).
    private static func transfer(_ count: Int, _ step: (Int) -> Int) -> Int {
        var done = 0
        while done < count {
            let n = step(done)
            if n > 0 {
                done += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return done
    }

    /// Appends the placeholder for `id` to `bytes` (to be written to a spool).
    public static func placeholder(_ id: Int, to bytes: inout [UInt8]) {
        bytes.append(0)
        bytes.append(contentsOf: String(id).utf8)
        bytes.append(0)
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        guard descriptor >= 0, !failed else {
            if failed {
                inMemory.append(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
            return
        }
        let written = buffer.withUnsafeBytes { writeToFile($0) }
        if written < buffer.count {
            failed = true
            inMemory.append(contentsOf: buffer[written...])
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Up to `limit` bytes from `offset` (all in the file, all in memory, or all in the
    /// buffer when the file was never opened).
    private func read(at offset: Int, limit: Int) -> [UInt8] {
        if offset >= onDisk {
            let start = offset - onDisk
            let rest = failed ? inMemory : buffer
            return Array(rest[start..<min(rest.count, start + limit)])
        }
        let wanted = min(limit, onDisk - offset)
        var bytes = [UInt8](repeating: 0, count: wanted)
        let got = bytes.withUnsafeMutableBytes { raw in
            Self.transfer(wanted) { pread(descriptor, raw.baseAddress! + $0, wanted - $0, off_t(offset + $0)) }
        }
        // A file that cannot be read back is a broken machine; the report then lacks the
        // rest of its body rather than repeating zeros.
        if got < wanted { bytes.removeLast(wanted - got) }
        return bytes
    }

    /// Copies the next `length` bytes (all that are left when nil) to `sink`, in chunks cut
    /// between characters, replacing placeholders with `resolving(id)` when given. Copies
    /// continue where the last one stopped, so a writer can copy its files' parts one by
    /// one between bytes of its own.
    public func copy(_ length: Int? = nil, to sink: inout some ReportSink, resolving: ((Int) -> [UInt8])? = nil) {
        let end = min(count, length.map { readOffset + $0 } ?? count)
        copy(readOffset..<max(readOffset, end), to: &sink, resolving: resolving)
        readOffset = max(readOffset, end)
    }

    /// Copies the bytes in `range` (offsets as `count` was before and after writing them) to
    /// `sink`, like `copy(_:to:resolving:)`, in any order: a writer that remembers where each
    /// part lies puts the parts in an order of its own. The range must start and end between
    /// characters and placeholders. Leaves the next sequential copy where it was.
    public func copy(_ range: Range<Int>, to sink: inout some ReportSink, resolving: ((Int) -> [UInt8])? = nil) {
        flush()
        var offset = max(0, range.lowerBound)
        let end = min(count, range.upperBound)
        // Without placeholders, a large piece of what is in the file may go straight to a
        // sink that takes a file (the kernel copies it; nothing is read back here).
        if resolving == nil, descriptor >= 0, min(end, onDisk) - offset >= Self.chunkSize,
           sink.write(fileDescriptor: descriptor, offset: offset, count: min(end, onDisk) - offset) {
            offset = min(end, onDisk)
        }
        var pending: [UInt8] = []
        while offset < end || !pending.isEmpty {
            let atEnd: Bool
            if offset < end {
                let chunk = read(at: offset, limit: min(Self.chunkSize, end - offset))
                if chunk.isEmpty { offset = end } else { offset += chunk.count }
                pending += chunk
                atEnd = offset >= end
            } else {
                atEnd = true
            }
            var start = 0
            if let resolving {
                while let open = Self.firstNUL(in: pending, from: start) {
                    guard let close = Self.firstNUL(in: pending, from: open + 1) else { break }
                    if open > start { sink.write(bytes: pending[start..<open]) }
                    sink.write(bytes: resolving(Self.placeholderID(pending[(open + 1)..<close])))
                    start = close + 1
                }
            }
            var cut = pending.count
            if !atEnd {
                if resolving != nil, let open = Self.firstNUL(in: pending, from: start) { cut = open }
                cut = Self.characterBoundary(pending, before: cut, from: start)
            }
            if cut > start { sink.write(bytes: pending[start..<cut]) }
            pending.removeFirst(cut)
            if atEnd { pending.removeAll() }
        }
    }

    /// The index of the first NUL (a placeholder's start or end) at or after `start`
    /// (`memchr`: a spool of results has one placeholder per result, far apart).
    private static func firstNUL(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw in
            memchr(raw.baseAddress! + start, 0, raw.count - start).map { raw.baseAddress!.distance(to: $0) }
        }
    }

    /// The id written between a placeholder's NULs (decimal digits); -1 for anything else.
    private static func placeholderID(_ digits: ArraySlice<UInt8>) -> Int {
        guard !digits.isEmpty, digits.count <= 18 else { return -1 }
        var id = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return -1 }
            id = id * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return id
    }

    /// The last index at or before `end` that starts a UTF-8 sequence complete before `end`.
    private static func characterBoundary(_ bytes: [UInt8], before end: Int, from start: Int) -> Int {
        var lead = end
        while lead > start && lead > end - 4 {
            lead -= 1
            let byte = bytes[lead]
            guard byte & 0xC0 == 0x80 else {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return lead + length <= end ? end : lead
            }
        }
        return end
    }
}
