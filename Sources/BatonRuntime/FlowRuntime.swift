import BatonModel
import Foundation
import Observation

/// Runs a flow spec: takes events, back gestures, tab taps and deep links, and records every
/// step. Headless (tests, `baton run`) or behind a SwiftUI/UIKit host.
///
/// The navigation state lives in one value, stepped by `NavigationCore`. Everything an app
/// observes is read from that value: a coordinator per flow instance, made when something asks
/// for it, reads its flow's state from the core when it is read (`FlowCoordinator`); each
/// screen instance has a view model, made when the instance appears; `stateVersion` counts the
/// changes of the rest. A step asked for while another is being taken (from a view model's
/// `init` or `receive(_:)`, or from an observer) is queued and taken after it, in order.
@MainActor @Observable
public final class FlowRuntime {
    /// How deep events, links and flow nesting may go before the runtime stops a loop.
    public nonisolated static let maxDepth = NavigationCore.maxDepth
    /// How many deep links are held at most; holding one more drops the oldest, with a log entry.
    public nonisolated static let maxHeldLinks = NavigationCore.maxHeldLinks
    /// How many screen and flow instances one step (or the start) may create.
    public nonisolated static let maxCreatedPerStep = NavigationCore.maxCreatedPerStep
    /// How many steps may be asked for while steps are being taken, counting those the queued
    /// steps lead to, before the rest are refused (with an error in the log).
    public nonisolated static let maxQueuedSteps = 64

    /// The core: the spec, the flags and facts, and the navigation state as a value.
    ///
    /// Not checked for overlapping accesses at run time (it is read and changed many times a
    /// step): the runtime lives on the main actor, and a step of the core calls nothing outside it.
    @ObservationIgnored @exclusivity(unchecked) package internal(set) var core: NavigationCore
    /// The flow being run; a new one comes only through `replace(with:)` or `replaceSpec(_:)`.
    public internal(set) var spec: FlowSpec
    /// The app's view-model factories and the dependencies they get.
    @ObservationIgnored public let registry: ViewModelRegistry
    /// The flag overrides and context facts in force, defaults filled.
    public internal(set) var environment: RuntimeEnvironment
    /// The options the run was started with.
    @ObservationIgnored public let options: RuntimeOptions
    /// Counts the changes of the navigation state: each step that changes it, a restore, a new
    /// flow. What a snapshot holds changes only when it does: save on it (`onChange(of:)`).
    public var stateVersion: Int {
        observeState()
        return storedStateVersion
    }
    @ObservationIgnored var storedStateVersion = 0
    /// The steps taken, oldest first: the newest `options.logLimit` at least.
    public var log: [LogEntry] {
        logIsObserved = true
        access(keyPath: \.log)
        return storedLog
    }
    /// Not checked for overlapping accesses at run time, as `core`: it is changed once a step,
    /// and nothing the change calls reads it.
    // Perf: unchecked with `use` and `queue`, 250 instructions a step (PERFORMANCE.md).
    @ObservationIgnored @exclusivity(unchecked) var storedLog: [LogEntry] = []
    // Perf: the registrar hears of a change only once something has read it (PERFORMANCE.md).
    @ObservationIgnored var stateIsObserved = false
    @ObservationIgnored var logIsObserved = false
    /// How many entries were ever logged; numbers the next one.
    @ObservationIgnored var loggedCount = 0
    /// Called with every log entry as it is recorded, for analytics.
    ///
    /// Not checked for overlapping accesses at run time: it is read once a step, on the main
    /// actor, and the runtime calls it only after reading it.
    @ObservationIgnored @exclusivity(unchecked) public var onTransition: ((LogEntry) -> Void)?

