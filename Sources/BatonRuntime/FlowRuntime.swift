import BatonLint
import BatonModel
import Foundation
import Observation

/// Runs a flow spec: takes events, back gestures, tab taps and deep links, and records every
/// step. Headless (tests, `baton run`) or behind a SwiftUI/UIKit host.
///
/// The navigation state lives in one value, stepped by `NavigationCore`; the runtime is its
/// observable facade: after each step it brings the coordinators (one per flow instance) and
/// the screens' view models in line with the new state, tells view models what they were
/// handed, and logs the step.
@MainActor @Observable
public final class FlowRuntime {
    /// How deep events, links and flow nesting may go before the runtime stops a loop.
    public nonisolated static let maxDepth = NavigationCore.maxDepth
    /// How many deep links are held at most; holding one more drops the oldest, with a log entry.
    public nonisolated static let maxHeldLinks = NavigationCore.maxHeldLinks
    /// How many screen and flow instances one step (or the start) may create.
    public nonisolated static let maxCreatedPerStep = NavigationCore.maxCreatedPerStep

    /// The core: the spec, the flags and facts, and the navigation state as a value.
    ///
    /// Not checked for overlapping accesses at run time (it is read and changed many times a
    /// step): the runtime lives on the main actor, and a step of the core calls nothing outside it.
    @ObservationIgnored @exclusivity(unchecked) package internal(set) var core: NavigationCore
    public private(set) var spec: FlowSpec
    @ObservationIgnored public let registry: ViewModelRegistry
    public internal(set) var environment: RuntimeEnvironment
    public let options: RuntimeOptions
    /// The root flow's coordinator.
    public internal(set) var root: FlowCoordinator
    /// The steps taken, oldest first: the newest `options.logLimit` at least.
    public internal(set) var log: [LogEntry] {
        get {
            logRead.noteRead()
            access(keyPath: \.log)
            return logEntries
        }
        set {
            changeLog { $0 = newValue }
        }
    }
    /// The log's storage. Not checked for overlapping accesses at run time, as `core`: it is
    /// appended to once a step, on the main actor, and nothing it calls reads it.
    @ObservationIgnored @exclusivity(unchecked) private var logEntries: [LogEntry] = []
    /// Whether anything has read `log`: until then it has no observers.
    @ObservationIgnored private var logRead = ReadMark()
    /// How many entries were ever logged; numbers the next one.
    @ObservationIgnored @exclusivity(unchecked) var loggedCount = 0
    /// Deep links waiting for a switch branch to be shown.
    public internal(set) var heldLinks: [String] = []
    /// The root flow's outcome once it finished, and its payload.
    public internal(set) var finishedOutcome: String?
    public internal(set) var finishedPayload: Value?
    /// Called with every log entry as it is recorded, for analytics.
    ///
    /// Not checked for overlapping accesses at run time: it is read once a step, on the main
    /// actor, and the runtime calls it only after reading it.
    @ObservationIgnored @exclusivity(unchecked) public var onTransition: ((LogEntry) -> Void)?

    /// The coordinators and screen entries (with their view models) mirroring the core's
    /// instances, by instance id.
    ///
    /// Its tables are not checked for overlapping accesses at run time, as `core`: each change
    /// of them is made after what it stores (a view model a registry made, a coordinator) is
    /// ready.
    @ObservationIgnored let mirror = FacadeMirror()
    /// Validates `spec` with the linter (throws the diagnostics when any is an error), checks
    /// the environment against it (throws one diagnostic per undeclared flag or fact, value of
    /// the wrong type or unknown variant value, and one naming every missing required fact),
    /// fills unsupplied facts from their defaults, and starts the root flow.
    public convenience init(
        spec: FlowSpec, registry: ViewModelRegistry = ViewModelRegistry(),
        environment: RuntimeEnvironment = RuntimeEnvironment(), options: RuntimeOptions = RuntimeOptions()
    ) throws(DiagnosticsError) {
        try self.init(spec: spec, registry: registry, environment: environment, options: options, lint: true)
    }

