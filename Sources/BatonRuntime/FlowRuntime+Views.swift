import BatonModel

extension FlowRuntime {
    /// The coordinator of live flow instance `id`: the one made already, else one made now of
    /// its flow's kind; nil when the state has no such instance.
    package func coordinator(for id: Int) -> FlowCoordinator? {
        if let made = coordinators[id] { return made }
        guard let node = core.state.flows[id], let definition = core.tables.index.flows[node.flow] else { return nil }
        let coordinator: FlowCoordinator = switch node.kind {
        case .stack: StackCoordinator(id: id, flow: definition, runtime: self)
        case .sequence: SequenceCoordinator(id: id, flow: definition, runtime: self)
        case .tabs: TabsCoordinator(id: id, flow: definition, runtime: self)
        case .switch: SwitchCoordinator(id: id, flow: definition, runtime: self)
        }
        coordinators[id] = coordinator
        return coordinator
    }

    /// The entry of live screen instance `id`, with its view model: the one made already, else,
    /// for a screen whose view model is a `GenericViewModel` (which runs no code of the app),
    /// one made now. Nil when the state has no such instance, or while the view model the app's
    /// factory makes for it is still to be made (by the step that made the instance).
    package func entry(_ id: Int) -> ScreenEntry? {
        if let made = screens[id] { return made }
        guard let screen = core.state.screens[id], !hasFactory(screen) else { return nil }
        let made = makeEntry(screen)
        screens[id] = made
        return made
    }

    /// Whether the app's registry has a factory for the screen of an instance.
    func hasFactory(_ screen: CoreScreen) -> Bool {
        guard !registry.makesOnlyGenericViewModels, let definition = core.tables.definitions.screens[screen.screen] else {
            return false
        }
        return registry.hasFactory(for: definition)
    }

    /// What a core item shows: its screen's entry or its flow's coordinator; nil when the state
    /// has no such instance.
    func item(_ item: CoreItem) -> NavigationItem? {
        item.isFlow ? coordinator(for: item.id).map(NavigationItem.flow) : entry(item.id).map(NavigationItem.screen)
    }

    /// The flow whose modal the navigation stack of `coordinator` shows (its own, else that of
    /// the child flow on top of it that shares the stack, and so on up); nil when none does, or
    /// when the coordinator is not one of this run's now.
    package func stackModalOwner(of coordinator: FlowCoordinator) -> FlowCoordinator? {
        guard isCurrent(coordinator) else { return nil }
        return core.state.stackModalOwner(from: coordinator.id).flatMap(self.coordinator(for:))
    }

    /// The way from the root to the visible screen, as coordinators and an entry.
    func visibleWalk() -> VisibleWalk {
        VisibleWalk(core.visibleWalk(), in: self)
    }
}

/// The way from the root to the visible screen, as the runtime's coordinators and entries.
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

    init(_ walk: CoreWalk, in runtime: FlowRuntime) {
        coordinators = walk.flows.compactMap(runtime.coordinator(for:))
        screen = walk.screen.flatMap(runtime.entry)
        owner = walk.owner.flatMap(runtime.coordinator(for:))
        modalOwner = walk.modalOwner.flatMap(runtime.coordinator(for:))
        tabs = walk.tabs.compactMap { runtime.coordinator(for: $0) as? TabsCoordinator }
        tappableTabs = walk.tappableTabs.compactMap { runtime.coordinator(for: $0) as? TabsCoordinator }
    }
}
