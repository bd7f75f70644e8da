/// The slot array of an open-addressing table: for each slot, the position of the entry
/// hashed to it plus one in the low 32 bits (0 for an empty slot) and the top 32 bits of the
/// entry's hash in the high ones. A table keeps its entries in arrays of its own and this
/// finds their positions. Collisions go to the next slot (linear probing), and the slots are
/// kept at most half full, so every probe ends at an empty slot.
///
/// A probe compares an entry only when its slot holds the same top bits of the hash. In a
/// table of thousands of names, each comparison reads an entry where the cache seldom has it:
/// without the bits, a lookup read one or two entries that were not the one it looked for.
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
        slots[slot] = Int(truncatingIfNeeded: Self.tag(of: hash) | UInt64(truncatingIfNeeded: position + 1) & Self.positionBits)
    }

    /// The low bits of a slot, which hold the position plus one. A table holds fewer than
    /// 2^32 - 1 entries: each is a name of the spec, far fewer than a loadable file has bytes.
    @usableFromInline static let positionBits: UInt64 = 0xFFFF_FFFF

    /// The bits of `hash` a slot keeps: its top 32 (the low ones choose the slot).
    @inlinable static func tag(of hash: UInt64) -> UInt64 { hash & ~positionBits }

    /// The position of the first entry along `hash`'s probe for which `matches` holds; nil
    /// when the probe reaches an empty slot first.
    @inlinable package func position(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = Self.tag(of: hash)
        while true {
            let stored = UInt64(truncatingIfNeeded: slots[slot])
            let position = Int(truncatingIfNeeded: stored & Self.positionBits) - 1
            if position < 0 { return nil }
            if stored & ~Self.positionBits == tag, matches(position) { return position }
            slot = (slot + 1) & mask
        }
    }
}
