import BatonModel

/// Which flows have a transition on which trigger (source and event, without the place), for
/// `unhandled-event`. Each flow's triggers are kept in a small set of their own, read in the
/// order of the file, rather than in one table of every trigger of a large file, whose reads
/// land anywhere in memory; flows that share a name share a set.
final class TriggerHandlers {
    /// Flow name → its set in `triggers`.
    private let slots: NameTable<Int>
    /// Constant once made, so a question reads a set in place rather than retaining the list.
    private let triggers: [OrderedSet<TriggerKey>]

    /// Every trigger some flow has: built on the first question about one, since most events
    /// are settled by a flow that shows their screen.
    private lazy var everyTrigger: OrderedSet<TriggerKey> = {
        var all = OrderedSet<TriggerKey>()
        for own in triggers {
            for key in own { all.insert(key) }
        }
        return all
    }()

    init(_ flows: [Flow]) {
        var slots: [String: Int] = [:]
        slots.reserveCapacity(flows.count)
        var triggers: [OrderedSet<TriggerKey>] = []
        triggers.reserveCapacity(flows.count)
        for flow in flows {
            let slot: Int
            if let existing = slots[flow.name] {
                slot = existing
            } else {
                slot = triggers.count
                slots[flow.name] = slot
                triggers.append(OrderedSet())
            }
            for transition in flow.transitions {
                triggers[slot].insert(TriggerKey(transition.trigger.source, transition.trigger.event))
            }
        }
        self.slots = NameTable(slots)
        self.triggers = triggers
    }

    /// Whether a flow named `flow` has a transition on `key`.
    func has(_ key: TriggerKey, in flow: String) -> Bool {
        guard let slot = slots[flow] else { return false }
        return triggers[slot].contains(key)
    }

    /// Whether any flow has a transition on `key`.
    func anyFlowHas(_ key: TriggerKey) -> Bool {
        everyTrigger.contains(key)
    }

    /// Makes the set of every trigger now, so that threads can then share the handlers.
    func makeEveryTrigger() {
        _ = everyTrigger
    }
}
