import BatonModel

extension NavigationCore {
    /// Offers an emission to flow `id`: its specific `on` key, its built-in behaviour (a
    /// sequence's `done`), its `*.event` key, the default of `back`; else it bubbles to the
    /// parent. An emission that reaches past the root is unhandled (`back`: rejected).
    mutating func dispatch(_ emission: Emission, at id: Int, arrival: Arrival, depth: Int) -> StepResult {
        guard depth <= Self.maxDepth else { return .rejected(.limitReached, stoppedMessage(RuntimeMessage.tooDeep)) }
        // Only the flow's definition and parent are kept: a copy of the flow held across the action
        // would make its first change copy the flow's fields.
        guard let (definition, parent) = state.flows[id].map({ (tables.definitions.definition(of: $0), $0.parent) }),
              let definition else {
            return .unhandled(RuntimeMessage.unhandled(emission.trigger))
        }
        let keys = definition.keys
        if let position = keys.specific(source: emission.source, event: emission.event),
           let choice = definition.choice(at: position, where: { holds($0) }) {
            return perform(position, choice, of: definition, in: id, emission: emission, depth: depth)
        }
        if let result = sequenceDone(emission, at: id, arrival: arrival, depth: depth) { return result }
        if !emission.isOutcome, let position = keys.wildcard(event: emission.event),
           let choice = definition.choice(at: position, where: { holds($0) }) {
            return perform(position, choice, of: definition, in: id, emission: emission, depth: depth)
        }
        if !emission.isOutcome, emission.event == BuiltinEvent.back.name, let result = defaultBack(at: id, arrival: arrival) {
            return result
        }
        guard let parent else {
            if !emission.isOutcome && emission.event == BuiltinEvent.back.name { return .rejected(.nothingToGoBackTo, RuntimeMessage.nothingToGoBackTo) }
            if emission.isOutcome { return .unhandled(RuntimeMessage.outcomeNotTaken(emission.trigger)) }
            return .unhandled(RuntimeMessage.unhandled(emission.trigger))
        }
        return dispatch(emission, at: parent, arrival: .item(id), depth: depth + 1)
    }

    /// A sequence's built-in `done`: from a step's screen, or a step flow's `done` outcome, it
    /// shows the next step.
    private mutating func sequenceDone(_ emission: Emission, at id: Int, arrival: Arrival, depth: Int) -> StepResult? {
        // Read before the change, in a scope of its own (see `[changing:]`).
        let name: String, step: Int?
        do {
            guard emission.event == BuiltinEvent.done.name, let sequence = state.flows[id], sequence.kind == .sequence else { return nil }
            name = sequence.flow
            switch arrival {
            case .item(let item):
                guard !emission.isOutcome,
                      sequence.entries.contains(where: { $0.id == item && !$0.isFlow }) else { return nil }
                step = sequence.stepIndices[item]
            case .finished(let finishedStep):
                guard emission.isOutcome else { return nil }
                step = finishedStep
            }
        }
        guard let step else { return nil }
        record(flow: name, action: "next")
        return advance(id, after: step, payload: emission.payload, depth: depth)
    }

    /// The user closes `modal`, presented by flow `owner` (named `flow`), by a swipe or `back`:
    /// the dismissal is logged, the modal goes, and the owner is offered `modal.dismissed`.
    mutating func closeByUser(_ modal: CoreItem, presentedBy owner: Int, flow: String) {
        recordDismissal(of: modal, by: flow)
        setPresented(nil, of: owner)
        offerDismissed(modal.name, to: owner, depth: 0)
    }

    /// (1.1) Offers `X.dismissed` to the flow that presented X, after the user closed X (the
    /// swipe, or a `back` no transition handled). Only its specific key matches; nothing is
    /// reported when none does. A rejected action leaves the dismissal standing and is logged
    /// as a nested entry.
    private mutating func offerDismissed(_ name: String, to owner: Int, depth: Int) {
        guard let definition = state.flows[owner].flatMap({ tables.definitions.definition(of: $0) }) else { return }
        guard let position = definition.keys.specific(source: name, event: BuiltinEvent.dismissed.name),
              let choice = definition.choice(at: position, where: { holds($0) }) else { return }
        let checkpoint = tables.usesReturn ? makeCheckpoint() : nil
        let saved = work.trace
        work.trace = StepTrace()
        let slot = reserveNested()
        let emission = Emission(event: BuiltinEvent.dismissed.name, source: name, payload: nil, isOutcome: false)
        var result = perform(position, choice, of: definition, in: owner, emission: emission, depth: depth + 1)
        if result.isHandled {
            drainEmptySequences(depth: depth + 1)
            repairIfNeeded()
            if let failure = deliverPendingResult(), let checkpoint {
                rollBack(to: checkpoint)
                result = failure
            }
        }
        recordNested(trigger: "\(name).dismissed", trace: work.trace, result: result, at: slot)
        work.trace = saved
    }

