/// Finds the scalar keys already in one mapping, to catch duplicates. While the mapping is
/// small its entries are scanned (nothing to build or copy); once it grows past a few entries
/// a dictionary of keys takes over, so lookups stay cheap either way.
struct KeyIndex {
    private static let linearLimit = 8
    private var large: [String: Mark]?

    /// Where `key` was first written among `entries`, the mapping's entries so far; nil when new.
    func firstMark(of key: String, in entries: [Node.Mapping.Entry]) -> Mark? {
        if let large { return large[key] }
        for entry in entries {
            if case .scalar(let scalar) = entry.key, scalar.value == key { return scalar.start }
        }
        return nil
    }

    /// Records the key of an entry handed to a `SectionStream` rather than kept in `entries`:
    /// only the dictionary can remember it.
    mutating func added(streamed key: Node.Scalar, to entries: [Node.Mapping.Entry]) {
        if large == nil { large = Self.dictionary(of: entries) }
        large?[key.value] = key.start
    }

    /// Records the key of the entry just appended to `entries`.
    mutating func added(_ key: Node, to entries: [Node.Mapping.Entry]) {
        if large != nil {
            if case .scalar(let scalar) = key { large?[scalar.value] = scalar.start }
            return
        }
        guard entries.count > Self.linearLimit else { return }
        large = Self.dictionary(of: entries)
    }

    private static func dictionary(of entries: [Node.Mapping.Entry]) -> [String: Mark] {
        var dictionary = [String: Mark](minimumCapacity: entries.count * 2)
        for entry in entries {
            if case .scalar(let scalar) = entry.key, dictionary[scalar.value] == nil {
                dictionary[scalar.value] = scalar.start
            }
        }
        return dictionary
    }
}
