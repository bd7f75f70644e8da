import BatonModel

/// A flow's `on` keys indexed once, so finding the transition for an event is a lookup rather
/// than a scan of every key. The first key written for a trigger wins, as in a scan.
struct TransitionIndex {
    /// By event: each source with a `source.event` key, and the key's position, in the order
    /// written. A flow has few sources for one event, so they are scanned.
    private let specific: NameTable<[(source: String, position: Int)]>
    /// By event: the position of the `*.event` key.
    private let wildcard: NameTable<Int>

    init(_ flow: Flow) {
        var specific: [String: [(source: String, position: Int)]] = [:]
        var wildcard: [String: Int] = [:]
        for (position, transition) in flow.transitions.enumerated() {
            let trigger = transition.trigger
            if trigger.isWildcard {
                if wildcard[trigger.event] == nil { wildcard[trigger.event] = position }
            } else if specific[trigger.event, default: []].contains(where: { $0.source == trigger.source }) == false {
                specific[trigger.event, default: []].append((trigger.source, position))
            }
        }
        self.specific = NameTable(specific)
        self.wildcard = NameTable(wildcard)
    }

    /// The position in `flow.transitions` of the `source.event` key.
    func specific(source: String, event: String) -> Int? {
        specific[event]?.first { $0.source == source }?.position
    }

    /// The position in `flow.transitions` of the `*.event` key.
    func wildcard(event: String) -> Int? {
        wildcard[event]
    }
}
