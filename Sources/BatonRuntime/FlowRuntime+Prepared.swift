import BatonModel
import Foundation

/// What became of the saved state handed to `FlowRuntime.start(_:restoring:...)`.
public enum RestoreOutcome: Sendable, Equatable {
    /// There was nothing saved: the flow started fresh.
    case nothingSaved
    /// The user is where they were: the snapshot was taken under this flow (or names no flow).
    case restored
    /// The snapshot was taken under another version of the flow and was mapped into this one:
    /// what still fits is where it was, the rest started afresh; what was dropped, and why. (A
    /// snapshot of a flow that starts another root flow now keeps nothing: `startedFresh`.)
    case mapped(CrossVersionRestore)
    /// The saved state no longer fits (the flow changed, the user logged out since, the data is
    /// damaged): the flow started fresh, and this says why, for the app's log.
    case startedFresh(reason: String)
}

extension FlowRuntime {
    /// Starts a prepared flow, without linting it again.
    public convenience init(
        prepared: PreparedFlow, registry: ViewModelRegistry = ViewModelRegistry(),
        environment: RuntimeEnvironment = RuntimeEnvironment(), options: RuntimeOptions = RuntimeOptions()
    ) throws(DiagnosticsError) {
        try self.init(spec: prepared.spec, registry: registry, environment: environment, options: options, lint: false)
    }

    /// Swaps in a prepared flow as `replaceSpec(_:)` does, keeping the user's place where the
    /// new flow still has it, without linting it again: what is kept is what a restore under
    /// the new flow keeps of a snapshot taken now (`SnapshotMapping`), and the turnover says
    /// what was dropped. The coordinators and view models of the
    /// instances the new flow keeps (the same instance of the same screen or flow) stay, and
    /// take the new definitions; the others are let go, and view models are made for what the
    /// new flow shows anew: the instances of both are returned. Throws, changing nothing, when
    /// the new flow cannot start, or when a step is being taken.
    @discardableResult
    public func replace(with prepared: PreparedFlow) throws(DiagnosticsError) -> ViewModelTurnover {
        guard queue.begin() else { throw DiagnosticsError([RuntimeDiagnostic.busy("replace(with:)")]) }
        let left = core.state
        let report: CoreReport, losses: [SnapshotLoss]
        do {
            (report, losses) = try core.replaceSpec(prepared.spec)
        } catch {
            queue.end()
            throw error
        }
        spec = prepared.spec
        cachedIdentity = nil
        var turnover = keepSurvivors(leaving: left)
        turnover.losses = losses
        commit(report)
        noteStateChanged()
        takeQueued()
        return turnover
    }

    /// After a new spec: lets go of the coordinators and entries whose instance the state no
    /// longer has (or has as another screen or flow), gives those kept their definitions and
    /// inputs, and makes the view models the app's factories make for the new instances. The
    /// screen instances made and let go since `left`.
    private func keepSurvivors(leaving left: CoreState) -> ViewModelTurnover {
        let now = core.state
        let released = left.screens.compactMap { id, screen in
            now.screens[id]?.screen == screen.screen ? nil : ScreenInstance(id: id, screen: screen.screen)
        }
        let made = now.screens.compactMap { id, screen in
            left.screens[id]?.screen == screen.screen ? nil : ScreenInstance(id: id, screen: screen.screen)
        }
        for (id, entry) in screens {
            guard let screen = now.screens[id], screen.screen == entry.screen else {
                screens[id] = nil
                continue
            }
            let declaration = core.tables.definitions.screens[screen.screen]
            screens[id] = ScreenEntry(id: id, screen: screen.screen, input: screen.input, viewModel: entry.viewModel,
                                      title: declaration?.title, viewModelName: declaration?.viewModelName)
            if screen.input != entry.input { entry.viewModel.update(input: screen.input) }
        }
        for (id, coordinator) in coordinators {
            if let node = now.flows[id], node.flow == coordinator.flowName, let definition = core.tables.index.flows[node.flow],
               definition.kind.keyword == coordinator.kind {
                coordinator.takeDefinition(definition)
            } else {
                coordinators[id] = nil
                coordinator.leave()
            }
        }
        makeEntries()
        return ViewModelTurnover(made: made, released: released)
    }

    /// Starts a prepared flow where the user left it: `saved` is the JSON of an earlier
    /// `snapshot()` (what an app keeps in `@SceneStorage` or on disk). A switch branch reached
    /// by `show` or `resume` is restored when today's flags and facts allow it: when it has no
    /// condition, when its `when` holds, or when it is the one the switch's conditions pick. A
    /// saved state that does not fit falls back to a fresh start, never to an error: data that
    /// does not decode, a state the flow no longer has, or a switch showing a branch whose
    /// `when` is false now (the user logged out since); a kept branch whose `when` is false now
    /// is dropped, so that no `resume` brings it back. A snapshot taken under another version
    /// of the flow (its `takenUnder` hash is not this flow's) is mapped, never trusted: what
    /// still fits stays where it was, the rest starts afresh, and the outcome (`.mapped`) and the
    /// log say what was dropped and why (docs/EVOLUTION.md). Throws only when the flow cannot
    /// start at all (its flags or facts are wrong).
    public static func start(
        _ prepared: PreparedFlow, restoring saved: Data?, registry: ViewModelRegistry = ViewModelRegistry(),
        environment: RuntimeEnvironment = RuntimeEnvironment(), options: RuntimeOptions = RuntimeOptions()
    ) throws(DiagnosticsError) -> (runtime: FlowRuntime, outcome: RestoreOutcome) {
        var outcome = RestoreOutcome.nothingSaved
        var identity: FlowIdentity?
        let runtime = try FlowRuntime(
            spec: prepared.spec, registry: registry, environment: environment, options: options, lint: false
        ) { core in
            guard let saved, !saved.isEmpty else { return }
            outcome = core.restore(saved) {
                let made = FlowIdentity(of: prepared.spec)
                identity = made
                return made
            }
        }
        if let identity { runtime.cachedIdentity = identity }
        if case .mapped(let restore) = outcome { runtime.log(restore) }
        return (runtime, outcome)
    }
}

extension NavigationCore {
    /// Takes the state `saved` (the JSON of a snapshot) holds when it fits the spec and today's
    /// flags and facts, mapped into the spec when it was taken under another version of it;
    /// else stays in the state it is in, and says why.
    mutating func restore(_ saved: Data, identity: () -> FlowIdentity) -> RestoreOutcome {
        let fresh = state
        let mapped: CrossVersionRestore?
        do {
            let snapshot = try RuntimeSnapshot.decode(saved, file: "<saved state>")
            mapped = try restore(snapshot, identity: identity)
        } catch {
            return .startedFresh(reason: error.diagnostics.map(\.message).joined(separator: "; "))
        }
        if let mapped, let restart = mapped.losses.first(where: { $0.cause == .startChanged }) {
            // Nothing of it is kept: the flow starts fresh.
            reset(to: fresh, environment: environment)
            return .startedFresh(reason: "saved under \(mapped.takenUnder), restored under \(mapped.restoredUnder): \(restart.description)")
        }
        if let stale = switchShowingWhatItMayNot() {
            reset(to: fresh, environment: environment)
            return .startedFresh(reason: "switch '\(stale.flow)' shows '\(stale.shown)', whose condition does not hold "
                + "under today's flags and facts (it would show '\(stale.wanted)')")
        }
        dropKeptBranchesThatMayNotShow()
        return mapped.map(RestoreOutcome.mapped) ?? .restored
    }
}
