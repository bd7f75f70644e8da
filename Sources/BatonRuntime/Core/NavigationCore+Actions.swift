import BatonModel

/// Why an action could not be applied; the step reports it as rejected.
struct ActionFailure: Error, Sendable {
    var reason: StepResult.Rejection
    var message: String

    init(_ reason: StepResult.Rejection, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The step's result: rejected for this reason.
    var result: StepResult { .rejected(reason, message) }
}

/// A `return R` waiting to be handed over when the step ends.
struct PendingResult: Sendable {
    var name: String
    var payload: Value?
    /// The screen or flow that returned.
    var from: String
}

extension NavigationCore {
    /// Performs one action of flow `id`'s `on`: alternative `choice` (the one whose `when`
    /// held) of the transition at `position` in `definition`. The emission's payload, with the
    /// action's `with` merged over it, is the target's input. An action that is not handled
    /// changes nothing: a `do` or `link` is rolled back to the state before it. A handled
    /// action is recorded in the step's `use`.
    mutating func perform(_ position: Int, _ choice: Int, of definition: FlowDefinition, in id: Int, emission: Emission,
                          depth: Int) -> StepResult {
        let action = definition.flow.transitions[position].actions[choice]
        let flowName = state.flows[id]?.flow ?? ""
        let useIndex = work.use.transitions.count
        work.use.transitions.append(TransitionUse(flow: flowName, trigger: definition.triggerTexts[position], action: choice,
                                             flowNumber: definition.number, position: position))
        record(flow: flowName, action: definition.actionTexts[position][choice])
        let checkpoint = action.kind.needsCheckpoint ? makeCheckpoint() : nil
        let firstID = state.nextInstanceID
        var result: StepResult
        // The `do` item being applied, by position: a failure names its place.
        var itemPosition = 0
        do {
            if case .do(let items) = action.kind {
                result = .handled
                for (position, item) in items.enumerated() {
                    itemPosition = position
                    result = try apply(item, in: id, emission: emission, depth: depth, of: useIndex)
                    guard result.isHandled else { break }
                    drainEmptySequences(depth: depth)
                }
            } else {
                result = try apply(action, in: id, emission: emission, depth: depth, of: useIndex)
                if result.isHandled { drainEmptySequences(depth: depth) }
            }
        } catch {
            // The action itself failed: say where it is written, when the spec knows.
            result = .rejected(error.reason, (Self.item(itemPosition, of: action)?.location ?? action.location)
                .map { "\($0): \(error.message)" } ?? error.message)
        }
        if !result.isHandled {
            let attempted = work.use.transitions.indices.contains(useIndex) ? work.use.transitions[useIndex] : nil
            let refusal = work.use.refusal
            if work.use.transitions.count > useIndex { work.use.transitions.removeSubrange(useIndex...) }
            if let checkpoint {
                rollBack(to: checkpoint)
            } else if action.kind.keepsNothingWhenFailing {
                state.nextInstanceID = firstID
            }
            // The innermost alternative that failed is the one to blame.
            if result.rejection != nil, let message = result.message, work.use.refusal == nil {
                work.use.refusal = refusal ?? attempted.map { Refusal(alternative: $0, reason: message) }
            }
        }
        return result
    }

