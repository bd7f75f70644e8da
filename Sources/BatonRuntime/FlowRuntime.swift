import BatonLint
import BatonModel
import Foundation
import Observation

/// Runs a flow spec: creates the coordinators, takes events, back gestures, tab taps and deep
/// links, and records every step. Headless (tests, `baton run`) or behind a SwiftUI/UIKit host.
@MainActor @Observable
public final class FlowRuntime {
    /// How deep events, links and flow nesting may go before the runtime stops a loop.
    public nonisolated static let maxDepth = 64
    /// How many deep links are held at most; holding one more drops the oldest, with a log entry.
    public nonisolated static let maxHeldLinks = 16
    /// How many screen and flow instances one step (or the start) may create.
    public nonisolated static let maxCreatedPerStep = 10_000

    public private(set) var spec: FlowSpec
    @ObservationIgnored private(set) var index: SpecIndex
    /// The structural way of each link, shared with lint.
    @ObservationIgnored private(set) var linkWays: LinkWays
    /// Checks run-time values (payloads, facts, flags) against the spec.
    @ObservationIgnored private(set) var checker: ValueChecker
    @ObservationIgnored public let registry: ViewModelRegistry
    public private(set) var environment: RuntimeEnvironment
    public let options: RuntimeOptions
    /// The root flow's coordinator.
    public private(set) var root: FlowCoordinator
    public internal(set) var log: [LogEntry] = []
    /// How many entries were ever logged; numbers the next one.
    @ObservationIgnored var loggedCount = 0
    /// Set when a child flow finished, so the next settle restarts whatever it left empty.
    @ObservationIgnored var needsRepair = false
    /// Each flow's `on` keys by trigger, built on first use; cleared when the spec changes.
    @ObservationIgnored var transitionIndexes: [String: TransitionIndex] = [:]
    /// Deep links waiting for a switch branch to be shown.
    public internal(set) var heldLinks: [String] = []
    /// The root flow's outcome once it finished, and its payload.
    public internal(set) var finishedOutcome: String?
    public internal(set) var finishedPayload: Value?
    /// Called with every log entry as it is recorded, for analytics.
    @ObservationIgnored public var onTransition: ((LogEntry) -> Void)?

