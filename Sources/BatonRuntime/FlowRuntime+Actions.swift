import BatonModel

/// Why an action could not be applied; the step reports it as rejected.
struct ActionFailure: Error {
    var message: String
}

extension FlowRuntime {
    /// Performs one action of `flow`'s `on`. The emission's payload, with the action's `with`
    /// merged over it, is the target's input. An action that is not handled changes nothing:
    /// a `do` or `link` is rolled back to the state before it.
    /// `choice` is the index of the alternative of `transition` whose `when` held; a handled
    /// action is recorded in the step's `use`.
    func perform(_ transition: Transition, _ choice: Int, in flow: FlowCoordinator, emission: Emission, depth: Int) -> StepResult {
        let action = transition.actions[choice]
        let useIndex = use.transitions.count
        use.transitions.append(TransitionUse(flow: flow.flowName, trigger: transition.trigger.description, action: choice))
        trace.record(flow: flow.flowName, action: action.kind.text)
        let checkpoint = action.kind.needsCheckpoint ? makeCheckpoint() : nil
        let firstID = nextInstanceID
        var result: StepResult
        do {
            if case .do(let items) = action.kind {
                result = .handled
                for item in items {
                    result = try apply(item, in: flow, emission: emission, depth: depth)
                    guard result == .handled else { break }
                    drainEmptySequences(depth: depth)
                }
            } else {
                result = try apply(action, in: flow, emission: emission, depth: depth)
                if result == .handled { drainEmptySequences(depth: depth) }
            }
        } catch {
            // The action itself failed: say where it is written, when the spec knows.
            result = .rejected(action.location.map { "\($0): \(error.message)" } ?? error.message)
        }
        if result != .handled {
            let attempted = use.transitions.indices.contains(useIndex) ? use.transitions[useIndex] : nil
            let refused = use.refused
            if use.transitions.count > useIndex { use.transitions.removeSubrange(useIndex...) }
            if let checkpoint {
                rollBack(to: checkpoint)
            } else if action.kind.keepsNothingWhenFailing {
                nextInstanceID = firstID
            }
            // The innermost alternative that failed is the one to blame.
            if case .rejected = result, use.refused == nil { use.refused = refused ?? attempted }
        }
        return result
    }

    private func apply(
        _ action: Action, in flow: FlowCoordinator, emission: Emission, depth: Int
    ) throws(ActionFailure) -> StepResult {
        let input = Values.merge(emission.payload, action.with?.value)
        switch action.kind {
        case .push(let target):
            let stack = try stackHolder(flow, "push")
            if action.singleTop, let top = stack.entries.last, top.name == target.name {
                keepOnTop(top, of: stack, input: input)
                return .handled
            }
            let item = try makeItem(target.name, input: input, under: flow)
            adopt(item, by: flow)
            stack.push(item)
        case .present(let presentation, let target):
            let item = try makeItem(target.name, input: input, under: flow)
            present(item, as: presentation, by: flow)
        case .replace(let target):
            let stack = try stackHolder(flow, "replace")
            let item = try makeItem(target.name, input: input, under: flow)
            adopt(item, by: flow)
            stack.setEntries(Array(stack.entries.dropLast()) + [item])
        case .reset(let target):
            let stack = try stackHolder(flow, "reset")
            let item = try makeItem(target.name, input: input, under: flow)
            adopt(item, by: flow)
            stack.setEntries([item])
        case .pop:
            let stack = try stackHolder(flow, "pop")
            guard stack.entries.count > 1 else { throw ActionFailure(message: RuntimeMessage.nothingToPop(flow.flowName)) }
            stack.truncate(to: stack.entries.count - 1)
        case .popTo(let target):
            let stack = try stackHolder(flow, "popTo")
            guard let index = stack.entries.lastIndex(where: { $0.name == target.name }) else {
                throw ActionFailure(message: RuntimeMessage.notOnStack(target.name, flow: flow.flowName))
            }
            stack.truncate(to: index + 1)
        case .popToRoot:
            let stack = try stackHolder(flow, "popToRoot")
            stack.truncate(to: 1)
        case .dismiss:
            try dismissModal(of: flow)
        case .dismissAll:
            dismissAll(in: flow)
        case .tab(let tab):
            guard let tabs = ancestors(of: flow).lazy.compactMap({ $0 as? TabsCoordinator })
                .first(where: { tabs in tabs.tabs.contains { $0.id == tab.name } }) else {
                throw ActionFailure(message: RuntimeMessage.noTab(tab.name))
            }
            return select(tab: tab.name, in: tabs)
        case .show(let branch):
            try show(branch.name, in: try switchOwner(of: flow, branch: branch.name, "show"), input: input)
        case .resume(let branch):
            try resume(branch.name, in: try switchOwner(of: flow, branch: branch.name, "resume"), input: input)
        case .next:
            guard let sequence = ancestors(of: flow).lazy.compactMap({ $0 as? SequenceCoordinator }).first else {
                throw ActionFailure(message: RuntimeMessage.noSequence(flow.flowName))
            }
            return advance(sequence, after: sequence.currentStepIndex ?? -1, payload: input, depth: depth)
        case .finish(let outcome):
            return finish(flow, outcome: outcome.name, payload: input, depth: depth)
        case .emit(let event):
            guard let parent = flow.parent else { return .unhandled(RuntimeMessage.emitFromRoot(event.name)) }
            let emitted = Emission(event: event.name, source: emission.source, payload: input, isOutcome: false,
                                   instance: emission.instance)
            return dispatch(emitted, at: parent, arrival: .item(flow.id), depth: depth + 1)
        case .link(let path):
            let outcome = openLink(path.name, depth: depth + 1)
            if outcome.result == .noMatch { return .rejected(outcome.message ?? RuntimeMessage.linkNoMatch(path.name)) }
        case .return(let result):
            // An outcome's flow or a dismissed modal is closed already: only hand the payload over.
            if let instance = emission.instance, !close(instance: instance) {
                throw ActionFailure(message: RuntimeMessage.nothingToReturnFrom(emission.source))
            }
            pendingResult = PendingResult(name: result.name, payload: input, from: emission.source)
        case .ignore:
            break
        case .do:
            throw ActionFailure(message: RuntimeMessage.nestedDo)
        }
        return .handled
    }