    /// The coordinators made so far of the live flow instances, by instance id: each is made
    /// when something first asks for it and let go (frozen) when its instance is released.
    ///
    /// Neither table is checked for overlapping accesses at run time, as `core`: each access
    /// ends before the app's code (a factory, an observer) runs.
    // Perf: unchecked, 380 instructions a step (PERFORMANCE.md).
    @ObservationIgnored @exclusivity(unchecked) var coordinators: [Int: FlowCoordinator] = [:]
    /// The entries made so far (with their view models) of the live screen instances, by
    /// instance id: one is made once the step that made its instance is taken when the app's
    /// factory makes its view model, else (a `GenericViewModel`) when something first reads it.
    @ObservationIgnored @exclusivity(unchecked) var screens: [Int: ScreenEntry] = [:]
    /// The steps asked for while one is being taken.
    @ObservationIgnored @exclusivity(unchecked) var queue = StepQueue(limit: FlowRuntime.maxQueuedSteps)
    /// What of the spec the last step taken used (transitions performed, links opened), for
    /// scenario coverage.
    @ObservationIgnored @exclusivity(unchecked) package internal(set) var use = StepUse()
    /// The steps refused past the queue's limit, logged after the entries of the step being
    /// taken when they were asked for.
    @ObservationIgnored var refusals: [LogEntry] = []
    /// `flowIdentity`, once asked for; let go when the spec changes.
    @ObservationIgnored var cachedIdentity: FlowIdentity?

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
    /// lint stamp is current, or a caller that linted it already). With `restoring`, the state
    /// it starts in is that snapshot's when `restoring` accepts it after taking it (else the
    /// fresh one); the view models are made once, for the state started in.
    package init(
        spec: FlowSpec, registry: ViewModelRegistry, environment: RuntimeEnvironment, options: RuntimeOptions,
        lint: Bool, restoring: ((inout NavigationCore) -> Void)? = nil
    ) throws(DiagnosticsError) {
        if lint { _ = try PreparedFlow.prepare(spec: spec) }
        var core = try NavigationCore(spec: spec, environment: environment, strict: options.strict)
        restoring?(&core)
        self.core = core
        self.spec = spec
        self.registry = registry
        self.environment = core.environment
        self.options = options
        _ = queue.begin()
        makeEntries()
        takeQueued()
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
        take(.send(event: event, screen: screen, instance: nil, payload: payload)).result
    }

    /// Emits `event` from a screen instance (what a view model's `send` does).
    @discardableResult
    func send(_ event: String, fromInstance instance: Int, screen: String, payload: Value?) -> StepResult {
        take(.send(event: event, screen: screen, instance: instance, payload: payload)).result
    }

    /// The system back gesture on the visible screen.
    @discardableResult
    public func back() -> StepResult {
        take(.back).result
    }

    /// The user's swipe that closes the topmost modal.
    @discardableResult
    public func dismiss() -> StepResult {
        take(.dismiss).result
    }

    /// The user tapping tab `id` of the innermost shown tabs flow that has it. Tabs under a
    /// modal cannot be tapped.
    @discardableResult
    public func selectTab(_ id: String) -> StepResult {
        take(.tab(id)).result
    }

    /// Opens a deep link such as `/recipes/7` or `myapp://host/recipes/7?x=1`.
    @discardableResult
    public func open(_ url: String) -> LinkResult {
        let taken = take(.open(url))
        if taken.result.outcome == .queued { return .queued }
        return taken.link ?? .noMatch
    }

    /// Why `url` opened nothing the last time it was opened: the log's message for it.
    package func noMatchReason(_ url: String) -> String {
        storedLog.last(where: { $0.trigger == "open \(url)" })?.message ?? RuntimeMessage.linkNoMatch(url)
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
        try set(context: [:], optionalFlags: [name: value])
    }

    /// Sets several context facts and flag overrides at once (a scenario's `set` step), then
    /// lets following switches follow and opens held links that can now be opened. Throws,
    /// changing nothing, on any undeclared name or value that does not fit.
    public func set(context: [String: Value], flags: [String: Literal]) throws(DiagnosticsError) {
        try set(context: context, optionalFlags: flags.mapValues { Optional($0) })
    }