    /// Applies `action` (an item of a `do`, or the whole action) of the alternative at
    /// `useIndex` in the step's `use.transitions`.
    private mutating func apply(
        _ action: Action, in id: Int, emission: Emission, depth: Int, of useIndex: Int
    ) throws(ActionFailure) -> StepResult {
        let input = Values.merge(emission.payload, action.with?.value)
        switch action.kind {
        case .push(let target):
            let top = try stackHolder(id, "push").entries.last
            if action.singleTop, let top, top.name == target.name {
                keepOnTop(top, of: id, input: input)
                return .handled
            }
            let item = try makeItem(target.name, input: input, under: id)
            adopt(item, by: id)
            push(item, onto: id)
        case .present(let presentation, let target) where presentation.isDialog:
            guard let screen = tables.definitions.screens[target.name] else {
                if tables.definitions.flows[target.name] != nil {
                    throw ActionFailure(.unknownTarget, RuntimeMessage.dialogShowsScreen(target.name, presentation))
                }
                throw ActionFailure(.unknownTarget, RuntimeMessage.unknownTarget(target.name))
            }
            try countCreation()
            showDialog(makeScreen(screen, input: input), as: presentation, by: id)
        case .present(let presentation, let target):
            let item = try makeItem(target.name, input: input, under: id)
            present(item, as: presentation, options: action.options, by: id)
        case .replace(let target):
            let below = try stackHolder(id, "replace").entries.dropLast()
            let item = try makeItem(target.name, input: input, under: id)
            adopt(item, by: id)
            self[changing: id]?.setEntries(Array(below) + [item])
        case .reset(let target):
            _ = try stackHolder(id, "reset")
            let item = try makeItem(target.name, input: input, under: id)
            adopt(item, by: id)
            self[changing: id]?.setEntries([item])
        case .pop:
            let (entries, flow) = try stackHolder(id, "pop")
            let count = entries.count
            guard count > 1 else {
                throw pointingAtClose(ActionFailure(.nothingToPop, RuntimeMessage.nothingToPop(flow)), sentBy: emission.instance)
            }
            truncate(id, to: count - 1)
        case .popTo(let target):
            let (stack, index) = try nearestOnSharedStack(target.name, from: id)
            truncate(stack, to: index + 1)
        case .popToRoot:
            _ = try stackHolder(id, "popToRoot")
            truncate(id, to: 1)
        case .dismiss:
            // (1.2) On the outcome of a flow this flow presented, which is dismissed already.
            if emission.closed == .modal(of: id) {
                let flowName = state.flows[id]?.flow ?? ""
                record(flow: flowName, action: "dismiss: \(emission.source) is dismissed already")
                return .handled
            }
            do {
                try dismissModal(of: id)
            } catch {
                throw pointingAtClose(error, sentBy: emission.instance)
            }
        case .close:
            // A dialog's event closed the dialog already; an outcome or a dismissal has no sender.
            if emission.closed == .dialog { return .handled }
            guard let instance = emission.instance else {
                throw ActionFailure(.nothingToClose, RuntimeMessage.nothingToCloseAfterOutcome)
            }
            guard close(instance: instance) else {
                throw ActionFailure(.nothingToClose, RuntimeMessage.nothingToClose(emission.source))
            }
        case .dismissAll:
            dismissAll(in: id)
        case .tab(let tab):
            guard let tabs = ancestors(of: id).first(where: { ancestor in
                state.flows[ancestor].map { $0.kind == .tabs && $0.tabs.contains { $0.id == tab.name } } ?? false
            }) else {
                throw ActionFailure(.noTab, RuntimeMessage.noTab(tab.name))
            }
            return select(tab: tab.name, in: tabs)
        case .show(let branch):
            try show(branch.name, in: try switchOwner(of: id, branch: branch.name, "show"), input: input)
        case .resume(let branch):
            try resume(branch.name, in: try switchOwner(of: id, branch: branch.name, "resume"), input: input)
        case .next:
            guard let sequence = ancestors(of: id).first(where: { state.flows[$0]?.kind == .sequence }) else {
                throw ActionFailure(.noSequence, RuntimeMessage.noSequence(state.flows[id]?.flow ?? ""))
            }
            return advance(sequence, after: state.flows[sequence]?.currentStepIndex ?? -1, payload: input, depth: depth)
        case .finish(let outcome):
            let alternative = work.use.transitions.indices.contains(useIndex) ? work.use.transitions[useIndex] : nil
            return finish(id, outcome: outcome.name, payload: input, depth: depth, by: alternative)
        case .emit(let event):
            guard let parent = state.flows[id]?.parent else { return .unhandled(RuntimeMessage.emitFromRoot(event.name)) }
            let emitted = Emission(event: event.name, source: emission.source, payload: input, isOutcome: false,
                                   instance: emission.instance, closed: emission.closed)
            return dispatch(emitted, at: parent, arrival: .item(id), depth: depth + 1)
        case .link(let path):
            let outcome = openLink(path.name, depth: depth + 1)
            if outcome.result == .noMatch { return .rejected(.linkDidNotOpen, outcome.message ?? RuntimeMessage.linkNoMatch(path.name)) }
        case .return(let result):
            // An outcome's flow or a dismissed modal is closed already: only hand the payload over.
            if let instance = emission.instance, !close(instance: instance) {
                throw ActionFailure(.nothingToReturnFrom, RuntimeMessage.nothingToReturnFrom(emission.source))
            }
            work.pendingResult = PendingResult(name: result.name, payload: input, from: emission.source)
        case .ignore:
            break
        case .do:
            throw ActionFailure(.nestedDo, RuntimeMessage.nestedDo)
        }
        return .handled
    }

