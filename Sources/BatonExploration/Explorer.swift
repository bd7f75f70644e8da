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

/// The breadth-first search behind `Explorer`.
@MainActor
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
    private var shownScreens: Set<String> = []
    private var activeFlows: Set<String> = []
    private var linkRefusals: [CoverageTarget: String] = [:]
    /// The links tried in each setting (flags, facts, switch branches shown, held links), by the
    /// setting's number and the link's position in the menu: what opening a link shows does not
    /// depend on the rest of the state, so each is tried once there.
    private var linksTried: [[Bool]] = []
    /// Each setting seen, numbered, so a link attempt hashes a number, not the setting.
    private var settingNumbers: [LinkSetting: Int] = [:]
    private var findings = FindingCollector()
    private var boundsHit: Set<String> = []

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
        self.menu = StepMenu(spec: spec, index: index, checker: checker, domains: domains)
        self.locations = CoverageLocations(spec)
    }

    mutating func run() {
        let limit = max(options.maxStarts, 1)
        if domains.factAssignmentCount > limit { boundsHit.insert("maxStarts") }
        var started = 0
        for context in domains.startContexts(limit: limit) {
            for start in driver.start(context: context, limit: limit - started) {
                started += 1
                switch start.result {
                case .success(let state):
                    if let position = admit(state, key: driver.key(of: state), parent: nil) {
                        starts[position] = start.context
                    }
                case .failure(let error):
                    let trace = Trace(flags: start.flags, context: start.context)
                    for diagnostic in error.diagnostics {
                        findings.add(Finding.startFails(diagnostic.message, at: spec.start.location ?? spec.location, trace: trace))
                    }
                }
            }
            if driver.startsBounded { boundsHit.insert("maxStarts") }
            if started >= limit { break }
        }
        var head = 0
        while head < states.count {
            expand(head)
            head += 1
        }
        if driver.forksBounded { boundsHit.insert("maxForks") }
    }

    /// Adds a state not seen before; its position, nil when it was known or the bound is reached.
    private mutating func admit(_ state: ExploredState, key: StateKey, parent: (state: Int, steps: [TraceStep])?) -> Int? {
        guard known[key] == nil else { return nil }
        // A state seen with fewer flags decided stands for this one under every value of them.
        for general in driver.generalEnvironments(of: state) where known[key.with(environment: general)] != nil {
            return nil
        }
        guard states.count < options.maxStates else {
            boundsHit.insert("maxStates")
            return nil
        }
        known[key] = states.count
        states.append(state)
        parents.append(parent)
        return states.count - 1
    }

    private mutating func expand(_ position: Int) {
        let state = states[position]
        guard let navigation = driver.navigation(in: state) else { return }
        activeFlows.formUnion(navigation.flows)
        guard navigation.finished == nil, let top = navigation.top else { return }
        shownScreens.insert(top)
        let placement = CoverageTarget.placement(screen: top, flows: navigation.flows)
        if reached[placement] == nil { reached[placement] = trace(to: position) }
        if let bound = depthBound(navigation) {
            boundsHit.insert(bound)
            return
        }
        var stateKey: StateKey?
        /// Each step's ways (`WayOut.stuckAssignment`), but a link's: one from outside is no way out.
        var wayOuts: [[WayOut]] = []
        /// Whether `maxForks` cut a step short here: then some ways out may be missing.
        var waysMissing = false
        let steps = menu.steps(for: navigation, context: state.context)
        func take(_ entry: StepMenu.Entry) {
            var leaves: [WayOut] = []
            let drivens = driver.take(entry.step, from: state)
            waysMissing = waysMissing || driver.lastTakeBounded
            for driven in drivens {
                let outcome = driven.outcome
                let afterKey = driven.after.map(driver.key(of:))
                let location = outcome.use.transitions.first.flatMap { locations.location(of: CoverageTarget($0)) }
                let taken = presetSteps(driven.preset) + [TraceStep(entry.step.scenarioStep, location: location)]
                var out = false
                if outcome.name == "handled" || outcome.name == "held" {
                    // A fact the app sets counts as a way out when it changes what is shown (a lock
                    // screen the app clears); a deep link from outside does not.
                    if outcome.name == "handled" {
                        if entry.byUser {
                            out = true
                        } else if entry.link == nil, let afterKey {
                            // What is shown, not the facts: a fact set always changes those.
                            let key = stateKey ?? driver.key(of: state)
                            stateKey = key
                            out = !afterKey.showsTheSame(as: key)
                        }
                    }
                    for use in outcome.use.transitions { reach(CoverageTarget(use), from: position, by: taken, flags: driven.flags) }
                    for use in outcome.use.links { reach(CoverageTarget(use), from: position, by: taken, flags: driven.flags) }
                }
                if let link = entry.link, !outcome.use.links.contains(where: { CoverageTarget($0) == link }) {
                    if linkRefusals[link] == nil {
                        linkRefusals[link] = outcome.name == "held" ? "it is held in every reachable state"
                            : "it is refused in every reachable state (\(outcome.message ?? outcome.name))"
                    }
                }
                classify(entry.step, outcome, in: navigation, at: position, by: taken, flags: driven.flags)
                if let after = driven.after, let afterKey {
                    _ = admit(after, key: afterKey, parent: (position, taken))
                }
                // The flags this way decided: those the state left open (none when it read none).
                let opened = driven.flags.count == state.flags.count ? [:] : driven.flags.filter { state.flags[$0.key] == nil }
                leaves.append(WayOut(facts: driven.decided, flags: opened, out: out))
            }
            if entry.link == nil { wayOuts.append(leaves) }
        }
        for entry in steps.user { take(entry) }
        if steps.linksOpen {
            if state.changedWhileHidden.isEmpty {
                let setting = number(LinkSetting(of: state))
                for (link, entry) in menu.links.enumerated() where markTried(link: link, in: setting) { take(entry) }
            } else {
                // A region changed while hidden stays as it is when a link opens elsewhere, and
                // the key keeps it: from such a state every link is tried.
                for entry in menu.links { take(entry) }
            }
        }
        for entry in steps.facts {
            // Where the key leaves the free facts out, setting one changes nothing: the state
            // stands for every value of it already.
            if state.leavesFreeFactsOut, case .set(let context, _) = entry.step,
               context.keys.allSatisfy(driver.freeFacts.contains) { continue }
            take(entry)
        }
        if !waysMissing, let stuck = WayOut.stuckAssignment(wayOuts, freeFacts: driver.freeFacts,
                                                               flagValues: driver.values(ofFlag:)) {
            let preset = presetSteps(stuck.facts.filter { state.context[$0.key] != $0.value })
            findings.add(Finding.stuck(top, flows: navigation.flows, at: index.screens[top]?.location,
                                       trace: trace(to: position, then: preset, flags: state.flags.merging(stuck.flags) { _, new in new })))
        }
    }

    /// The `set` step for the facts the app set just before a step; none when it set none.
    private func presetSteps(_ preset: [String: Value]) -> [TraceStep] {
        preset.isEmpty ? [] : [TraceStep(NavigationStep.set(context: preset, flags: [:]).scenarioStep)]
    }

    /// The findings a step's outcome shows: an event the screen declares that nothing handles
    /// here, or an alternative the runtime refuses although the flow wires it.
    private mutating func classify(_ step: NavigationStep, _ outcome: NavigationStepOutcome, in navigation: NavigationState,
                                   at position: Int, by taken: [TraceStep], flags: [String: Literal]) {
        if outcome.name == "unhandled", case .send(let screen, let event, _) = step,
           let declaration = index.screens[screen]?.events.first(where: { $0.name == event }) {
            findings.add(Finding.unhandled(screen: screen, event: event, flows: navigation.flows,
                                           at: declaration.location, trace: trace(to: position, then: taken, flags: flags)))
        }
        if outcome.name == "rejected", let refused = outcome.use.refused {
            let target = CoverageTarget(refused)
            findings.add(Finding.rejected(step: taken.last?.summary ?? TraceStep(step.scenarioStep).summary, target: target, message: outcome.message,
                                          at: locations.location(of: target), trace: trace(to: position, then: taken, flags: flags)))
        }
    }

    private mutating func reach(_ target: CoverageTarget, from position: Int, by taken: [TraceStep],
                                flags: [String: Literal]) {
        guard reached[target] == nil else { return }
        reached[target] = trace(to: position, then: taken, flags: flags)
    }

    private mutating func number(_ setting: LinkSetting) -> Int {
        if let number = settingNumbers[setting] { return number }
        settingNumbers[setting] = settingNumbers.count
        linksTried.append(Array(repeating: false, count: menu.links.count))
        return settingNumbers.count - 1
    }

    /// Marks link `link` tried in setting `setting`; false when it already was.
    private mutating func markTried(link: Int, in setting: Int) -> Bool {
        guard linksTried.indices.contains(setting), linksTried[setting].indices.contains(link),
              !linksTried[setting][link] else { return false }
        linksTried[setting][link] = true
        return true
    }

    /// Which depth bound a state is at, if any: its visible stack too deep, or one screen too
    /// often on it.
    private func depthBound(_ navigation: NavigationState) -> String? {
        if navigation.stack.count >= options.maxStackDepth { return "maxStackDepth" }
        var counts: [String: Int] = [:]
        for screen in navigation.stack {
            counts[screen, default: 0] += 1
            if counts[screen, default: 0] > options.maxRepeats { return "maxRepeats" }
        }
        return nil
    }

    /// The shortest trace to state `position` (then `step`), start settings included.
    /// The trace's flags are those decided at its end (`flags`, or the state's): a flag holds
    /// from the start, and the steps before it was first read would go the same under any value.
    private func trace(to position: Int, then taken: [TraceStep] = [], flags: [String: Literal]? = nil) -> Trace {
        var steps: [TraceStep] = taken.reversed()
        var current = position
        var guardCount = 0
        while let parent = parents.indices.contains(current) ? parents[current] : nil, guardCount <= states.count {
            steps += parent.steps.reversed()
            current = parent.state
            guardCount += 1
        }
        let decided = flags ?? (states.indices.contains(position) ? states[position].flags : [:])
        return Trace(flags: decided, context: starts[current] ?? [:], steps: steps.reversed())
    }

    func result() -> ExplorationResult {
        var collector = findings
        let complete = !boundsHit.contains("maxStates") && !boundsHit.contains("maxStarts")
        let declared = (CoverageTarget.declared(in: spec) + reached.keys.filter {
            if case .placement = $0 { true } else { false }
        }).sorted()
        if complete {
            collector.addUnused(spec: spec, index: index, locations: locations, shownScreens: shownScreens,
                                activeFlows: activeFlows, reached: reached, linkRefusals: linkRefusals)
        }
        for bound in boundsHit.sorted() {
            collector.add(Finding.bounded(bound, options: options, states: states.count, at: spec.location))
        }
        return ExplorationResult(findings: collector.sorted, reached: reached, declared: declared,
                                 statesExplored: states.count, boundsHit: boundsHit.sorted())
    }
}

