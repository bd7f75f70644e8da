import BatonYAML

/// The entries of one mapping whose keys are known, in the order written. A mapping holds a
/// handful of known keys, so a lookup scans them: cheaper than hashing into a dictionary built
/// for each of the hundreds of thousands of mappings a large flow has.
struct KeyedEntries {
    // Keys and values in two lists, so that a lookup compares keys in place: a list of
    // `(key, value)` pairs hands each pair out as a copy, both nodes retained and released.
    private var keys: [Node.Scalar] = []
    private var values: [Node] = []

    init(capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Adds an entry; the YAML reader already dropped duplicate keys.
    mutating func append(key: Node.Scalar, value: Node) {
        keys.append(key)
        values.append(value)
    }

    /// The value written for `key`.
    subscript(key: String) -> Node? {
        position(of: key).map { values[$0] }
    }

    /// The key itself, for its place.
    func key(_ key: String) -> Node.Scalar? {
        position(of: key).map { keys[$0] }
    }

    private func position(of key: String) -> Int? {
        for index in keys.indices where keys[index].value == key { return index }
        return nil
    }
}
