import BatonModel

/// Why an action could not be applied; the step reports it as rejected.
struct ActionFailure: Error {
    var message: String
}

extension FlowRuntime {
    /// Performs one action of `flow`'s `on`. The emission's payload, with the action's `with`
    /// merged over it, is the target's input.
    func perform(_ action: Action, in flow: FlowCoordinator, emission: Emission, depth: Int) -> StepResult {
        trace.record(flow: flow.flowName, action: action.kind.text)
        let input = Values.merge(emission.payload, action.with?.value)
        do {
            return try apply(action.kind, in: flow, emission: emission, input: input, depth: depth)
        } catch {
            return .rejected(error.message)
        }
    }

    private func apply(
        _ kind: ActionKind, in flow: FlowCoordinator, emission: Emission, input: Value?, depth: Int
    ) throws(ActionFailure) -> StepResult {
        switch kind {
        case .push(let target):
            let stack = try stackHolder(flow, "push")
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
        case .tab(let tab):
            guard let tabs = ancestors(of: flow).lazy.compactMap({ $0 as? TabsCoordinator })
                .first(where: { tabs in tabs.tabs.contains { $0.id == tab.name } }) else {
                throw ActionFailure(message: RuntimeMessage.noTab(tab.name))
            }
            return select(tab: tab.name, in: tabs)
        case .show(let branch):
            guard let owner = ancestors(of: flow).lazy.compactMap({ $0 as? SwitchCoordinator })
                .first(where: { $0.branches.contains { $0.target.name == branch.name } }) else {
                throw ActionFailure(message: RuntimeMessage.noSwitch(branch.name))
            }
            try show(branch.name, in: owner, input: input)
        case .next:
            guard let sequence = ancestors(of: flow).lazy.compactMap({ $0 as? SequenceCoordinator }).first else {
                throw ActionFailure(message: RuntimeMessage.noSequence(flow.flowName))
            }
            return advance(sequence, after: sequence.currentStepIndex ?? -1, payload: input, depth: depth)
        case .finish(let outcome):
            return finish(flow, outcome: outcome.name, payload: input, depth: depth)
        case .emit(let event):
            guard let parent = flow.parent else { return .unhandled(RuntimeMessage.emitFromRoot(event.name)) }
            let emitted = Emission(event: event.name, source: emission.source, payload: input, isOutcome: false)
            return dispatch(emitted, at: parent, arrival: .item(flow.id), depth: depth + 1)
        case .link(let path):
            let outcome = openLink(path.name, depth: depth + 1)
            if outcome.result == .noMatch { return .rejected(outcome.message ?? RuntimeMessage.linkNoMatch(path.name)) }
        case .ignore:
            break
        case .dismissAll, .return, .resume, .do:
            throw ActionFailure(message: "`\(kind.keyword)` is not supported yet")
        }
        return .handled
    }

    private func stackHolder(_ flow: FlowCoordinator, _ action: String) throws(ActionFailure) -> any StackHolding {
        guard let stack = flow.asStack else {
            throw ActionFailure(message: RuntimeMessage.noStack(action, flow: flow.flowName, kind: flow.kind))
        }
        return stack
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

    /// Selects tab `id` of `tabs`.
    func select(tab id: String, in tabs: TabsCoordinator) -> StepResult {
        guard tabs.tabs.contains(where: { $0.id == id }) else { return .rejected(RuntimeMessage.noTab(id)) }
        tabs.selectedTab = id
        return .handled
    }

    /// Shows branch `name` of a switch, releasing the old branch.
    func show(_ name: String, in owner: SwitchCoordinator, input: Value?) throws(ActionFailure) {
        let item = try makeItem(name, input: input, under: owner)
        adopt(item, by: owner)
        owner.branch = item
    }
}
