/// The scalar keys of one mapping and where each was first written. A linear scan while the
/// mapping is small, a dictionary once it grows, so lookups stay cheap either way.
struct KeyIndex {
    private static let linearLimit = 8
    private var small: [(key: String, mark: Mark)] = []
    private var large: [String: Mark]?

    /// Where `key` was first written, nil when it is new.
    func firstMark(of key: String) -> Mark? {
        if let large { return large[key] }
        for entry in small where entry.key == key { return entry.mark }
        return nil
    }

    /// Records `key` at `mark`; the caller checked it is new.
    mutating func insert(_ key: String, at mark: Mark) {
        if large != nil {
            large?[key] = mark
        } else if small.count < Self.linearLimit {
            small.append((key, mark))
        } else {
            var dictionary = [String: Mark](minimumCapacity: small.count * 2 + 2)
            for entry in small { dictionary[entry.key] = entry.mark }
            dictionary[key] = mark
            large = dictionary
            small = []
        }
    }
}
