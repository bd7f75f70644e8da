import BatonModel

/// A flow's `on` keys indexed once, so finding the transition for an event is a lookup rather
/// than a scan of every key. The first key written for a trigger wins, as in a scan.
struct TransitionIndex {
    private var specific: [TriggerKey: Int] = [:]
    private var wildcard: [String: Int] = [:]

    init(_ flow: Flow) {
        for (index, transition) in flow.transitions.enumerated() {
            let trigger = transition.trigger
            if trigger.isWildcard {
                if wildcard[trigger.event] == nil { wildcard[trigger.event] = index }
            } else {
                let key = TriggerKey(trigger.source, trigger.event)
                if specific[key] == nil { specific[key] = index }
            }
        }
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
