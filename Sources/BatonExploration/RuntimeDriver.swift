import BatonLint
import BatonModel
import BatonRuntime

/// One explored state: the navigation state as the core's value and the flags and facts in force.
struct ExploredState: Hashable {
    var core: CoreState
    var flags: [String: Literal]
    var context: [String: Value]
    /// The flags and facts as their number in the driver's table: equal numbers, equal
    /// settings, so a key compares and hashes a number instead of two dictionaries.
    var environment: Int
    /// The hidden regions changed while hidden, which the key keeps (`HiddenRegions`).
    var changedWhileHidden: [Int] = []

    /// The state as exploration tells states apart.
    var key: StateKey { StateKey(self) }
}

/// What a step did, as exploration sees it.
struct DrivenStep {
    var outcome: NavigationStepOutcome
    /// The state after it, when it changed anything.
    var after: ExploredState?
}

/// Steps the runtime's core for the explorer: starts a run, returns to a state it saw, takes a
/// step. Everything the explorer knows of the runtime goes through here. Returning to a state
/// is assigning a value: no coordinator, view model or log is involved.
final class RuntimeDriver {
    private let spec: FlowSpec
    private var core: NavigationCore?
    /// Each assignment of flags and facts met, numbered in the order met.
    private var environments: [Assignment: Int] = [:]

    /// The assignment each `set` step led to from each assignment.
    private var changes: [SettingChange: Int] = [:]

    private struct Assignment: Hashable {
        var flags: [String: Literal]
        var context: [String: Value]
    }

    private struct SettingChange: Hashable {
        var from: Int
        var step: NavigationStep
    }

    init(spec: FlowSpec) {
        self.spec = spec
    }

    /// Starts the flow under `flags` and `context`; the start state, or why it cannot start.
    /// The core is made once and restarted for each later assignment.
    func start(flags: [String: Literal], context: [String: Value]) -> Result<ExploredState, DiagnosticsError> {
        let environment = RuntimeEnvironment(flagOverrides: flags, context: context)
        do {
            var started: NavigationCore
            if let existing = core.take() {
                started = existing
                try started.restart(environment: environment)
            } else {
                started = try NavigationCore(spec: spec, environment: environment, strict: true)
            }
            core = started
            return .success(ExploredState(core: started.state, flags: started.environment.flagOverrides,
                                          context: started.environment.context, environment: number(started.environment)))
        } catch {
            return .failure(error)
        }
    }

    /// The scenario view of `state` (top, stack, flows, modal), without the tree.
    func navigation(in state: ExploredState) -> NavigationState? {
        guard move(to: state) else { return nil }
        return core?.navigationState(withTree: false)
    }

    /// Takes `step` from `state`.
    func take(_ step: NavigationStep, from state: ExploredState) -> DrivenStep? {
        guard move(to: state), let outcome = core?.apply(step) else { return nil }
        // What a facade would mirror; here, which hidden regions the step changed.
        guard let changes = core?.takeChanges() else { return nil }
        switch outcome.name {
        case "handled", "held":
            guard let after = core?.state, let settings = core?.environment else { return nil }
            // Only a `set` changes the flags and facts; any other step keeps the state's number.
            var environment = state.environment
            if case .set = step { environment = number(settings, reachedBy: step, from: state.environment) }
            let hidden = HiddenRegions.changedWhileHidden(
                in: after, from: state.core, changedFlows: changes.flows, changedScreens: changes.screens,
                carried: state.changedWhileHidden)
            return DrivenStep(outcome: outcome, after: ExploredState(core: after, flags: settings.flagOverrides,
                                                                      context: settings.context, environment: environment,
                                                                      changedWhileHidden: hidden))
        default:
            return DrivenStep(outcome: outcome, after: nil)
        }
    }

    /// The number of the assignment a `set` step leads to from assignment `previous`: the same
    /// step from the same assignment always leads to the same one, so it is looked up by the
    /// pair, without hashing the assignment.
    private func number(_ environment: RuntimeEnvironment, reachedBy step: NavigationStep, from previous: Int) -> Int {
        let change = SettingChange(from: previous, step: step)
        if let known = changes[change] { return known }
        let reached = number(environment)
        changes[change] = reached
        return reached
    }

    /// The number of an assignment of flags and facts, given when it is first met.
    private func number(_ environment: RuntimeEnvironment) -> Int {
        let assignment = Assignment(flags: environment.flagOverrides, context: environment.context)
        if let known = environments[assignment] { return known }
        let next = environments.count
        environments[assignment] = next
        return next
    }

    /// Puts the core in `state`: an assignment, cheaper than finding out whether it is there.
    private func move(to state: ExploredState) -> Bool {
        guard core != nil else { return false }
        core?.reset(to: state.core, environment: RuntimeEnvironment(flagOverrides: state.flags, context: state.context))
        return true
    }
}

