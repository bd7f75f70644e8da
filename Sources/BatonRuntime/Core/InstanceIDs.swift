/// A set of instance ids sized for one step: the few ids a step changes, holds or releases
/// are kept in an array and searched there, and only a step that touches many instances (a
/// start, a restore, a large repair) pays for hashing.
package struct InstanceIDs: Sequence, Sendable {
    /// Beyond this many ids, they are also kept in a `Set` to be found.
    private static let arrayLimit = 32
    /// Every id, in the order inserted.
    private var ids: [Int] = []
    /// The same ids, once there are more than `arrayLimit`.
    private var many: Set<Int>?

    package init() {}

    package init(_ first: Int) {
        ids.reserveCapacity(16)
        ids.append(first)
    }

    package var isEmpty: Bool { ids.isEmpty }

    package var count: Int { ids.count }

    /// The positions of the ids, for reading them in place with `subscript(_:)`: a `for`
    /// loop's iterator holds a copy of the list (a retain and a release), a position does not.
    package var indices: Range<Int> { ids.indices }

    /// The id at `position`, one of `indices`.
    package subscript(position: Int) -> Int { ids[position] }

    package mutating func insert(_ id: Int) {
        if many != nil {
            if many?.insert(id).inserted == true { ids.append(id) }
        } else if !ids.contains(id) {
            ids.append(id)
            if ids.count > Self.arrayLimit { many = Set(ids) }
        }
    }

    package mutating func formUnion(_ ids: some Sequence<Int>) {
        for id in ids { insert(id) }
    }

    package func contains(_ id: Int) -> Bool {
        if let many { return many.contains(id) }
        return ids.contains(id)
    }

    /// Forgets every id, keeping the room they took: a set emptied each step allocates once.
    package mutating func removeAll() {
        // Most steps leave most sets empty: then nothing is written.
        if !ids.isEmpty { ids.empty() }
        if many != nil { many = nil }
    }

    /// The ids, in the order inserted.
    package func makeIterator() -> Array<Int>.Iterator {
        ids.makeIterator()
    }
}
