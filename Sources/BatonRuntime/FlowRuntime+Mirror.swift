import BatonModel

/// The facade's objects: one coordinator per live flow instance and one screen entry (with its
/// view model) per live screen instance, by instance id, and the core values they mirror.
///
/// One per runtime, handed to every coordinator that brings itself in line with the core: a
/// class, since a struct of three tables handed over from the runtime was copied for each
/// call (a retain and a release of every table, for each flow a step changes). Its tables
/// are changed only by the runtime's sync, never while a coordinator reads them.
@MainActor
final class FacadeMirror {
    @exclusivity(unchecked) var flows: InstanceTable<CoordinatorPair> = [:]
    @exclusivity(unchecked) var screens: InstanceTable<ScreenEntryPair> = [:]
    /// The screen instances whose entry the current sync made or replaced (a new instance or
    /// a new input); a step renews one or two.
    @exclusivity(unchecked) var renewed: [Int] = []
    /// The results handed to screen instances whose entry is still to be made (at its first
    /// read), the last for each: its view model receives it when it is made.
    @exclusivity(unchecked) var pendingResults: [Int: ScreenResult] = [:]
    /// The runtime that makes the entries a read asks for first (`screen(_:)`).
    weak var runtime: FlowRuntime?
    /// The state a removal brings coordinators in line with, while it does (`removeAll`).
    private var leavingState: CoreState?

    /// Forgets every coordinator and screen entry, so that the next sync makes them anew. A
    /// coordinator a host still holds keeps what it showed; one nothing has read takes its
    /// flow's state from `state` first (the state the runtime leaves).
    func removeAll(leaving state: CoreState) {
        leavingState = state
        for coordinator in flows.values { coordinator.detach(showing: state.flows[coordinator.id], in: self) }
        leavingState = nil
        flows = [:]
        screens = [:]
        renewed = []
        pendingResults = [:]
    }

    /// The entry of screen instance `id`: the one made already, else, for a screen whose view
    /// model is made at its first read, one made now. Nil when it is not mirrored.
    func screen(_ id: Int) -> ScreenEntry? {
        if let entry = screens[id] { return entry }
        guard let made = runtime?.entryAtFirstRead(id, leaving: leavingState) else { return nil }
        screens[id] = made
        return made
    }

    /// The facade item of a core item; nil when it is not mirrored.
    func item(_ item: CoreItem) -> NavigationItem? {
        item.isFlow ? flows[item.id].map(NavigationItem.flow) : screen(item.id).map(NavigationItem.screen)
    }

    /// How many of a stack's facade `items` stay as they are for its core `entries`: those
    /// that show the same instances as the entries at their places, not renewed. Nil when
    /// nothing changed.
    func keptCount(of entries: [CoreItem], in items: [NavigationItem]) -> Int? {
        let shared = min(entries.count, items.count)
        var kept = 0
        while kept < shared, entries[kept].id == items[kept].id, !renewed.contains(entries[kept].id) {
            kept += 1
        }
        if kept == entries.count, kept == items.count { return nil }
        return kept
    }

    /// Brings a stack's facade `items` in line with its core `entries`, in place: the first
    /// `kept` stay (a push appends, a pop removes from the end, so neither copies the stack).
    func update(_ items: inout [NavigationItem], keeping kept: Int, to entries: [CoreItem]) {
        items.removeSubrange(min(kept, items.count)...)
        for entry in entries[min(kept, entries.count)...] {
            if let item = item(entry) { items.append(item) }
        }
    }
}

/// A flow instance's coordinator, by the instance's id.
struct CoordinatorPair: InstancePair {
    var id: Int, value: FlowCoordinator
    init(_ id: Int, _ value: FlowCoordinator) { (self.id, self.value) = (id, value) }
}

/// A screen instance's entry, by the instance's id.
struct ScreenEntryPair: InstancePair {
    var id: Int, value: ScreenEntry
    init(_ id: Int, _ value: ScreenEntry) { (self.id, self.value) = (id, value) }
}

