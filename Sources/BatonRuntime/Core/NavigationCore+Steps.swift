import BatonModel

/// What one step of the core did: its result, the log entries it made (its own first, then
/// nested ones, not yet numbered), what the view models of its screens must be told, and what
/// it changed.
package struct CoreReport: Sendable {
    package var result: StepResult
    /// What became of a deep link, for `open`.
    package var link: LinkResult?
    package var entries: [LogEntry]
    /// Results handed to screen instances, in order.
    package var results: [(instance: Int, result: ScreenResult)]
    /// New inputs of screen instances kept on top (`singleTop`), in order.
    package var inputs: [(instance: Int, input: Value?)]
    /// What of the spec the step used.
    package var use: StepUse
    /// The flows and screens the step changed, made and released.
    package var changes = StepChanges()
}

extension NavigationCore {
    // MARK: Steps

    /// Emits `event` from the visible instance of `screen` (from instance `instance`, when
    /// given). A screen that is not visible, or an event it does not declare, changes nothing
    /// and is reported (`.rejected`).
    package mutating func send(_ event: String, from screen: String, instance: Int? = nil, payload: Value?) -> CoreReport {
        runStep(trigger: "\(screen).\(event)", source: screen) { core in
            core.emitFromVisible(event, screen: screen, instance: instance, payload: payload)
        }
    }

    /// The system back gesture on the visible screen.
    package mutating func back() -> CoreReport {
        let shown = visibleScreenWalk().visible
        let visible = shown.screen.flatMap { state.screens[$0] }?.screen
        return runStep(trigger: "back", source: visible) { core in
            guard let visible else { return .rejected(.nothingVisible, RuntimeMessage.nothingVisible) }
            return core.emitFromVisible(BuiltinEvent.back.name, screen: visible, instance: nil, payload: nil, shown: shown, isTrigger: false)
        }
    }

    /// The user's swipe that closes the topmost modal.
    package mutating func dismiss() -> CoreReport {
        let walk = visibleScreenWalk()
        let visible = walk.screen.flatMap { state.screens[$0] }?.screen
        return runStep(trigger: "dismiss", source: visible) { core in
            // (1.2) A dialog: a tap outside a confirmation dialog sends its `cancel`.
            if let dialog = walk.dialog {
                guard dialog.cancels else {
                    return .rejected(.notDismissible, RuntimeMessage.dialogNotDismissible(dialog.item.name, dialog.presentation))
                }
                return core.emitFromVisible(Presentation.cancelEvent, screen: dialog.item.name, instance: nil, payload: nil,
                                            shown: walk.visible)
            }
            // Read before the change, in a scope of its own (see `[changing:]`).
            guard let owner = walk.modalOwner,
                  let (flowName, modal) = core.state.flows[owner].flatMap({ flow in flow.presented.map { (flow.flow, $0) } })
            else {
                return .rejected(.nothingPresented, RuntimeMessage.nothingPresented)
            }
            guard core.state.userCanDismiss(dialog: nil, modalOwner: owner) else {
                return .rejected(.notDismissible, RuntimeMessage.notDismissible(modal.item.name))
            }
            core.closeByUser(modal.item, presentedBy: owner, flow: flowName)
            return .handled
        }
    }

    /// The user tapping tab `id` of the innermost shown tabs flow that has it. Tabs under a
    /// modal cannot be tapped.
    package mutating func selectTab(_ id: String) -> CoreReport {
        let walk = visibleTabsWalk()
        let visible = walk.screen.flatMap { state.screens[$0] }?.screen
        let tap = "tab \(id)"
        return runStep(trigger: tap, source: visible) { core in
            let hasTab = { (flowID: Int) in core.state.flows[flowID]?.tabs.contains { $0.id == id } == true }
            // Read before the change, in a scope of its own (see `[changing:]`).
            guard let tabs = walk.tappableTabs.last(where: hasTab),
                  let (flowName, selected) = core.state.flows[tabs].map({ ($0.flow, $0.selectedTab) }) else {
                let covered = walk.tabs.contains(where: hasTab)
                let modal = walk.dialog?.item.name ?? walk.modalOwner.flatMap { core.state.flows[$0]?.presented?.item.name }
                return covered ? .rejected(.tabCovered, RuntimeMessage.tabCovered(id, by: modal)) : .rejected(.noTab, RuntimeMessage.noTab(id))
            }
            if selected == id {
                return core.reselect(tab: id, in: tabs)
            }
            core.record(flow: flowName, action: tap)
            return core.select(tab: id, in: tabs)
        }
    }