    /// Starts a flow, linting it first unless `lint` is false (a trusted signed artifact whose
    /// lint stamp is current, or a caller that linted it already).
    package init(
        spec: FlowSpec, registry: ViewModelRegistry, environment: RuntimeEnvironment, options: RuntimeOptions,
        lint: Bool
    ) throws(DiagnosticsError) {
        if lint { _ = try PreparedFlow.prepare(spec: spec) }
        var core = try NavigationCore(spec: spec, environment: environment, strict: options.strict)
        core.keepsReleased = true
        self.core = core
        self.spec = spec
        self.registry = registry
        self.environment = core.environment
        self.options = options
        self.root = StackCoordinator(id: 0, flow: Flow(name: spec.start.name, kind: .stack(root: Target(""))), input: nil)
        mirror.runtime = self
        syncMirror()
    }

    /// Reads a compiled flow (docs/COMPILED.md), bare or in a signed envelope, and starts it as
    /// `init(spec:...)` does. Given trusted keys, only an artifact signed by one of them is
    /// accepted; a trusted artifact whose lint stamp is this linter's starts without linting
    /// again, anything else is linted. `file` names the artifact in diagnostics.
    public convenience init(
        compiledJSON: Data, file: String = "<compiled>", trustedKeys: TrustedKeys? = nil,
        registry: ViewModelRegistry = ViewModelRegistry(),
        environment: RuntimeEnvironment = RuntimeEnvironment(), options: RuntimeOptions = RuntimeOptions()
    ) throws(DiagnosticsError) {
        try self.init(prepared: PreparedFlow.prepare(compiledJSON: compiledJSON, file: file, trustedKeys: trustedKeys),
                      registry: registry, environment: environment, options: options)
    }

    // MARK: Steps

    /// Emits `event` from the visible instance of `screen`. A screen that is not visible, or an
    /// event it does not declare, changes nothing and is reported (`.rejected`).
    @discardableResult
    public func send(_ event: String, from screen: String, payload: Value? = nil) -> StepResult {
        commit(core.send(event, from: screen, payload: payload)).result
    }

    /// Emits `event` from a screen instance (what a view model's `send` does).
    @discardableResult
    func send(_ event: String, fromInstance instance: Int, screen: String, payload: Value?) -> StepResult {
        commit(core.send(event, from: screen, instance: instance, payload: payload)).result
    }

    /// The system back gesture on the visible screen.
    @discardableResult
    public func back() -> StepResult {
        commit(core.back()).result
    }

    /// The user's swipe that closes the topmost modal.
    @discardableResult
    public func dismiss() -> StepResult {
        commit(core.dismiss()).result
    }

    /// The user tapping tab `id` of the innermost shown tabs flow that has it. Tabs under a
    /// modal cannot be tapped.
    @discardableResult
    public func selectTab(_ id: String) -> StepResult {
        commit(core.selectTab(id)).result
    }

    /// Opens a deep link such as `/recipes/7` or `myapp://host/recipes/7?x=1`.
    @discardableResult
    public func open(_ url: String) -> LinkResult {
        commit(core.open(url)).link ?? .noMatch
    }

    /// Why `url` opened nothing the last time it was opened: the log's message for it.
    package func noMatchReason(_ url: String) -> String {
        logEntries.last(where: { $0.trigger == "open \(url)" })?.message ?? RuntimeMessage.linkNoMatch(url)
    }

    /// Sets a context fact, then lets following switches follow and opens held links that can
    /// now be opened. Throws, changing nothing, when the fact is not declared or the value does
    /// not fit its type.
    public func setContext(_ name: String, _ value: Value) throws(DiagnosticsError) {
        try set(context: [name: value], flags: [:])
    }

    /// Overrides a flag (nil removes the override), then lets following switches follow and
    /// opens held links that can now be opened. Throws, changing nothing, when the flag is not
    /// declared or the value does not fit it.
    public func setFlag(_ name: String, _ value: Literal?) throws(DiagnosticsError) {
        commit(try core.set(context: [:], flags: [name: value]))
        environment = core.environment
    }