    /// The next instance id; screens and flows are numbered 1, 2, 3... in creation order.
    @ObservationIgnored var nextInstanceID = 1
    /// Instances created by the current step, against `maxCreatedPerStep`.
    @ObservationIgnored var createdThisStep = 0
    /// What the current step did, for its log entry.
    @ObservationIgnored var trace = StepTrace()
    /// What of the spec the last step used (transitions performed, links opened), for
    /// exploration and scenario coverage.
    @ObservationIgnored package internal(set) var use = StepUse()
    /// Entries recorded during the current step, after its own.
    @ObservationIgnored var nestedEntries: [LogEntry] = []
    /// (1.1) The last result handed to each screen instance, by instance id.
    @ObservationIgnored var received: [Int: ScreenResult] = [:]
    /// (1.1) A `return R` waiting for the step to end to be handed over.
    @ObservationIgnored var pendingResult: PendingResult?
    /// (1.1) New inputs for view models whose instance stayed (`singleTop`), told when the
    /// step stands.
    @ObservationIgnored var pendingInputs: [(viewModel: any ScreenViewModel, input: Value?)] = []
    /// (1.1) Sequences started with no step that can be shown; they finish when drained.
    @ObservationIgnored var pendingEmptySequences: [SequenceCoordinator] = []
    /// (1.1) Whether any transition of the spec has a `return` (steps then keep a checkpoint).
    @ObservationIgnored var usesReturn = false

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
        if lint {
            let diagnostics = Linter().lint(spec)
            if diagnostics.hasErrors { throw DiagnosticsError(diagnostics.filter { $0.severity == .error }) }
        }
        let checker = ValueChecker(spec)
        let problems = checker.settingProblems(flags: environment.flagOverrides, context: environment.context)
        if !problems.isEmpty {
            throw DiagnosticsError(problems.map { RuntimeDiagnostic.setting($0, spec: spec, supplied: environment.context) })
        }
        self.spec = spec
        self.index = SpecIndex(spec)
        self.checker = checker
        self.linkWays = LinkWays(index: index)
        self.usesReturn = Self.hasReturn(spec)
        self.registry = registry
        self.environment = RuntimeEnvironment(
            flagOverrides: environment.flagOverrides, context: checker.contextWithDefaults(environment.context))
        self.options = options
        self.root = StackCoordinator(id: 0, flow: Flow(name: spec.start.name, kind: .stack(root: Target(""))), input: nil)
        do {
            root = try makeRootFlow()
        } catch {
            throw DiagnosticsError([RuntimeDiagnostic.start(error.message, spec: spec)])
        }
        drainEmptySequences(depth: 0)
        if needsRepair {
            needsRepair = false
            repair(root, depth: 0)
            drainEmptySequences(depth: 0)
        }
        trace = StepTrace()
        nestedEntries = []
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
        let artifact = try ArtifactOpener(trustedKeys: trustedKeys).open(compiledJSON, file: file)
        try self.init(spec: artifact.spec, registry: registry, environment: environment, options: options,
                      lint: !artifact.isTrustedAndLinted)
    }

    // MARK: Steps

    /// Emits `event` from the visible instance of `screen`. A screen that is not visible, or an
    /// event it does not declare, changes nothing and is reported (`.rejected`).
    @discardableResult
    public func send(_ event: String, from screen: String, payload: Value? = nil) -> StepResult {
        runStep(trigger: "\(screen).\(event)", source: screen) {
            emitFromVisible(event, screen: screen, instance: nil, payload: payload)
        }
    }

    /// Emits `event` from a screen instance (what a view model's `send` does).
    @discardableResult
    func send(_ event: String, fromInstance instance: Int, screen: String, payload: Value?) -> StepResult {
        runStep(trigger: "\(screen).\(event)", source: screen) {
            emitFromVisible(event, screen: screen, instance: instance, payload: payload)
        }
    }

    /// The system back gesture on the visible screen.
    @discardableResult
    public func back() -> StepResult {
        let walk = visibleWalk()
        let visible = walk.screen?.screen
        return runStep(trigger: "back", source: visible) {
            guard let visible else { return .rejected(RuntimeMessage.nothingVisible) }
            return emitFromVisible("back", screen: visible, instance: nil, payload: nil, walk: walk)
        }
    }

    /// The user's swipe that closes the topmost modal.
    @discardableResult
    public func dismiss() -> StepResult {
        let walk = visibleWalk()
        return runStep(trigger: "dismiss", source: walk.screen?.screen) {
            guard let owner = walk.modalOwner, let modal = owner.presented else {
                return .rejected(RuntimeMessage.nothingPresented)
            }
            trace.record(flow: owner.flowName, action: "dismiss \(modal.item.name)")
            owner.presented = nil
            offerDismissed(modal.item.name, to: owner, depth: 0)
            return .handled
        }
    }

    /// The user tapping tab `id` of the innermost shown tabs flow that has it. Tabs under a
    /// modal cannot be tapped.
    @discardableResult
    public func selectTab(_ id: String) -> StepResult {
        let walk = visibleWalk()
        return runStep(trigger: "tab \(id)", source: walk.screen?.screen) {
            guard let tabs = walk.tappableTabs.last(where: { tabs in tabs.tabs.contains { $0.id == id } }) else {
                let covered = walk.tabs.contains { tabs in tabs.tabs.contains { $0.id == id } }
                return .rejected(covered ? RuntimeMessage.tabCovered(id, by: walk.modalOwner?.presented?.item.name)
                                         : RuntimeMessage.noTab(id))
            }
            if tabs.selectedTab == id {
                return reselect(tab: id, in: tabs)
            }
            trace.record(flow: tabs.flowName, action: "tab \(id)")
            return select(tab: id, in: tabs)
        }
    }

    /// Opens a deep link such as `/recipes/7` or `myapp://host/recipes/7?x=1`.
    @discardableResult
    public func open(_ url: String) -> LinkResult {
        var linkResult = LinkResult.noMatch
        _ = runStep(trigger: "open \(url)", source: nil) {
            let outcome = openLink(url, depth: 0)
            linkResult = outcome.result
            switch outcome.result {
            case .opened: return .handled
            case .held:
                trace.resultName = "held"
                return .handled
            case .noMatch: return .rejected(outcome.message ?? RuntimeMessage.linkNoMatch(url))
            }
        }
        return linkResult
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
        guard let value else {
            if index.flags[name] == nil, let problem = checker.flagProblem(name, .bool(false)) {
                throw DiagnosticsError([RuntimeDiagnostic.setting(problem, spec: spec)])
            }
            environment.flagOverrides[name] = nil
            settleAfterChange()
            return
        }
        try set(context: [:], flags: [name: value])
    }

    /// Sets several context facts and flag overrides at once (a scenario's `set` step), then
    /// lets following switches follow and opens held links that can now be opened. Throws,
    /// changing nothing, on any undeclared name or value that does not fit.
    public func set(context: [String: Value], flags: [String: Literal]) throws(DiagnosticsError) {
        let problems = checker.settingProblems(flags: flags, context: context, requireAll: false)
        if !problems.isEmpty { throw DiagnosticsError(problems.map { RuntimeDiagnostic.setting($0, spec: spec) }) }
        environment.context.merge(context) { _, new in new }
        environment.flagOverrides.merge(flags) { _, new in new }
        settleAfterChange()
    }

    /// A flag's current value: the override, the rollout bucket or the default; nil for an
    /// undeclared flag without an override.
    public func flagValue(_ name: String) -> Literal? {
        guard let flag = index.flags[name] else { return environment.flagOverrides[name] }
        return FlagResolver.value(of: flag, overrides: environment.flagOverrides, context: environment.context)
    }

    /// The navigation state, computed from the coordinators.
    public var state: NavigationState { computeState() }

    /// The visible screen instance with its view model, for a host that shows it; nil once the
    /// root has finished.
    public var visibleScreen: ScreenEntry? { VisibleWalk(root: root).screen }

    // MARK: Conditions

    /// Whether a `when` holds now; no condition always holds.
    func holds(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return condition.expression.holds { name in
            switch name {
            case .flag(let flag): flagValue(flag)
            case .context(let fact): environment.context[fact].flatMap(Literal.init)
            }
        }
    }

    /// Puts the run in the state of `snapshot` under `environment` (checked by the caller, its
    /// defaults filled), with no link retried and nothing followed: how exploration returns to
    /// a state it saw before.
    package func reset(to snapshot: RuntimeSnapshot, environment: RuntimeEnvironment) throws(DiagnosticsError) {
        try restore(snapshot)
        self.environment = environment
    }

    func replaceIndex(with spec: FlowSpec) {
        self.spec = spec
        self.index = SpecIndex(spec)
        self.checker = ValueChecker(index: index)
        self.linkWays = LinkWays(index: index)
        self.usesReturn = Self.hasReturn(spec)
        transitionIndexes = [:]
    }

    private static func hasReturn(_ spec: FlowSpec) -> Bool {
        spec.flows.contains { flow in
            flow.transitions.contains { transition in
                transition.performedActions.contains { if case .return = $0.kind { true } else { false } }
            }
        }
    }

    func replaceRoot(_ coordinator: FlowCoordinator) {
        root = coordinator
    }
}
