import BatonLint
import BatonModel
import BatonRuntime

/// Explores a flow with the runtime itself: from the start, under each assignment of the flags
/// and facts conditions read, it takes every step a user or the app can take in every state it
/// reaches, breadth first (so every trace is a shortest one), and reports what goes wrong
/// there. The spec must lint without errors.
@MainActor
public struct Explorer {
    public var spec: FlowSpec
    public var options: ExplorationOptions

    public init(spec: FlowSpec, options: ExplorationOptions = ExplorationOptions()) {
        self.spec = spec
        self.options = options
    }

    public func run() -> ExplorationResult {
        var search = Search(spec: spec, options: options)
        search.run()
        return search.result()
    }
}

/// The breadth-first search behind `Explorer`, used only from `Explorer.run()`; unlike
/// `Explorer`, not isolated to the main actor.
// Perf: not isolated, so its closures skip a run-time check of their actor (PERFORMANCE.md).
private struct Search {
    let spec: FlowSpec
    let options: ExplorationOptions
    let index: SpecIndex
    let driver: RuntimeDriver
    let domains: SettingDomains
    let menu: StepMenu
    let locations: CoverageLocations

    /// The states in the order they were found, each with how it was reached.
    private var states: [ExploredState] = []
    /// How each state was first reached: from which state, by which steps (a step, after the
    /// facts the app set just before it when it read free facts).
    private var parents: [(state: Int, steps: [TraceStep])?] = []
    /// The facts each start state began with (its flags are those the trace's state decided).
    private var starts: [Int: [String: Value]] = [:]
    private var known: [StateKey: Int] = [:]

    private var reached: [CoverageTarget: Trace] = [:]
    /// Which alternatives of `on` entries `reached` has, by slot: read first, without hashing.
    private let transitionSlots: TransitionSlots
    private var reachedTransitions: [Bool]
    private var shownScreens: Set<String> = []
    private var activeFlows: Set<String> = []
    /// The flows of the last state merged, whose names `activeFlows` has.
    private var lastActiveFlows: [String] = []
    private var linkRefusals: [CoverageTarget: String] = [:]
    /// The transitions reported as `rejected-in-state`: not reported as unused as well.
    private var refusedTargets: Set<CoverageTarget> = []
    /// The settings (flags, facts, switch branches shown, held links, stack roots) every link
    /// was tried in: what opening a link shows does not depend on the rest of the state, so
    /// each is tried once there, from the first state found in it.
    private var linkSettings: Set<LinkSetting> = []
    private var findings = FindingCollector()
    private var boundsHit: Set<String> = []
    /// The states each bound left out, by the bound: what `result()` reads to tell which unused
    /// parts it cannot claim.
    private var frontiers: [String: Frontier] = [:]
    /// The drivers that expand states side by side; made once the starts are known.
    private var workers: ExplorationWorkers
    /// How many states are expanded together at most: enough to keep the workers busy, few
    /// enough that the steps taken from them are not held long.
    private static let batchSize = 256

    init(spec: FlowSpec, options: ExplorationOptions) {
        self.spec = spec
        self.options = options
        self.index = SpecIndex(spec)
        let checker = ValueChecker(index: index)
        let domains = SettingDomains(spec: spec, index: index, checker: checker)
        self.domains = domains
        self.driver = RuntimeDriver(spec: spec, domains: domains, freeFacts: FreeFacts(spec: spec, domains: domains),
                                    returning: ReturningBranches(spec: spec, index: index))
        driver.maxForks = max(options.maxForks, 1)
        self.workers = ExplorationWorkers(driver: driver, count: 1)
        self.menu = StepMenu(spec: spec, index: index, checker: checker, domains: domains)
        self.locations = CoverageLocations(spec)
        transitionSlots = TransitionSlots(spec: spec)
        reachedTransitions = Array(repeating: false, count: transitionSlots.count)
    }