    /// Checks the facts and flags now, and takes the change (now, or after the step being taken).
    private func set(context: [String: Value], optionalFlags flags: [String: Literal?]) throws(DiagnosticsError) {
        try core.checkSettings(context: context, flags: flags)
        take(.set(context: context, flags: flags))
    }

    /// A flag's current value: the override, the rollout bucket or the default; nil for an
    /// undeclared flag without an override.
    public func flagValue(_ name: String) -> Literal? {
        core.flagValue(name)
    }

    /// Takes one step, as a scenario file or the exploration would.
    package func apply(_ step: NavigationStep) -> NavigationStepOutcome {
        let taken = take(StepRequest(step))
        return NavigationStepOutcome(result: taken.result, link: taken.link, use: taken.use, isLink: step.isOpen)
    }

    /// Takes `request` now, then every step queued meanwhile; or queues it when a step is
    /// being taken; or refuses it past the queue's limit, with an entry in the log.
    /// What became of it, and what of the spec it used (nothing, when it was queued or refused).
    @discardableResult
    func take(_ request: StepRequest) -> (result: StepResult, link: LinkResult?, use: StepUse) {
        switch queue.admit(request) {
        case .queued:
            return (.queued, nil, StepUse())
        case .refused:
            refusals.append(LogEntry(sequence: 0, trigger: request.trigger, source: request.source, result: "rejected",
                                     message: RuntimeMessage.queueLimit, isError: true))
            return (.rejected(.queueLimitReached, RuntimeMessage.queueLimit), .noMatch, StepUse())
        case .now:
            let taken = takeNow(request)
            takeQueued()
            return taken
        }
    }

    /// Takes one step of the core and brings what the app reads in line with it.
    @discardableResult
    private func takeNow(_ request: StepRequest) -> (result: StepResult, link: LinkResult?, use: StepUse) {
        let (result, link) = commit(core.take(request))
        if case .set = request, environment != core.environment { environment = core.environment }
        return (result, link, use)
    }

    /// Takes the steps queued while the current one was taken, in order, until none is left.
    func takeQueued() {
        while let next = queue.next() {
            takeNow(next)
        }
        logRefusals()
    }

    /// Logs the steps refused since the last step's entries were logged, after them.
    func logRefusals() {
        guard !refusals.isEmpty else { return }
        var refused: [LogEntry] = []
        swap(&refused, &refusals)
        record(&refused)
    }

    /// The user going back `levels` levels at once, reported by a host (a shorter `path`):
    /// that many `back` steps, until one is not handled; their results.
    package func goBack(_ levels: Int) -> [StepResult] {
        var results: [StepResult] = []
        for _ in 0..<max(0, levels) {
            let result = back()
            results.append(result)
            guard result.isHandled || result.outcome == .queued else { break }
        }
        return results
    }

    // MARK: What the app reads

    /// The root flow's coordinator.
    public var root: FlowCoordinator {
        observeState()
        return coordinator(for: core.state.rootID) ?? StackCoordinator(
            id: 0, flow: Flow(name: spec.start.name, kind: .stack(root: Target(""))), runtime: nil)
    }

    /// Deep links waiting for a switch branch to be shown.
    public var heldLinks: [String] {
        observeState()
        return core.state.heldLinks
    }

    /// The root flow's outcome once it finished.
    public var finishedOutcome: String? {
        observeState()
        return core.state.finished
    }

    /// The payload the root flow finished with.
    public var finishedPayload: Value? {
        observeState()
        return core.state.finishedPayload
    }

    /// The navigation state, computed from the core's state.
    public var state: NavigationState {
        observeState()
        return core.navigationState()
    }

    /// The state as scenario files see it, without the whole tree (`tree` is an empty node).
    package var visibleState: NavigationState { core.navigationState(withTree: false) }

