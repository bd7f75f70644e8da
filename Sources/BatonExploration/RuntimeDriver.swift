import BatonLint
import BatonModel
import BatonRuntime

/// One explored state: the navigation state as the core's value and the flags and facts in force.
struct ExploredState: Hashable {
    var core: CoreState
    /// The flags decided so far (`RuntimeDriver`): those a condition read on the way here.
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

/// What a step did, as exploration sees it: one way it can go, when it read settings that
/// were open.
struct DrivenStep {
    var outcome: NavigationStepOutcome
    /// The state after it, when it changed anything (dropped once the search is known to have
    /// it: `TakenStep.take`).
    var after: ExploredState?
    /// The key of the state after, when it changed anything and the search may not have it,
    /// or reads it (`StepMenu.Entry.needsKnownKeys`); made by `TakenStep.take`.
    var afterKey: StateKey?
    /// The flags the step was taken under: the state's, and those it read first.
    var flags: [String: Literal] = [:]
    /// The free facts the step was taken under, where the state left them out: those it read
    /// and, when the state after keeps them, the rest. Each with its value.
    var decided: [String: Value] = [:]
}

/// How a start went under one assignment of the flags the start read.
struct DrivenStart {
    var flags: [String: Literal]
    var context: [String: Value]
    var result: Result<ExploredState, DiagnosticsError>
}

/// Steps the runtime's core for the explorer: starts a run, returns to a state it saw, takes a
/// step. Everything the explorer knows of the runtime goes through here. Returning to a state
/// is assigning a value: no coordinator, view model or log is involved.
///
/// Flags are decided lazily: a run starts with none, and the first time a condition reads
/// one, the start or step is taken again under each of its values, which then hold for the
/// rest of the run. A state where a flag is still open stands for itself under every value of
/// it, so a state that differs from one already seen only in flags that one left open is not
/// explored again (`generalEnvironments(of:)`).
///
/// Its changing properties are read and written many times a step, so they are not checked for
/// overlapping accesses at run time: a driver is used by one thread at a time, and none of its
/// methods reaches one property while another access to it is under way.
final class RuntimeDriver {
    private let spec: FlowSpec
    @exclusivity(unchecked) private var core: NavigationCore?
    let freeFacts: FreeFacts
    /// The values tried for each flag conditions read.
    private let flagValues: NameTable<[Literal]>
    /// The kept branches the key keeps.
    let returning: ReturningBranches
    /// The tabs flows whose `reselect` is `keep` (`TabTap`).
    let keepOnReselect: Set<String>
    /// The outcome of a tap that selects a tab and does nothing else, once the core gave one
    /// (`notePlainTap`): every such tap has it.
    var plainTapOutcome: NavigationStepOutcome?
    /// Where the core notes the flags and facts conditions read.
    private let reads = ConditionReadLog()
    /// The assignments of flags and facts met, numbered; shared with the driver's workers.
    private let numbers: SettingNumbers
    // What this driver looked up in `numbers` that is asked for on every step, kept here so
    // that workers do not wait on each other for the table's lock. Numbers never change.

    /// The reduced number of each number.
    @exclusivity(unchecked) private var reducedNumbers: [Int: Int] = [:]
    /// The key numbers of the same settings with fewer flags decided, by key number.
    @exclusivity(unchecked) private var generalizations: [Int: [Int]] = [:]
    /// The last of each table asked for: the steps of one state, asked one after the other,
    /// mostly share their settings, and then are answered without hashing.
    @exclusivity(unchecked) private var lastReduced: (number: Int, reduced: Int)?
    @exclusivity(unchecked) private var lastGeneralization: (number: Int, general: [Int])?
    /// The number each `set` step led to from each number.
    @exclusivity(unchecked) private var changes: [SettingChange: Int] = [:]

    private struct SettingChange: Hashable {
        var from: Int
        var step: NavigationStep
    }
    /// Whether some start read more flags than `start(context:limit:)` could try every value of.
    private(set) var startsBounded = false
    /// Whether some step had to be taken under more assignments than `maxForks`.
    private(set) var forksBounded = false
    /// Whether the last `take` was cut short by `maxForks`: some ways the step can go are missing.
    @exclusivity(unchecked) private(set) var lastTakeBounded = false
    /// The most assignments of open settings one step is taken under.
    var maxForks = 1_024
    /// Where the ways of the step being taken begin in the list they are added to.
    @exclusivity(unchecked) private var firstLeaf = 0
    private typealias Assignment = SettingNumbers.Assignment