    private func stackHolder(_ flow: FlowCoordinator, _ action: String) throws(ActionFailure) -> any StackHolding {
        guard let stack = flow.asStack else {
            throw ActionFailure(message: RuntimeMessage.noStack(action, flow: flow.flowName, kind: flow.kind))
        }
        return stack
    }

    private func switchOwner(of flow: FlowCoordinator, branch: String, _ action: String) throws(ActionFailure) -> SwitchCoordinator {
        guard let owner = ancestors(of: flow).lazy.compactMap({ $0 as? SwitchCoordinator })
            .first(where: { $0.branches.contains { $0.target.name == branch } }) else {
            throw ActionFailure(message: RuntimeMessage.noSwitch(branch, action: action))
        }
        return owner
    }

    /// `singleTop`: the top entry stays (same id, same view model) and takes the new input; its
    /// view model learns it once the step stands.
    private func keepOnTop(_ top: NavigationItem, of stack: any StackHolding, input: Value?) {
        switch top {
        case .screen(let entry):
            let taken = index.screens[entry.screen]?.input == nil ? nil : input
            let kept = ScreenEntry(id: entry.id, screen: entry.screen, input: taken, viewModel: entry.viewModel)
            stack.setEntries(Array(stack.entries.dropLast()) + [.screen(kept)])
            pendingInputs.append((entry.viewModel, taken))
        case .flow(let child):
            child.input = child.flow.input == nil ? nil : input
        }
    }

    /// `flow` and its parents, nearest first.
    func ancestors(of flow: FlowCoordinator) -> [FlowCoordinator] {
        var chain: [FlowCoordinator] = []
        var current: FlowCoordinator? = flow
        while let coordinator = current, chain.count <= Self.maxDepth * 4 {
            chain.append(coordinator)
            current = coordinator.parent
        }
        return chain
    }

    /// Presents `item` over `flow`, replacing its modal; modals inside what `flow` shows are
    /// dismissed first (one modal at a time on the way to the visible screen).
    func present(_ item: NavigationItem, as presentation: Presentation, by flow: FlowCoordinator) {
        var current = flow.activeItem?.coordinator
        var guardCount = 0
        while let coordinator = current, guardCount <= Self.maxDepth * 4 {
            coordinator.presented = nil
            current = coordinator.activeItem?.coordinator
            guardCount += 1
        }
        adopt(item, by: flow)
        flow.presented = PresentedItem(presentation: presentation, item: item)
    }

