#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import A11yJSON

/// A growing run of bytes in raw memory, written through a pointer after room is made
/// for a whole record at once: a finding's JSON is some thirty pieces, and appending them
/// one by one to an array checks its capacity and uniqueness each time. Kept by a writer
/// from batch to batch, so its memory is allocated once per run.
final class ByteBuffer {
    private var start: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    deinit { free(start) }

    func removeAll() { count = 0 }

    /// Makes room for `extra` more bytes and returns where they go; `commit` then says
    /// where the bytes written end.
    func reserve(_ extra: Int) -> ByteCursor {
        if capacity - count < extra {
            let grown = max(count + extra, 2 * capacity, 1 << 16)
            // `realloc`, not a new block and a copy: a block this large is moved by
            // remapping its pages, not by copying its bytes.
            guard let memory = realloc(start, grown) else { fatalError("out of memory for a report") }
            start = memory.assumingMemoryBound(to: UInt8.self)
            capacity = grown
        }
        return ByteCursor(next: start.unsafelyUnwrapped + count)
    }

    /// The bytes written through `cursor` (from the last `reserve`) are now part of the buffer.
    func commit(_ cursor: ByteCursor) {
        count = start.map { $0.distance(to: cursor.next) } ?? 0
        assert(count <= capacity)
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: start, count: count))
    }
}

/// Where the next byte goes in memory made ready by `ByteBuffer.reserve`. Writes no more
/// than was reserved: the caller counts its worst case before it writes.
struct ByteCursor {
    fileprivate(set) var next: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        next.initialize(to: byte)
        next += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        next.initialize(from: base, count: bytes.count)
        next += bytes.count
    }

    /// `s` as a JSON string literal; room for `JSONOutput.maxStringBytes(s)`.
    @inline(__always)
    mutating func putString(_ s: String) { next = JSONOutput.writeString(s, at: next) }

    /// Room for `JSONOutput.maxIntBytes`.
    @inline(__always)
    mutating func putInt(_ i: Int) { next = JSONOutput.writeInt(i, at: next) }
}