    init(spec: FlowSpec, domains: SettingDomains, freeFacts: FreeFacts, returning: ReturningBranches) {
        self.spec = spec
        self.freeFacts = freeFacts
        self.returning = returning
        self.numbers = SettingNumbers(freeFacts: freeFacts)
        flagValues = NameTable(Dictionary(domains.flags.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first }))
        keepOnReselect = Set(spec.flows.filter { $0.reselect == .keep }.map(\.name))
    }

    /// A driver for another thread: the same spec, settings and numbers, a core of its own
    /// (a copy of this one's, in the state it is in). Nil before the first start.
    func worker() -> RuntimeDriver? {
        guard var copy = core else { return nil }
        let worker = RuntimeDriver(spec: spec, freeFacts: freeFacts, flagValues: flagValues, returning: returning,
                                   keepOnReselect: keepOnReselect, numbers: numbers)
        worker.maxForks = maxForks
        copy.conditionReads = worker.reads
        worker.core = copy
        return worker
    }

    private init(spec: FlowSpec, freeFacts: FreeFacts, flagValues: NameTable<[Literal]>, returning: ReturningBranches,
                 keepOnReselect: Set<String>, numbers: SettingNumbers) {
        self.spec = spec
        self.freeFacts = freeFacts
        self.flagValues = flagValues
        self.returning = returning
        self.keepOnReselect = keepOnReselect
        self.numbers = numbers
    }

    /// The state as exploration tells states apart.
    func key(of state: ExploredState) -> StateKey {
        StateKey(state, returning: returning)
    }

    /// Starts the flow under `context`, once for each assignment of the flags the start reads
    /// (at most `limit` starts); each start state, or why it cannot start.
    func start(context: [String: Value], limit: Int) -> [DrivenStart] {
        var starts: [DrivenStart] = []
        start(flags: [:], context: context, limit: limit, into: &starts)
        return starts
    }

    private func start(flags: [String: Literal], context: [String: Value], limit: Int, into starts: inout [DrivenStart]) {
        guard starts.count < limit else {
            startsBounded = true
            return
        }
        let environment = RuntimeEnvironment(flagOverrides: flags, context: context)
        reads.clear()
        let result: Result<ExploredState, DiagnosticsError>
        // The flags the start read, before anything else reads conditions.
        var readFlags: [String] = []
        // A start that fails leaves the driver's core as it was, for the next start and `worker()`.
        do throws(DiagnosticsError) {
            var started: NavigationCore
            if let core {
                started = core
            } else {
                started = try NavigationCore(spec: spec, environment: environment, strict: true)
                // Started once more with the log attached, so the start's reads are noted.
                started.conditionReads = reads
                reads.clear()
            }
            try started.restart(environment: environment)
            let read = reads.read
            readFlags = read.flags
            // The key's number reads the core.
            core = started
            let number = number(started.environment)
            // The regions the start built hidden under a free fact it read (`HiddenRegions`).
            let madeHidden = HiddenRegions.madeAtStart(in: started.state, readFacts: read.facts, freeFacts: freeFacts)
            result = .success(ExploredState(core: started.state, flags: started.environment.flagOverrides,
                                            context: started.environment.context, environment: number,
                                            keyEnvironment: keyEnvironment(number, started.environment),
                                            changedWhileHidden: madeHidden))
        } catch {
            readFlags = reads.read.flags
            result = .failure(error)
        }
        if let flag = firstOpenFlag(in: readFlags, decided: flags) {
            for value in flagValues[flag] ?? [] {
                start(flags: flags.merging([flag: value]) { _, new in new }, context: context, limit: limit, into: &starts)
            }
        } else {
            starts.append(DrivenStart(flags: flags, context: context, result: result))
        }
    }

    /// The scenario view of `state` (top, stack, flows, modal), without the tree, with the tabs
    /// flows a tap goes to there read in the same walk; nil before the first start. Read from
    /// the state's value: the core is not moved.
    func navigation(in state: ExploredState, tappableTabs: inout [Int]) -> NavigationState? {
        guard core != nil else { return nil }
        return state.core.navigationState(tappableTabs: &tappableTabs)
    }