    mutating func run() {
        let limit = max(options.maxStarts, 1)
        if domains.factAssignmentCount > limit { cutStarts() }
        var started = 0
        for context in domains.startContexts(limit: limit) {
            for start in driver.start(context: context, limit: limit - started) {
                started += 1
                switch start.result {
                case .success(let state):
                    if let position = admit(state, key: driver.key(of: state)) {
                        starts[position] = start.context
                    }
                case .failure(let error):
                    let trace = Trace(flags: start.flags, context: start.context)
                    for diagnostic in error.diagnostics {
                        findings.add(Finding.startFails(diagnostic.message, at: spec.start.location ?? spec.location, trace: trace))
                    }
                }
            }
            if driver.startsBounded { cutStarts() }
            if started >= limit { break }
        }
        // With several workers, the search's own driver is not one of them: it merges while
        // they take the next batch's steps, then joins them with the workers' last driver.
        workers = ExplorationWorkers(driver: options.jobs > 1 ? driver.worker() ?? driver : driver, count: options.jobs)
        var next = 0
        var running: Batch?
        repeat {
            var finished = running.map { (batch: $0, taken: $0.taken.join(with: workers.joiningDriver)) }
            // The next batch is started before this one is merged: its states were all found
            // already, and while its steps are taken the merge runs beside them.
            let end = min(states.count, next + Self.batchSize)
            let started = next < end ? start(next..<end) : nil
            next = end
            if var done = finished {
                finished = nil
                merge(done.batch, &done.taken)
            }
            running = started
        } while running != nil || next < states.count
        if workers.forksBounded { boundsHit.insert("maxForks") }
    }

    /// Notes that `bound` left out what follows `state` (whose top screen, or the screen or flow
    /// a depth bound stopped at, is `at`; `opensLinks` when a link's step was cut short).
    // Perf: out of line, so that `admit` stays inlined where most searches never cut (PERFORMANCE.md).
    @inline(never)
    private mutating func cut(_ state: ExploredState, by bound: String, at: String? = nil, opensLinks: Bool = false) {
        boundsHit.insert(bound)
        frontiers[bound, default: Frontier()].add(state, at: at, linksExist: !menu.links.isEmpty, opensLinks: opensLinks)
    }

    /// Notes that `maxStarts` left starts untried: anything the flow starts with may follow.
    private mutating func cutStarts() {
        boundsHit.insert("maxStarts")
        frontiers["maxStarts", default: Frontier()].addStart(spec.start.name, linksExist: !menu.links.isEmpty)
    }

    /// States whose steps are being taken (`start(_:)`).
    private struct Batch {
        var positions: Range<Int>
        var surveys: [StateSurvey]
        var taken: JoinableWork<TakenSteps>
    }

    /// Adds a state not seen before; its position, nil when it was known or the bound is reached.
    private mutating func admit(_ state: ExploredState, key: StateKey, parent: Int? = nil, by taken: Taken? = nil) -> Int? {
        guard !driver.isKnown(state, key: key, among: known) else { return nil }
        guard states.count < options.maxStates else {
            cut(state, by: "maxStates")
            return nil
        }
        known[key] = states.count
        states.append(state)
        if let parent, let taken {
            parents.append((parent, taken.steps(at: locations)))
        } else {
            parents.append(nil)
        }
        return states.count - 1
    }

    /// Starts expanding the states at `positions`: workers survey them side by side, then
    /// take their steps, on another thread when there are several workers (`merge(_:_:)`
    /// takes in what they found). Links are marked tried here, in the order of the states.
    private mutating func start(_ positions: Range<Int>) -> Batch {
        let batch = Array(states[positions])
        let surveys = StateSurvey.survey(batch, workers: workers, menu: menu, options: options)
        let entries = batch.indices.map { self.entries(of: batch[$0], surveys[$0]) }
        // The workers read the states known as they are now, to drop the states after that
        // the search has already; the merge meanwhile changes its own copy.
        let taken = TakenStep.begin(entries, from: batch, workers: workers, known: known)
        return Batch(positions: positions, surveys: surveys, taken: taken)
    }

    /// Merges in each state of `batch`, in order, exactly as if they had been expanded one by
    /// one (states found are admitted in the same order, so traces and findings are the same).
    /// What a state's steps made is freed as soon as it is merged, while it is still in the
    /// cache from being read.
    private mutating func merge(_ batch: Batch, _ taken: inout [TakenSteps]) {
        for offset in batch.surveys.indices where taken.indices.contains(offset) {
            var steps = TakenSteps(steps: [], ways: [])
            swap(&steps, &taken[offset])
            merge(batch.positions.lowerBound + offset, batch.surveys[offset], steps)
        }
        taken.removeAll()
    }

    /// The steps taken from a state: the user's, every link when none was tried in its setting
    /// yet (the setting is marked here, in the order of the states), and the facts the app may set.
    private mutating func entries(of state: ExploredState, _ survey: StateSurvey) -> [StepMenu.Entry] {
        guard survey.expands else { return [] }
        var entries = survey.steps.user
        if survey.steps.linksOpen {
            if let linkSetting = survey.linkSetting {
                if linkSettings.insert(linkSetting).inserted { entries += menu.links }
            } else {
                // A region changed while hidden stays as it is when a link opens elsewhere, and
                // the key keeps it: from such a state every link is tried.
                entries += menu.links
            }
        }
        for entry in survey.steps.facts {
            // Where the key leaves the free facts out, setting one changes nothing: the state
            // stands for every value of it already.
            if state.leavesFreeFactsOut, case .set(let context, _) = entry.step,
               context.keys.allSatisfy(driver.freeFacts.contains) { continue }
            entries.append(entry)
        }
        return entries
    }