    /// Item `position` of a `do`; nil for any other action.
    private static func item(_ position: Int, of action: Action) -> Action? {
        guard case .do(let items) = action.kind, items.indices.contains(position) else { return nil }
        return items[position]
    }

    /// The entries and name of stack or sequence `id`, for `action`; throws when `id` holds no
    /// stack. Not the flow itself: a copy held while the flow changes would copy its fields.
    private func stackHolder(_ id: Int, _ action: String) throws(ActionFailure) -> (entries: [CoreItem], flow: String) {
        guard let flow = state.flows[id], flow.kind.holdsStack else {
            let flow = state.flows[id]
            throw ActionFailure(.noStack, RuntimeMessage.noStack(action, flow: flow?.flow ?? "", kind: flow?.kind.rawValue ?? ""))
        }
        return (flow.entries, flow.flow)
    }

    /// Where `popTo` finds the nearest `name` on the navigation stack flow `id` shares: among
    /// its own entries, top first; then, for a flow pushed onto another's stack, among that
    /// flow's entries below it, and so on down. The stack that holds it, and its place there.
    private func nearestOnSharedStack(_ name: String, from id: Int) throws(ActionFailure) -> (stack: Int, index: Int) {
        let (entries, flow) = try stackHolder(id, "popTo")
        if let index = entries.lastIndex(where: { $0.name == name }) { return (id, index) }
        var child = id
        var steps = 0
        while steps < Self.maxDepth, let parentID = state.flows[child]?.parent, let parent = state.flows[parentID],
              parent.kind.holdsStack, let position = parent.entries.lastIndex(where: { $0.id == child }) {
            if let index = parent.entries[..<position].lastIndex(where: { $0.name == name }) { return (parentID, index) }
            child = parentID
            steps += 1
        }
        throw ActionFailure(.notOnStack, RuntimeMessage.notOnStack(name, flow: flow))
    }

    private func switchOwner(of id: Int, branch: String, _ action: String) throws(ActionFailure) -> Int {
        let owner = ancestors(of: id).first { ancestor in
            guard let flow = state.flows[ancestor], flow.kind == .switch,
                  case .switch(let branches)? = tables.definitions.definition(of: flow)?.flow.kind else { return false }
            return branches.contains { $0.target.name == branch }
        }
        guard let owner else { throw ActionFailure(.noSwitch, RuntimeMessage.noSwitch(branch, action: action)) }
        return owner
    }

    /// `singleTop`: the top entry stays (same id, same view model) and takes the new input; its
    /// view model learns it once the step stands.
    private mutating func keepOnTop(_ top: CoreItem, of stack: Int, input: Value?) {
        if top.isFlow {
            guard let definition = definition(top.id) else { return }
            self[changing: top.id]?.input = definition.flow.input == nil ? nil : input
        } else {
            guard let screen = state.screens[top.id] else { return }
            let taken = tables.definitions.screens[screen.screen]?.takesInput == true ? input : nil
            state.screens[top.id]?.input = taken
            work.changes.screens.insert(top.id)
            work.changes.flows.insert(stack)  // its entry shows a new input
            work.updatedInputs.append((top.id, taken))
        }
    }

