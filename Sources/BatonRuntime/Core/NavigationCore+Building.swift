import BatonModel

extension NavigationCore {
    /// The next instance id of the run's deterministic counter.
    /// Restore refuses a counter over `SnapshotLimits.maxInstanceID`, so it cannot overflow;
    /// the addition is checked all the same and saturates.
    mutating func takeInstanceID() -> Int {
        let id = state.nextInstanceID
        let (next, overflow) = id.addingReportingOverflow(1)
        state.nextInstanceID = overflow ? Int.max : next
        return id
    }

    /// Starts the root flow; its instance id.
    mutating func makeRootFlow() throws(ActionFailure) -> Int {
        guard let flow = tables.definitions.flows[tables.spec.start.name] else {
            throw ActionFailure(.unknownTarget, RuntimeMessage.unknownTarget(tables.spec.start.name))
        }
        return try makeFlow(flow, input: nil, depth: 0)
    }

    /// A new instance of screen or flow `name` with `input`, to be placed under flow `parent`.
    /// Only a flow needs the depth it is made at, so only then are the parent's ancestors counted.
    mutating func makeItem(_ name: String, input: Value?, under parent: Int) throws(ActionFailure) -> CoreItem {
        try makeItem(name, input: input, parent: nil) { core in core.ancestorCount(of: parent) }
    }

    /// A new instance of screen or flow `name`; a flow is made with `parent` as its parent.
    mutating func makeItem(_ name: String, input: Value?, depth: Int, parent: Int? = nil) throws(ActionFailure) -> CoreItem {
        try makeItem(name, input: input, parent: parent) { _ in depth }
    }

    /// A new instance of screen or flow `name`, a flow made at the depth `depthOfFlow` gives
    /// (asked only for a flow): the name is looked up once, as a screen (most items) first.
    private mutating func makeItem(_ name: String, input: Value?, parent: Int?,
                                   depthOfFlow: (NavigationCore) -> Int) throws(ActionFailure) -> CoreItem {
        if let screen = tables.definitions.screens[name] {
            try countCreation()
            return makeScreen(screen, input: input)
        }
        if let flow = tables.definitions.flows[name] {
            let id = try makeFlow(flow, input: input, depth: depthOfFlow(self), parent: parent)
            return CoreItem(id: id, name: name, number: flow.number, isFlow: true)
        }
        throw ActionFailure(.unknownTarget, RuntimeMessage.unknownTarget(name))
    }

    /// A screen instance. A screen that takes no input ignores the payload.
    mutating func makeScreen(_ screen: ScreenDefinition, input: Value?) -> CoreItem {
        let id = takeInstanceID()
        state.screens[id] = CoreScreen(id: id, screen: screen.name, input: screen.takesInput ? input : nil)
        work.changes.screens.insert(id)
        let item = CoreItem(id: id, name: screen.name, number: screen.number, isFlow: false)
        work.madeThisStep.append(item)
        return item
    }

    /// A flow instance started with `input` (ignored when the flow takes none) under flow
    /// `parent`, its first content built; its id.
    mutating func makeFlow(_ definition: FlowDefinition, input: Value?, depth: Int, parent: Int? = nil) throws(ActionFailure) -> Int {
        guard depth < Self.maxDepth else { throw ActionFailure(.limitReached, stoppedMessage(RuntimeMessage.tooDeep)) }
        try countCreation()
        let id = takeInstanceID()
        let name = definition.flow.name
        var flow = CoreFlow(id: id, flow: name, number: definition.number, kind: CoreFlowKind(definition.flow.kind),
                            input: definition.flow.input == nil ? nil : input)
        flow.parent = parent
        work.madeThisStep.append(CoreItem(id: id, name: name, number: definition.number, isFlow: true))
        // Built before it is stored, so that the new flow is stored once, not changed in place
        // once per child.
        try buildContent(of: &flow, definition, depth: depth)
        self[changing: id] = flow
        return id
    }

    /// Counts one more instance made by this step (or by the start), refusing the one past
    /// `maxCreatedPerStep`: tabs flows build every tab's flow when they start, so a chain of
    /// two-tab flows would otherwise build 2^N instances from a few lines.
    mutating func countCreation() throws(ActionFailure) {
        guard work.createdThisStep < Self.maxCreatedPerStep else {
            throw ActionFailure(.limitReached, stoppedMessage(RuntimeMessage.tooManyCreated))
        }
        work.createdThisStep += 1
    }

    /// Why a limit stopped the step: when the step kept starting one sequence none of whose
    /// steps can be shown (it finishes as it starts, and is started again each time), that
    /// loop; else `generic`. Looked into only once a limit is hit.
    func stoppedMessage(_ generic: String) -> String {
        var starts: [String: Int] = [:]
        for item in work.madeThisStep where item.isFlow { starts[item.name, default: 0] += 1 }
        // The most started, and of those the first by name: the message is the same every run.
        guard let (name, count) = starts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count > 1,
              case .sequence(let steps)? = tables.definitions.flows[name]?.flow.kind,
              !steps.contains(where: { holds($0.when) }) else { return generic }
        return RuntimeMessage.restartLoop(name, count: count)
    }

