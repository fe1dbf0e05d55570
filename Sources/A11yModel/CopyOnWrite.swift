/// A value kept in one heap box shared by its copies, and copied only when a copy that
/// shares it is changed (the way `Array` keeps its elements). For the model's wide values
/// (`Variant`): many rules and every measurement hold one, and copying the box is a single
/// retain where copying the fields retains each of their strings and tables.
struct CopyOnWrite<Value> {
    // The box is changed only through `value`'s `_modify`, which first makes it unique:
    // no two threads ever write one box, or write one that another reads.
    private final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(_ value: Value) { box = Box(value) }

    var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension CopyOnWrite: Sendable where Value: Sendable {}

extension CopyOnWrite: Equatable where Value: Equatable {
    static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.box.value == b.box.value }
}

extension CopyOnWrite: Hashable where Value: Hashable {
    func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}