    /// Opens a deep link such as `/recipes/7` or `myapp://host/recipes/7?x=1`.
    package mutating func open(_ url: String) -> CoreReport {
        var linkResult = LinkResult.noMatch
        var report = runStep(trigger: "open \(url)", source: nil) { core in
            let outcome = core.openLink(url, depth: 0)
            linkResult = outcome.result
            if let trigger = outcome.trigger { core.work.trace.trigger = trigger }
            switch outcome.result {
            case .opened: return .handled
            case .held:
                core.work.trace.resultName = "held"
                return .handled
            case .noMatch, .queued: return .rejected(.linkDidNotOpen, outcome.message ?? RuntimeMessage.linkNoMatch(url))
            }
        }
        report.link = linkResult
        return report
    }

    /// Sets context facts and flag overrides (nil removes an override), then lets following
    /// switches follow and opens held links that can now be opened. Throws, changing nothing,
    /// on any undeclared name or value that does not fit.
    package mutating func set(context: [String: Value], flags: [String: Literal?]) throws(DiagnosticsError) -> CoreReport {
        try checkSettings(context: context, flags: flags)
        environment.context.merge(context) { _, new in new }
        for (name, value) in flags { environment.flagOverrides[name] = value }
        return settleAfterChange()
    }

    /// Throws one diagnostic per undeclared fact or flag, or value that does not fit, of a
    /// `set(context:flags:)`; changes nothing.
    package func checkSettings(context: [String: Value], flags: [String: Literal?]) throws(DiagnosticsError) {
        let given = flags.compactMapValues { $0 }
        var problems = tables.checker.settingProblems(flags: given, context: context, requireAll: false)
        for (name, value) in flags where value == nil && tables.index.flags[name] == nil {
            if let problem = tables.checker.flagProblem(name, .bool(false)) { problems.append(problem) }
        }
        if !problems.isEmpty { throw DiagnosticsError(problems.map { RuntimeDiagnostic.setting($0, spec: tables.spec) }) }
    }

    /// Takes one step, as a scenario file, a host or the exploration would. A `set` that does
    /// not fit the spec changes nothing and is rejected with why.
    package mutating func take(_ step: NavigationStep) -> CoreReport {
        switch step {
        case .send(let screen, let event, let payload): return send(event, from: screen, payload: payload)
        case .back: return back()
        case .dismiss: return dismiss()
        case .tab(let id): return selectTab(id)
        case .open(let url): return open(url)
        case .set(let context, let flags): return take(.set(context: context, flags: flags.mapValues { Optional($0) }))
        }
    }

    /// Takes one step and says what became of it.
    package mutating func apply(_ step: NavigationStep) -> NavigationStepOutcome {
        var report = take(step)
        return NavigationStepOutcome(taking: &report, of: step)
    }

    // MARK: Running a step

    /// Runs one step: `body` changes the state; then empty flows restart, held links are
    /// retried, released instances are dropped, and the step's log entry comes first in the report.
    mutating func runStep(trigger: @autoclosure () -> String, source: String?,
                          _ body: (inout NavigationCore) -> StepResult) -> CoreReport {
        beginStep()
        let checkpoint = tables.usesReturn && state.finished == nil ? makeCheckpoint() : nil
        var result: StepResult = state.finished == nil ? body(&self) : .rejected(.finished, RuntimeMessage.finished)
        if !result.isHandled { work.pendingResult = nil }
        drainEmptySequences(depth: 0)
        repairIfNeeded()
        if let failure = deliverPendingResult(), let checkpoint {
            let returning = work.use.transitions.last { $0.isReturn(in: tables.index) }
            rollBack(to: checkpoint)
            work.use.refusal = returning.map { Refusal(alternative: $0, reason: failure.message) }
            result = failure
        }
        let own = work.trace
        // A rejected step changed nothing, so no held link can have become openable.
        settle(retryingLinks: result.isHandled)
        closeDialogOffTheWay()
        releaseUnheld()
        // The step's own entry goes first, in the room the last step's entries left.
        var entries: [LogEntry] = []
        swap(&entries, &work.spareEntries)
        entries.append(LogEntry(
            sequence: 0, trigger: own.trigger ?? trigger(), source: source, flow: own.flow, action: own.actionText,
            result: own.resultName ?? result.name, message: result.message, isError: isError(result), state: nil))
        if !work.nestedEntries.isEmpty { entries += work.nestedEntries }
        return endStep(result: result, entries: entries)
    }

