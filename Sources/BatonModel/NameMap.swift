/// Values by name, added one at a time: what a loader fills as it reads (the definitions seen
/// so far, the texts already parsed). Like `NameTable`, it hashes the spec's own names with
/// `NameHash` rather than `Hasher`, whose seeded SipHash cost more than the rest of a lookup.
/// It doubles its slots when they would pass half full. Names are never removed one by one.
///
/// Its members are inlinable, as `NameTable`'s are, so that it is specialized where it is used.
@usableFromInline
package struct NameMap<Value> {
    @usableFromInline var names: [String] = []
    @usableFromInline var values: [Value] = []
    @usableFromInline var slots = HashSlots(for: 0)

    package init() {}

    /// The number of names.
    @inlinable package var count: Int { names.count }

    /// The value of `name`, if the map has one.
    @inlinable package subscript(name: String) -> Value? {
        position(of: name).map { values[$0] }
    }

    /// Adds `value` under `name` unless the map has the name already. Returns the value the
    /// name has afterwards, and whether it was added.
    @discardableResult
    @inlinable package mutating func insert(_ value: Value, for name: String) -> (value: Value, inserted: Bool) {
        let (position, inserted) = positionAdding(name, value)
        return (values[position], inserted)
    }

    /// The value of `name`, after adding `value` under it when the map has none: one lookup,
    /// made in place (on a map a class holds, `self[name]` then `insert` copied the map out
    /// twice, a retain and a release of each of its lists).
    @inlinable package mutating func value(of name: String, adding value: @autoclosure () -> Value) -> Value {
        values[positionAdding(name, value()).position]
    }

    /// Changes the value of `name` in place, adding `initial` first when the map has no value
    /// for the name yet.
    @inlinable package mutating func update(_ name: String, initial: @autoclosure () -> Value,
                                            _ change: (inout Value) -> Void) {
        change(&values[positionAdding(name, initial()).position])
    }

    /// Where `name`'s value is, after adding `value` under it when the map has no value for it.
    @discardableResult
    @inlinable package mutating func positionAdding(_ name: String, _ value: @autoclosure () -> Value)
        -> (position: Int, inserted: Bool) {
        let hash = NameHash.of(name)
        if let position = slots.position(hash: hash, where: { names[$0] == name }) {
            return (position, false)
        }
        if names.count >= slots.capacity { grow() }
        slots.insert(position: names.count, hash: hash)
        names.append(name)
        values.append(value())
        return (names.count - 1, true)
    }

    /// Makes room for `count` names in all without growing again.
    package mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        values.reserveCapacity(count)
        if count > slots.capacity { rebuildSlots(for: count) }
    }

    /// Empties the map, keeping nothing.
    package mutating func removeAll() {
        self = NameMap()
    }

    @inlinable func position(of name: String) -> Int? {
        slots.position(hash: NameHash.of(name)) { names[$0] == name }
    }

    @usableFromInline mutating func grow() {
        rebuildSlots(for: max(8, names.count * 2))
    }

    @usableFromInline mutating func rebuildSlots(for count: Int) {
        slots = HashSlots(for: count, hashes: names.lazy.map(NameHash.of))
    }
}

extension NameMap: Sendable where Value: Sendable {}
