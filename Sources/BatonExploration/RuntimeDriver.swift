import BatonLint
import BatonModel
import BatonRuntime

/// One explored state: the navigation state as a value and the flags and facts in force.
struct ExploredState: Hashable {
    var snapshot: RuntimeSnapshot
    var flags: [String: Literal]
    var context: [String: Value]

    /// The state as exploration tells states apart: its structure without instance ids, and
    /// without the content of what is hidden (tabs not selected, switch branches kept), which
    /// was itself explored while it was shown. Without it, every combination of the tabs'
    /// stacks would be a state of its own and an app of a few tabs would never be explored.
    var key: ExploredState {
        var copy = self
        copy.snapshot.root = copy.snapshot.root.shownPart(depth: 0)
        copy.snapshot.nextInstanceID = 0
        return copy
    }
}

/// What a step did, as exploration sees it.
struct DrivenStep {
    var outcome: NavigationStepOutcome
    /// The state after it, when it changed anything.
    var after: ExploredState?
}

/// Drives the runtime for the explorer: starts a run, returns to a state it saw, takes a step.
/// Everything the explorer knows of the runtime goes through here.
@MainActor
final class RuntimeDriver {
    private let spec: FlowSpec
    private var runtime: FlowRuntime?
    /// The state the runtime is in now, when known (a step that changed nothing keeps it).
    private var current: ExploredState?

    init(spec: FlowSpec) {
        self.spec = spec
    }

    /// Starts the flow under `flags` and `context`; the start state, or why it cannot start.
    func start(flags: [String: Literal], context: [String: Value]) -> Result<ExploredState, DiagnosticsError> {
        do {
            let runtime = try FlowRuntime(
                spec: spec, registry: ViewModelRegistry(),
                environment: RuntimeEnvironment(flagOverrides: flags, context: context),
                options: RuntimeOptions(strict: true, logLimit: 8), lint: false)
            self.runtime = runtime
            let state = ExploredState(snapshot: runtime.snapshot(), flags: runtime.environment.flagOverrides,
                                      context: runtime.environment.context)
            current = state
            return .success(state)
        } catch {
            return .failure(error)
        }
    }

    /// The scenario view of `state` (top, stack, flows, modal).
    func navigation(in state: ExploredState) -> NavigationState? {
        guard move(to: state) else { return nil }
        return runtime?.visibleState
    }

    /// Takes `step` from `state`.
    func take(_ step: NavigationStep, from state: ExploredState) -> DrivenStep? {
        guard move(to: state), let runtime else { return nil }
        let outcome = runtime.apply(step)
        switch outcome.name {
        case "handled", "held":
            let after = ExploredState(snapshot: runtime.snapshot(), flags: runtime.environment.flagOverrides,
                                      context: runtime.environment.context)
            current = after
            return DrivenStep(outcome: outcome, after: after)
        default:
            return DrivenStep(outcome: outcome, after: nil)
        }
    }

    private func move(to state: ExploredState) -> Bool {
        guard let runtime else { return false }
        if current == state { return true }
        do {
            try runtime.reset(to: state.snapshot, environment: RuntimeEnvironment(flagOverrides: state.flags, context: state.context))
            current = state
            return true
        } catch {
            current = nil
            return false
        }
    }
}

extension FlowSnapshot {
    /// The flow with every instance id set to 0, the flows of tabs not selected left out, and
    /// kept switch branches reduced to their names.
    func shownPart(depth: Int) -> FlowSnapshot {
        var copy = self
        copy.id = 0
        guard depth < 256 else { return copy }
        copy.entries = entries.map { $0.shownPart(depth: depth + 1) }
        copy.tabs = tabs.map { tab in
            TabSnapshot(id: tab.id, flow: tab.id == selectedTab ? tab.flow?.shownPart(depth: depth + 1) : nil)
        }
        copy.branch = branch?.shownPart(depth: depth + 1)
        copy.kept = kept.map { .screen(ScreenSnapshot(id: 0, screen: $0.name)) }
        if let presented {
            copy.presented = PresentedSnapshot(presentation: presented.presentation, item: presented.item.shownPart(depth: depth + 1))
        }
        return copy
    }
}

extension ItemSnapshot {
    func shownPart(depth: Int) -> ItemSnapshot {
        switch self {
        case .screen(var screen):
            screen.id = 0
            return .screen(screen)
        case .flow(let flow):
            return .flow(flow.shownPart(depth: depth))
        }
    }
}
