/// An item a flow held when a step first changed it, as `releaseUnheld` reads it: the
/// instance and whether it is a flow, without the name (noting it then retains nothing).
struct HeldItem {
    var id: Int
    var isFlow: Bool

    init(_ item: CoreItem) {
        self.init(id: item.id, isFlow: item.isFlow)
    }

    init(id: Int, isFlow: Bool) {
        self.id = id
        self.isFlow = isFlow
    }
}

extension CoreFlow {
    /// Appends the items `forEachHeldItem` calls its body with, as held items: every first
    /// change of a flow in a step notes what the flow held.
    func appendHeldItems(to held: inout [HeldItem]) {
        forEachHeldInstance { held.append(HeldItem(id: $0, isFlow: $1)) }
    }

    /// Appends the entries from `start` on, as held items: what a pop to `start` lets go of.
    func appendEntries(from start: Int, to held: inout [HeldItem]) {
        let entries = self.entries
        guard start < entries.count else { return }
        for index in max(start, 0)..<entries.count {
            held.append(HeldItem(id: entries[index].id, isFlow: entries[index].isFlow))
        }
    }

    /// Appends the instance ids of the flows among the items `forEachHeldItem` calls its body
    /// with, in that order.
    package func appendHeldFlowIDs(to ids: inout [Int]) {
        forEachHeldInstance { id, isFlow in if isFlow { ids.append(id) } }
    }

    /// Calls `body` with the id and kind of each item `forEachHeldItem` calls its body with, in
    /// that order.
    // Perf: a stack's entries read in place (PERFORMANCE.md).
    private func forEachHeldInstance(_ body: (_ id: Int, _ isFlow: Bool) -> Void) {
        guard kind.holdsStack else {
            forEachHeldItem { body($0.id, $0.isFlow) }
            return
        }
        let entries = self.entries
        for index in entries.indices { body(entries[index].id, entries[index].isFlow) }
        if let presented { body(presented.item.id, presented.item.isFlow) }
    }
}