    /// Takes `step` from `state`: once, or once under each assignment of the open settings it
    /// reads (the flags not decided yet, and the free facts where the state leaves them out).
    /// Each way it can go is added to the end of `leaves`.
    func take(_ step: NavigationStep, from state: ExploredState, into leaves: inout [DrivenStep]) {
        lastTakeBounded = false
        firstLeaf = leaves.count
        fork(step, from: state, flags: state.flags, context: state.context, decided: [:], into: &leaves)
        forksBounded = forksBounded || lastTakeBounded
    }

    /// Takes `step` under `flags` and `context` (or uses `ran`, that run already made); then
    /// again under each value of the first open setting it read, and so on down: each leaf is
    /// one way the step can go.
    private func fork(_ step: NavigationStep, from state: ExploredState, flags: [String: Literal],
                      context: [String: Value], decided: [String: Value],
                      ran: Run? = nil, into leaves: inout [DrivenStep]) {
        guard leaves.count - firstLeaf < maxForks else {
            lastTakeBounded = true
            return
        }
        guard let (driven, readFlags, readFacts) = ran ?? run(step, from: state, flags: flags, context: context) else {
            return
        }
        if let flag = firstOpenFlag(in: readFlags, decided: flags) {
            for value in flagValues[flag] ?? [] {
                fork(step, from: state, flags: flags.merging([flag: value]) { _, new in new }, context: context,
                     decided: decided, into: &leaves)
            }
            return
        }
        guard state.leavesFreeFactsOut,
              let fact = readFacts.first(where: { freeFacts.contains($0) && decided[$0] == nil }) else {
            expand(driven, from: state, flags: flags, decided: decided, into: &leaves)
            return
        }
        for value in freeFacts.values(of: fact) {
            var next = context
            next[fact] = value
            var nextDecided = decided
            nextDecided[fact] = value
            fork(step, from: state, flags: flags, context: next, decided: nextDecided,
                 ran: context[fact] == value ? (driven, readFlags, readFacts) : nil, into: &leaves)
        }
    }