    /// After a change of context, flags or spec: following switches follow (not after a
    /// change of the spec), then held links are retried; what happens is logged.
    mutating func settleAfterChange(following: Bool = true) -> CoreReport {
        beginStep()
        if following { follow() }
        settle()
        closeDialogOffTheWay()
        releaseUnheld()
        return endStep(result: .handled, entries: work.nestedEntries)
    }

    private mutating func beginStep() {
        work.trace = StepTrace()
        // What a start, a restore or a new spec changed is not a step's.
        if !work.changes.isEmpty { work.changes.removeAll() }
        // The last step's report took these lists, so they are empty but after a step that
        // failed part way: then only are they written.
        if !work.nestedEntries.isEmpty { work.nestedEntries = [] }
        work.createdThisStep = 0
        if work.pendingResult != nil { work.pendingResult = nil }
        if !work.deliveredResults.isEmpty { work.deliveredResults = [] }
        if !work.updatedInputs.isEmpty { work.updatedInputs = [] }
    }

    /// The step's report: what the step recorded moves into it.
    private mutating func endStep(result: StepResult, entries: [LogEntry]) -> CoreReport {
        var report = CoreReport(result: result, link: nil, entries: entries, results: [], inputs: [], use: StepUse())
        swap(&report.results, &work.deliveredResults)
        swap(&report.inputs, &work.updatedInputs)
        swap(&report.use, &work.use)
        swap(&work.use, &work.spareUse)
        swap(&report.changes, &work.changes)
        swap(&work.changes, &work.spareChanges)
        work.nestedEntries = []
        return report
    }

    /// Records an entry in the middle of a step (an outcome, a held link that opened).
    /// `slot` is a place reserved with `reserveNested()`, so entries keep the order their
    /// causes happened in. `failing` is false for an entry that is never an error, even in
    /// strict mode (an outcome no flow takes).
    mutating func recordNested(trigger: @autoclosure () -> String, trace nested: StepTrace, result: StepResult,
                               failing: Bool = true, at slot: Int? = nil) {
        let entry = LogEntry(
            sequence: 0, trigger: trigger(), flow: nested.flow, action: nested.actionText,
            result: nested.resultName ?? result.name, message: result.message, isError: failing && isError(result))
        if let slot, work.nestedEntries.indices.contains(slot) {
            work.nestedEntries[slot] = entry
        } else {
            work.nestedEntries.append(entry)
        }
    }

    /// Notes an action of the current step for its log entry.
    mutating func record(flow: @autoclosure () -> String, action: @autoclosure () -> String) {
        work.trace.record(flow: flow(), action: action())
    }

    /// Notes the dismissal of `modal` by flow `flow` for the step's log entry, in the text the
    /// definitions made for it.
    mutating func recordDismissal(of modal: CoreItem, by flow: String) {
        let text = tables.definitions.dismissText(of: modal)
        work.trace.record(flow: flow, action: text)
    }

    /// Reserves the place of a nested entry that is recorded once its consequences are known.
    mutating func reserveNested() -> Int {
        work.nestedEntries.append(LogEntry(sequence: 0, trigger: "", result: ""))
        return work.nestedEntries.count - 1
    }

    /// Whether the log marks `result` as an error: unhandled and rejected steps, in strict mode.
    func isError(_ result: StepResult) -> Bool {
        strict && (result.outcome == .unhandled || result.rejection != nil)
    }

    /// Restarts flows left empty and opens held links that can now be opened (only after a
    /// change: a handled step, new facts, flags or spec).
    mutating func settle(retryingLinks: Bool = true) {
        repairIfNeeded()
        if retryingLinks { retryHeldLinks() }
        repairIfNeeded()
    }

    /// Restarts flows a finished child left empty, and finishes sequences that start empty.
    mutating func repairIfNeeded() {
        // Only a finished child can leave a stack, switch or tab empty; skip the walk otherwise.
        var rounds = 0
        while work.needsRepair, rounds < Self.maxDepth {
            rounds += 1
            work.needsRepair = false
            repair(state.rootID, depth: 0)
            drainEmptySequences(depth: 0)
        }
    }

