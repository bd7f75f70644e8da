import BatonModel

extension FlowRuntime {
    /// After a step of the core: lets go of what it released, makes the view models of the
    /// screens it showed, tells view models what they were handed, tells the observers of the
    /// flows it changed, and logs it. Everything here that runs the app's code (a view model's
    /// `init`, `receive(_:)`, `update(input:)`, an observer, `onTransition`) runs after the
    /// step is taken, and a step it asks for is queued.
    @discardableResult
    func commit(_ given: consuming CoreReport) -> (result: StepResult, link: LinkResult?) {
        var report = consume given
        swap(&use, &report.use)
        // The lists move out of the report, which goes back to the core without them: looping
        // over the report's own lists copied each first.
        var changes = StepChanges()
        var results: [(instance: Int, result: ScreenResult)] = []
        var inputs: [(instance: Int, input: Value?)] = []
        swap(&changes, &report.changes)
        swap(&results, &report.results)
        swap(&inputs, &report.inputs)
        for position in changes.released.indices {
            let id = changes.released[position]
            coordinators.removeValue(forKey: id)?.leave()
            screens.removeValue(forKey: id)
        }
        for position in changes.screens.indices { bringEntryInLine(changes.screens[position]) }
        for (instance, result) in results { screens[instance]?.viewModel.receive(result) }
        for (instance, input) in inputs { screens[instance]?.viewModel.update(input: input) }
        if !coordinators.isEmpty {
            for position in changes.flows.indices { coordinators[changes.flows[position]]?.noteChanged() }
        }
        if !changes.isEmpty { noteStateChanged() }
        record(&report.entries)
        logRefusals()
        let taken = (report.result, report.link)
        swap(&changes, &report.changes)
        core.recycle(&report)
        return taken
    }

    /// Makes the entry of screen instance `id` when it has none and the app's factory makes its
    /// view model, or takes its new input (a `singleTop` push), keeping its view model. A
    /// `GenericViewModel` is made when something first reads the entry.
    private func bringEntryInLine(_ id: Int) {
        guard let screen = core.state.screens[id] else { return }
        if let entry = screens[id] {
            if entry.input != screen.input { screens[id] = entry.with(input: screen.input) }
        } else if hasFactory(screen) {
            screens[id] = makeEntry(screen)
        }
    }

    /// Makes the entries whose view model the app's factories make, for every live screen
    /// instance that has none, in the order the instances were made (by id): after a start, a
    /// restore or a new spec.
    func makeEntries() {
        guard !registry.makesOnlyGenericViewModels else { return }
        for (id, screen) in core.state.screens where screens[id] == nil && hasFactory(screen) {
            screens[id] = makeEntry(screen)
        }
    }

    /// Lets go of every coordinator (each keeps what it showed) and every view model: the
    /// state was replaced as a whole.
    func forgetAll() {
        for coordinator in coordinators.values { coordinator.leave() }
        coordinators = [:]
        screens = [:]
    }

    /// Tells the observers of `stateVersion` that the state changed.
    func noteStateChanged() {
        if stateIsObserved {
            withMutation(keyPath: \.stateVersion) { storedStateVersion &+= 1 }
        } else {
            storedStateVersion &+= 1
        }
    }

    /// A screen entry with its view model, made by the registry's factory; a `GenericViewModel`
    /// shows the last result handed to the instance.
    func makeEntry(_ screen: CoreScreen) -> ScreenEntry {
        let context = ViewModelContext(
            screen: screen.screen, instanceID: screen.id, input: screen.input, dependencies: registry.dependencies,
            runtime: self)
        let declaration = core.tables.definitions.screens[screen.screen]
        let viewModel: any ScreenViewModel = if let declaration {
            registry.makeViewModel(for: declaration, context: context, received: core.state.received[screen.id])
        } else {
            GenericViewModel(context: context, events: Screen.builtinEvents)
        }
        return ScreenEntry(id: screen.id, screen: screen.screen, input: screen.input, viewModel: viewModel,
                           title: declaration?.title, viewModelName: declaration?.viewModelName)
    }

    /// Appends entries, numbering them and giving the first (the step's own) the final state
    /// when states are recorded, tells `onTransition`, and keeps the log within its limit.
    /// Leaves `entries` empty when it could move them into the log.
    func record(_ entries: inout [LogEntry]) {
        guard !entries.isEmpty else { return }
        let first = loggedCount + 1
        loggedCount += entries.count
        for offset in entries.indices { entries[offset].sequence = first + offset }
        if options.recordsStates { entries[0].state = core.navigationState() }
        let transition = onTransition
        changeLog { log in
            // Perf: most steps' one entry is moved, not copied (PERFORMANCE.md).
            if entries.count == 1 && transition == nil {
                log.append(entries.removeLast())
            } else {
                log.append(contentsOf: entries)
            }
            if let limit = options.logLimit, log.count - limit > limit {
                log.removeFirst(log.count - limit)  // amortised: trims once per `limit` entries
            }
        }
        if let transition {
            for entry in entries { transition(entry) }
        }
    }

    /// Changes the log in place, through Observation once something has read it.
    private func changeLog(_ change: (inout [LogEntry]) -> Void) {
        if logIsObserved {
            withMutation(keyPath: \.log) { change(&storedLog) }
        } else {
            change(&storedLog)
        }
    }
}

/// A screen instance: its id and its screen.
public struct ScreenInstance: Sendable, Hashable {
    /// Unique in the run, from the runtime's deterministic counter.
    public var id: Int
    /// The screen id.
    public var screen: String

    /// The instance `id` of `screen`.
    public init(id: Int, screen: String) {
        self.id = id
        self.screen = screen
    }
}

/// What a new flow (`replace(with:)`) did to the screen instances and their view models: the
/// instances it kept keep theirs; those it made have new ones (made by the app's factory now,
/// or a `GenericViewModel` when first read); those it let go have had theirs released. And what
/// of the user's state it could not keep, as a restore under the new flow would drop it.
public struct ViewModelTurnover: Sendable, Equatable {
    /// The instances made, whose view models are new, in the order made.
    public var made: [ScreenInstance]
    /// The instances let go, whose view models were released.
    public var released: [ScreenInstance]
    /// What the new flow dropped of the state, and why (`SnapshotMapping`); empty when it
    /// kept everything.
    public var losses: [SnapshotLoss]

    /// A turnover that made `made`, let go of `released` and dropped `losses`.
    public init(made: [ScreenInstance], released: [ScreenInstance], losses: [SnapshotLoss] = []) {
        self.made = made
        self.released = released
        self.losses = losses
    }

    /// Whether the user still sees the screen they saw: no loss took their place.
    public var keepsPlace: Bool { !losses.contains(where: \.losesPlace) }
}
