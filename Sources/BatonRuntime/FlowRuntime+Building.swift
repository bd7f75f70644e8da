import BatonModel

extension FlowRuntime {
    /// The next instance id of the run's deterministic counter.
    /// Restore refuses a counter over `SnapshotLimits.maxInstanceID`, so it cannot overflow;
    /// the addition is checked all the same and saturates.
    func takeInstanceID() -> Int {
        let id = nextInstanceID
        let (next, overflow) = id.addingReportingOverflow(1)
        nextInstanceID = overflow ? Int.max : next
        return id
    }

    /// Starts the root flow.
    func makeRootFlow() throws(ActionFailure) -> FlowCoordinator {
        guard let flow = index.flows[spec.start.name] else {
            throw ActionFailure(message: RuntimeMessage.unknownTarget(spec.start.name))
        }
        return try makeFlow(flow, input: nil, depth: 0)
    }

    /// A new instance of screen or flow `name` with `input`, to be placed under `parent`.
    func makeItem(_ name: String, input: Value?, under parent: FlowCoordinator?) throws(ActionFailure) -> NavigationItem {
        let depth = parent.map { ancestors(of: $0).count } ?? 0
        return try makeItem(name, input: input, depth: depth)
    }

    func makeItem(_ name: String, input: Value?, depth: Int) throws(ActionFailure) -> NavigationItem {
        if let screen = index.screens[name] {
            try countCreation()
            return .screen(makeScreen(screen, input: input))
        }
        if let flow = index.flows[name] { return .flow(try makeFlow(flow, input: input, depth: depth)) }
        throw ActionFailure(message: RuntimeMessage.unknownTarget(name))
    }

    /// A screen instance with its view model. A screen that takes no input ignores the payload.
    func makeScreen(_ screen: Screen, input: Value?, id: Int? = nil) -> ScreenEntry {
        let id = id ?? takeInstanceID()
        let input = screen.input == nil ? nil : input
        let name = screen.name
        let context = ViewModelContext(
            screen: name, instanceID: id, input: input, dependencies: registry.dependencies
        ) { [weak self] event, payload in
            guard let self else { return .rejected(RuntimeMessage.runtimeGone) }
            return self.send(event, fromInstance: id, screen: name, payload: payload)
        }
        return ScreenEntry(id: id, screen: name, input: input, viewModel: registry.makeViewModel(for: screen, context: context))
    }

    /// A flow coordinator started with `input` (ignored when the flow takes none), its first
    /// content built.
    func makeFlow(_ flow: Flow, input: Value?, depth: Int) throws(ActionFailure) -> FlowCoordinator {
        guard depth < Self.maxDepth else { throw ActionFailure(message: RuntimeMessage.tooDeep) }
        try countCreation()
        let coordinator = emptyCoordinator(flow, id: takeInstanceID(), input: flow.input == nil ? nil : input)
        try fill(coordinator, depth: depth)
        return coordinator
    }

    /// Counts one more instance made by this step (or by the start), refusing the one past
    /// `maxCreatedPerStep`: tabs flows build every tab's flow when they start, so a chain of
    /// two-tab flows would otherwise build 2^N instances from a few lines.
    func countCreation() throws(ActionFailure) {
        guard createdThisStep < Self.maxCreatedPerStep else {
            throw ActionFailure(message: RuntimeMessage.tooManyCreated)
        }
        createdThisStep += 1
    }

    /// A coordinator of the flow's kind with no content yet.
    func emptyCoordinator(_ flow: Flow, id: Int, input: Value?) -> FlowCoordinator {
        let coordinator: FlowCoordinator = switch flow.kind {
        case .stack: StackCoordinator(id: id, flow: flow, input: input)
        case .sequence: SequenceCoordinator(id: id, flow: flow, input: input)
        case .tabs: TabsCoordinator(id: id, flow: flow, input: input)
        case .switch: SwitchCoordinator(id: id, flow: flow, input: input)
        }
        coordinator.userWentBack = { [weak self] steps in
            for _ in 0..<max(0, steps) {
                guard self?.back() == .handled else { return }
            }
        }
        return coordinator
    }