    /// Presents `item` over flow `id`, replacing its modal; modals inside what it shows are
    /// dismissed first (one modal at a time on the way to the visible screen).
    mutating func present(_ item: CoreItem, as presentation: Presentation, options: PresentationOptions = PresentationOptions(),
                          by id: Int) {
        var current = state.flows[id]?.activeItem
        var guardCount = 0
        while let child = current, child.isFlow, guardCount <= Self.maxDepth * 4 {
            clearPresented(of: child.id)
            current = state.flows[child.id]?.activeItem
            guardCount += 1
        }
        adopt(item, by: id)
        setPresented(CoreModal(presentation: presentation, item: item, options: options), of: id)
    }

    /// (1.2) Shows screen instance `item` as an alert or a confirmation dialog over everything,
    /// its events matched against flow `id`; a dialog shown already is let go.
    mutating func showDialog(_ item: CoreItem, as presentation: Presentation, by id: Int) {
        closeDialog()
        let cancels = presentation == .confirm
            && tables.definitions.screen(item.number, named: item.name)?.eventNames.contains(Presentation.cancelEvent) == true
        state.dialog = CoreDialog(presentation: presentation, item: item, owner: id, cancels: cancels)
        work.changes.flows.insert(id)
    }

    /// (1.2) Closes the dialog shown, if any, letting go of its screen instance.
    mutating func closeDialog() {
        guard let dialog = state.dialog else { return }
        state.dialog = nil
        work.letGo.append(HeldItem(dialog.item))
        work.changes.flows.insert(dialog.owner)
    }

    /// `dismiss`: the modal over flow `id`, else the one inside what it shows, else the modal
    /// the flow itself is part of.
    private mutating func dismissModal(of id: Int) throws(ActionFailure) {
        if state.flows[id]?.isPresenting == true {
            setPresented(nil, of: id)
            return
        }
        var current = state.flows[id]?.activeItem
        var guardCount = 0
        while let child = current, child.isFlow, guardCount <= Self.maxDepth * 4 {
            if state.flows[child.id]?.isPresenting == true {
                setPresented(nil, of: child.id)
                return
            }
            current = state.flows[child.id]?.activeItem
            guardCount += 1
        }
        var child = id
        for ancestor in ancestors(of: id).dropFirst() {
            if state.flows[ancestor]?.presented?.item.id == child {
                setPresented(nil, of: ancestor)
                return
            }
            child = ancestor
        }
        throw ActionFailure(.nothingPresented, RuntimeMessage.nothingPresented)
    }

    /// `dismissAll`: the modals of flow `id` and of every flow inside it: stack entries, every
    /// tab, the branch and kept branches. Never fails.
    mutating func dismissAll(in id: Int) {
        var pending: [(Int, Int)] = [(id, 0)]
        while let (flowID, depth) = pending.popLast() {
            guard let flow = state.flows[flowID] else { continue }
            clearPresented(of: flowID)
            guard depth < Self.maxDepth * 4 else { continue }
            var children = flow.childItems.filter(\.isFlow)
            if flow.kind == .switch { children += flow.kept.values.filter(\.isFlow) }
            pending += children.map { ($0.id, depth + 1) }
        }
    }

    /// Closes screen instance `id` as a default `back` would, without the `dismissed` trigger:
    /// pops it when it is on top of a stack above the root, dismisses it when it is presented,
    /// or dismisses the presented flow it is the root of. False when there is nothing to close.
    mutating func close(instance id: Int) -> Bool {
        switch closing(instance: id) {
        case .dismiss(let holder)?:
            setPresented(nil, of: holder)
            return true
        case .pop(let holder, let count)?:
            truncate(holder, to: count - 1)
            return true
        case nil:
            return false
        }
    }

