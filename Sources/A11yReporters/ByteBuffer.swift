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
///
/// The bytes lie in blocks, not in one block grown as they come: growing a block of a few
/// megabytes copies every byte written so far (the allocator moves it), and a chunk of
/// findings passes through several sizes. A record starts a new block when the current one
/// has no room for it; the blocks are read in order (`forEachBlock`).
final class ByteBuffer {
    /// The first block's size: a small report stays in one.
    static let firstBlockSize = 1 << 16
    /// The size of each later block (a record larger than this gets a block of its own size).
    static let blockSize = 1 << 20

    /// Every block allocated so far, in the order they are filled.
    private var blocks: [UnsafeMutableBufferPointer<UInt8>] = []
    /// The bytes written in each full block before the current one.
    private var filled: [Int] = []
    /// The block being written (`blocks[filled.count]`), its size and the bytes written in it.
    private var start: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private var count = 0

    init() {}

    deinit {
        for block in blocks { free(block.baseAddress) }
    }

    func removeAll() {
        filled.removeAll(keepingCapacity: true)
        start = blocks.first?.baseAddress
        capacity = blocks.first?.count ?? 0
        count = 0
    }

    /// Makes room for `extra` more bytes and returns where they go; `commit` then says
    /// where the bytes written end.
    @inline(__always)
    func reserve(_ extra: Int) -> ByteCursor {
        if capacity - count < extra { moveToNextBlock(extra) }
        return ByteCursor(next: start.unsafelyUnwrapped + count)
    }

    /// Ends the current block and makes the next one current, with room for `extra` bytes:
    /// a block kept from an earlier batch when it is large enough, else a new one.
    private func moveToNextBlock(_ extra: Int) {
        if start != nil { filled.append(count) }
        let index = filled.count
        let size = max(extra, blocks.isEmpty ? Self.firstBlockSize : Self.blockSize)
        if index == blocks.count {
            blocks.append(Self.allocate(size))
        } else if blocks[index].count < extra {
            free(blocks[index].baseAddress)
            blocks[index] = Self.allocate(size)
        }
        start = blocks[index].baseAddress
        capacity = blocks[index].count
        count = 0
    }

    private static func allocate(_ size: Int) -> UnsafeMutableBufferPointer<UInt8> {
        guard let memory = malloc(size) else { fatalError("out of memory for a report") }
        return UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: size)
    }

    /// The bytes written through `cursor` (from the last `reserve`) are now part of the buffer.
    @inline(__always)
    func commit(_ cursor: ByteCursor) {
        count = start.map { $0.distance(to: cursor.next) } ?? 0
        assert(count <= capacity)
    }

    /// Calls `body` with each block's bytes, in order (empty blocks skipped).
    func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for (index, written) in filled.enumerated() where written > 0 {
            body(UnsafeBufferPointer(start: blocks[index].baseAddress, count: written))
        }
        if let start, count > 0 { body(UnsafeBufferPointer(start: start, count: count)) }
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