/// A state as exploration tells states apart: its structure and inputs without instance ids,
/// and without the content of what is hidden (tabs not selected, switch branches kept), which
/// was itself explored while it was shown; a hidden region a step changed while it was hidden
/// is kept (`HiddenRegions`). Without that, every combination of the tabs' stacks would be a
/// state of its own and an app of a few tabs would never be explored. Results handed to
/// screens are left out too.
///
/// The search looks every key up once and stores most of them, and a dictionary hashes a key
/// again whenever it grows: the hash is computed once, when the key is made.
struct StateKey: Hashable {
    private var parts: [Part] = []
    private var environment: Int
    private var hash = 0

    private enum Part: Hashable {
        case flow(String, Value?)
        case screen(String, Value?)
        case step(Int?)
        case tab(String, selected: Bool)
        case kept(String)
        case modal(Presentation)
        case end
        case held(String)
        case finished(String, Value?)

        /// Mixes the part into a key's hash; parts that are equal mix in alike.
        func hash(into hasher: inout StateHasher) {
            switch self {
            case .flow(let name, let input): Self.add(tag: 1, name, input, to: &hasher)
            case .screen(let name, let input): Self.add(tag: 2, name, input, to: &hasher)
            case .step(let index):
                hasher.add(word: 3)
                hasher.add(index ?? -1)
                hasher.add(index == nil)
            case .tab(let id, let selected):
                hasher.add(word: 4)
                hasher.add(id)
                hasher.add(selected)
            case .kept(let name):
                hasher.add(word: 5)
                hasher.add(name)
            case .modal(let presentation):
                hasher.add(word: 6)
                hasher.add(presentation.rawValue)
            case .end:
                hasher.add(word: 7)
            case .held(let link):
                hasher.add(word: 8)
                hasher.add(link)
            case .finished(let outcome, let payload): Self.add(tag: 9, outcome, payload, to: &hasher)
            }
        }

        private static func add(tag: UInt64, _ name: String, _ value: Value?, to hasher: inout StateHasher) {
            hasher.add(word: tag)
            hasher.add(name)
            hasher.add(value)
        }
    }

    init(_ state: ExploredState) {
        environment = state.environment
        parts.reserveCapacity(state.core.flows.count * 3 + state.core.screens.count)
        add(flow: state.core.rootID, in: state.core, keeping: state.changedWhileHidden, depth: 0)
        parts += state.core.heldLinks.map(Part.held)
        if let finished = state.core.finished { parts.append(.finished(finished, state.core.finishedPayload)) }
        var hasher = StateHasher()
        for part in parts { part.hash(into: &hasher) }
        hasher.add(environment)
        hash = hasher.finalized
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.environment == rhs.environment && lhs.parts == rhs.parts
    }

    /// Whether the two states show the same, whatever their flags and facts.
    func showsTheSame(as other: StateKey) -> Bool {
        parts == other.parts
    }

    /// Adds `item`'s parts; `keptRegions` are the hidden regions whose content the key keeps.
    private mutating func add(_ item: CoreItem, in state: CoreState, keeping keptRegions: [Int], depth: Int) {
        if item.isFlow {
            add(flow: item.id, in: state, keeping: keptRegions, depth: depth + 1)
        } else {
            parts.append(.screen(item.name, state.screens[item.id]?.input))
        }
    }

    private mutating func add(flow id: Int, in state: CoreState, keeping keptRegions: [Int], depth: Int) {
        guard let flow = state.flows[id], depth < 256 else { return }
        parts.append(.flow(flow.flow, flow.input))
        switch flow.kind {
        case .stack:
            for entry in flow.entries { add(entry, in: state, keeping: keptRegions, depth: depth) }
        case .sequence:
            for entry in flow.entries {
                parts.append(.step(flow.stepIndices[entry.id]))
                add(entry, in: state, keeping: keptRegions, depth: depth)
            }
        case .tabs:
            for tab in flow.tabs {
                let selected = tab.id == flow.selectedTab
                parts.append(.tab(tab.id, selected: selected))
                if let child = tab.flow, selected || keptRegions.contains(child.id) {
                    add(child, in: state, keeping: keptRegions, depth: depth)
                }
            }
        case .switch:
            if let branch = flow.branch { add(branch, in: state, keeping: keptRegions, depth: depth) }
            for name in flow.kept.keys.sorted() {
                parts.append(.kept(name))
                if let item = flow.kept[name], keptRegions.contains(item.id) {
                    add(item, in: state, keeping: keptRegions, depth: depth)
                }
            }
        }
        if let modal = flow.presented {
            parts.append(.modal(modal.presentation))
            add(modal.item, in: state, keeping: keptRegions, depth: depth)
        }
        parts.append(.end)
    }
}
