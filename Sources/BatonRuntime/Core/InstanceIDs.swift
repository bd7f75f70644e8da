/// A set of instance ids sized for one step: the few ids a step changes, holds or releases
/// are kept in an array and searched there, and only a step that touches many instances (a
/// start, a restore, a large repair) pays for hashing.
package struct InstanceIDs: Sequence, Sendable {
    /// Beyond this many ids, they are kept in a `Set`.
    private static let arrayLimit = 32
    private var few: [Int] = []
    private var many: Set<Int>?

    package init() {}

    package init(_ first: Int) {
        few.reserveCapacity(16)
        few.append(first)
    }

    package var isEmpty: Bool { many?.isEmpty ?? few.isEmpty }

    package var count: Int { many?.count ?? few.count }

    package mutating func insert(_ id: Int) {
        if many != nil {
            many?.insert(id)
        } else if !few.contains(id) {
            if few.count < Self.arrayLimit {
                few.append(id)
            } else {
                var set = Set(few)
                set.insert(id)
                many = set
            }
        }
    }

    package mutating func formUnion(_ ids: some Sequence<Int>) {
        for id in ids { insert(id) }
    }

    package func contains(_ id: Int) -> Bool {
        if let many { return many.contains(id) }
        return few.contains(id)
    }

    /// Forgets every id, keeping the room they took: a set emptied each step allocates once.
    package mutating func removeAll() {
        few.empty()
        many = nil
    }

    /// The ids, in no particular order.
    package func makeIterator() -> Array<Int>.Iterator {
        (many.map(Array.init) ?? few).makeIterator()
    }
}
