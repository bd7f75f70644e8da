import BatonModel

extension FlowRuntime {
    /// Offers an emission to `flow`: its specific `on` key, its built-in behaviour (a
    /// sequence's `done`), its `*.event` key, the default of `back`; else it bubbles to the
    /// parent. An emission that reaches past the root is unhandled (`back`: rejected).
    func dispatch(_ emission: Emission, at flow: FlowCoordinator, arrival: Arrival, depth: Int) -> StepResult {
        guard depth <= Self.maxDepth else { return .rejected(RuntimeMessage.tooDeep) }
        let transitions = flow.flow.transitions
        let index = transitionIndex(of: flow.flow)
        if let position = index.specific(source: emission.source, event: emission.event),
           let choice = transitions[position].actions.firstIndex(where: { holds($0.when) }) {
            return perform(transitions[position], choice, in: flow, emission: emission, depth: depth)
        }
        if let result = sequenceDone(emission, at: flow, arrival: arrival, depth: depth) { return result }
        if !emission.isOutcome, let position = index.wildcard(event: emission.event),
           let choice = transitions[position].actions.firstIndex(where: { holds($0.when) }) {
            return perform(transitions[position], choice, in: flow, emission: emission, depth: depth)
        }
        if !emission.isOutcome, emission.event == "back", let result = defaultBack(at: flow, arrival: arrival) {
            return result
        }
        guard let parent = flow.parent else {
            if !emission.isOutcome && emission.event == "back" { return .rejected(RuntimeMessage.nothingToGoBackTo) }
            return .unhandled(RuntimeMessage.unhandled(emission.trigger))
        }
        return dispatch(emission, at: parent, arrival: .item(flow.id), depth: depth + 1)
    }

    /// The index of a flow's `on` keys, built on first use and kept until the spec changes.
    private func transitionIndex(of flow: Flow) -> TransitionIndex {
        if let index = transitionIndexes[flow.name] { return index }
        let index = TransitionIndex(flow)
        transitionIndexes[flow.name] = index
        return index
    }

    /// A sequence's built-in `done`: from a step's screen, or a step flow's `done` outcome, it
    /// shows the next step.
    private func sequenceDone(_ emission: Emission, at flow: FlowCoordinator, arrival: Arrival, depth: Int) -> StepResult? {
        guard emission.event == "done", let sequence = flow as? SequenceCoordinator else { return nil }
        let step: Int?
        switch arrival {
        case .item(let id):
            guard !emission.isOutcome,
                  sequence.entries.contains(where: { $0.id == id && $0.screenEntry != nil }) else { return nil }
            step = sequence.stepIndices[id]
        case .finished(let finishedStep):
            guard emission.isOutcome else { return nil }
            step = finishedStep
        }
        guard let step else { return nil }
        trace.record(flow: sequence.flowName, action: "next")
        return advance(sequence, after: step, payload: emission.payload, depth: depth)
    }

    /// (1.1) Offers `X.dismissed` to the flow that presented X, after the user closed X (the
    /// swipe, or a `back` no transition handled). Only its specific key matches; nothing is
    /// reported when none does. A rejected action leaves the dismissal standing and is logged
    /// as a nested entry.
    func offerDismissed(_ name: String, to owner: FlowCoordinator, depth: Int) {
        let transitions = owner.flow.transitions
        guard let position = transitionIndex(of: owner.flow).specific(source: name, event: "dismissed"),
              let choice = transitions[position].actions.firstIndex(where: { holds($0.when) }) else { return }
        let checkpoint = usesReturn ? makeCheckpoint() : nil
        let saved = trace
        trace = StepTrace()
        let slot = reserveNested()
        let emission = Emission(event: "dismissed", source: name, payload: nil, isOutcome: false)
        var result = perform(transitions[position], choice, in: owner, emission: emission, depth: depth + 1)
        if result == .handled {
            drainEmptySequences(depth: depth + 1)
            repairIfNeeded()
            if let failure = deliverPendingResult(), let checkpoint {
                rollBack(to: checkpoint)
                result = .rejected(failure)
            }
        }
        recordNested(trigger: "\(name).dismissed", trace: trace, result: result.name, message: result.message, at: slot)
        trace = saved
    }

