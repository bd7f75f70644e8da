/// Finds the scalar keys already in one mapping, to catch duplicates. While the mapping is
/// small its entries are scanned (nothing to build or copy); once it grows past a few entries
/// a table of keys takes over, so lookups stay cheap either way.
struct KeyIndex {
    /// A flow's `on` mapping often holds ten or so transitions: scanning them costs less
    /// than building a table for them.
    private static let linearLimit = 16
    /// Room made for the first streamed key: a small flow's `on` then fits in one allocation.
    private static let firstCapacity = 8
    private var large: KeyTable?
    /// The keys of entries handed to a `SectionStream` while the mapping is small: they are
    /// not among its entries, and a mapping of a few (a small flow's `on`) needs no table.
    private var streamed: [WrittenKey] = []

    /// A key and where it was written. (A tuple's list is destroyed through the runtime's
    /// generic code, slower than a struct's.)
    private struct WrittenKey {
        var key: String
        var mark: Mark
    }

    /// Where `key` was first written among `entries`, the mapping's entries so far; nil when new.
    mutating func firstMark(of key: String, in entries: [Node.Mapping.Entry]) -> Mark? {
        if large != nil { return large?.firstMark(of: key) }
        for entry in entries {
            if case .scalar(let scalar) = entry.key, scalar.value == key { return scalar.start }
        }
        for written in streamed where written.key == key { return written.mark }
        return nil
    }

    /// Records the key of an entry handed to a `SectionStream` rather than kept in `entries`.
    mutating func added(streamed key: Node.Scalar, to entries: [Node.Mapping.Entry]) {
        if large != nil {
            large?.add(key.value, at: key.start)
            return
        }
        if streamed.isEmpty { streamed.reserveCapacity(Self.firstCapacity) }
        streamed.append(WrittenKey(key: key.value, mark: key.start))
        if entries.count + streamed.count > Self.linearLimit { moveToTable(entries) }
    }

    /// Records the key of the entry just appended to `entries`.
    mutating func added(_ key: Node, to entries: [Node.Mapping.Entry]) {
        if large != nil {
            if case .scalar(let scalar) = key { large?.add(scalar.value, at: scalar.start) }
            return
        }
        if entries.count + streamed.count > Self.linearLimit { moveToTable(entries) }
    }

    /// Moves the keys into a table, once the mapping has more than a few.
    private mutating func moveToTable(_ entries: [Node.Mapping.Entry]) {
        var table = KeyTable(entries)
        for written in streamed { table.add(written.key, at: written.mark) }
        streamed = []
        large = table
    }
}
