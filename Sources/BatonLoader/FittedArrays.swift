extension Array {
    /// `compactMap` into an array made room for every element at once. A decoded list stays in
    /// the model for as long as the flow is loaded, and one grown by appending keeps up to as
    /// much capacity again unused (for a file of 50,000 screens, megabytes).
    ///
    /// Elements are read by index: `for element in self` copies each one out first (a retain of
    /// everything a node holds, and a release after).
    func compactMapFitted<Result>(_ transform: (Element) throws -> Result?) rethrows -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(count)
        for index in indices {
            if let result = try transform(self[index]) { results.append(result) }
        }
        return results
    }
}

extension Array {
    /// The same elements in storage of their count, for an array that grew by appending and is
    /// now complete.
    func fitted() -> [Element] {
        guard capacity > count else { return self }
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        return copy
    }
}