extension FlowRuntime {
    /// Brings coordinators and view models in line with the core's state, for what the core
    /// changed since the last time (everything after `mirror` was emptied): a coordinator and
    /// a view model are made for each new instance (view models in creation order), released
    /// with their instance, and a coordinator's observable properties are set only when they
    /// change. A coordinator nothing has read is not set: it takes its flow's state at its
    /// first read (`bringInLine(_:)`), or when its flow is released. A screen whose view model
    /// is a `GenericViewModel` gets its entry at its first read (`FacadeMirror.screen(_:)`):
    /// no code of the app runs when one is made, so nothing can tell when that was.
    func syncMirror() {
        defer { core.clearChanges() }
        // The core's state and changes are read in place (`core` is not checked for
        // overlapping accesses): a copy of the state would retain each of its tables.
        let everything = mirror.flows.isEmpty
        if everything {
            mirror.screens = [:]
        }
        detachReleased()
        // The changes are read by position: a `for` loop's iterator would copy each list.
        for position in core.released.indices {
            mirror.flows[core.released[position]] = nil
            mirror.screens[core.released[position]] = nil
            if !mirror.pendingResults.isEmpty { mirror.pendingResults[core.released[position]] = nil }
        }
        if !mirror.renewed.isEmpty { mirror.renewed.empty() }
        // View models are made in creation order; a step makes one or two.
        if everything {
            for id in core.state.screens.keys.sorted() { mirrorScreen(id) }
        } else if core.changedScreens.count > 1 {
            for id in core.changedScreens.sorted() { mirrorScreen(id) }
        } else {
            for position in core.changedScreens.indices { mirrorScreen(core.changedScreens[position]) }
        }
        // Every coordinator exists before any is set, since a flow's items name its children.
        // Only one read before is set: a new one is not (so the first sync sets none), and most
        // steps of a run nothing shows set none.
        if everything {
            for id in core.state.flows.keys { _ = makeCoordinatorIfNeeded(id) }
        } else {
            var anyToSet = false
            for position in core.changedFlows.indices where makeCoordinatorIfNeeded(core.changedFlows[position]) {
                anyToSet = true
            }
            if anyToSet {
                for position in core.changedFlows.indices { setCoordinator(core.changedFlows[position]) }
            }
        }
        mirrorRunState()
    }

    /// Lets go of the coordinators of the flows the step released. One that nothing but the
    /// mirror holds can never be read, and goes as it is. One held elsewhere (by a host, or by
    /// a coordinator that shows it) first takes the state its flow had, if nothing has read it,
    /// while the items it shows are still in the tables (`detach(showing:in:)`); it then holds
    /// the coordinators it shows, so those still waiting are asked again.
    private func detachReleased() {
        guard !core.releasedFlows.isEmpty else { return }
        var waiting = Array(core.releasedFlows.indices)
        var detachedAny = true
        while detachedAny, !waiting.isEmpty {
            detachedAny = false
            waiting.removeAll { position in
                let node = core.releasedFlows[position]
                guard let held = isHeldOutsideMirror(node.id) else { return true }
                guard held else { return false }
                mirror.flows[node.id]?.detach(showing: node, in: mirror)
                detachedAny = true
                return true
            }
        }
    }

    /// Whether something besides the mirror holds the coordinator of flow instance `id`; nil
    /// when it has none. Asked with the coordinator taken out of the table for a moment, so
    /// that the table's reference does not count.
    private func isHeldOutsideMirror(_ id: Int) -> Bool? {
        let (place, taken) = mirror.flows.take(id)
        guard var coordinator = taken else {
            mirror.flows.putBack(nil, of: id, at: place)
            return nil
        }
        let held = !isKnownUniquelyReferenced(&coordinator)
        mirror.flows.putBack(coordinator, of: id, at: place)
        return held
    }

    /// Makes or renews the screen entry of screen instance `id`; a new one whose view model
    /// is made at its first read is left to that read.
    private func mirrorScreen(_ id: Int) {
        let existing = mirror.screens[id]
        if existing == nil, registry.makesOnlyGenericViewModels { return }
        guard let screen = core.state.screens[id] else { return }
        if let entry = existing, entry.screen == screen.screen {
            if entry.input != screen.input {
                mirror.screens[id] = ScreenEntry(id: id, screen: entry.screen, input: screen.input, viewModel: entry.viewModel,
                                                 title: entry.title, viewModelName: entry.viewModelName)
                mirror.renewed.append(id)
            }
        } else if existing != nil || !registry.makesGenericViewModel(for: screen.screen, definitions: core.definitions) {
            mirror.screens[id] = makeScreenEntry(screen)
            mirror.renewed.append(id)
        }
    }

    /// The entry of screen instance `id`, made at its first read when its view model is a
    /// `GenericViewModel` (the others are made with their instance), with the last result
    /// handed to it. The screen is read from `leaving` while a removal brings coordinators in
    /// line with the state it leaves, else from the core's state or the screens the last step
    /// released (a released coordinator nothing had read shows them).
    func entryAtFirstRead(_ id: Int, leaving: CoreState?) -> ScreenEntry? {
        let found: CoreScreen? = if let leaving {
            leaving.screens[id]
        } else {
            core.state.screens[id] ?? core.releasedScreens.first { $0.id == id }
        }
        guard let screen = found, registry.makesGenericViewModel(for: screen.screen, definitions: core.definitions) else {
            return nil
        }
        let entry = makeScreenEntry(screen)
        if let result = mirror.pendingResults.removeValue(forKey: id) { entry.viewModel.receive(result) }
        return entry
    }