    /// Sets several context facts and flag overrides at once (a scenario's `set` step), then
    /// lets following switches follow and opens held links that can now be opened. Throws,
    /// changing nothing, on any undeclared name or value that does not fit.
    public func set(context: [String: Value], flags: [String: Literal]) throws(DiagnosticsError) {
        commit(try core.set(context: context, flags: flags.mapValues { Optional($0) }))
        environment = core.environment
    }

    /// A flag's current value: the override, the rollout bucket or the default; nil for an
    /// undeclared flag without an override.
    public func flagValue(_ name: String) -> Literal? {
        core.flagValue(name)
    }

    /// The navigation state, computed from the core's state.
    public var state: NavigationState { core.navigationState() }

    /// The state as scenario files see it, without the whole tree (`tree` is an empty node).
    package var visibleState: NavigationState { core.navigationState(withTree: false) }

    /// The visible screen instance with its view model, for a host that shows it; nil once the
    /// root has finished.
    public var visibleScreen: ScreenEntry? { visibleWalk().screen }

    /// The flow that presents the topmost modal, nil when nothing is presented: the one modal
    /// the user can swipe away.
    public var topmostModalOwner: FlowCoordinator? { visibleWalk().modalOwner }

    /// Whether `coordinator` is one of this run's now, not one that a restore or a new spec
    /// replaced (a view still showing an old one must not move the new ones).
    public func isCurrent(_ coordinator: FlowCoordinator) -> Bool {
        mirror.flows[coordinator.id] === coordinator
    }

    /// What of the spec the last step used (transitions performed, links opened), for
    /// exploration and scenario coverage.
    package var use: StepUse { core.use }

    /// The id the next screen or flow instance gets.
    var nextInstanceID: Int {
        get { core.state.nextInstanceID }
        set { core.state.nextInstanceID = newValue }
    }

    /// The structural way of each link, shared with lint.
    var linkWays: LinkWays { core.linkWays }

    /// Takes the next instance id of the run's deterministic counter.
    func takeInstanceID() -> Int {
        core.takeInstanceID()
    }

    /// `resume X` on switch `owner`, outside a step: shows the kept branch `name`, else a
    /// fresh one with `input`; nothing when it is the shown branch.
    func resume(_ name: String, in owner: SwitchCoordinator, input: Value?) throws(ActionFailure) {
        try core.resume(name, in: owner.id, input: input)
        core.collectReleased()
        syncMirror()
    }

    // MARK: Snapshots and specs

    /// The whole navigation state as a Codable value.
    public func snapshot() -> RuntimeSnapshot {
        core.snapshot()
    }

    /// Rebuilds coordinators and view models from a snapshot, kept switch branches included.
    /// Throws (and keeps the current state) when the snapshot names a screen, flow, tab or
    /// branch the spec does not have, uses an instance id twice, or does not fit the spec.
    /// Results handed to screens are not part of a snapshot: none is remembered after it.
    /// Refuses, before building anything, a snapshot over `SnapshotLimits` or with a stack,
    /// switch or tabs flow that shows nothing (unless the root has finished).
    public func restore(_ snapshot: RuntimeSnapshot) throws(DiagnosticsError) {
        try replacingState { () throws(DiagnosticsError) in try core.restore(snapshot) }
        syncMirror()
    }

    /// Puts the run in the state of `snapshot` under `environment` (checked by the caller, its
    /// defaults filled), with no link retried and nothing followed.
    package func reset(to snapshot: RuntimeSnapshot, environment: RuntimeEnvironment) throws(DiagnosticsError) {
        try replacingState { () throws(DiagnosticsError) in
            try core.restore(snapshot)
            core.reset(to: core.state, environment: environment)
        }
        self.environment = environment
        syncMirror()
    }

    /// Swaps in a new spec. Refuses (throws, keeps running the old one) when the linter finds
    /// errors. Keeps the user's place where the new spec still has it: whatever no longer fits
    /// is dropped, and flows left empty start again.
    public func replaceSpec(_ newSpec: FlowSpec) throws(DiagnosticsError) {
        try replace(with: PreparedFlow.prepare(spec: newSpec))
    }