    /// (1.1) A tap on the selected tab: with `reselect: popToRoot` its stack or sequence goes
    /// back to its root (its modals stay); with `keep` nothing changes. Handled either way.
    mutating func reselect(tab id: String, in tabs: Int) -> StepResult {
        guard let node = state.flows[tabs] else { return .rejected(.noTab, RuntimeMessage.noTab(id)) }
        guard tables.definitions.definition(of: node)?.flow.reselect == .popToRoot else {
            record(flow: node.flow, action: "reselect \(id): keep")
            return .handled
        }
        record(flow: node.flow, action: "reselect \(id): popToRoot")
        // The tab's navigation stack: its flow's stack, and that of a child flow at its root.
        var current = node.selectedTabFlow?.id
        for _ in 0..<Self.maxDepth {
            // Read before the change, in a scope of its own (see `[changing:]`).
            guard let stackID = current,
                  let (holdsStack, root) = state.flows[stackID].map({ ($0.kind.holdsStack, $0.entries.first) }),
                  holdsStack else { break }
            self[changing: stackID]?.truncate(to: 1)
            current = root.flatMap { $0.isFlow ? $0.id : nil }
        }
        return .handled
    }

    /// `back` by default: dismisses the flow's modal when it came from there, else pops the
    /// top of its stack when it came from there and that is not the root.
    private mutating func defaultBack(at id: Int, arrival: Arrival) -> StepResult? {
        guard case .item(let item) = arrival else { return nil }
        // Read before the change, in a scope of its own (see `[changing:]`).
        let name: String, modal: CoreItem?, count: Int, popsTop: Bool
        do {
            guard let flow = state.flows[id] else { return nil }
            name = flow.flow
            modal = flow.presented?.item
            count = flow.entries.count
            popsTop = flow.kind.holdsStack && count > 1 && flow.entries.last?.id == item
        }
        if let modal, modal.id == item {
            guard state.flows[id]?.presented?.options.dismissible != false else {
                return .rejected(.notDismissible, RuntimeMessage.notDismissible(modal.name))
            }
            closeByUser(modal, presentedBy: id, flow: name)
            return .handled
        }
        if popsTop {
            record(flow: name, action: "pop")
            truncate(id, to: count - 1)
            return .handled
        }
        return nil
    }

    /// Shows the step after `step` whose `when` holds, with `payload` as its input; finishes the
    /// sequence with `done` when there is none. (1.1) A transient step's entry is removed once
    /// the next step is shown.
    mutating func advance(_ id: Int, after step: Int, payload: Value?, depth: Int) -> StepResult {
        guard case .sequence(let steps)? = definition(id)?.flow.kind else { return .rejected(.noSequence, RuntimeMessage.noSequence("")) }
        var next = step + 1
        while next < steps.count {
            if holds(steps[next].when) {
                do {
                    let item = try makeItem(steps[next].target.name, input: payload, under: id)
                    adopt(item, by: id)
                    let entries = state.flows[id]?.entries ?? []
                    let stepIndices = state.flows[id]?.stepIndices ?? [:]
                    let done = steps.indices.contains(step) && steps[step].transient
                        ? entries.last(where: { stepIndices[$0.id] == step })?.id : nil
                    self[keepingAllHeld: id]?.push(item, step: next)
                    if let done, let now = state.flows[id]?.entries {
                        self[changing: id]?.setEntries(now.filter { $0.id != done })
                    }
                    return .handled
                } catch {
                    return error.result
                }
            }
            next += 1
        }
        return finish(id, outcome: BuiltinEvent.done.name, payload: payload, depth: depth)
    }

