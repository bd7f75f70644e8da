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

/// Positions by a pair of names (a trigger's source and event), made once and then only read,
/// found through `HashSlots` as `NameTable` finds one name. Its arrays are in one object, so
/// copying a table retains one reference.
private final class TriggerTable: Sendable {
    private let sources: [String]
    private let events: [String]
    private let positions: [Int]
    private let slots: HashSlots

    /// A table of distinct pairs `(sources[i], events[i])` giving `positions[i]`.
    init(sources: [String], events: [String], positions: [Int]) {
        let slots = HashSlots(for: sources.count,
                              hashes: zip(sources, events).lazy.map { TriggerKey.nameHash($0, $1) })
        (self.sources, self.events, self.positions, self.slots) = (sources, events, positions, slots)
    }

    /// The position of the pair `(source, event)`, if the table has it.
    func position(source: String, event: String) -> Int? {
        slots.position(hash: TriggerKey.nameHash(source, event)) { events[$0] == event && sources[$0] == source }
            .map { positions[$0] }
    }
}
