import BatonLint
import BatonModel

extension FlowRuntime {
    /// The whole navigation state as a Codable value.
    public func snapshot() -> RuntimeSnapshot {
        RuntimeSnapshot(
            root: snapshot(of: root), heldLinks: heldLinks, finished: finishedOutcome,
            finishedPayload: finishedPayload, nextInstanceID: nextInstanceID)
    }

    /// Rebuilds coordinators and view models from a snapshot, kept switch branches included.
    /// Throws (and keeps the current state) when the snapshot names a screen, flow, tab or
    /// branch the spec does not have, uses an instance id twice, or does not fit the spec.
    /// Results handed to screens are not part of a snapshot: none is remembered after it.
    /// Refuses, before building anything, a snapshot over `SnapshotLimits` or with a stack,
    /// switch or tabs flow that shows nothing (unless the root has finished).
    public func restore(_ snapshot: RuntimeSnapshot) throws(DiagnosticsError) {
        if let problem = SnapshotLimits.problem(with: snapshot) {
            throw DiagnosticsError([RuntimeDiagnostic.snapshot(problem)])
        }
        var builder = SnapshotReader(runtime: self, lenient: false)
        let coordinator: FlowCoordinator
        do throws(ActionFailure) {
            coordinator = try builder.flow(snapshot.root, depth: 0)
            guard coordinator.flowName == spec.start.name else {
                throw ActionFailure(message: "the root flow is '\(coordinator.flowName)', the spec starts '\(spec.start.name)'")
            }
            guard snapshot.nextInstanceID > builder.maxID else {
                throw ActionFailure(message: "nextInstanceID \(snapshot.nextInstanceID) is not above the ids in use")
            }
        } catch {
            throw DiagnosticsError([RuntimeDiagnostic.snapshot(error.message)])
        }
        replaceRoot(coordinator)
        received = [:]  // results are handed over, not part of a snapshot
        heldLinks = snapshot.heldLinks
        finishedOutcome = snapshot.finished
        finishedPayload = snapshot.finishedPayload
        nextInstanceID = snapshot.nextInstanceID
    }

    /// Swaps in a new spec. Refuses (throws, keeps running the old one) when the linter finds
    /// errors. Keeps the user's place where the new spec still has it: whatever no longer fits
    /// is dropped, and flows left empty start again.
    public func replaceSpec(_ newSpec: FlowSpec) throws(DiagnosticsError) {
        let diagnostics = Linter().lint(newSpec)
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics.filter { $0.severity == .error }) }
        let saved = snapshot()
        let oldSpec = spec
        replaceIndex(with: newSpec)
        createdThisStep = 0
        var builder = SnapshotReader(runtime: self, lenient: true)
        do throws(ActionFailure) {
            var coordinator = try? builder.flow(saved.root, depth: 0)
            if coordinator?.flowName != newSpec.start.name { coordinator = nil }
            nextInstanceID = max(nextInstanceID, builder.maxID + 1)
            if let coordinator {
                replaceRoot(coordinator)
            } else {
                replaceRoot(try makeRootFlow())
                heldLinks = []
                finishedOutcome = nil
                finishedPayload = nil
            }
        } catch {
            replaceIndex(with: oldSpec)
            throw DiagnosticsError([RuntimeDiagnostic.start(error.message, spec: newSpec)])
        }
        settleAfterChange(following: false)
    }

    func snapshot(of coordinator: FlowCoordinator) -> FlowSnapshot {
        var flow = FlowSnapshot(id: coordinator.id, flow: coordinator.flowName, kind: coordinator.kind, input: coordinator.input)
        switch coordinator {
        case let sequence as SequenceCoordinator:
            flow.entries = sequence.entries.map(snapshot(of:))
            flow.steps = sequence.entries.map { sequence.stepIndices[$0.id] }
        case let stack as StackCoordinator:
            flow.entries = stack.entries.map(snapshot(of:))
        case let tabs as TabsCoordinator:
            flow.tabs = tabs.tabs.map { TabSnapshot(id: $0.id, flow: $0.coordinator.map { .flow(snapshot(of: $0)) }) }
            flow.selectedTab = tabs.selectedTab
        case let owner as SwitchCoordinator:
            flow.branch = owner.branch.map(snapshot(of:))
            flow.kept = owner.keptItems.map(snapshot(of:))
        default:
            break
        }
        if let modal = coordinator.presented {
            flow.presented = PresentedSnapshot(presentation: modal.presentation, item: snapshot(of: modal.item))
        }
        return flow
    }

    private func snapshot(of item: NavigationItem) -> ItemSnapshot {
        switch item {
        case .screen(let entry): .screen(ScreenSnapshot(id: entry.id, screen: entry.screen, input: entry.input))
        case .flow(let child): .flow(snapshot(of: child))
        }
    }
}