    /// What closing screen instance `id` does (`close(instance:)`), found without changing
    /// anything: nil when there is nothing to close.
    func closing(instance id: Int) -> Closing? {
        guard var holder = holder(of: id) else { return nil }
        var itemID = id
        for _ in 0...(Self.maxDepth * 4) {
            guard let flow = state.flows[holder] else { return nil }
            if let modal = flow.presented, modal.item.id == itemID { return .dismiss(holder: holder) }
            if flow.kind.holdsStack, flow.entries.count > 1, flow.entries.last?.id == itemID {
                return .pop(holder: holder, count: flow.entries.count)
            }
            guard let parent = flow.parent else { return nil }
            itemID = holder
            holder = parent
        }
        return nil
    }

    /// How a screen is closed: the modal of flow `holder` dismissed, or the top of its stack of
    /// `count` entries popped.
    enum Closing {
        case dismiss(holder: Int)
        case pop(holder: Int, count: Int)
    }

    /// (1.2) `failure` of a `pop` or `dismiss` on an event of a screen that `close` would
    /// close: its message then says so.
    private func pointingAtClose(_ failure: ActionFailure, sentBy instance: Int?) -> ActionFailure {
        guard let instance, closing(instance: instance) != nil else { return failure }
        return ActionFailure(failure.reason, failure.message + RuntimeMessage.closeHint)
    }

    /// The flow whose stack, tab, branch or modal holds instance `id`.
    func holder(of id: Int) -> Int? {
        var pending: [(Int, Int)] = [(state.rootID, 0)]
        while let (flowID, depth) = pending.popLast() {
            guard let flow = state.flows[flowID] else { continue }
            var items = flow.childItems
            if let modal = flow.presented { items.append(modal.item) }
            if items.contains(where: { $0.id == id }) { return flowID }
            guard depth < Self.maxDepth * 4 else { continue }
            pending += items.filter(\.isFlow).map { ($0.id, depth + 1) }
        }
        return nil
    }

    /// Selects tab `tab` of tabs flow `id`.
    mutating func select(tab: String, in id: Int) -> StepResult {
        guard state.flows[id]?.tabs.contains(where: { $0.id == tab }) == true else {
            return .rejected(.noTab, RuntimeMessage.noTab(tab))
        }
        setSelectedTab(tab, of: id)
        return .handled
    }

    /// Closes the modal flow `id` presents, if any. A flow that presents nothing is left alone:
    /// it does not count as changed (for the coordinators, the step's release of what it held, the
    /// hidden regions exploration keeps) and its fields, which other states share, are not copied.
    mutating func clearPresented(of id: Int) {
        guard state.flows[id]?.isPresenting == true else { return }
        setPresented(nil, of: id)
    }

    /// Selects tab `tab` of tabs flow `id` without checking it exists; a tab already selected
    /// leaves the flow alone, as `clearPresented(of:)` does.
    mutating func setSelectedTab(_ tab: String, of id: Int) {
        guard state.flows[id]?.selectedTab != tab else { return }
        self[keepingAllHeld: id]?.selectedTab = tab
    }

    /// `show X`: shows a fresh branch `name`, keeping the one it hides and releasing a kept `name`.
    mutating func show(_ name: String, in owner: Int, input: Value?) throws(ActionFailure) {
        let item = try makeItem(name, input: input, under: owner)
        adopt(item, by: owner)
        self[changing: owner]?.reveal(item)
    }

    /// `resume X`: shows the kept branch `name`, else a fresh one with `input`; nothing when it
    /// is the shown branch.
    mutating func resume(_ name: String, in owner: Int, input: Value?) throws(ActionFailure) {
        // Read before the change, in a scope of its own (see `[changing:]`).
        guard let (shown, kept) = state.flows[owner].map({ ($0.branch?.name, $0.kept[name]) }) else { return }
        if shown == name { return }
        if let kept {
            self[changing: owner]?.reveal(kept)
            return
        }
        try show(name, in: owner, input: input)
    }
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