    /// The visible screen instance with its view model, for a host that shows it; nil once the
    /// root has finished.
    public var visibleScreen: ScreenEntry? {
        observeState()
        return visibleWalk().screen
    }

    /// The flow that presents the topmost modal, nil when nothing is presented: the one modal
    /// the user can swipe away.
    public var topmostModalOwner: FlowCoordinator? {
        observeState()
        return visibleWalk().modalOwner
    }

    /// (1.2) The alert or confirmation dialog shown over everything, nil when none is: a host
    /// shows it over the topmost view, a button for each event of its screen. Its owner is the
    /// coordinator whose `dialog` it is.
    public var dialog: PresentedItem? {
        observeState()
        guard let dialog = core.state.dialog, let item = item(dialog.item) else { return nil }
        return PresentedItem(presentation: dialog.presentation, item: item)
    }

    /// Registers a read of what `stateVersion` counts the changes of.
    private func observeState() {
        stateIsObserved = true
        access(keyPath: \.stateVersion)
    }

    /// Whether `coordinator` shows one of this run's flow instances now, not one released or
    /// replaced by a restore (a view still showing an old one must not move the new ones).
    public func isCurrent(_ coordinator: FlowCoordinator) -> Bool {
        coordinators[coordinator.id] === coordinator
    }

    // MARK: Snapshots and specs

    /// The whole navigation state as a Codable value, naming the flow it was taken under.
    public func snapshot() -> RuntimeSnapshot {
        var snapshot = core.snapshot()
        snapshot.takenUnder = flowIdentity
        return snapshot
    }

    /// The flow running now, as its snapshots name it: its content hash and `version:`.
    public var flowIdentity: FlowIdentity {
        if let cachedIdentity { return cachedIdentity }
        let made = FlowIdentity(of: spec)
        cachedIdentity = made
        return made
    }

    /// Rebuilds coordinators and view models from a snapshot, kept switch branches included:
    /// every coordinator and view model of the state left is let go. Throws (and keeps the
    /// current state) when the snapshot names a screen, flow, tab or branch the spec does not
    /// have, uses an instance id twice, or does not fit the spec, or when a step is being
    /// taken. Results handed to screens are not part of a snapshot: none is remembered after it.
    /// Refuses, before building anything, a snapshot over `SnapshotLimits` or with a stack,
    /// switch or tabs flow that shows nothing (unless the root has finished).
    ///
    /// A snapshot taken under another version of the flow (`takenUnder` names another hash)
    /// is mapped into this one instead: what still fits stays where it was, the rest starts
    /// afresh, and what was dropped, and why, is returned and logged (docs/EVOLUTION.md). Nil
    /// when the snapshot was taken under this flow, or names none, and was restored as it is.
    @discardableResult
    public func restore(_ snapshot: RuntimeSnapshot) throws(DiagnosticsError) -> CrossVersionRestore? {
        guard queue.begin() else { throw DiagnosticsError([RuntimeDiagnostic.busy("restore(_:)")]) }
        let mapped: CrossVersionRestore?
        do {
            mapped = try core.restore(snapshot) { flowIdentity }
        } catch {
            queue.end()
            throw error
        }
        forgetAll()
        makeEntries()
        noteStateChanged()
        if let mapped { log(mapped) }
        takeQueued()
        return mapped
    }

    /// Logs what a restore across versions did: what it mapped into what, then each loss.
    func log(_ restore: CrossVersionRestore) {
        var entries = restore.logEntries()
        record(&entries)
    }

    /// Swaps in a new spec. Refuses (throws, keeps running the old one) when the linter finds
    /// errors. Keeps the user's place where the new spec still has it: whatever no longer fits
    /// is dropped, and flows left empty start again. The coordinators and view models of the
    /// instances kept stay; what was made and released is returned.
    @discardableResult
    public func replaceSpec(_ newSpec: FlowSpec) throws(DiagnosticsError) -> ViewModelTurnover {
        try replace(with: PreparedFlow.prepare(spec: newSpec))
    }
}
