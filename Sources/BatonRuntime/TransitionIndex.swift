import BatonModel

/// A flow's `on` keys indexed once, so finding the transition for an event is a lookup rather
/// than a scan of every key. The first key written for a trigger wins, as in a scan.
struct TransitionIndex {
    /// The `source.event` keys, probed by their names' `NameHash`es: a dispatch looks one up
    /// on every step, and `Hasher` (SipHash over both names) cost more than the rest of the
    /// lookup together.
    private let specific: TriggerTable
    /// By event: the position of the `*.event` key.
    private let wildcard: NameTable<Int>

    init(_ flow: Flow) {
        var sources: [String] = []
        var events: [String] = []
        var positions: [Int] = []
        var seen: Set<TriggerKey> = []
        var wildcard: [String: Int] = [:]
        for (index, transition) in flow.transitions.enumerated() {
            let trigger = transition.trigger
            if trigger.isWildcard {
                if wildcard[trigger.event] == nil { wildcard[trigger.event] = index }
            } else if seen.insert(TriggerKey(trigger.source, trigger.event)).inserted {
                sources.append(trigger.source)
                events.append(trigger.event)
                positions.append(index)
            }
        }
        specific = TriggerTable(sources: sources, events: events, positions: positions)
        self.wildcard = NameTable(wildcard)
    }

    /// The position in `flow.transitions` of the `source.event` key.
    func specific(source: String, event: String) -> Int? {
        specific.position(source: source, event: event)
    }

    /// The position in `flow.transitions` of the `*.event` key.
    func wildcard(event: String) -> Int? {
        wildcard[event]
    }
}

/// Positions by a pair of names (a trigger's source and event), made once and then only read;
/// open addressing over a slot array kept at most half full, as `NameTable` does for one name.
/// Its arrays are in one object, so copying a table retains one reference.
private final class TriggerTable: Sendable {
    private let sources: [String]
    private let events: [String]
    private let positions: [Int]
    /// For each slot, the index of the pair hashed to it plus one; 0 for an empty slot. Their
    /// count is a power of two at least twice the pairs', so every probe ends.
    private let slots: [Int]

    /// A table of distinct pairs `(sources[i], events[i])` giving `positions[i]`.
    init(sources: [String], events: [String], positions: [Int]) {
        var capacity = 8
        while capacity < 2 * sources.count { capacity *= 2 }
        var slots = [Int](repeating: 0, count: capacity)
        for index in sources.indices {
            var slot = Self.slot(sources[index], events[index], mask: capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = index + 1
        }
        (self.sources, self.events, self.positions, self.slots) = (sources, events, positions, slots)
    }

    /// The position of the pair `(source, event)`, if the table has it.
    func position(source: String, event: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.slot(source, event, mask: mask)
        while true {
            let index = slots[slot] - 1
            if index < 0 { return nil }
            if events[index] == event, sources[index] == source { return positions[index] }
            slot = (slot + 1) & mask
        }
    }

    private static func slot(_ source: String, _ event: String, mask: Int) -> Int {
        // The event's hash is rotated so that `a.b` and `b.a` land apart.
        let eventHash = NameHash.of(event)
        let hash = NameHash.of(source) ^ ((eventHash << 29) | (eventHash >> 35))
        return Int(truncatingIfNeeded: hash) & mask
    }
}
