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

    /// A switch flow and the branch it shows (empty when none).
    struct Branch: Hashable {
        var flow: String
        var shown: String
    }

    struct Root: Hashable {
        var flow: String
        var first: String
        var input: Value?
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
            if flow.kind == .switch { branches.append(Branch(flow: flow.flow, shown: flow.branch?.name ?? "")) }
            if flow.kind.holdsStack, let first = flow.entries.first {
                let input = first.isFlow ? state.core.flows[first.id]?.input : nil
                roots.append(Root(flow: flow.flow, first: first.name, input: input))
            }
            flow.forEachHeldItem { if $0.isFlow { pending.append($0.id) } }
        }
        environment = state.keyEnvironment
        self.branches = branches.count > 1 ? branches.sorted { ($0.flow, $0.shown) < ($1.flow, $1.shown) } : branches
        heldLinks = state.core.heldLinks
        partsHash = hashParts()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(partsHash)
    }

    /// Hashes each name as its `NameHash`, one word, rather than byte by byte through `Hasher`.
    private func hashParts() -> Int {
        var parts = StateHasher()
        parts.add(environment)
        parts.add(branches.count)
        for branch in branches {
            parts.add(branch.flow)
            parts.add(branch.shown)
        }
        parts.add(heldLinks.count)
        for link in heldLinks { parts.add(link) }
        parts.add(roots.count)
        for root in roots {
            parts.add(root.flow)
            parts.add(root.first)
            parts.add(root.input)
        }
        return parts.finalized
    }
}
