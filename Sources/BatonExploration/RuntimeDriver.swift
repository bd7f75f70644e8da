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
    /// The settings as the key tells them apart: `environment`, or, where the free facts are
    /// left out (`FreeFacts`), a negative number for the settings without them.
    var keyEnvironment: Int
    /// The hidden regions changed while hidden, which the key keeps (`HiddenRegions`).
    var changedWhileHidden: [Int] = []

    /// Whether the key leaves the free facts out: the state stands for itself under every
    /// value of them.
    var leavesFreeFactsOut: Bool { keyEnvironment < 0 }
}

/// What a step did, as exploration sees it.
struct DrivenStep {
    var outcome: NavigationStepOutcome
    /// The state after it, when it changed anything.
    var after: ExploredState?
    /// The free facts the step was taken under, where the state left them out: those it read
    /// and, when the state after keeps them, the rest. Each with its value.
    var decided: [String: Value] = [:]
    /// The facts of `decided` whose value differs from the state's: what the app set just
    /// before the step, for the trace.
    var preset: [String: Value] = [:]
}

/// Steps the runtime's core for the explorer: starts a run, returns to a state it saw, takes a
/// step. Everything the explorer knows of the runtime goes through here. Returning to a state
/// is assigning a value: no coordinator, view model or log is involved.
final class RuntimeDriver {
    private let spec: FlowSpec
    private var core: NavigationCore?
    let freeFacts: FreeFacts
    /// The kept branches the key keeps.
    private let returning: ReturningBranches
    /// Where the core notes the facts conditions read.
    private let reads = FactReadLog()
    /// The settings without the free facts, numbered (as -1, -2, ...) in the order met.
    private var reducedEnvironments: [Assignment: Int] = [:]
    /// The reduced number of each environment number, once looked up.
    private var reducedNumbers: [Int: Int] = [:]
    /// Whether some step had to be taken under more assignments than `maxForks`.
    private(set) var forksBounded = false
    /// Whether the last `take` was cut short by `maxForks`: some ways the step can go are missing.
    private(set) var lastTakeBounded = false
    /// The most assignments of free facts one step is taken under.
    var maxForks = 256
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

    init(spec: FlowSpec, freeFacts: FreeFacts, returning: ReturningBranches) {
        self.spec = spec
        self.freeFacts = freeFacts
        self.returning = returning
    }