    /// Takes in what surveying state `position` and taking its steps found: what it shows,
    /// the states its steps reach, what they cover, and the findings.
    private mutating func merge(_ position: Int, _ survey: StateSurvey, _ taken: TakenSteps) {
        let state = states[position]
        guard let navigation = survey.navigation else { return }
        // Perf: added to only when the flows differ from the last merged state's (PERFORMANCE.md).
        if navigation.flows != lastActiveFlows {
            activeFlows.formUnion(navigation.flows)
            lastActiveFlows = navigation.flows
        }
        guard navigation.finished == nil else { return }
        guard let top = navigation.top else {
            if let (name, reason) = Self.emptiness(of: state.core) {
                findings.add(Finding.nothingShown(in: navigation.flows, reason, at: index.flows[name]?.location,
                                                  trace: trace(to: position)))
            }
            return
        }
        shownScreens.insert(top)
        let placement = CoverageTarget.placement(screen: top, flows: navigation.flows)
        if reached[placement] == nil { reached[placement] = trace(to: position) }
        if let depthCut = survey.bound {
            cut(state, by: depthCut.bound, at: depthCut.at)
            return
        }
        var stateKey: StateKey?
        /// Each step's ways (`WayOut.stuckAssignment`), but a link's: one from outside is no way out.
        var wayOuts: [[WayOut]] = []
        /// Whether `maxForks` cut a step short here: then some ways out may be missing.
        var waysMissing = false
        /// Whether it cut a link's step short.
        var linkWaysMissing = false
        /// Whether a step leads away under every value of the open settings (a way out that read
        /// none of them): then the user is not stuck here, and no more ways are noted.
        var leadsAway = false
        // Each way is read where the list keeps it: a copy would retain its whole state after.
        let ways = taken.ways
        for step in taken.steps {
            let entry = step.entry
            var leaves: [WayOut] = []
            waysMissing = waysMissing || step.bounded
            linkWaysMissing = linkWaysMissing || step.bounded && entry.link != nil
            for wayIndex in step.ways {
                let afterKey = ways[wayIndex].afterKey
                let outcome = ways[wayIndex].outcome
                let decided = ways[wayIndex].decided
                let wayFlags = ways[wayIndex].flags
                // Its trace steps are made only where they are kept: a new state, a target
                // reached first, a finding. Most steps lead to a state seen before.
                let taken = Taken(entry: entry, ways: ways, way: wayIndex, before: state.context)
                var out = false
                if outcome.name == "handled" || outcome.name == "held" {
                    // A fact the app sets counts as a way out when it changes what is shown (a lock
                    // screen the app clears); a deep link from outside does not.
                    if outcome.name == "handled" {
                        if entry.byUser {
                            out = true
                        } else if entry.needsKnownKeys, let afterKey {
                            // What is shown, not the facts: a fact set always changes those.
                            let key = stateKey ?? driver.key(of: state)
                            stateKey = key
                            out = !afterKey.showsTheSame(as: key)
                        }
                    }
                    for use in outcome.use.transitions { reach(use, from: position, by: taken, flags: wayFlags) }
                    for use in outcome.use.links { reach(CoverageTarget(use), from: position, by: taken, flags: wayFlags) }
                }
                if let link = entry.link, !outcome.use.links.contains(where: { CoverageTarget($0) == link }) {
                    if linkRefusals[link] == nil {
                        linkRefusals[link] = outcome.name == "held" ? "it is held in every reachable state"
                            : "it is refused in every reachable state (\(outcome.message ?? outcome.name))"
                    }
                }
                classify(outcome, in: navigation, at: position, by: taken, flags: wayFlags)
                if let after = ways[wayIndex].after, let afterKey {
                    _ = admit(after, key: afterKey, parent: position, by: taken)
                }
                guard !leadsAway, entry.link == nil else { continue }
                // The flags this way decided: those the state left open (none when it read none).
                let opened = wayFlags.count == state.flags.count ? [:] : wayFlags.filter { state.flags[$0.key] == nil }
                if out, decided.isEmpty, opened.isEmpty {
                    leadsAway = true
                } else {
                    leaves.append(WayOut(facts: decided, flags: opened, out: out))
                }
            }
            if entry.link == nil, !leadsAway { wayOuts.append(leaves) }
        }
        if waysMissing { cut(state, by: "maxForks", at: top, opensLinks: linkWaysMissing) }
        if !waysMissing, !leadsAway, let stuck = WayOut.stuckAssignment(wayOuts, freeFacts: driver.freeFacts,
                                                                          flagValues: driver.values(ofFlag:)) {
            let preset = Self.presetSteps(stuck.facts, before: state.context)
            findings.add(Finding.stuck(top, flows: navigation.flows, at: index.screens[top]?.location,
                                       trace: trace(to: position, then: preset, flags: state.flags.merging(stuck.flags) { _, new in new })))
        }
    }

