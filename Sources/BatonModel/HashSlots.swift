/// The slot array of an open-addressing table: for each slot, the position of the entry
/// hashed to it plus one, 0 for an empty slot. A table keeps its entries in arrays of its own
/// and this finds their positions. Collisions go to the next slot (linear probing), and the
/// slots are kept at most half full, so every probe ends at an empty slot.
///
/// `NameTable`, `NameMap` and the runtime's trigger table are built on it. Its members are
/// inlinable so that each table's probe, with the comparison it passes in, compiles to one
/// loop.
@usableFromInline
package struct HashSlots: Sendable {
    @usableFromInline var slots: [Int]

    /// Empty slots for `count` entries: a power of two, at least 8 and at least twice `count`.
    @inlinable package init(for count: Int) {
        var capacity = 8
        while capacity / 2 < count, capacity <= Int.max / 4 { capacity *= 2 }
        slots = [Int](repeating: 0, count: capacity)
    }

    /// Slots for the entries whose hashes are `hashes`, in their positions' order, with room
    /// for `count` entries in all (at least as many as `hashes` has).
    @inlinable package init(for count: Int, hashes: some Sequence<UInt64>) {
        self.init(for: count)
        for (position, hash) in hashes.enumerated() { insert(position: position, hash: hash) }
    }

    /// How many entries fit before the table must grow to stay at most half full.
    @inlinable package var capacity: Int { slots.count / 2 }

    /// Records the entry at `position`, whose hash is `hash`, in the first empty slot of its
    /// probe. The caller does not add an entry twice.
    @inlinable package mutating func insert(position: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = position + 1
    }

    /// The position of the first entry along `hash`'s probe for which `matches` holds; nil
    /// when the probe reaches an empty slot first.
    @inlinable package func position(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let position = slots[slot] - 1
            if position < 0 { return nil }
            if matches(position) { return position }
            slot = (slot + 1) & mask
        }
    }
}