    /// The state as exploration tells states apart.
    func key(of state: ExploredState) -> StateKey {
        StateKey(state, returning: returning)
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
                started.factReads = reads
            }
            core = started
            let number = number(started.environment)
            return .success(ExploredState(core: started.state, flags: started.environment.flagOverrides,
                                          context: started.environment.context, environment: number,
                                          keyEnvironment: keyEnvironment(number, started.environment)))
        } catch {
            return .failure(error)
        }
    }

    /// The scenario view of `state` (top, stack, flows, modal), without the tree.
    func navigation(in state: ExploredState) -> NavigationState? {
        guard move(to: state) else { return nil }
        return core?.navigationState(withTree: false)
    }

    /// Takes `step` from `state`: once, or, where the state leaves the free facts out, once
    /// under each assignment of the free facts the step reads (`FreeFacts`).
    func take(_ step: NavigationStep, from state: ExploredState) -> [DrivenStep] {
        lastTakeBounded = false
        guard state.leavesFreeFactsOut else {
            return run(step, from: state, context: state.context).map { [$0] } ?? []
        }
        var leaves: [DrivenStep] = []
        fork(step, from: state, context: state.context, decided: [:], into: &leaves)
        forksBounded = forksBounded || lastTakeBounded
        return leaves
    }

    /// Takes `step` under `context` (or uses `ran`, that run already made); then again under
    /// each value of the first free fact it read that is not decided yet, and so on down:
    /// each leaf is one way the step can go.
    private func fork(_ step: NavigationStep, from state: ExploredState, context: [String: Value],
                      decided: [String: Value], ran: (step: DrivenStep, read: [String])? = nil,
                      into leaves: inout [DrivenStep]) {
        guard leaves.count < maxForks else {
            lastTakeBounded = true
            return
        }
        let driven: DrivenStep
        let read: [String]
        if let ran {
            (driven, read) = ran
        } else {
            reads.clear()
            guard let made = run(step, from: state, context: context) else { return }
            (driven, read) = (made, reads.facts)
        }
        guard let fact = read.first(where: { freeFacts.contains($0) && decided[$0] == nil }) else {
            expand(driven, from: state, decided: decided, into: &leaves)
            return
        }
        for value in freeFacts.values(of: fact) {
            var next = context
            next[fact] = value
            var nextDecided = decided
            nextDecided[fact] = value
            fork(step, from: state, context: next, decided: nextDecided,
                 ran: context[fact] == value ? (driven, read) : nil, into: &leaves)
        }
    }

    /// Adds a leaf: as it is when the state after leaves the free facts out too (it stands for
    /// every value of them), else once under each assignment of those the step did not read,
    /// which the app may have set to anything before it.
    private func expand(_ driven: DrivenStep, from state: ExploredState, decided: [String: Value],
                        into leaves: inout [DrivenStep]) {
        var leaf = driven
        leaf.decided = decided
        guard let after = driven.after, !after.leavesFreeFactsOut else {
            leaf.preset = preset(decided, from: state)
            leaves.append(leaf)
            return
        }
        var assignments: [[String: Value]] = [decided]
        for fact in freeFacts.names where decided[fact] == nil {
            assignments = assignments.flatMap { partial in
                freeFacts.values(of: fact).map { value in partial.merging([fact: value]) { _, new in new } }
            }
        }
        for assignment in assignments {
            guard leaves.count < maxForks else {
                lastTakeBounded = true
                return
            }
            var variant = after
            variant.context.merge(assignment) { _, new in new }
            let settings = RuntimeEnvironment(flagOverrides: variant.flags, context: variant.context)
            variant.environment = number(settings)
            variant.keyEnvironment = variant.environment
            leaf.after = variant
            leaf.decided = assignment
            leaf.preset = preset(assignment, from: state)
            leaves.append(leaf)
        }
    }

    private func preset(_ decided: [String: Value], from state: ExploredState) -> [String: Value] {
        decided.filter { state.context[$0.key] != $0.value }
    }

    /// Takes `step` from `state` with its facts replaced by `context`.
    private func run(_ step: NavigationStep, from state: ExploredState, context: [String: Value]) -> DrivenStep? {
        let forced = context != state.context
        guard move(to: state, context: context), let outcome = core?.apply(step) else { return nil }
        // What a facade would mirror; here, which hidden regions the step changed.
        guard let changes = core?.takeChanges() else { return nil }
        switch outcome.name {
        case "handled", "held":
            guard let after = core?.state, let settings = core?.environment else { return nil }
            // Only a `set` (or a fact forced here) changes the flags and facts; any other step
            // keeps the state's number.
            var environment = state.environment
            if forced {
                environment = number(settings)
            } else if case .set = step {
                environment = number(settings, reachedBy: step, from: state.environment)
            }
            let hidden = HiddenRegions.changedWhileHidden(
                in: after, from: state.core, changedFlows: changes.flows, changedScreens: changes.screens,
                carried: state.changedWhileHidden)
            return DrivenStep(outcome: outcome, after: ExploredState(
                core: after, flags: settings.flagOverrides, context: settings.context, environment: environment,
                keyEnvironment: keyEnvironment(environment, settings), changedWhileHidden: hidden))
        default:
            return DrivenStep(outcome: outcome, after: nil)
        }
    }

    /// The number the key uses for settings `environment` in the state the core is in: without
    /// the free facts, unless the state holds a link or has a following switch out of step
    /// (then setting any fact acts at once, and the state is only itself).
    private func keyEnvironment(_ environment: Int, _ settings: RuntimeEnvironment) -> Int {
        guard !freeFacts.isEmpty, let core, core.state.heldLinks.isEmpty,
              !freeFacts.hasFollowingSwitches || !core.switchesOutOfStep().contains(where: { freeFacts.follows($0.flow) })
        else { return environment }
        if let known = reducedNumbers[environment] { return known }
        var assignment = Assignment(flags: settings.flagOverrides, context: settings.context)
        for fact in freeFacts.names { assignment.context[fact] = nil }
        let reduced: Int
        if let known = reducedEnvironments[assignment] {
            reduced = known
        } else {
            reduced = -(reducedEnvironments.count + 1)
            reducedEnvironments[assignment] = reduced
        }
        reducedNumbers[environment] = reduced
        return reduced
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

    /// Puts the core in `state` (under `context` when given): an assignment, cheaper than
    /// finding out whether it is there.
    private func move(to state: ExploredState, context: [String: Value]? = nil) -> Bool {
        guard core != nil else { return false }
        core?.reset(to: state.core, environment: RuntimeEnvironment(flagOverrides: state.flags, context: context ?? state.context))
        return true
    }
}