    /// The flow that shows nothing in a state with no visible screen (the last on the way from
    /// the root), and what is empty in it.
    static func emptiness(of state: CoreState) -> (flow: String, reason: String)? {
        guard let id = state.innermostShownFlow, let flow = state.flows[id] else { return nil }
        let reason = switch flow.kind {
        case .switch: "'\(flow.flow)' shows no branch"
        case .tabs: "tab '\(flow.selectedTab)' of '\(flow.flow)' holds no flow"
        case .stack, .sequence: "'\(flow.flow)' has nothing on its stack"
        }
        return (flow.flow, reason)
    }

    /// The `set` step for the facts a step was taken under (`facts`) whose values differ from
    /// the state's (`context`): what the app set just before it; none when it set none.
    static func presetSteps(_ facts: [String: Value], before context: [String: Value]) -> [TraceStep] {
        guard !facts.isEmpty else { return [] }
        let preset = facts.filter { context[$0.key] != $0.value }
        return preset.isEmpty ? [] : [TraceStep(NavigationStep.set(context: preset, flags: [:]).scenarioStep)]
    }

    /// The findings a step's outcome shows: an event the screen declares that nothing handles
    /// here, or an alternative the runtime refuses although the flow wires it.
    private mutating func classify(_ outcome: NavigationStepOutcome, in navigation: NavigationState,
                                   at position: Int, by taken: Taken, flags: [String: Literal]) {
        if outcome.name == "unhandled", case .send(let screen, let event, _) = taken.step,
           let declaration = index.screens[screen]?.events.first(where: { $0.name == event }) {
            findings.add(Finding.unhandled(screen: screen, event: event, flows: navigation.flows, at: declaration.location,
                                           trace: trace(to: position, then: taken.steps(at: locations), flags: flags)))
        }
        if outcome.name == "handled" {
            for untaken in outcome.use.untakenOutcomes {
                findings.add(Finding.untakenOutcome(untaken, at: untaken.location(in: index, locations),
                                                    trace: trace(to: position, then: taken.steps(at: locations), flags: flags)))
            }
        }
        if let refused = outcome.use.refused, outcome.name == "rejected" || outcome.name == "handled" {
            // Handled with a refusal inside: the action for an outcome or `X.dismissed` the step
            // led to failed, while the step itself stands.
            let target = CoverageTarget(refused)
            refusedTargets.insert(target)
            let step = TraceStep(taken.step.scenarioStep).summary
            let trace = trace(to: position, then: taken.steps(at: locations), flags: flags)
            findings.add(outcome.name == "rejected"
                ? Finding.rejected(step: step, target: target, message: outcome.message, at: locations.location(of: target), trace: trace)
                : Finding.rejectedInside(step: step, target: target, message: outcome.use.refusal?.reason,
                                         at: locations.location(of: target), trace: trace))
        }
    }

    /// Notes the alternative `use` performed as reached, telling by its slot first whether it
    /// was already (most are).
    private mutating func reach(_ use: TransitionUse, from position: Int, by taken: Taken, flags: [String: Literal]) {
        let slot = transitionSlots.slot(of: use)
        if let slot, reachedTransitions[slot] { return }
        reach(CoverageTarget(use), from: position, by: taken, flags: flags)
        if let slot { reachedTransitions[slot] = true }
    }

    private mutating func reach(_ target: CoverageTarget, from position: Int, by taken: Taken, flags: [String: Literal]) {
        guard reached[target] == nil else { return }
        reached[target] = trace(to: position, then: taken.steps(at: locations), flags: flags)
    }

