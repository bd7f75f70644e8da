import BatonYAML

/// The entries of one mapping whose keys are known, in the order written. A mapping holds a
/// handful of known keys, so a lookup scans them: cheaper than hashing into a dictionary built
/// for each of the hundreds of thousands of mappings a large flow has.
struct KeyedEntries {
    private var entries: [(key: Node.Scalar, value: Node)] = []

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Adds an entry; the YAML reader already dropped duplicate keys.
    mutating func append(key: Node.Scalar, value: Node) {
        entries.append((key, value))
    }

    /// The value written for `key`.
    subscript(key: String) -> Node? {
        entries.first { $0.key.value == key }?.value
    }

    /// The key itself, for its place.
    func key(_ key: String) -> Node.Scalar? {
        entries.first { $0.key.value == key }?.key
    }
}
