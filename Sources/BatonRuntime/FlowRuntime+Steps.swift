import BatonModel

extension FlowRuntime {
    /// Runs one step: `body` changes the state; then empty flows restart, held links are
    /// retried and the step is logged with the state after it.
    func runStep(trigger: String, source: String?, _ body: () -> StepResult) -> StepResult {
        trace = StepTrace()
        nestedEntries = []
        let result: StepResult = finishedOutcome == nil ? body() : .rejected(RuntimeMessage.finished)
        let own = trace
        settle()
        let entry = LogEntry(
            sequence: 0, trigger: trigger, source: source, flow: own.flow, action: own.actionText,
            result: own.resultName ?? result.name, message: result.message, isError: isError(result.name), state: nil)
        record([entry] + nestedEntries)
        return result
    }

    /// After a host change (context, flag): retry held links, logging those that open.
    func settleAfterChange() {
        nestedEntries = []
        settle()
        record(nestedEntries)
    }

    /// Appends entries, numbering them and giving the first (the step's own) the final state
    /// when states are recorded, tells `onTransition`, and keeps the log within its limit.
    private func record(_ entries: [LogEntry]) {
        guard !entries.isEmpty else { return }
        let final = options.recordsStates ? state : nil
        var numbered = entries
        for offset in numbered.indices {
            loggedCount += 1
            numbered[offset].sequence = loggedCount
            if offset == 0 { numbered[offset].state = final }
        }
        log += numbered
        if let limit = options.logLimit, log.count > limit * 2 {
            log.removeFirst(log.count - limit)  // amortised: trims once per `limit` entries
        }
        for entry in numbered { onTransition?(entry) }
        nestedEntries = []
    }

    /// Records an entry in the middle of a step (an outcome, a held link that opened).
    /// `slot` is a place reserved with `reserveNested()`, so entries keep the order their
    /// causes happened in.
    func recordNested(trigger: String, trace nested: StepTrace, result: String, message: String?, at slot: Int? = nil) {
        let entry = LogEntry(
            sequence: 0, trigger: trigger, flow: nested.flow, action: nested.actionText, result: result,
            message: message, isError: isError(result))
        if let slot, nestedEntries.indices.contains(slot) {
            nestedEntries[slot] = entry
        } else {
            nestedEntries.append(entry)
        }
    }

    /// Reserves the place of a nested entry that is recorded once its consequences are known.
    func reserveNested() -> Int {
        nestedEntries.append(LogEntry(sequence: 0, trigger: "", result: ""))
        return nestedEntries.count - 1
    }

    func isError(_ result: String) -> Bool {
        options.strict && (result == "unhandled" || result == "rejected")
    }

    /// Restarts flows left empty and opens held links that can now be opened.
    func settle() {
        // Only a finished child can leave a stack, switch or tab empty; skip the walk otherwise.
        if needsRepair {
            needsRepair = false
            repair(root, depth: 0)
        }
        retryHeldLinks()
    }

    /// Emits an event from the visible screen (a given instance of it, when `instance` is set).
    /// `walk` is the visible walk when the caller has just made it, so it is not made twice.
    func emitFromVisible(_ event: String, screen: String, instance: Int?, payload: Value?,
                         walk given: VisibleWalk? = nil) -> StepResult {
        let walk = given ?? visibleWalk()
        guard let entry = walk.screen, let owner = walk.owner else { return .rejected(RuntimeMessage.nothingVisible) }
        guard entry.screen == screen else { return .rejected(RuntimeMessage.notVisible(screen, visible: entry.screen)) }
        if let instance, instance != entry.id { return .rejected(RuntimeMessage.instanceNotVisible(screen)) }
        guard index.screens[screen]?.event(named: event) != nil else {
            return .rejected(RuntimeMessage.undeclaredEvent(event, screen: screen))
        }
        if let problem = checker.payloadProblem(payload, event: event, of: screen) { return .rejected(problem) }
        let emission = Emission(event: event, source: screen, payload: payload, isOutcome: false)
        return dispatch(emission, at: owner, arrival: .item(entry.id), depth: 0)
    }
}