    /// The shortest trace to state `position` (then `step`), start settings included.
    /// The trace's flags are those decided at its end (`flags`, or the state's): a flag holds
    /// from the start, and the steps before it was first read would go the same under any value.
    private func trace(to position: Int, then taken: [TraceStep] = [], flags: [String: Literal]? = nil) -> Trace {
        // The states on the way, from `position` up to its start; then their steps from the start.
        var way: [Int] = []
        var current = position
        var count = taken.count
        while let parent = parents.indices.contains(current) ? parents[current] : nil, way.count <= states.count {
            way.append(current)
            count += parent.steps.count
            current = parent.state
        }
        var steps: [TraceStep] = []
        steps.reserveCapacity(count)
        for state in way.reversed() { steps += parents[state]?.steps ?? [] }
        steps += taken
        let decided = flags ?? (states.indices.contains(position) ? states[position].flags : [:])
        return Trace(flags: decided, context: starts[current] ?? [:], steps: steps)
    }

    /// The findings, each part no explored state used reported unused only when no state a
    /// bound left out may use it (the rest are listed in the bound's note), and what was reached.
    func result() -> ExplorationResult {
        var collector = findings
        let declared = CoverageTarget.sorted(CoverageTarget.declared(in: spec) + reached.keys.filter {
            if case .placement = $0 { true } else { false }
        })
        let bounds = boundsHit.sorted()
        let pastBounds = unexploredReach(of: bounds)
        var mayBeUsed: [String: [UnusedPart]] = [:]
        let unused = FindingCollector.unusedParts(spec: spec, index: index, locations: locations, shownScreens: shownScreens,
                                                  activeFlows: activeFlows, reached: reached, refused: refusedTargets,
                                                  linkRefusals: linkRefusals)
        for part in unused {
            // Listed once, under the first bound whose states may use it.
            if let bound = pastBounds.first(where: { part.mayBeUsed(past: $0.reach) })?.bound {
                mayBeUsed[bound, default: []].append(part)
            } else {
                collector.add(part.finding)
            }
        }
        for bound in bounds {
            collector.add(Finding.bounded(bound, options: options, states: states.count, stoppedAt: frontiers[bound]?.firstAt,
                                          mayBeUsed: mayBeUsed[bound] ?? [], index: index, at: spec.location))
        }
        let unexplored = pastBounds.isEmpty ? [] : declared.filter { target in
            if case .placement = target { return false }
            return reached[target] == nil && pastBounds.contains { $0.reach.targets.contains(target) }
        }
        return ExplorationResult(findings: collector.sorted, reached: reached, declared: declared, unexplored: unexplored,
                                 statesExplored: states.count, boundsHit: bounds, states: options.keepsStates ? reachedStates() : [])
    }

    /// Every state found, as the snapshot an app would save there (naming the flow), with its
    /// shortest trace.
    private func reachedStates() -> [ReachedState] {
        let identity = FlowIdentity(of: spec)
        return states.indices.compactMap { position in
            driver.snapshot(of: states[position]).map { found in
                var snapshot = found
                snapshot.takenUnder = identity
                return ReachedState(snapshot: snapshot, flags: states[position].flags, context: states[position].context,
                                    trace: trace(to: position))
            }
        }
    }

    /// What the states each bound in `bounds` left out could lead to, in that order. A bound
    /// reached without a state to show for it is taken to leave out anything the flow starts with.
    private func unexploredReach(of bounds: [String]) -> [(bound: String, reach: UnexploredReach)] {
        guard !bounds.isEmpty else { return [] }
        let triggers = TriggerIndex(index: index, domains: domains)
        return bounds.map { bound in
            var frontier = frontiers[bound] ?? Frontier()
            if frontier.isEmpty { frontier.addStart(spec.start.name, linksExist: !menu.links.isEmpty) }
            return (bound, UnexploredReach(frontier, triggers: triggers, tried: linkSettings))
        }
    }
}

/// A step as it was taken: what its trace steps are made of, made only when they are kept.
///
/// Made for every way of every step, and read only where the way is kept (a new state, a target
/// reached first, a finding), so it holds the step's entry and its list of ways rather than
/// copies of what it reads of them.
private struct Taken {
    let entry: StepMenu.Entry
    let ways: [DrivenStep]
    /// The way's position in `ways`.
    let way: Int
    /// The facts of the state the step was taken from.
    let before: [String: Value]

    var step: NavigationStep { entry.step }
    /// The free facts the step was taken under (`DrivenStep.decided`).
    var facts: [String: Value] { ways[way].decided }
    var use: StepUse { ways[way].outcome.use }

    /// The facts set just before, then the step, at the transition that handled it.
    func steps(at locations: CoverageLocations) -> [TraceStep] {
        let location = use.transitions.first.flatMap { locations.location(of: CoverageTarget($0)) }
        var steps = Search.presetSteps(facts, before: before)
        steps.append(TraceStep(step.scenarioStep, location: location))
        return steps
    }
}
