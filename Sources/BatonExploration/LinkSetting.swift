import BatonModel
import BatonRuntime

/// Where a link is tried: the flags and facts, the switch branches shown on the way from the
/// root, the links held, and the first entry of every stack and sequence (a link keeps the
/// root its stack has, which a `reset` or `replace` may have changed). A link's way resets
/// the rest of what it passes through (tabs selected, stacks set, modals dismissed), so where
/// it leads depends on these, not on the screens shown (nor on hidden content the key leaves
/// out; a state with hidden content the key keeps tries every link).
struct LinkSetting: Hashable {
    /// The flags and facts, as the driver numbers them.
    var environment: Int
    var branches: [Branch]
    var heldLinks: [String]
    /// Each stack's or sequence's flow, first entry and, when that is a flow, its input (the key
    /// leaves screens' inputs out), in the order met.
    var roots: [Root] = []
    /// The hash of the parts above, made where the setting is made (on a worker, beside the
    /// others) rather than where the search looks it up.
    private var partsHash = 0

    /// A switch flow and the branch it shows, by their numbers (`CoreItem.number`, `item(_:)`).
    struct Branch: Hashable {
        var flow: Int32
        var shown: Int64
    }

    /// A stack or sequence flow and its first entry, by their numbers (`item(_:)`).
    struct Root: Hashable {
        var flow: Int32
        var first: Int64
        var input: Value?
    }

    /// A screen or flow instance's number and kind as one number; `Int64.min` for none.
    private static func item(_ item: CoreItem?) -> Int64 {
        guard let item else { return .min }
        return Int64(item.number) << 1 | (item.isFlow ? 1 : 0)
    }

    init(of state: ExploredState) {
        // Made once at a size that holds them: a list grows by copying otherwise.
        let flowCount = state.core.flows.count
        var branches: [Branch] = []
        branches.reserveCapacity(flowCount)
        roots.reserveCapacity(flowCount)
        var pending: [Int] = []
        pending.reserveCapacity(flowCount)
        pending.append(state.core.rootID)
        var visited = 0
        while let id = pending.popLast(), visited < HiddenRegions.maxVisited {
            visited += 1
            guard let flow = state.core.flows[id] else { continue }
            if flow.kind == .switch { branches.append(Branch(flow: flow.number, shown: Self.item(flow.branch))) }
            if flow.kind.holdsStack, let first = flow.entries.first {
                let input = first.isFlow ? state.core.flows[first.id]?.input : nil
                roots.append(Root(flow: flow.number, first: Self.item(first), input: input))
            }
            flow.appendHeldFlowIDs(to: &pending)
        }
        environment = state.keyEnvironment
        self.branches = branches.count > 1 ? branches.sorted { ($0.flow, $0.shown) < ($1.flow, $1.shown) } : branches
        heldLinks = state.core.heldLinks
        partsHash = hashParts()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(partsHash)
    }

    /// Hashes the parts as words, rather than byte by byte through `Hasher`.
    private func hashParts() -> Int {
        var parts = StateHasher()
        parts.add(environment)
        parts.add(branches.count)
        for branch in branches {
            parts.add(Int(branch.flow))
            parts.add(Int(branch.shown))
        }
        parts.add(heldLinks.count)
        for link in heldLinks { parts.add(link) }
        parts.add(roots.count)
        for root in roots {
            parts.add(Int(root.flow))
            parts.add(Int(root.first))
            parts.add(root.input)
        }
        return parts.finalized
    }
}