    /// Swaps in a flow already linted (a `PreparedFlow`).
    func replaceLinted(_ newSpec: FlowSpec) throws(DiagnosticsError) {
        let report = try replacingState { () throws(DiagnosticsError) in try core.replaceSpec(newSpec) }
        spec = newSpec
        commit(report)
    }

    /// Runs `replace`, which puts the core in another state as a whole (a restore, a reset, a
    /// new spec), then has the mirror forget its coordinators and entries, bringing those
    /// nothing has read in line with the state left. Nothing is forgotten when it throws.
    private func replacingState<Result>(_ replace: () throws(DiagnosticsError) -> Result) throws(DiagnosticsError) -> Result {
        let left = core.state
        let result = try replace()
        mirror.removeAll(leaving: left)
        return result
    }

    // MARK: After a step

    /// Brings the facade in line with the core after a step, tells view models what they were
    /// handed, and logs the step's entries: the report goes back without its entries, results
    /// and inputs.
    @discardableResult
    func commit(_ given: consuming CoreReport) -> CoreReport {
        var report = consume given
        syncMirror()
        // What the step handed view models, and its entries, move out of the report, which
        // goes back without them: looping over the report's own lists copied each first.
        var results: [(instance: Int, result: ScreenResult)] = []
        var inputs: [(instance: Int, input: Value?)] = []
        swap(&results, &report.results)
        swap(&inputs, &report.inputs)
        for (instance, result) in results {
            if let entry = mirror.screens[instance] {
                entry.viewModel.receive(result)
            } else if core.state.screens[instance] != nil {
                mirror.pendingResults[instance] = result  // its entry is made at its first read
            }
        }
        for (instance, input) in inputs {
            mirror.screens[instance]?.viewModel.update(input: input)
        }
        var entries: [LogEntry] = []
        swap(&entries, &report.entries)
        record(entries)
        return report
    }

    /// Takes the root, the held links and the outcome from the core's state, setting each
    /// only when it changed. The stored values are compared without registering an
    /// observation: the runtime is writing them, not a view reading them. The state is read
    /// in place, not copied.
    func mirrorRunState() {
        if let newRoot = mirror.flows[core.state.rootID], newRoot !== _root { root = newRoot }
        if _heldLinks != core.state.heldLinks { heldLinks = core.state.heldLinks }
        if _finishedOutcome != core.state.finished { finishedOutcome = core.state.finished }
        if _finishedPayload != core.state.finishedPayload { finishedPayload = core.state.finishedPayload }
    }

    /// Changes the log in place, as one change for its observers when it has any.
    private func changeLog(_ change: (inout [LogEntry]) -> Void) {
        logRead.change(through: { withMutation(keyPath: \.log, $0) }) { change(&logEntries) }
    }

    /// Appends entries, numbering them and giving the first (the step's own) the final state
    /// when states are recorded, tells `onTransition`, and keeps the log within its limit.
    private func record(_ entries: consuming [LogEntry]) {
        guard !entries.isEmpty else { return }
        var numbered = entries
        let first = loggedCount + 1
        loggedCount += numbered.count
        for offset in numbered.indices { numbered[offset].sequence = first + offset }
        if options.recordsStates { numbered[0].state = state }
        // Most steps log one entry: it is moved into the log rather than copied, unless
        // `onTransition` is still to be handed it.
        let transition = onTransition
        let movesEntry = numbered.count == 1 && transition == nil
        let limit = options.logLimit
        // One change of `log` for observers, appended in place.
        changeLog { log in
            if movesEntry {
                log.append(numbered.removeLast())
            } else {
                log.append(contentsOf: numbered)
            }
            if let limit, log.count - limit > limit {
                log.removeFirst(log.count - limit)  // amortised: trims once per `limit` entries
            }
        }
        if let transition {
            for entry in numbered { transition(entry) }
        }
        core.recycle(&numbered)
    }
}
