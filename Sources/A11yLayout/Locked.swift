import A11yModel
import Foundation

/// A value behind a `pthread_mutex_t`: the lock ThreadSanitizer understands on Linux
/// (`Synchronization.Mutex` waits on a futex directly, which ThreadSanitizer cannot see, so
/// every access under it looks like a race). The same shape as `Mutex.withLock`.
final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Behind a pointer rather than in a `var`: the mutex already makes access exclusive,
    /// and a class's `var` costs a dynamic exclusivity check on every access (a few percent
    /// of a layout, which takes three locks).
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    init(_ value: consuming Value) {
        self.value.initialize(to: value)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

/// A cache of results keyed by text, emptied when it holds `entryLimit` entries or
/// `byteLimit` bytes of text: a run with endless distinct labels, or long ones (a
/// 32,000-character label is cached with all its lines), stays bounded in memory. Its
/// table is a `HashKeyedTable`: its first use costs no search of the conformance records.
struct BoundedCache<Key, Value> {
    private var entries = HashKeyedTable<Key, Value>()
    private var bytes = 0
    let entryLimit: Int
    let byteLimit: Int

    init(entryLimit: Int = 1 << 16, byteLimit: Int = 16 << 20) {
        self.entryLimit = entryLimit
        self.byteLimit = byteLimit
    }

    var count: Int { entries.count }
}

extension BoundedCache where Key: Hashable {
    subscript(key: Key) -> Value? { entries[key] }

    /// Keeps `value`; `cost` is about the bytes it holds (its key's text and any copies).
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if entries.count >= entryLimit || bytes + cost > byteLimit {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries.set(value, for: key)
        bytes += cost
    }
}
