/// A set of instance ids sized for one step: the few ids a step's changed flows hold are
/// searched in an array, and only a step that touches many instances pays for hashing.
struct InstanceIDs {
    /// Beyond this many ids, lookups go through a `Set`.
    private static let arrayLimit = 32
    private var few: [Int]
    private var many: Set<Int>?

    init(_ first: Int) {
        few = [first]
        few.reserveCapacity(Self.arrayLimit)
    }

    mutating func insert(_ id: Int) {
        if many != nil {
            many?.insert(id)
        } else if few.count < Self.arrayLimit {
            if !few.contains(id) { few.append(id) }
        } else {
            var set = Set(few)
            set.insert(id)
            many = set
        }
    }

    func contains(_ id: Int) -> Bool {
        if let many { return many.contains(id) }
        return few.contains(id)
    }
}