    /// (1.1) A tap on the selected tab: with `reselect: popToRoot` its stack or sequence goes
    /// back to its root (its modals stay); with `keep` nothing changes. Handled either way.
    func reselect(tab id: String, in tabs: TabsCoordinator) -> StepResult {
        guard tabs.flow.reselect == .popToRoot else {
            trace.record(flow: tabs.flowName, action: "reselect \(id): keep")
            return .handled
        }
        trace.record(flow: tabs.flowName, action: "reselect \(id): popToRoot")
        // The tab's navigation stack: its flow's stack, and that of a child flow at its root.
        var current = tabs.selectedCoordinator
        for _ in 0..<Self.maxDepth {
            guard let stack = current?.asStack else { break }
            stack.truncate(to: 1)
            current = stack.entries.first?.coordinator
        }
        return .handled
    }

    /// `back` by default: dismisses the flow's modal when it came from there, else pops the
    /// top of its stack when it came from there and that is not the root.
    private func defaultBack(at flow: FlowCoordinator, arrival: Arrival) -> StepResult? {
        guard case .item(let id) = arrival else { return nil }
        if let modal = flow.presented, modal.item.id == id {
            trace.record(flow: flow.flowName, action: "dismiss \(modal.item.name)")
            flow.presented = nil
            offerDismissed(modal.item.name, to: flow, depth: 0)
            return .handled
        }
        if let stack = flow.asStack, stack.entries.count > 1, stack.entries.last?.id == id {
            trace.record(flow: flow.flowName, action: "pop")
            stack.truncate(to: stack.entries.count - 1)
            return .handled
        }
        return nil
    }

    /// Shows the step after `step` whose `when` holds, with `payload` as its input; finishes the
    /// sequence with `done` when there is none. (1.1) A transient step's entry is removed once
    /// the next step is shown.
    func advance(_ sequence: SequenceCoordinator, after step: Int, payload: Value?, depth: Int) -> StepResult {
        let steps = sequence.steps
        var next = step + 1
        while next < steps.count {
            if holds(steps[next].when) {
                do {
                    let item = try makeItem(steps[next].target.name, input: payload, under: sequence)
                    adopt(item, by: sequence)
                    let done = steps.indices.contains(step) && steps[step].transient
                        ? sequence.entries.last(where: { sequence.stepIndices[$0.id] == step })?.id : nil
                    sequence.push(item, step: next)
                    if let done { sequence.setEntries(sequence.entries.filter { $0.id != done }) }
                    return .handled
                } catch {
                    return .rejected(error.message)
                }
            }
            next += 1
        }
        return finish(sequence, outcome: "done", payload: payload, depth: depth)
    }

    /// Finishes `flow` with `outcome`: removes it from its parent (its stack entries, its modal,
    /// its tab or branch), then offers `flow.outcome` to the parent. The root finishing ends the run.
    func finish(_ flow: FlowCoordinator, outcome: String, payload: Value?, depth: Int) -> StepResult {
        guard let parent = flow.parent else {
            finishedOutcome = outcome
            finishedPayload = payload
            return .handled
        }
        let sequence = parent as? SequenceCoordinator
        let step = sequence?.stepIndices[flow.id]
        // (1.1) A flow step that finishes with `done` stays below the next step, as it was left.
        if let sequence, let step, outcome == "done", sequence.steps.indices.contains(step),
           !sequence.steps[step].transient, sequence.entries.last?.id == flow.id, flow.activeItem != nil {
            // stays: it is part of the sequence's back stack
        } else {
            if parent.presented?.item.id == flow.id {
                parent.presented = nil
            } else {
                _ = parent.removeChild(flow)
            }
            flow.parent = nil
            needsRepair = true  // the parent may be left empty; settle() restarts it
        }
        let saved = trace
        trace = StepTrace()
        let emission = Emission(event: outcome, source: flow.flowName, payload: payload, isOutcome: true)
        let slot = reserveNested()
        let result = dispatch(emission, at: parent, arrival: .finished(step: step), depth: depth + 1)
        recordNested(trigger: "outcome \(emission.trigger)", trace: trace, result: result.name, message: result.message, at: slot)
        trace = saved
        return .handled
    }
}
