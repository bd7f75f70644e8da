import BatonSemantics
import BatonModel

/// The runtime's core: the spec's tables (`SpecTables`, made once per spec), the flags and
/// facts in force, the navigation state as a value (`CoreState`) and the step being taken
/// (`StepWork`), with the step function over them. Every step (an event, back, the swipe, a tab
/// tap, a deep link, a change of facts or flags) changes `state` and reports what happened and
/// what it changed (`CoreReport`); nothing else holds navigation state. `FlowRuntime`'s
/// coordinators are views of it, and exploration steps it directly, copying and comparing
/// states.
package struct NavigationCore: Sendable {
    /// How deep events, links and flow nesting may go before the core stops a loop.
    package static let maxDepth = 64
    /// How many deep links are held at most; holding one more drops the oldest, with a log entry.
    package static let maxHeldLinks = 16
    /// How many screen and flow instances one step (or the start) may create.
    package static let maxCreatedPerStep = 10_000

    /// The spec and the tables made from it once, read where they are kept (`tables.definitions`).
    package private(set) var tables: SpecTables
    /// What each deep link matched, by URL; cleared when the spec changes.
    var linkMatches: [String: Result<LinkTarget, ActionFailure>] = [:]
    /// How many link matches are remembered before the memory starts again, and how long a
    /// URL may be to be remembered.
    static let maxCachedLinks = 256
    static let maxCachedLinkBytes = 2_048
    /// The flag overrides and context facts in force, defaults filled.
    package internal(set) var environment: RuntimeEnvironment
    /// Whether unhandled and rejected steps are logged as errors.
    package let strict: Bool
    /// The navigation state.
    package internal(set) var state: CoreState
    /// Where the flags and facts conditions read are noted, when attached (exploration); nil
    /// in apps.
    package var conditionReads: ConditionReadLog?

    /// What the step being taken did and has yet to do: empty between steps but for the room
    /// its lists keep.
    var work = StepWork()

    /// Checks the environment against `spec` (throws one diagnostic per undeclared flag or
    /// fact, value of the wrong type or unknown variant value, and one naming every missing
    /// required fact), fills unsupplied facts from their defaults, and starts the root flow.
    /// The spec is linted by the caller.
    package init(spec: FlowSpec, environment: RuntimeEnvironment, strict: Bool) throws(DiagnosticsError) {
        self.tables = SpecTables(spec)
        self.environment = environment
        self.strict = strict
        self.state = .empty
        try restart(environment: environment)
    }

    /// Starts the run again from nothing under `environment`, checked and filled as `init`
    /// does, keeping what was built from the spec: how exploration starts each assignment of
    /// flags and facts without indexing the spec again. Throws, leaving no state to step,
    /// when the environment does not fit or the root flow cannot start.
    package mutating func restart(environment: RuntimeEnvironment) throws(DiagnosticsError) {
        clearStepRecords()
        defer { clearStepRecords() }
        state = .empty
        let problems = tables.checker.settingProblems(flags: environment.flagOverrides, context: environment.context)
        if !problems.isEmpty {
            throw DiagnosticsError(problems.map { RuntimeDiagnostic.setting($0, spec: tables.spec, supplied: environment.context) })
        }
        self.environment = RuntimeEnvironment(
            flagOverrides: environment.flagOverrides, context: tables.checker.contextWithDefaults(environment.context))
        do {
            state.rootID = try makeRootFlow()
        } catch {
            throw DiagnosticsError([RuntimeDiagnostic.start(error.message, spec: tables.spec)])
        }
        drainEmptySequences(depth: 0)
        if work.needsRepair {
            work.needsRepair = false
            repair(state.rootID, depth: 0)
            drainEmptySequences(depth: 0)
        }
        collectReleased()
    }

    /// Forgets what the last step did and made: a start begins with none of it.
    private mutating func clearStepRecords() {
        work.trace = StepTrace()
        work.nestedEntries = []
        work.createdThisStep = 0
        work.needsRepair = false
        work.pendingResult = nil
        work.pendingEmptySequences = []
        work.deliveredResults = []
        work.updatedInputs = []
        forgetHeldRecords()
    }

    /// Forgets what the step noted its changed flows held, let go of and made, keeping the
    /// lists' room for the next step.
    private mutating func forgetHeldRecords() {
        work.heldAtStepStart.empty()
        work.heldItemsAtStepStart.empty()
        work.heldRecorded.removeAll()
        work.changedWithoutNote.removeAll()
        work.letGo.empty()
        work.madeThisStep.empty()
    }

    /// Puts the core in `state` under `environment` (checked by the caller, its defaults
    /// filled), with no link retried and nothing followed: how exploration returns to a state
    /// it saw before.
    package mutating func reset(to state: CoreState, environment: RuntimeEnvironment) {
        self.state = state
        self.environment = environment
    }

    /// Hands the state over without copying it and leaves the core empty, with no instance:
    /// for a caller that puts the core in a state (`reset(to:environment:)`) before each step
    /// and keeps each state a step leads to. A copy would retain every table the state holds,
    /// and the next reset release them again.
    package mutating func handOverState() -> CoreState {
        var handed = CoreState.empty
        swap(&handed, &state)
        return handed
    }

    /// A flag's current value: the override, the rollout bucket or the default; nil for an
    /// undeclared flag without an override.
    package func flagValue(_ name: String) -> Literal? {
        guard let definition = tables.definitions.flags[name] else { return environment.flagOverrides[name] }
        if !definition.flag.rollout.isEmpty, environment.flagOverrides[name] == nil {
            conditionReads?.note(fact: definition.flag.bucketFact)
        }
        return definition.value(overrides: environment.flagOverrides, context: environment.context)
    }

    /// The branch a switch shows now: the first whose `when` holds, the last when none does.
    func shownBranch(of branches: [Step]) -> Step? {
        branches.first(where: { holds($0.when) }) ?? branches.last
    }

    /// Whether a `when` holds now; no condition always holds.
    func holds(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return condition.expression.holds { name in
            switch name {
            case .flag(let flag):
                conditionReads?.note(flag: flag)
                return flagValue(flag)
            case .context(let fact):
                conditionReads?.note(fact: fact)
                return environment.context[fact].flatMap(Literal.init)
            }
        }
    }

    /// Takes a new spec (linted by the caller) for what follows.
    mutating func replaceIndex(with spec: FlowSpec) {
        tables = SpecTables(spec)
        linkMatches = [:]
    }

    /// Flow instance `id`, to change it: every change of a flow goes through here, so the
    /// step's report says which flows changed and the step learns whether it released anything.
    ///
    /// A copy of the flow still held when it changes (a `let flow = state.flows[id]` still in
    /// scope) shares its fields, and the change then copies them all: a caller reads what it
    /// needs of the flow in a scope, or an expression, that ends before the change.
    subscript(changing id: Int) -> CoreFlow? {
        get { state.flows[id] }
        _modify {
            work.changes.flows.insert(id)
            if !work.heldRecorded.contains(id) {
                work.heldRecorded.insert(id)
                let start = work.heldItemsAtStepStart.count
                state.flows[id]?.appendHeldItems(to: &work.heldItemsAtStepStart)
                work.heldAtStepStart.append((id, start..<work.heldItemsAtStepStart.count))
            }
            // Moved out of the table for the change and back, so the flow's fields stay
            // unshared and the change copies nothing. Not through the table's own accessor:
            // one accessor inside another is allocated on the heap for every change.
            var (place, flow) = state.flows.take(id)
            defer { state.flows.putBack(flow, of: id, at: place) }
            yield &flow
        }
    }

    /// Flow `id`, to change in a way that lets go of nothing it holds (a push, a tab selected,
    /// a parent set): noted as changed, but what it held is not noted, as `[changing:]` notes
    /// it, all of a deep stack at its first change in a step.
    subscript(keepingAllHeld id: Int) -> CoreFlow? {
        get { state.flows[id] }
        _modify {
            work.changes.flows.insert(id)
            if !work.heldRecorded.contains(id) { work.changedWithoutNote.insert(id) }
            var (place, flow) = state.flows.take(id)
            defer { state.flows.putBack(flow, of: id, at: place) }
            yield &flow
        }
    }

    /// Pushes `item` onto the stack of flow `id`; a push lets go of nothing.
    mutating func push(_ item: CoreItem, onto id: Int) {
        self[keepingAllHeld: id]?.entries.append(item)
    }

    /// Keeps the first `count` entries of the stack of flow `id`, letting go of the others.
    mutating func truncate(_ id: Int, to count: Int) {
        if !work.heldRecorded.contains(id) { state.flows[id]?.appendEntries(from: count, to: &work.letGo) }
        self[keepingAllHeld: id]?.truncate(to: count)
    }

    /// Presents `modal` over flow `id` (nil: none), letting go of the modal it replaces.
    mutating func setPresented(_ modal: CoreModal?, of id: Int) {
        if !work.heldRecorded.contains(id), let shown = state.flows[id]?.presented?.item { work.letGo.append(HeldItem(shown)) }
        self[keepingAllHeld: id]?.presented = modal
    }

    /// Takes back the lists of a report its reader is done with (its entries, once logged or
    /// read, its changes, and its use unless the reader took it), to make the next step's in: a
    /// step then allocates none. Not the room of a step that made many, which would be held for
    /// good.
    package mutating func recycle(_ report: inout CoreReport) {
        if report.use.transitions.capacity > 0, report.use.transitions.capacity <= 8 {
            report.use.removeAll()
            swap(&report.use, &work.spareUse)
        }
        if report.entries.capacity <= 8 {
            report.entries.empty()
            swap(&report.entries, &work.spareEntries)
        }
        if report.changes.flows.count <= 8, report.changes.screens.count <= 8, report.changes.released.count <= 8 {
            report.changes.removeAll()
            swap(&report.changes, &work.spareChanges)
        }
    }

    /// The definition of a flow instance's flow.
    func definition(_ id: Int) -> FlowDefinition? {
        state.flows[id].flatMap { tables.definitions.definition(of: $0) }
    }

    /// The flow instance's input with its flow's `with` merged over it: what its first
    /// screen gets.
    func contentInput(_ id: Int) -> Value? {
        guard let flow = state.flows[id] else { return nil }
        return Values.merge(flow.input, tables.definitions.definition(of: flow)?.flow.with?.value)
    }

    /// `id` and its parents, nearest first.
    func ancestors(of id: Int) -> [Int] {
        var chain: [Int] = []
        forEachAncestor(of: id) { chain.append($0) }
        return chain
    }

    /// How many flows `ancestors(of: id)` lists, counted without listing them.
    func ancestorCount(of id: Int) -> Int {
        var count = 0
        forEachAncestor(of: id) { _ in count += 1 }
        return count
    }

    /// Calls `body` with `id` and each of its parents, nearest first, up to a bound.
    private func forEachAncestor(of id: Int, _ body: (Int) -> Void) {
        var visited = 0
        var current: Int? = id
        while let flow = current.flatMap({ state.flows[$0] }), visited <= Self.maxDepth * 4 {
            body(flow.id)
            visited += 1
            current = flow.parent
        }
    }

    /// Up to this many flows changed in a step, whether one of them holds an item is asked of
    /// each in turn; beyond it, what they hold is gathered into a set.
    static let changedFlowsAskedInTurn = 16

    /// At the end of a step: drops what the step released. Only an item a changed flow held
    /// before, or an instance the step made, can have been let go, and it is let go when no
    /// changed flow holds it now (an item only moves between flows that both change); with
    /// it goes everything under it. The rest of the tree is not walked, and the entries a
    /// stack kept from the bottom up are not looked at again.
    mutating func releaseUnheld() {
        defer {
            forgetHeldRecords()
            work.changedAtStepEnd.empty()
        }
        guard !work.heldAtStepStart.isEmpty || !work.madeThisStep.isEmpty || !work.letGo.isEmpty else { return }
        // Emptied by the walk below: its room is kept for the next step.
        var pending = work.releasePending
        work.releasePending = []
        defer { work.releasePending = pending }
        do {
            // The flows the step changed, as they are now, looked up once.
            // The lists are read where they are, by position: a copy of one, a slice or a
            // `zip` of two is a retain and a release of each list every step.
            for change in work.heldAtStepStart.indices { work.changedAtStepEnd.append(state.flows[work.heldAtStepStart[change].id]) }
            for change in work.changedWithoutNote.indices { work.changedAtStepEnd.append(state.flows[work.changedWithoutNote[change]]) }
            // A step changes one or a few flows, and asking each is cheapest. A step that loops
            // (a child that finishes as it starts, restarted by its parent, until the limits stop
            // it) changes thousands and makes thousands: then what they hold is gathered once,
            // or the questions would cost the product of the two.
            var heldByChanged: Set<Int>?
            if work.changedAtStepEnd.count > Self.changedFlowsAskedInTurn {
                var held = Set<Int>()
                for flow in work.changedAtStepEnd { flow?.forEachHeldItem { held.insert($0.id) } }
                heldByChanged = held
            }
            func isHeldAtStepEnd(_ id: Int) -> Bool {
                if id == state.rootID || id == state.dialog?.item.id { return true }
                if let heldByChanged { return heldByChanged.contains(id) }
                // Perf: by position, not `contains(where:)` (PERFORMANCE.md).
                for index in work.changedAtStepEnd.indices where work.changedAtStepEnd[index]?.holds(id) == true { return true }
                return false
            }
            for change in work.heldAtStepStart.indices {
                let range = work.heldAtStepStart[change].items
                let kept = work.changedAtStepEnd[change].map { Self.keptFromBottom(work.heldItemsAtStepStart, range, in: $0) } ?? 0
                for position in range.dropFirst(kept) where !isHeldAtStepEnd(work.heldItemsAtStepStart[position].id) {
                    pending.append((work.heldItemsAtStepStart[position], 0))
                }
            }
            for position in work.letGo.indices where !isHeldAtStepEnd(work.letGo[position].id) { pending.append((work.letGo[position], 0)) }
            for item in work.madeThisStep where !isHeldAtStepEnd(item.id) { pending.append((HeldItem(item), 0)) }
        }
        guard !pending.isEmpty else { return }
        while let (item, depth) = pending.popLast() {
            if item.isFlow {
                guard let flow = state.flows.removeValue(forKey: item.id) else { continue }
                work.changes.released.insert(item.id)
                if depth < Self.maxDepth * 4 { flow.forEachHeldItem { pending.append((HeldItem($0), depth + 1)) } }
            } else {
                guard state.screens.removeValue(forKey: item.id) != nil else { continue }
                work.changes.released.insert(item.id)
                if !state.received.isEmpty { state.received[item.id] = nil }
            }
        }
    }

    /// How many of `items[range]` (what a flow held when the step first changed it) a stack
    /// or sequence still holds at the same places from its bottom: those are held still.
    private static func keptFromBottom(_ items: [HeldItem], _ range: Range<Int>, in flow: CoreFlow) -> Int {
        guard flow.kind.holdsStack else { return 0 }
        let entries = flow.entries
        var kept = 0
        while kept < range.count, kept < entries.count, items[range.lowerBound + kept].id == entries[kept].id {
            kept += 1
        }
        return kept
    }

    /// Drops every instance not reachable from the root, and the results handed to released
    /// screens: after a state was built whole (a start, a restore, a new spec).
    mutating func collectReleased() {
        var reachable = Set<Int>()
        reachable.reserveCapacity(state.flows.count + state.screens.count)
        visitReachable { id, _ in reachable.insert(id) }
        let flows = state.flows.filter { reachable.contains($0.key) }
        let screens = state.screens.filter { reachable.contains($0.key) }
        if flows.count != state.flows.count || screens.count != state.screens.count {
            work.changes.released.formUnion(state.flows.keys.filter { flows[$0] == nil })
            work.changes.released.formUnion(state.screens.keys.filter { screens[$0] == nil })
            state.flows = flows
            state.screens = screens
        }
        if !state.received.isEmpty, state.received.keys.contains(where: { screens[$0] == nil }) {
            state.received = state.received.filter { screens[$0.key] != nil }
        }
    }

    /// Calls `visit` once with each live instance reachable from the root: stack entries,
    /// tabs, branches, kept branches and modals.
    private func visitReachable(_ visit: (_ id: Int, _ isFlow: Bool) -> Void) {
        var pending: [(id: Int, depth: Int)] = [(state.rootID, 0)]
        func reach(_ item: CoreItem, depth: Int) {
            if item.isFlow {
                pending.append((item.id, depth + 1))
            } else if state.screens[item.id] != nil {
                visit(item.id, false)
            }
        }
        while let (id, depth) = pending.popLast() {
            guard let flow = state.flows[id] else { continue }
            visit(id, true)
            guard depth < Self.maxDepth * 4 else { continue }
            for entry in flow.entries { reach(entry, depth: depth) }
            for tab in flow.tabs { if let child = tab.flow { reach(child, depth: depth) } }
            if let branch = flow.branch { reach(branch, depth: depth) }
            for kept in flow.kept.values { reach(kept, depth: depth) }
            if let modal = flow.presented { reach(modal.item, depth: depth) }
        }
        if let dialog = state.dialog { reach(dialog.item, depth: 0) }
    }
}

/// Merging of optional values, as the format merges `with` over a payload.
enum Values {
    /// `overlay` merged over `base`: record fields replace or add, anything else replaces.
    static func merge(_ base: Value?, _ overlay: Value?) -> Value? {
        guard let base else { return overlay }
        return base.merging(overlay)
    }
}
