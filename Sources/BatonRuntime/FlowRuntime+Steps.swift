import BatonModel

extension FlowRuntime {
    /// Runs one step: `body` changes the state; then empty flows restart, held links are
    /// retried and the step is logged with the state after it.
    func runStep(trigger: String, source: String?, _ body: () -> StepResult) -> StepResult {
        trace = StepTrace()
        use = StepUse()
        nestedEntries = []
        createdThisStep = 0
        pendingResult = nil
        pendingInputs = []
        let checkpoint = usesReturn && finishedOutcome == nil ? makeCheckpoint() : nil
        var result: StepResult = finishedOutcome == nil ? body() : .rejected(RuntimeMessage.finished)
        if result != .handled { pendingResult = nil }
        drainEmptySequences(depth: 0)
        repairIfNeeded()
        if let failure = deliverPendingResult(), let checkpoint {
            let returning = use.transitions.last { $0.isReturn(in: index) }
            rollBack(to: checkpoint)
            use.refused = returning
            result = .rejected(failure)
        }
        tellPendingInputs()
        let own = trace
        // A rejected step changed nothing, so no held link can have become openable.
        settle(retryingLinks: result == .handled)
        let entry = LogEntry(
            sequence: 0, trigger: trigger, source: source, flow: own.flow, action: own.actionText,
            result: own.resultName ?? result.name, message: result.message, isError: isError(result.name), state: nil)
        record([entry] + nestedEntries)
        return result
    }

    /// After a host change: following switches follow (after a change of context or flags,
    /// not of the spec), then held links are retried; what happens is logged.
    func settleAfterChange(following: Bool = true) {
        createdThisStep = 0
        trace = StepTrace()
        use = StepUse()
        nestedEntries = []
        if following { follow() }
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

    /// Restarts flows left empty and opens held links that can now be opened (only after a
    /// change: a handled step, new facts, flags or spec).
    func settle(retryingLinks: Bool = true) {
        repairIfNeeded()
        if retryingLinks { retryHeldLinks() }
        repairIfNeeded()
    }

    /// Restarts flows a finished child left empty, and finishes sequences that start empty.
    func repairIfNeeded() {
        // Only a finished child can leave a stack, switch or tab empty; skip the walk otherwise.
        var rounds = 0
        while needsRepair, rounds < Self.maxDepth {
            rounds += 1
            needsRepair = false
            repair(root, depth: 0)
            drainEmptySequences(depth: 0)
        }
    }

    /// Hands the step's `return R` to the screen visible now; a message when it cannot (the
    /// screen does not declare R, or the payload does not fit), and the step is then rolled back.
    func deliverPendingResult() -> String? {
        guard let pending = pendingResult else { return nil }
        pendingResult = nil
        guard let entry = visibleWalk().screen else {
            return finishedOutcome == nil ? RuntimeMessage.resultNobodyVisible(pending.name) : nil
        }
        guard let declaration = index.screens[entry.screen]?.result(named: pending.name) else {
            return RuntimeMessage.resultNotDeclared(pending.name, screen: entry.screen)
        }
        // A result declared without a type carries nothing, as a screen without input takes none.
        let payload = declaration.payload == nil ? nil : pending.payload
        if let type = declaration.payload, let problem = checker.problem(with: payload, for: type) {
            return RuntimeMessage.resultDoesNotFit(pending.name, screen: entry.screen, problem)
        }
        let result = ScreenResult(result: pending.name, payload: payload)
        forgetReleasedResults()
        received[entry.id] = result
        entry.viewModel.receive(result)
        recordNested(trigger: "result \(pending.name) → \(entry.screen)", trace: StepTrace(), result: "handled", message: nil)
        return nil
    }

    /// Drops the results of screen instances that are gone.
    private func forgetReleasedResults() {
        guard !received.isEmpty else { return }
        let live = InstancePool(root: root).screens
        received = received.filter { live[$0.key] != nil }
    }

    /// Tells view models whose instance stayed on top (`singleTop`) their new input.
    func tellPendingInputs() {
        let inputs = pendingInputs
        pendingInputs = []
        for (viewModel, input) in inputs { viewModel.update(input: input) }
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
        let emission = Emission(event: event, source: screen, payload: payload, isOutcome: false, instance: entry.id)
        return dispatch(emission, at: owner, arrival: .item(entry.id), depth: 0)
    }
}
