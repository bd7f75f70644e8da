import BatonRuntime

/// The parts of a state the search leaves out when it tells states apart: the flows of tabs
/// that are not selected and the switch branches kept for `resume`. Leaving a region out is
/// exact when its content was shown since it last changed: it comes back as it was left, and
/// was explored while it was shown. A step can also change a region it leaves hidden (`do:
/// [tab other, push detail]` pushes onto the stack it leaves; a fact set changes a switch in
/// a tab that is not selected); that content was never shown, so the key keeps it until the
/// region is shown again.
///
/// A region made anew while hidden (the tabs a start builds, a tabs flow a link starts) is as
/// any start makes it, under the flags the key keeps, unless its conditions read a free fact
/// (`FreeFacts`), which the key leaves out: a switch in a tab not selected shows the branch
/// the fact's value at that moment chose. So when a start or a step read a free fact, the
/// regions it made while hidden count as changed too.
enum HiddenRegions {
    /// How many items one walk visits at most (a state holds far fewer; a hostile one stops here).
    static let maxVisited = 10_000

    /// The hidden regions of `state` (the state after a step from `before`), by their item's
    /// instance id, whose content changed while they were hidden: those in `carried` (changed
    /// before) that are still hidden, and those holding an instance in `changedFlows` or
    /// `changedScreens` that the step changed (every hidden region around it: one nested in
    /// another is left out of the key on its own once the outer one is kept). A flow the step
    /// made counts when its start reads a free fact and the step read one (`readFacts`, of
    /// `freeFacts`). Sorted, so equal states compare equal.
    static func changedWhileHidden(in state: CoreState, from before: CoreState, changedFlows: InstanceIDs,
                                   changedScreens: InstanceIDs, carried: [Int],
                                   readFacts: [String], freeFacts: FreeFacts) -> [Int] {
        // What the core reports as changed, it may only have looked at: an instance counts when
        // it existed before the step and its value differs, or when the step made it under a
        // free fact (otherwise a region made anew is as fresh as at a start).
        let firstNewID = before.nextInstanceID
        let mayHaveBuiltUnderFreeFacts = freeFacts.mayHaveBuiltUnderThem(reading: readFacts)
        var flows: [Int] = []
        for id in changedFlows {
            // Cheapest first: whether a new flow read a free fact, then whether it is hidden (a
            // walk up to the root), and last whether an old one's value differs.
            if id >= firstNewID {
                guard mayHaveBuiltUnderFreeFacts, let flow = state.flows[id],
                      freeFacts.madeUnderThem(flow.flow, reading: readFacts), isHidden(flow: id, in: state) else { continue }
            } else {
                guard isHidden(flow: id, in: state), before.flows[id] != state.flows[id] else { continue }
            }
            flows.append(id)
        }
        var screens: [Int] = []
        for id in changedScreens where id < firstNewID && before.screens[id] != state.screens[id] { screens.append(id) }
        // Most steps change only what is shown: then nothing needs the walk below.
        guard !carried.isEmpty || !flows.isEmpty || !screens.isEmpty else { return [] }
        return regions(of: state, carried: carried) { id, isFlow in (isFlow ? flows : screens).contains(id) }
    }

    /// The hidden regions of a state just started, sorted: those holding a flow whose start
    /// reads a free fact, when the start read one (`readFacts`), since the start built every
    /// hidden region anew.
    static func madeAtStart(in state: CoreState, readFacts: [String], freeFacts: FreeFacts) -> [Int] {
        guard freeFacts.mayHaveBuiltUnderThem(reading: readFacts) else { return [] }
        return regions(of: state, carried: []) { id, isFlow in
            guard isFlow, let flow = state.flows[id] else { return false }
            return freeFacts.madeUnderThem(flow.flow, reading: readFacts)
        }
    }

    /// The hidden regions of `state` in `carried`, and those around an instance `counts` says
    /// changed (each with every hidden region around it), sorted.
    private static func regions(of state: CoreState, carried: [Int], counts: (Int, Bool) -> Bool) -> [Int] {
        var changed: [Int] = []
        // The hidden regions met on the way down, each with the one around it: a region is a
        // position here, and an item knows the innermost region it lies in.
        var regions: [(id: Int, outer: Int?)] = []
        func mark(from region: Int?) {
            var current = region
            var steps = 0
            while let position = current, regions.indices.contains(position), steps < maxVisited {
                if !changed.contains(regions[position].id) { changed.append(regions[position].id) }
                current = regions[position].outer
                steps += 1
            }
        }
        var pending: [(id: Int, isFlow: Bool, region: Int?)] = [(state.rootID, true, nil)]
        var visited = 0
        while let (id, isFlow, region) = pending.popLast(), visited < maxVisited {
            visited += 1
            if region != nil, counts(id, isFlow) { mark(from: region) }
            guard isFlow, let flow = state.flows[id] else { continue }
            for item in flow.heldItems {
                var inRegion = region
                if flow.hides(item.id) {
                    regions.append((item.id, region))
                    inRegion = regions.count - 1
                    if carried.contains(item.id) { mark(from: inRegion) }
                }
                pending.append((item.id, item.isFlow, inRegion))
            }
        }
        return changed.sorted()
    }

    /// Whether flow instance `id` lies in a hidden region: some flow on its way up to the root
    /// hides the one below it.
    private static func isHidden(flow id: Int, in state: CoreState) -> Bool {
        guard var flow = state.flows[id] else { return false }
        var child = id
        var steps = 0
        // Each flow on the way up is looked up once: the parent found is the next one's flow.
        while let parentID = flow.parent, let parent = state.flows[parentID], steps < maxVisited {
            if parent.hides(child) { return true }
            child = parentID
            flow = parent
            steps += 1
        }
        return false
    }
}