/// Rebuilds coordinators from a snapshot against the runtime's spec. Strict: anything that does
/// not fit throws. Lenient (a new spec): what does not fit is dropped. With a pool (a rollback),
/// coordinators and screen entries that exist already are reused by instance id, so their
/// identities and view models survive.
@MainActor
struct SnapshotReader {
    let runtime: FlowRuntime
    let lenient: Bool
    private let pool: InstancePool
    private(set) var maxID = 0
    private var seen: Set<Int> = []

    init(runtime: FlowRuntime, lenient: Bool, pool: InstancePool = InstancePool()) {
        self.runtime = runtime
        self.lenient = lenient
        self.pool = pool
    }

    mutating func flow(_ snapshot: FlowSnapshot, depth: Int) throws(ActionFailure) -> FlowCoordinator {
        guard depth < FlowRuntime.maxDepth else { throw ActionFailure(message: "flows nested deeper than \(FlowRuntime.maxDepth)") }
        guard let flow = runtime.index.flows[snapshot.flow] else {
            throw ActionFailure(message: "unknown flow '\(snapshot.flow)'")
        }
        guard flow.kind.keyword == snapshot.kind else {
            throw ActionFailure(message: "flow '\(snapshot.flow)' is a \(flow.kind.keyword) flow, the snapshot has a \(snapshot.kind)")
        }
        try claim(snapshot.id)
        let coordinator: FlowCoordinator
        if let existing = pool.flows[snapshot.id], existing.flowName == flow.name {
            existing.clear(input: snapshot.input)
            coordinator = existing
        } else {
            coordinator = runtime.emptyCoordinator(flow, id: snapshot.id, input: snapshot.input)
        }
        switch coordinator {
        case let sequence as SequenceCoordinator:
            let stepCount = sequence.steps.count
            var items: [(NavigationItem, Int?)] = []
            for (position, entry) in snapshot.entries.enumerated() {
                let step = snapshot.steps.indices.contains(position) ? snapshot.steps[position] : nil
                if let step, !(0..<stepCount).contains(step) || !matchesStep(entry, sequence.steps[step]) {
                    if lenient { break }
                    throw ActionFailure(message: "entry \(position) of sequence '\(flow.name)' is not step \(step)")
                }
                guard let item = try itemOrDrop(entry, parent: sequence, depth: depth) else { break }
                items.append((item, step))
            }
            sequence.setEntries([])
            for (item, step) in items {
                if let step { sequence.push(item, step: step) } else { sequence.setEntries(sequence.entries + [item]) }
            }
        case let stack as StackCoordinator:
            var items: [NavigationItem] = []
            for entry in snapshot.entries {
                guard let item = try itemOrDrop(entry, parent: stack, depth: depth) else { break }
                items.append(item)
            }
            stack.setEntries(items)
        case let tabs as TabsCoordinator:
            guard case .tabs(let declared, _) = flow.kind else { break }
            var slots: [TabSlot] = []
            for tab in snapshot.tabs {
                guard let declaration = declared.first(where: { $0.id == tab.id }) else {
                    if lenient { continue }
                    throw ActionFailure(message: "flow '\(flow.name)' has no tab '\(tab.id)'")
                }
                var child: FlowCoordinator?
                if let item = tab.flow {
                    child = try itemOrDrop(item, parent: tabs, depth: depth)?.coordinator
                    if child?.flowName != declaration.flow.name {
                        if !lenient { throw ActionFailure(message: "tab '\(tab.id)' of '\(flow.name)' runs '\(declaration.flow.name)'") }
                        child = nil
                    }
                }
                slots.append(TabSlot(id: tab.id, tab: declaration, coordinator: child))
            }
            tabs.tabs = slots
            let selected = snapshot.selectedTab ?? ""
            if !slots.contains(where: { $0.id == selected }) && !lenient {
                throw ActionFailure(message: "flow '\(flow.name)' has no tab '\(selected)' to select")
            }
            tabs.selectedTab = slots.contains(where: { $0.id == selected }) ? selected : (slots.first?.id ?? "")
        case let owner as SwitchCoordinator:
            if let branch = snapshot.branch {
                let name = branch.name
                if owner.branches.contains(where: { $0.target.name == name }) {
                    owner.branch = try itemOrDrop(branch, parent: owner, depth: depth)
                } else if !lenient {
                    throw ActionFailure(message: "switch '\(flow.name)' has no branch '\(name)'")
                }
            }
            for hidden in snapshot.kept {
                let name = hidden.name
                guard owner.branches.contains(where: { $0.target.name == name }) else {
                    if lenient { continue }
                    throw ActionFailure(message: "switch '\(flow.name)' has no branch '\(name)' to keep")
                }
                guard owner.kept[name] == nil, owner.branch?.name != name else {
                    if lenient { continue }
                    throw ActionFailure(message: "switch '\(flow.name)' keeps branch '\(name)' twice, or keeps the shown one")
                }
                if let item = try itemOrDrop(hidden, parent: owner, depth: depth) { owner.kept[name] = item }
            }
        default:
            break
        }
        if let modal = snapshot.presented, let item = try itemOrDrop(modal.item, parent: coordinator, depth: depth) {
            coordinator.presented = PresentedItem(presentation: modal.presentation, item: item)
        }
        return coordinator
    }

