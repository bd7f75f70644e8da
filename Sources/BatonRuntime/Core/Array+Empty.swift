extension Array {
    /// Removes every element and keeps the room they took: for the few elements of the lists a
    /// step fills and empties, cheaper than `removeAll(keepingCapacity: true)`, which replaces
    /// a range, where this removes one element after the other from the end.
    mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
