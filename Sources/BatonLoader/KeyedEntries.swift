import BatonYAML

/// The entries of one mapping whose keys are known, in the order written. A mapping holds a
/// handful of known keys, so a lookup scans them: cheaper than hashing into a dictionary built
/// for each of the hundreds of thousands of mappings a large flow has.
struct KeyedEntries {
    /// The mapping's entries, shared with it: a value is read where it lies, not copied in.
    private let entries: [Node.Mapping.Entry]
    // The known keys and where their entries are, in two lists, so that a lookup compares keys
    // in place: a list of `(key, position)` pairs hands each pair out as a copy.
    private var keys: [Node.Scalar] = []
    private var positions: [Int] = []

    init(_ mapping: Node.Mapping) {
        entries = mapping.entries
        keys.reserveCapacity(entries.count)
        positions.reserveCapacity(entries.count)
    }

    /// Adds the entry at `position` of the mapping, whose key is `key`; the YAML reader already
    /// dropped duplicate keys.
    mutating func append(key: consuming Node.Scalar, at position: Int) {
        keys.append(key)
        positions.append(position)
    }

    /// The value written for `key`.
    subscript(key: String) -> Node? {
        index(of: key).map { entries[positions[$0]].value }
    }

    /// The key itself, for its place.
    func key(_ key: String) -> Node.Scalar? {
        index(of: key).map { keys[$0] }
    }

    private func index(of key: String) -> Int? {
        for index in keys.indices where keys[index].value == key { return index }
        return nil
    }
}
