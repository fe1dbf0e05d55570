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
