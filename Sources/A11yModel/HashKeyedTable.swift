/// Values by key, stored by the key's hash value: a question whose hash another question
/// already holds waits in a short list beside the table.
///
/// Why not `[Key: Value]`: the first use of a dictionary keyed by a type of ours makes the
/// Swift runtime search all of the binary's conformance records for that type's `Hashable`
/// (about 0.1 ms each, a few percent of a one-spec run when a handful of caches start on the
/// critical path). This table's storage is keyed by `Int` and asks nothing of `Key` until a
/// constrained method compares two keys, statically.
struct HashKeyedTable<Key, Value> {
    private var byHash: [Int: (key: Key, value: Value)] = [:]
    private var collided: [(key: Key, value: Value)] = []

    var count: Int { byHash.count + collided.count }
}

extension HashKeyedTable where Key: Equatable {
    /// The value of `key`, whose hash value is `hash`.
    func value(for key: Key, hash: Int) -> Value? {
        if let entry = byHash[hash], entry.key == key { return entry.value }
        return collided.first { $0.key == key }?.value
    }

    /// Sets the value of `key` (of hash value `hash`), replacing any it had.
    mutating func set(_ value: Value, for key: Key, hash: Int) {
        guard let entry = byHash[hash], entry.key != key else {
            byHash[hash] = (key, value)
            return
        }
        if let i = collided.firstIndex(where: { $0.key == key }) {
            collided[i].value = value
        } else {
            collided.append((key, value))
        }
    }
}