/// Where a link is tried: the flags and facts, the switch branches shown on the way from the
/// root, the links held, and the first entry of every stack and sequence (a link keeps the
/// root its stack has, which a `reset` or `replace` may have changed). A link's way resets
/// the rest of what it passes through (tabs selected, stacks set, modals dismissed), so where
/// it leads depends on these, not on the screens shown (nor on hidden content the key leaves
/// out; a state with hidden content the key keeps tries every link).
private struct LinkSetting: Hashable {
    /// The flags and facts, as the driver numbers them.
    var environment: Int
    var branches: [String]
    var heldLinks: [String]
    /// Each stack's or sequence's flow, first entry and, when that is a flow, its input (the key
    /// leaves screens' inputs out), in the order met.
    var roots: [Root] = []

    struct Root: Hashable {
        var flow: String
        var first: String
        var input: Value?
    }

    init(of state: ExploredState) {
        var branches: [String] = []
        var pending: [Int] = [state.core.rootID]
        var visited = 0
        while let id = pending.popLast(), visited < HiddenRegions.maxVisited {
            visited += 1
            guard let flow = state.core.flows[id] else { continue }
            if flow.kind == .switch { branches.append("\(flow.flow)=\(flow.branch?.name ?? "")") }
            if flow.kind == .stack || flow.kind == .sequence, let first = flow.entries.first {
                let input = first.isFlow ? state.core.flows[first.id]?.input : nil
                roots.append(Root(flow: flow.flow, first: first.name, input: input))
            }
            pending += flow.heldItems.filter(\.isFlow).map(\.id)
        }
        environment = state.keyEnvironment
        self.branches = branches.sorted()
        heldLinks = state.core.heldLinks
    }
}
