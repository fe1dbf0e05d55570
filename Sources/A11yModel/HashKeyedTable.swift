/// Values by key in a table of its own: the entries in arrays in the order they were first
/// set, found by open addressing on the key's hash value (a power of two of slots, at most
/// half of them used, each the index of an entry or -1).
///
/// Why not `[Key: Value]`: the first use of a dictionary whose key type's `Hashable`
/// conformance the runtime has not looked up yet in the process (a struct of ours, even
/// `Int`) makes it search every conformance record of the binary, 0.1 to 0.3 ms each, on
/// the critical path of a one-spec run. This table keeps its entries in arrays, which
/// require nothing of them; `Key: Hashable` is used by the methods below, where the
/// compiler passes the conformance it already knows.
///
/// A probe reads a slot and the entry's hash value, and compares a key in place only when
/// the hash values match: no key or value is copied out on the way to the one asked for.
public struct HashKeyedTable<Key, Value> {
    @usableFromInline var keys: [Key] = []
    @usableFromInline var hashes: [Int] = []
    @usableFromInline var values: [Value] = []
    @usableFromInline var slots: [Int32] = []

    @inlinable
    public init() {}

    @inlinable
    public var count: Int { keys.count }

    /// Forgets every value; with `keepingCapacity`, the arrays keep their storage.
    @inlinable
    public mutating func removeAll(keepingCapacity: Bool = false) {
        keys.removeAll(keepingCapacity: keepingCapacity)
        hashes.removeAll(keepingCapacity: keepingCapacity)
        values.removeAll(keepingCapacity: keepingCapacity)
        if keepingCapacity {
            for i in slots.indices { slots[i] = -1 }
        } else {
            slots = []
        }
    }
}

extension HashKeyedTable: Sendable where Key: Sendable, Value: Sendable {}

extension HashKeyedTable where Key: Hashable {
    @inlinable
    public subscript(key: Key) -> Value? { value(for: key, hash: key.hashValue) }

    /// The value of `key`, whose `hashValue` is `hash`.
    @inlinable
    public func value(for key: Key, hash: Int) -> Value? {
        guard let entry = entry(for: key, hash: hash) else { return nil }
        return values[entry]
    }

    /// The index in `keys`, `hashes` and `values` of `key`'s entry, if it has one.
    @inlinable
    func entry(for key: Key, hash: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            if hashes[entry] == hash, keys[entry] == key { return entry }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The value of `key`, or `defaultValue` when it has none; setting it sets the key's
    /// value (as `Dictionary`'s subscript with a default: `table[key, default: []].append(x)`).
    @inlinable
    public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        set { set(newValue, for: key) }
    }

    @inlinable
    public mutating func set(_ value: Value, for key: Key) { set(value, for: key, hash: key.hashValue) }

    /// Sets the value of `key` (whose `hashValue` is `hash`), replacing any it had.
    @inlinable
    public mutating func set(_ value: Value, for key: Key, hash: Int) {
        if let entry = entry(for: key, hash: hash) {
            values[entry] = value
            return
        }
        keys.append(key)
        hashes.append(hash)
        values.append(value)
        if keys.count * 2 > slots.count {
            // Twice the slots (at least 8), every entry placed again.
            slots = Array(repeating: -1, count: max(8, slots.count * 2))
            for entry in hashes.indices { place(entry) }
        } else {
            place(keys.count - 1)
        }
    }

    /// Puts entry `entry` in the first free slot from its hash value's.
    @inlinable
    mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = hashes[entry] & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }
}
