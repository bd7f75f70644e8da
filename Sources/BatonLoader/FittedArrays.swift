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
    /// Moves the elements into storage of their count, for an array that grew by appending and
    /// is now complete. They are moved, not copied: a copy retains every part of every element
    /// (for the screens of a large flow, tens of thousands of strings and lists whose memory
    /// has left the cache) and the old storage then releases them all again.
    mutating func fit() {
        guard capacity > count else { return }
        // `popLast` moves an element out: twice, and they are back in their order.
        var reversed: [Element] = []
        reversed.reserveCapacity(count)
        while let last = popLast() { reversed.append(last) }
        var fitted: [Element] = []
        fitted.reserveCapacity(reversed.count)
        while let last = reversed.popLast() { fitted.append(last) }
        self = fitted
    }
}