    /// Adds a leaf: as it is when the state after leaves the free facts out too (it stands for
    /// every value of them) or the state before kept them, else once under each assignment of
    /// those the step did not read, which the app may have set to anything before it.
    private func expand(_ driven: consuming DrivenStep, from state: ExploredState, flags: [String: Literal],
                        decided: [String: Value], into leaves: inout [DrivenStep]) {
        let variesByFreeFacts = state.leavesFreeFactsOut && driven.after?.leavesFreeFactsOut == false
        // The way is taken over, not copied: copying it retains all of its state after.
        driven.flags = flags
        guard variesByFreeFacts, let after = driven.after else {
            driven.decided = decided
            leaves.append(driven)
            return
        }
        var leaf = driven
        var assignments: [[String: Value]] = [decided]
        for fact in freeFacts.names where decided[fact] == nil {
            assignments = assignments.flatMap { partial in
                freeFacts.values(of: fact).map { value in partial.merging([fact: value]) { _, new in new } }
            }
        }
        for assignment in assignments {
            guard leaves.count - firstLeaf < maxForks else {
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
            leaves.append(leaf)
        }
    }

    /// The first flag of `read` that conditions read, has values to try and is not decided.
    private func firstOpenFlag(in read: [String], decided: [String: Literal]) -> String? {
        read.first { flagValues[$0] != nil && decided[$0] == nil }
    }

    /// A step taken once, with the flags and facts its conditions read.
    private typealias Run = (driven: DrivenStep, flags: [String], facts: [String])

    /// Takes `step` from `state` with its flags and facts replaced by `flags` and `context`.
    private func run(_ step: NavigationStep, from state: ExploredState, flags: [String: Literal],
                     context: [String: Value]) -> Run? {
        let forced = context != state.context || flags != state.flags
        reads.clear()
        guard move(to: state, flags: flags, context: context), var report = core?.take(step) else { return nil }
        let outcome = NavigationStepOutcome(taking: &report, of: step)
        // What the step read, before the key's check of following switches reads more.
        let (readFlags, readFacts) = reads.read
        switch outcome.name {
        case "handled", "held":
            guard let settings = core?.environment else { return nil }
            // Only a `set` (or a setting given here) changes the flags and facts; any other
            // step keeps the state's number.
            var environment = state.environment
            if forced {
                environment = number(settings)
            } else if case .set = step {
                environment = number(settings, reachedBy: step, from: state.environment)
            }
            // Read in the core, before the state after is handed over (`move(to:)` resets the
            // core before the next step).
            let keyEnvironment = keyEnvironment(environment, settings)
            guard let after = core?.handOverState() else { return nil }
            // Which hidden regions the step changed, from what its report says it changed.
            let hidden = HiddenRegions.changedWhileHidden(
                in: after, from: state.core, changedFlows: report.changes.flows, changedScreens: report.changes.screens,
                carried: state.changedWhileHidden, readFacts: readFacts, freeFacts: freeFacts)
            // The report's lists go back to the core for the next step, its log entries (which
            // exploration does not read) emptied.
            core?.recycle(&report)
            // Moved into the state after, not copied: a copy retains every table it holds.
            let driven = DrivenStep(outcome: outcome, after: ExploredState(
                core: consume after, flags: settings.flagOverrides, context: settings.context, environment: environment,
                keyEnvironment: keyEnvironment, changedWhileHidden: hidden))
            return (driven, readFlags, readFacts)
        default:
            core?.recycle(&report)
            return (DrivenStep(outcome: outcome, after: nil), readFlags, readFacts)
        }
    }

    /// The number the key uses for settings `environment` in the state the core is in: without
    /// the free facts, unless the state holds a link or has a following switch out of step
    /// (then setting any fact acts at once, and the state is only itself).
    private func keyEnvironment(_ environment: Int, _ settings: RuntimeEnvironment) -> Int {
        // Through the optional, not a copy of the core: a copy retains every table it holds.
        guard !freeFacts.isEmpty, core?.state.heldLinks.isEmpty == true,
              !freeFacts.hasFollowingSwitches || core?.hasFollowingSwitchOutOfStep() == false
        else { return environment }
        if let lastReduced, lastReduced.number == environment { return lastReduced.reduced }
        let reduced: Int
        if let known = reducedNumbers[environment] {
            reduced = known
        } else {
            reduced = numbers.reducedNumber(Assignment(flags: settings.flagOverrides, context: settings.context))
            reducedNumbers[environment] = reduced
        }
        lastReduced = (environment, reduced)
        return reduced
    }

    /// The key environments of `state`'s settings with fewer of its flags decided: a state
    /// seen with one of these, and otherwise the same key, stands for `state` already (under
    /// every value of the flags it left open). Up to `maxGeneralizedFlags` decided flags are
    /// considered; with more, only the state with none of them decided.
    func generalEnvironments(of state: ExploredState) -> [Int] {
        guard !state.flags.isEmpty else { return [] }
        if let lastGeneralization, lastGeneralization.number == state.keyEnvironment { return lastGeneralization.general }
        if let known = generalizations[state.keyEnvironment] {
            lastGeneralization = (state.keyEnvironment, known)
            return known
        }
        let names = state.flags.keys.sorted()
        let subsets: [[String]]
        if names.count <= Self.maxGeneralizedFlags {
            subsets = (0..<(1 << names.count) - 1).map { mask in
                names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] }
            }
        } else {
            subsets = [[]]
        }
        let general = subsets.map { kept -> Int in
            let assignment = Assignment(flags: state.flags.filter { kept.contains($0.key) }, context: state.context)
            return state.leavesFreeFactsOut ? numbers.reducedNumber(assignment) : numbers.number(assignment)
        }
        generalizations[state.keyEnvironment] = general
        lastGeneralization = (state.keyEnvironment, general)
        return general
    }

    static let maxGeneralizedFlags = 8

    /// The values tried for flag `name`.
    func values(ofFlag name: String) -> [Literal] {
        flagValues[name] ?? []
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

    /// The number of an assignment of flags and facts.
    private func number(_ environment: RuntimeEnvironment) -> Int {
        numbers.number(Assignment(flags: environment.flagOverrides, context: environment.context))
    }

    /// `state` as the snapshot an app would save of it; nil before the first start.
    func snapshot(of state: ExploredState) -> RuntimeSnapshot? {
        guard move(to: state) else { return nil }
        return core?.snapshot()
    }

    /// Puts the core in `state` (under `flags` and `context` when given): an assignment,
    /// cheaper than finding out whether it is there.
    private func move(to state: ExploredState, flags: [String: Literal]? = nil, context: [String: Value]? = nil) -> Bool {
        guard core != nil else { return false }
        core?.reset(to: state.core, environment: RuntimeEnvironment(flagOverrides: flags ?? state.flags,
                                                                    context: context ?? state.context))
        return true
    }
}
