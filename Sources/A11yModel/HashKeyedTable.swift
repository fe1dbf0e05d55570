/// Values by key in a table of its own: open addressing on the key's hash value, in
/// an array (a power of two of slots, at most half of them filled).
///
/// Why not `[Key: Value]`: the first use of a dictionary whose key type's `Hashable`
/// conformance the runtime has not looked up yet in the process (a struct of ours, even
/// `Int`) makes it search every conformance record of the binary, 0.1 to 0.3 ms each, on
/// the critical path of a one-spec run. This table keeps its entries in an array, which
/// requires nothing of them; `Key: Hashable` is used by the methods below, where
/// the compiler passes the conformance it already knows.
public struct HashKeyedTable<Key, Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var hash: Int
        @usableFromInline var key: Key
        @usableFromInline var value: Value

        @inlinable init(hash: Int, key: Key, value: Value) {
            self.hash = hash
            self.key = key
            self.value = value
        }
    }

    @usableFromInline var slots: [Slot?] = []
    @usableFromInline var filled = 0

    @inlinable
    public init() {}

    @inlinable
    public var count: Int { filled }

    /// Forgets every value; with `keepingCapacity`, the slots stay allocated.
    @inlinable
    public mutating func removeAll(keepingCapacity: Bool = false) {
        if keepingCapacity {
            for i in slots.indices { slots[i] = nil }
        } else {
            slots = []
        }
        filled = 0
    }
}

extension HashKeyedTable: Sendable where Key: Sendable, Value: Sendable {}
extension HashKeyedTable.Slot: Sendable where Key: Sendable, Value: Sendable {}

extension HashKeyedTable where Key: Hashable {
    @inlinable
    public subscript(key: Key) -> Value? { value(for: key, hash: key.hashValue) }

    /// The value of `key`, whose `hashValue` is `hash`.
    @inlinable
    public func value(for key: Key, hash: Int) -> Value? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = hash & mask
        while slots[i] != nil {
            if slots[i]!.hash == hash, slots[i]!.key == key { return slots[i]!.value }
            i = (i + 1) & mask
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
        if (filled + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var i = hash & mask
        while slots[i] != nil {
            if slots[i]!.hash == hash, slots[i]!.key == key {
                slots[i]!.value = value
                return
            }
            i = (i + 1) & mask
        }
        slots[i] = Slot(hash: hash, key: key, value: value)
        filled += 1
    }

    /// Twice the slots, every entry placed again by its hash.
    @inlinable
    mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(8, old.count * 2))
        let mask = slots.count - 1
        for slot in old {
            guard let slot else { continue }
            var i = slot.hash & mask
            while slots[i] != nil { i = (i + 1) & mask }
            slots[i] = slot
        }
    }
}