/// A state as exploration tells states apart: its structure and flow inputs without instance
/// ids, and without the content of what is hidden (tabs not selected, switch branches kept),
/// which was itself explored while it was shown; a hidden region a step changed while it was
/// hidden is kept (`HiddenRegions`). Without that, every combination of the tabs' stacks would
/// be a state of its own and an app of a few tabs would never be explored. Screens' inputs and
/// the results handed to them are left out too: the core hands them to the screen's view model
/// and reads them for nothing else (a flow's input, which its first screen and its restarts
/// get, is kept), so a screen reached by a link and by a tap is one state.
///
/// The search looks every key up once and stores most of them, and a dictionary hashes a key
/// again whenever it grows: the hash is computed once, when the key is made.
struct StateKey: Hashable {
    private var parts: [Part] = []
    private var environment: Int
    private var hash = 0

    private enum Part: Hashable {
        case flow(String, Value?)
        case screen(String)
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
            case .screen(let name):
                hasher.add(word: 2)
                hasher.add(name)
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

    /// What the walk that builds a key reads besides the key itself.
    private struct Walk {
        var state: CoreState
        /// The hidden regions whose content the key keeps.
        var keptRegions: [Int]
        var returning: ReturningBranches
    }

    /// The key of `state`; kept branches that cannot come back (`returning`) are left out.
    init(_ state: ExploredState, returning: ReturningBranches) {
        environment = state.keyEnvironment
        parts.reserveCapacity(state.core.flows.count * 3 + state.core.screens.count)
        let walk = Walk(state: state.core, keptRegions: state.changedWhileHidden, returning: returning)
        add(flow: state.core.rootID, walk, depth: 0)
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

    private mutating func add(_ item: CoreItem, _ walk: Walk, depth: Int) {
        if item.isFlow {
            add(flow: item.id, walk, depth: depth + 1)
        } else {
            parts.append(.screen(item.name))
        }
    }

    private mutating func add(flow id: Int, _ walk: Walk, depth: Int) {
        guard let flow = walk.state.flows[id], depth < 256 else { return }
        parts.append(.flow(flow.flow, flow.input))
        switch flow.kind {
        case .stack:
            for entry in flow.entries { add(entry, walk, depth: depth) }
        case .sequence:
            for entry in flow.entries {
                parts.append(.step(flow.stepIndices[entry.id]))
                add(entry, walk, depth: depth)
            }
        case .tabs:
            for tab in flow.tabs {
                let selected = tab.id == flow.selectedTab
                parts.append(.tab(tab.id, selected: selected))
                if let child = tab.flow, selected || walk.keptRegions.contains(child.id) {
                    add(child, walk, depth: depth)
                }
            }
        case .switch:
            if let branch = flow.branch { add(branch, walk, depth: depth) }
            for name in flow.kept.keys.sorted() where walk.returning.canComeBack(name, of: flow.flow) {
                parts.append(.kept(name))
                if let item = flow.kept[name], walk.keptRegions.contains(item.id) {
                    add(item, walk, depth: depth)
                }
            }
        }
        if let modal = flow.presented {
            parts.append(.modal(modal.presentation))
            add(modal.item, walk, depth: depth)
        }
        parts.append(.end)
    }
}