    /// Builds what a flow shows when it starts: its stack root, first step, tabs or branch.
    func fill(_ coordinator: FlowCoordinator, depth: Int) throws(ActionFailure) {
        let input = coordinator.contentInput
        switch coordinator {
        case let stack as StackCoordinator:
            guard case .stack(let root) = stack.flow.kind else { return }
            let item = try makeItem(root.name, input: input, depth: depth + 1)
            adopt(item, by: stack)
            stack.setEntries([item])
        case let sequence as SequenceCoordinator:
            guard let first = sequence.steps.indices.first(where: { holds(sequence.steps[$0].when) }) else {
                // (1.1) No step can be shown: it finishes with `done` once it is in place.
                sequence.setEntries([])
                pendingEmptySequences.append(sequence)
                return
            }
            let item = try makeItem(sequence.steps[first].target.name, input: input, depth: depth + 1)
            adopt(item, by: sequence)
            sequence.setEntries([])
            sequence.push(item, step: first)
        case let tabs as TabsCoordinator:
            guard case .tabs(let declared, let selected) = tabs.flow.kind else { return }
            var shown = declared.filter { holds($0.when) }
            if shown.isEmpty { shown = Array(declared.prefix(1)) }
            var slots: [TabSlot] = []
            for tab in shown {
                let child = try makeItem(tab.flow.name, input: input, depth: depth + 1)
                adopt(child, by: tabs)
                slots.append(TabSlot(id: tab.id, tab: tab, coordinator: child.coordinator))
            }
            tabs.tabs = slots
            let preferred = selected.map(\.name)
            tabs.selectedTab = slots.first(where: { $0.id == preferred })?.id ?? slots.first?.id ?? ""
        case let owner as SwitchCoordinator:
            let branches = owner.branches
            guard let branch = branches.first(where: { holds($0.when) }) ?? branches.last else { return }
            let item = try makeItem(branch.target.name, input: input, depth: depth + 1)
            adopt(item, by: owner)
            owner.branch = item
        default:
            return
        }
    }

    /// Makes `parent` the parent of the item's coordinator.
    func adopt(_ item: NavigationItem, by parent: FlowCoordinator) {
        item.coordinator?.parent = parent
    }

    /// Finishes the sequences started with no step that can be shown, with `done` and their
    /// input, once they are in place; the root finishing so ends the run.
    func drainEmptySequences(depth: Int) {
        var rounds = 0
        while !pendingEmptySequences.isEmpty, rounds < Self.maxDepth {
            rounds += 1
            let empties = pendingEmptySequences
            pendingEmptySequences = []
            for sequence in empties where sequence.entries.isEmpty && (sequence.parent != nil || sequence === root) {
                trace.record(flow: sequence.flowName, action: "finish done")
                _ = finish(sequence, outcome: "done", payload: sequence.input, depth: depth)
            }
        }
        pendingEmptySequences = []
    }

    /// Restarts what is empty: a stack or sequence with no entries, a switch with no branch, a
    /// tab whose flow finished. Happens after a child flow finished and nothing replaced it.
    func repair(_ coordinator: FlowCoordinator, depth: Int) {
        guard depth < Self.maxDepth else { return }
        switch coordinator {
        case _ where coordinator.asStack?.entries.isEmpty == true:
            try? fill(coordinator, depth: depth)
        case let owner as SwitchCoordinator where owner.branch == nil:
            try? fill(coordinator, depth: depth)
        case let tabs as TabsCoordinator:
            for index in tabs.tabs.indices where tabs.tabs[index].coordinator == nil {
                let item = try? makeItem(tabs.tabs[index].tab.flow.name, input: tabs.contentInput, depth: depth + 1)
                if let item {
                    adopt(item, by: tabs)
                    tabs.tabs[index].coordinator = item.coordinator
                }
            }
        default:
            break
        }
        for child in coordinator.childItems.compactMap(\.coordinator) {
            repair(child, depth: depth + 1)
        }
        if let modal = coordinator.presented?.item.coordinator {
            repair(modal, depth: depth + 1)
        }
    }
}