    /// `dismiss`: the modal over `flow`, else the one inside what it shows, else the modal
    /// `flow` itself is part of.
    private func dismissModal(of flow: FlowCoordinator) throws(ActionFailure) {
        if flow.presented != nil {
            flow.presented = nil
            return
        }
        var current = flow.activeItem?.coordinator
        var innermost: FlowCoordinator?
        var guardCount = 0
        while let coordinator = current, guardCount <= Self.maxDepth * 4 {
            if coordinator.presented != nil { innermost = coordinator; break }
            current = coordinator.activeItem?.coordinator
            guardCount += 1
        }
        if let innermost {
            innermost.presented = nil
            return
        }
        var child = flow
        for ancestor in ancestors(of: flow).dropFirst() {
            if ancestor.presented?.item.id == child.id {
                ancestor.presented = nil
                return
            }
            child = ancestor
        }
        throw ActionFailure(message: RuntimeMessage.nothingPresented)
    }

    /// `dismissAll`: the modals of `flow` and of every flow inside it: stack entries, every
    /// tab, the branch and kept branches. Never fails.
    func dismissAll(in flow: FlowCoordinator) {
        var pending: [(FlowCoordinator, Int)] = [(flow, 0)]
        while let (coordinator, depth) = pending.popLast() {
            coordinator.presented = nil
            guard depth < Self.maxDepth * 4 else { continue }
            var children = coordinator.childItems.compactMap(\.coordinator)
            if let owner = coordinator as? SwitchCoordinator { children += owner.kept.values.compactMap(\.coordinator) }
            pending += children.map { ($0, depth + 1) }
        }
    }

    /// Closes screen instance `id` as a default `back` would, without the `dismissed` trigger:
    /// pops it when it is on top of a stack above the root, dismisses it when it is presented,
    /// or dismisses the presented flow it is the root of. False when there is nothing to close.
    func close(instance id: Int) -> Bool {
        guard var holder = holder(of: id, in: root) else { return false }
        var itemID = id
        for _ in 0...(Self.maxDepth * 4) {
            if let modal = holder.presented, modal.item.id == itemID {
                holder.presented = nil
                return true
            }
            if let stack = holder.asStack, stack.entries.count > 1, stack.entries.last?.id == itemID {
                stack.truncate(to: stack.entries.count - 1)
                return true
            }
            guard let parent = holder.parent else { return false }
            itemID = holder.id
            holder = parent
        }
        return false
    }

    /// The coordinator whose stack, tab, branch or modal holds instance `id`.
    func holder(of id: Int, in start: FlowCoordinator) -> FlowCoordinator? {
        var pending: [(FlowCoordinator, Int)] = [(start, 0)]
        while let (coordinator, depth) = pending.popLast() {
            var items = coordinator.childItems
            if let modal = coordinator.presented { items.append(modal.item) }
            if items.contains(where: { $0.id == id }) { return coordinator }
            guard depth < Self.maxDepth * 4 else { continue }
            pending += items.compactMap(\.coordinator).map { ($0, depth + 1) }
        }
        return nil
    }

    /// Selects tab `id` of `tabs`.
    func select(tab id: String, in tabs: TabsCoordinator) -> StepResult {
        guard tabs.tabs.contains(where: { $0.id == id }) else { return .rejected(RuntimeMessage.noTab(id)) }
        tabs.selectedTab = id
        return .handled
    }

    /// `show X`: shows a fresh branch `name`, keeping the one it hides and releasing a kept `name`.
    func show(_ name: String, in owner: SwitchCoordinator, input: Value?) throws(ActionFailure) {
        let item = try makeItem(name, input: input, under: owner)
        adopt(item, by: owner)
        owner.reveal(item)
    }

    /// `resume X`: shows the kept branch `name`, else a fresh one with `input`; nothing when it
    /// is the shown branch.
    func resume(_ name: String, in owner: SwitchCoordinator, input: Value?) throws(ActionFailure) {
        if owner.branch?.name == name { return }
        if let kept = owner.kept[name] {
            owner.reveal(kept)
            return
        }
        try show(name, in: owner, input: input)
    }
}

/// A `return R` waiting to be handed over when the step ends.
struct PendingResult {
    var name: String
    var payload: Value?
    /// The screen or flow that returned.
    var from: String
}

extension ActionKind {
    /// Whether performing it keeps a checkpoint to roll back to (`do` and `link` change
    /// several things before they can fail).
    var needsCheckpoint: Bool {
        switch self {
        case .do, .link: true
        default: false
        }
    }

    /// Whether a failure leaves no new instance behind, so the id counter can be put back.
    var keepsNothingWhenFailing: Bool {
        switch self {
        case .emit, .finish: false
        default: true
        }
    }
}