    private func matchesStep(_ entry: ItemSnapshot, _ step: Step) -> Bool {
        switch entry {
        case .screen(let screen): screen.screen == step.target.name
        case .flow(let flow): flow.flow == step.target.name
        }
    }

    /// The item, adopted by `parent`; nil when lenient and it does not fit.
    private mutating func itemOrDrop(_ snapshot: ItemSnapshot, parent: FlowCoordinator, depth: Int) throws(ActionFailure) -> NavigationItem? {
        do {
            let item = try item(snapshot, depth: depth)
            runtime.adopt(item, by: parent)
            return item
        } catch {
            if lenient { return nil }
            throw error
        }
    }

    private mutating func item(_ snapshot: ItemSnapshot, depth: Int) throws(ActionFailure) -> NavigationItem {
        switch snapshot {
        case .screen(let screen):
            guard let declaration = runtime.index.screens[screen.screen] else {
                throw ActionFailure(message: "unknown screen '\(screen.screen)'")
            }
            try claim(screen.id)
            if let existing = pool.screens[screen.id], existing.screen == screen.screen {
                let input = declaration.input == nil ? nil : screen.input
                return .screen(ScreenEntry(id: screen.id, screen: screen.screen, input: input, viewModel: existing.viewModel))
            }
            return .screen(runtime.makeScreen(declaration, input: screen.input, id: screen.id))
        case .flow(let flow):
            return .flow(try self.flow(flow, depth: depth + 1))
        }
    }

    private mutating func claim(_ id: Int) throws(ActionFailure) {
        guard id > 0, seen.insert(id).inserted else {
            throw ActionFailure(message: "instance id \(id) is used twice or is not positive")
        }
        maxID = max(maxID, id)
    }
}