    /// Finishes flow `id` with `outcome`: removes it from its parent (its stack entries, its
    /// modal, its tab or branch), then offers `flow.outcome` to the parent. The root finishing
    /// ends the run. The step is handled whatever the parent does with the outcome: the flow
    /// has finished either way. `by` is the alternative whose `finish` this is (nil for the
    /// `done` of a sequence that ran out of steps): an outcome it gives that no flow takes is
    /// noted in the step's `use`.
    mutating func finish(_ id: Int, outcome: String, payload: Value?, depth: Int, by finishing: TransitionUse? = nil) -> StepResult {
        // Read before the change, in a scope of its own (see `[changing:]`).
        let flowName: String, parentID: Int, step: Int?, stays: Bool, presentedByParent: Bool, outcomeText: String?
        do {
            guard let flow = state.flows[id] else { return .rejected(.unknownTarget, RuntimeMessage.unknownTarget(String(id))) }
            outcomeText = tables.definitions.definition(of: flow)?.outcomeTriggers[outcome]
            guard let parentInstance = flow.parent, let parent = state.flows[parentInstance] else {
                state.finished = outcome
                state.finishedPayload = payload
                work.changes.outcomeOrHeldLinks = true
                return .handled
            }
            flowName = flow.flow
            parentID = parentInstance
            step = parent.kind == .sequence ? parent.stepIndices[id] : nil
            let steps: [Step]
            if case .sequence(let declared)? = tables.definitions.definition(of: parent)?.flow.kind { steps = declared } else { steps = [] }
            // (1.1) A flow step that finishes with `done` stays below the next step, as it was left.
            if let step, outcome == BuiltinEvent.done.name, steps.indices.contains(step) {
                stays = !steps[step].transient && parent.entries.last?.id == id && flow.activeItem != nil
            } else {
                stays = false
            }
            presentedByParent = parent.presented?.item.id == id
        }
        if stays {
            // stays: it is part of the sequence's back stack
        } else {
            if presentedByParent {
                setPresented(nil, of: parentID)
            } else {
                _ = self[changing: parentID]?.removeChild(id)
            }
            self[keepingAllHeld: id]?.parent = nil
            work.needsRepair = true  // the parent may be left empty; settle() restarts it
        }
        let saved = work.trace
        work.trace = StepTrace()
        let emission = Emission(event: outcome, source: flowName, payload: payload, isOutcome: true,
                                closed: presentedByParent ? .modal(of: parentID) : nil)
        let slot = reserveNested()
        let result = dispatch(emission, at: parentID, arrival: .finished(step: step), depth: depth + 1)
        // (1.1) An outcome no flow takes is logged, not an error: the child has finished and is
        // closed, which is what the step asked for. Lint's `unhandled-outcome` warns about it, and
        // exploration's `unhandled-outcome-in-state` per placement, from what `use` notes here.
        recordNested(trigger: outcomeText ?? "outcome \(flowName).\(outcome)", trace: work.trace, result: result,
                     failing: result.outcome != .unhandled, at: slot)
        if result.outcome == .unhandled, let finishing {
            let above = ancestors(of: parentID).reversed().map { state.flows[$0]?.flow ?? "" }
            work.use.untakenOutcomes.append(UntakenOutcome(outcome: outcome, placement: above + [flowName], finishedBy: finishing))
        }
        work.trace = saved
        return .handled
    }

    // MARK: Checkpoints

    /// The state now, to roll back to if what follows fails.
    func makeCheckpoint() -> CoreCheckpoint {
        CoreCheckpoint(
            state: state, needsRepair: work.needsRepair, nestedCount: work.nestedEntries.count, pendingResult: work.pendingResult,
            results: work.deliveredResults.count, inputs: work.updatedInputs.count, use: work.use)
    }

    /// Puts everything back as it was at `checkpoint`: the navigation state, the counters and
    /// held links, and what the step had recorded so far.
    mutating func rollBack(to checkpoint: CoreCheckpoint) {
        state = checkpoint.state
        work.needsRepair = checkpoint.needsRepair
        work.pendingResult = checkpoint.pendingResult
        work.pendingEmptySequences = []
        work.use = checkpoint.use
        if work.deliveredResults.count > checkpoint.results { work.deliveredResults.removeLast(work.deliveredResults.count - checkpoint.results) }
        if work.updatedInputs.count > checkpoint.inputs { work.updatedInputs.removeLast(work.updatedInputs.count - checkpoint.inputs) }
        if work.nestedEntries.count > checkpoint.nestedCount { work.nestedEntries.removeLast(work.nestedEntries.count - checkpoint.nestedCount) }
    }
}

/// Everything a rollback puts back.
struct CoreCheckpoint {
    var state: CoreState
    var needsRepair: Bool
    var nestedCount: Int
    var pendingResult: PendingResult?
    var results: Int
    var inputs: Int
    var use: StepUse
}
