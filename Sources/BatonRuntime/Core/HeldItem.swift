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
    /// Appends the items `forEachHeldItem` calls its body with, as held items. A stack's
    /// entries are read in place, so their names are not retained and released one by one:
    /// every first change of a flow in a step notes what the flow held.
    func appendHeldItems(to held: inout [HeldItem]) {
        guard kind.holdsStack else {
            forEachHeldItem { held.append(HeldItem($0)) }
            return
        }
        let entries = self.entries
        for index in entries.indices {
            held.append(HeldItem(id: entries[index].id, isFlow: entries[index].isFlow))
        }
        if let presented { held.append(HeldItem(presented.item)) }
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
    // Perf: a stack's entries read in place: `LinkSetting.init` 36.6M to 29.7M (PERFORMANCE.md).
    package func appendHeldFlowIDs(to ids: inout [Int]) {
        guard kind.holdsStack else {
            forEachHeldItem { if $0.isFlow { ids.append($0.id) } }
            return
        }
        let entries = self.entries
        for index in entries.indices where entries[index].isFlow { ids.append(entries[index].id) }
        if let presented, presented.item.isFlow { ids.append(presented.item.id) }
    }
}