    /// Builds again what flow `id` shows when it starts: its stack root, first step, tabs or
    /// branch.
    mutating func fill(_ id: Int, depth: Int) throws(ActionFailure) {
        guard var flow = state.flows[id], let definition = tables.definitions.definition(of: flow) else { return }
        try buildContent(of: &flow, definition, depth: depth)
        self[changing: id] = flow
    }

    /// Makes what `flow` shows when it starts, each child made with `flow` as its parent.
    private mutating func buildContent(of flow: inout CoreFlow, _ definition: FlowDefinition, depth: Int) throws(ActionFailure) {
        let id = flow.id
        let input = Values.merge(flow.input, definition.flow.with?.value)
        switch definition.flow.kind {
        case .stack(let root):
            let item = try makeItem(root.name, input: input, depth: depth + 1, parent: id)
            flow.setEntries([item])
        case .sequence(let steps):
            guard let first = steps.indices.first(where: { holds(steps[$0].when) }) else {
                // (1.1) No step can be shown: it finishes with `done` once it is in place.
                flow.setEntries([])
                work.pendingEmptySequences.append(id)
                return
            }
            let item = try makeItem(steps[first].target.name, input: input, depth: depth + 1, parent: id)
            flow.setEntries([])
            flow.push(item, step: first)
        case .tabs(let declared, let selected):
            var tabs: [CoreTab] = []
            tabs.reserveCapacity(declared.count)
            for tab in declared where holds(tab.when) {
                let child = try makeItem(tab.flow.name, input: input, depth: depth + 1, parent: id)
                tabs.append(CoreTab(id: tab.id, flow: child.isFlow ? child : nil))
            }
            if tabs.isEmpty, let tab = declared.first {
                let child = try makeItem(tab.flow.name, input: input, depth: depth + 1, parent: id)
                tabs.append(CoreTab(id: tab.id, flow: child.isFlow ? child : nil))
            }
            let preferred = selected?.name
            flow.selectedTab = tabs.first(where: { $0.id == preferred })?.id ?? tabs.first?.id ?? ""
            flow.tabs = tabs
        case .switch(let branches):
            guard let branch = shownBranch(of: branches) else { return }
            flow.branch = try makeItem(branch.target.name, input: input, depth: depth + 1, parent: id)
        }
    }

    /// Makes flow `parent` the parent of the item's flow.
    mutating func adopt(_ item: CoreItem, by parent: Int) {
        guard item.isFlow else { return }
        self[keepingAllHeld: item.id]?.parent = parent
    }

    /// Finishes the sequences started with no step that can be shown, with `done` and their
    /// input, once they are in place; the root finishing so ends the run.
    mutating func drainEmptySequences(depth: Int) {
        var rounds = 0
        while !work.pendingEmptySequences.isEmpty, rounds < Self.maxDepth {
            rounds += 1
            let empties = work.pendingEmptySequences
            work.pendingEmptySequences = []
            for id in empties {
                // Read before the change, in a scope of its own (see `[changing:]`).
                guard let (name, input) = state.flows[id].flatMap({ sequence in
                    sequence.entries.isEmpty && (sequence.parent != nil || id == state.rootID)
                        ? (sequence.flow, sequence.input) : nil
                }) else { continue }
                record(flow: name, action: "finish done")
                _ = finish(id, outcome: BuiltinEvent.done.name, payload: input, depth: depth)
            }
        }
        work.pendingEmptySequences = []
    }

    /// Restarts what is empty: a stack or sequence with no entries, a switch with no branch, a
    /// tab whose flow finished. Happens after a child flow finished and nothing replaced it.
    mutating func repair(_ id: Int, depth: Int) {
        guard depth < Self.maxDepth else { return }
        // Read before the change, in a scope of its own (see `[changing:]`).
        let needsFill: Bool, emptyTabs: [(position: Int, tab: Tab)]
        do {
            guard let flow = state.flows[id] else { return }
            switch flow.kind {
            case .stack, .sequence: needsFill = flow.entries.isEmpty
            case .switch: needsFill = flow.branch == nil
            case .tabs: needsFill = false
            }
            if flow.kind == .tabs, flow.tabs.contains(where: { $0.flow == nil }),
               case .tabs(let declared, _)? = tables.definitions.definition(of: flow)?.flow.kind {
                emptyTabs = flow.tabs.indices.compactMap { position in
                    guard flow.tabs[position].flow == nil,
                          let tab = declared.first(where: { $0.id == flow.tabs[position].id }) else { return nil }
                    return (position, tab)
                }
            } else {
                emptyTabs = []
            }
        }
        if needsFill { try? fill(id, depth: depth) }
        if !emptyTabs.isEmpty {
            let input = contentInput(id)
            for (position, tab) in emptyTabs {
                guard let item = try? makeItem(tab.flow.name, input: input, depth: depth + 1) else { continue }
                adopt(item, by: id)
                self[changing: id]?.tabs[position].flow = item
            }
        }
        // The children as the fill left them, visited without making a list of them.
        state.flows[id]?.forEachChildItem { child in
            if child.isFlow { repair(child.id, depth: depth + 1) }
        }
        if let modal = state.flows[id]?.presented?.item, modal.isFlow {
            repair(modal.id, depth: depth + 1)
        }
    }
}
