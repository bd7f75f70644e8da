/// Finds the scalar keys already in one mapping, to catch duplicates. While the mapping is
/// small its entries are scanned (nothing to build or copy); once it grows past a few entries
/// a table of keys takes over, so lookups stay cheap either way.
struct KeyIndex {
    /// A flow's `on` mapping often holds ten or so transitions: scanning them costs less
    /// than building a table for them.
    private static let linearLimit = 16
    private var large: KeyTable?

    /// Where `key` was first written among `entries`, the mapping's entries so far; nil when new.
    mutating func firstMark(of key: String, in entries: [Node.Mapping.Entry]) -> Mark? {
        if large != nil { return large?.firstMark(of: key) }
        for entry in entries {
            if case .scalar(let scalar) = entry.key, scalar.value == key { return scalar.start }
        }
        return nil
    }

    /// Records the key of an entry handed to a `SectionStream` rather than kept in `entries`:
    /// only the table can remember it.
    mutating func added(streamed key: Node.Scalar, to entries: [Node.Mapping.Entry]) {
        if large == nil { large = KeyTable(entries) }
        large?.add(key.value, at: key.start)
    }

    /// Records the key of the entry just appended to `entries`.
    mutating func added(_ key: Node, to entries: [Node.Mapping.Entry]) {
        if large != nil {
            if case .scalar(let scalar) = key { large?.add(scalar.value, at: scalar.start) }
            return
        }
        guard entries.count > Self.linearLimit else { return }
        large = KeyTable(entries)
    }
}
