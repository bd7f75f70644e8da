import BatonModel

/// A flow's `on` keys indexed once, so finding the transition for an event is a lookup rather
/// than a scan of every key. The first key written for a trigger wins, as in a scan.
struct TransitionIndex {
    /// The position of each `source.event` key.
    private let specific: [TriggerKey: Int]
    /// By event: the position of the `*.event` key.
    private let wildcard: NameTable<Int>

    init(_ flow: Flow) {
        var specific: [TriggerKey: Int] = [:]
        var wildcard: [String: Int] = [:]
        for (index, transition) in flow.transitions.enumerated() {
            let trigger = transition.trigger
            if trigger.isWildcard {
                if wildcard[trigger.event] == nil { wildcard[trigger.event] = index }
            } else {
                let key = TriggerKey(trigger.source, trigger.event)
                if specific[key] == nil { specific[key] = index }
            }
        }
        self.specific = specific
        self.wildcard = NameTable(wildcard)
    }

    /// The position in `flow.transitions` of the `source.event` key.
    func specific(source: String, event: String) -> Int? {
        specific[TriggerKey(source, event)]
    }

    /// The position in `flow.transitions` of the `*.event` key.
    func wildcard(event: String) -> Int? {
        wildcard[event]
    }
}