    /// (1.2) Closes the dialog when the flow that showed it is no longer on the way to what is
    /// shown (a following switch hid it, or it finished): a dialog goes with the screen it was
    /// shown over.
    mutating func closeDialogOffTheWay() {
        guard let owner = state.dialog?.owner, !CoreWalk(state).flows.contains(owner) else { return }
        closeDialog()
    }

    /// Hands the step's `return R` to the screen visible now; a rejection when it cannot (the
    /// screen does not declare R, or the payload does not fit), and the step is then rolled back.
    mutating func deliverPendingResult() -> StepResult? {
        guard let pending = work.pendingResult else { return nil }
        work.pendingResult = nil
        guard let id = visibleScreenWalk().screen, let entry = state.screens[id] else {
            return state.finished == nil ? .rejected(.resultNotDeclared, RuntimeMessage.resultNobodyVisible(pending.name)) : nil
        }
        guard let declaration = tables.definitions.screens[entry.screen]?.screen.result(named: pending.name) else {
            return .rejected(.resultNotDeclared, RuntimeMessage.resultNotDeclared(pending.name, screen: entry.screen))
        }
        // A result declared without a type carries nothing, as a screen without input takes none.
        let payload = declaration.payload == nil ? nil : pending.payload
        if let type = declaration.payload, let problem = tables.checker.problem(with: payload, for: type) {
            return .rejected(.resultDoesNotFit, RuntimeMessage.resultDoesNotFit(pending.name, screen: entry.screen, problem))
        }
        let result = ScreenResult(result: pending.name, payload: payload)
        state.received[id] = result
        work.deliveredResults.append((id, result))
        recordNested(trigger: "result \(pending.name) → \(entry.screen)", trace: StepTrace(), result: .handled)
        return nil
    }

    /// Emits an event from the visible screen (a given instance of it, when `instance` is set).
    /// `shown` is what the visible walk found when the caller has just made it, so it is not
    /// made twice.
    /// `isTrigger` says that the step's trigger is `screen.event` (not so for `back`).
    mutating func emitFromVisible(_ event: String, screen: String, instance: Int?, payload: Value?,
                                  shown given: CoreWalk.Visible? = nil, isTrigger: Bool = true) -> StepResult {
        let shown = given ?? visibleScreenWalk().visible
        guard let id = shown.screen, let entry = state.screens[id], let owner = shown.owner else {
            return .rejected(.nothingVisible, RuntimeMessage.nothingVisible)
        }
        if let instance, state.screens[instance] == nil {
            return .rejected(.instanceNotVisible, RuntimeMessage.instanceReleased(screen))
        }
        guard entry.screen == screen else { return .rejected(.screenNotVisible, RuntimeMessage.notVisible(screen, visible: entry.screen)) }
        if let instance, instance != id { return .rejected(.instanceNotVisible, RuntimeMessage.instanceNotVisible(screen)) }
        guard let (rule, triggerText) = tables.definitions.screen(shown.number, named: screen)?.event(named: event) else {
            return .rejected(.undeclaredEvent, RuntimeMessage.undeclaredEvent(event, screen: screen))
        }
        if isTrigger, let triggerText { work.trace.trigger = triggerText }
        if let problem = tables.checker.payloadProblem(payload, rule: rule) { return .rejected(.payloadDoesNotFit, problem) }
        if let dialog = state.dialog, dialog.item.id == id {
            return emitFromDialog(dialog, event: event, payload: payload)
        }
        let emission = Emission(event: event, source: screen, payload: payload, isOutcome: false, instance: id)
        return dispatch(emission, at: owner, arrival: .item(id), depth: 0)
    }

    /// (1.2) An event of the dialog shown: the dialog closes, then the event is offered to the
    /// flow that showed it, as any event. A dialog has no `back`; and when no flow takes the
    /// event or its action is refused, the step changes nothing, so the dialog stays.
    private mutating func emitFromDialog(_ dialog: CoreDialog, event: String, payload: Value?) -> StepResult {
        guard event != BuiltinEvent.back.name else {
            return .rejected(.nothingToGoBackTo, RuntimeMessage.dialogHasNoBack(dialog.item.name))
        }
        closeDialog()
        let emission = Emission(event: event, source: dialog.item.name, payload: payload, isOutcome: false, closed: .dialog)
        let result = dispatch(emission, at: dialog.owner, arrival: .item(dialog.item.id), depth: 0)
        if !result.isHandled, state.dialog == nil { state.dialog = dialog }
        return result
    }
}