    /// Makes the coordinator of flow instance `id` unless it has one; whether it had one that
    /// has been read, and so is to be set. An id is never another flow's in the life of the
    /// mirror: a run numbers its instances once, and a restore or a new spec empties the mirror.
    private func makeCoordinatorIfNeeded(_ id: Int) -> Bool {
        if let existing = mirror.flows[id] { return existing.wasRead }
        guard let node = core.state.flows[id], let definition = core.index.flows[node.flow] else { return false }
        mirror.flows[id] = makeCoordinator(node, definition: definition)
        return false
    }

    /// Sets the coordinator of flow instance `id` from its core value, once it has been read.
    private func setCoordinator(_ id: Int) {
        guard let coordinator = mirror.flows[id], coordinator.wasRead else { return }
        bringInLine(coordinator)
    }

    /// Sets a coordinator from its flow's state now (after a step, or at its first read),
    /// while it is one of this runtime's.
    func bringInLine(_ coordinator: FlowCoordinator) {
        guard mirror.flows[coordinator.id] === coordinator, let node = core.state.flows[coordinator.id],
              coordinator.flowName == node.flow else { return }
        coordinator.mirror(node, in: mirror)
    }

    /// A screen entry with its view model, made by the registry's factory.
    private func makeScreenEntry(_ screen: CoreScreen) -> ScreenEntry {
        let id = screen.id
        let name = screen.screen
        let context = ViewModelContext(
            screen: name, instanceID: id, input: screen.input, dependencies: registry.dependencies, runtime: self
        )
        let declaration = core.definitions.screens[name]
        let viewModel: any ScreenViewModel = if let declaration {
            registry.makeViewModel(for: declaration, context: context)
        } else {
            GenericViewModel(context: context, events: Screen.builtinEvents)
        }
        return ScreenEntry(id: id, screen: name, input: screen.input, viewModel: viewModel,
                           title: declaration?.title, viewModelName: declaration?.viewModelName)
    }

    /// A coordinator of the flow's kind, its content set by `mirror`.
    private func makeCoordinator(_ node: CoreFlow, definition: Flow) -> FlowCoordinator {
        let coordinator: FlowCoordinator = switch node.kind {
        case .stack: StackCoordinator(id: node.id, flow: definition, input: node.input)
        case .sequence: SequenceCoordinator(id: node.id, flow: definition, input: node.input)
        case .tabs: TabsCoordinator(id: node.id, flow: definition, input: node.input)
        case .switch: SwitchCoordinator(id: node.id, flow: definition, input: node.input)
        }
        coordinator.runtime = self
        coordinator.userWentBack = { [weak self] steps in
            var results: [StepResult] = []
            for _ in 0..<max(0, steps) {
                guard let self else { break }
                results.append(self.back())
                if results.last != .handled { break }
            }
            return results
        }
        return coordinator
    }

    /// The facade's view of the way to the visible screen.
    func visibleWalk() -> VisibleWalk {
        VisibleWalk(core.visibleWalk(), mirror: mirror)
    }
}

/// The way from the root to the visible screen, as the facade's objects.
@MainActor
struct VisibleWalk {
    /// The flows passed, root first.
    var coordinators: [FlowCoordinator]
    var screen: ScreenEntry?
    /// The flow the visible screen belongs to for triggers (its presenter when presented).
    var owner: FlowCoordinator?
    /// The topmost modal's owner.
    var modalOwner: FlowCoordinator?
    /// Tabs flows passed, outermost first.
    var tabs: [TabsCoordinator]
    /// Tabs flows not covered by a modal, outermost first.
    var tappableTabs: [TabsCoordinator]

    init(_ walk: CoreWalk, mirror: FacadeMirror) {
        coordinators = walk.flows.compactMap { mirror.flows[$0] }
        screen = walk.screen.flatMap { mirror.screen($0) }
        owner = walk.owner.flatMap { mirror.flows[$0] }
        modalOwner = walk.modalOwner.flatMap { mirror.flows[$0] }
        tabs = walk.tabs.compactMap { mirror.flows[$0] as? TabsCoordinator }
        tappableTabs = walk.tappableTabs.compactMap { mirror.flows[$0] as? TabsCoordinator }
    }
}

/// The live coordinators and screen entries under a coordinator, by instance id.
@MainActor
struct InstancePool {
    var flows: [Int: FlowCoordinator] = [:]
    var screens: [Int: ScreenEntry] = [:]

    /// Every instance under `root`: stack entries, tabs, branches, kept branches and modals.
    init(root: FlowCoordinator?) {
        guard let root else { return }
        var pending: [(FlowCoordinator, Int)] = [(root, 0)]
        while let (coordinator, depth) = pending.popLast() {
            flows[coordinator.id] = coordinator
            guard depth < FlowRuntime.maxDepth * 4 else { continue }
            var items = coordinator.childItems
            if let owner = coordinator as? SwitchCoordinator { items += owner.kept.values }
            if let modal = coordinator.presented { items.append(modal.item) }
            for item in items {
                switch item {
                case .screen(let entry): screens[entry.id] = entry
                case .flow(let child): pending.append((child, depth + 1))
                }
            }
        }
    }
}
