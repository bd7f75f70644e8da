import BatonModel
import BatonRuntime

/// A number for every alternative of every flow's `on` entries, counted in spec order, so that
/// the search tells whether it reached one by reading a list at that number: it asks for every
/// transition of every step it takes, and most it has reached already.
struct TransitionSlots {
    /// By flow number, then entry position: the number of the entry's first alternative and
    /// how many alternatives it has.
    private let entries: [[(first: Int, count: Int)]]
    /// How many alternatives there are in all.
    let count: Int

    init(spec: FlowSpec) {
        var next = 0
        entries = spec.flows.map { flow in
            flow.transitions.map { transition in
                defer { next += transition.actions.count }
                return (next, transition.actions.count)
            }
        }
        count = next
    }

    /// The slot of the alternative `use` performed, nil when the use does not say where its
    /// entry is, or that is not in this spec.
    func slot(of use: TransitionUse) -> Int? {
        let flow = Int(use.flowNumber)
        guard entries.indices.contains(flow), entries[flow].indices.contains(use.position) else { return nil }
        let entry = entries[flow][use.position]
        guard (0..<entry.count).contains(use.action) else { return nil }
        return entry.first + use.action
    }
}
