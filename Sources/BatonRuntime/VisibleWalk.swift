import BatonModel

/// The way from the root to the visible screen: at each flow its modal if it has one, else
/// what it shows (top of its stack, selected tab, branch).
@MainActor
struct VisibleWalk {
    /// The flows passed, root first.
    var coordinators: [FlowCoordinator] = []
    var screen: ScreenEntry?
    /// The flow the visible screen belongs to for triggers (its presenter when presented).
    var owner: FlowCoordinator?
    /// The entries below the visible screen on the stack that holds it, from its root; names
    /// are only made when `stack` is read.
    private var below: [NavigationItem] = []
    /// The entries of the stacks passed since the last container, while descending.
    private var pending: [NavigationItem] = []

    /// The stack that holds the visible screen, from its root.
    var stack: [String] {
        guard let screen else { return [] }
        return below.flatMap { StackCoordinator.flatten($0).map(\.name) } + [screen.screen]
    }
    /// The topmost modal's owner.
    var modalOwner: FlowCoordinator?
    /// Tabs flows passed, outermost first.
    var tabs: [TabsCoordinator] = []
    /// Tabs flows not covered by a modal, outermost first.
    var tappableTabs: [TabsCoordinator] = []

    init(root: FlowCoordinator) {
        coordinators.reserveCapacity(8)
        descend(root, asContainer: true, depth: 0)
    }

    private mutating func descend(_ coordinator: FlowCoordinator, asContainer: Bool, depth: Int) {
        guard depth < FlowRuntime.maxDepth * 4 else { return }
        if asContainer { pending = [] }
        coordinators.append(coordinator)
        if let tabsFlow = coordinator as? TabsCoordinator {
            tabs.append(tabsFlow)
            tappableTabs.append(tabsFlow)
        }
        if let modal = coordinator.presented {
            modalOwner = coordinator
            tappableTabs = []
            switch modal.item {
            case .screen(let entry):
                show(entry, ownedBy: coordinator, below: [])
            case .flow(let child):
                descend(child, asContainer: true, depth: depth + 1)
            }
            return
        }
        switch coordinator {
        case _ where coordinator.asStack != nil:
            guard let holder = coordinator.asStack else { return }
            let entries = holder.entries
            pending += entries.dropLast()
            switch entries.last {
            case .screen(let entry)?: show(entry, ownedBy: coordinator, below: pending)
            case .flow(let child)?: descend(child, asContainer: false, depth: depth + 1)
            case nil: break
            }
        case let tabsFlow as TabsCoordinator:
            if let child = tabsFlow.selectedCoordinator {
                descend(child, asContainer: true, depth: depth + 1)
            }
        case let owner as SwitchCoordinator:
            switch owner.branch {
            case .screen(let entry)?: show(entry, ownedBy: coordinator, below: pending)
            case .flow(let child)?: descend(child, asContainer: false, depth: depth + 1)
            case nil: break
            }
        default:
            break
        }
    }

    private mutating func show(_ entry: ScreenEntry, ownedBy owner: FlowCoordinator, below: [NavigationItem]) {
        screen = entry
        self.owner = owner
        self.below = below
    }

    /// The ids of the flows and the screen on the way.
    var visibleIDs: Set<Int> {
        Set(coordinators.map(\.id) + (screen.map { [$0.id] } ?? []))
    }
}

extension FlowRuntime {
    func visibleWalk() -> VisibleWalk {
        VisibleWalk(root: root)
    }

    /// The state as scenario files see it, without the whole tree (`tree` is an empty node):
    /// what exploration reads after every step.
    package var visibleState: NavigationState { computeState(withTree: false) }

    /// The state as scenario files see it.
    func computeState(withTree: Bool = true) -> NavigationState {
        guard finishedOutcome == nil else {
            let tree = withTree ? stateNode(root, visible: [], depth: 0) : StateNode(kind: "", id: "")
            return NavigationState(finished: finishedOutcome, heldLinks: heldLinks, tree: tree)
        }
        let walk = visibleWalk()
        let tree = withTree ? stateNode(root, visible: walk.visibleIDs, depth: 0) : StateNode(kind: "", id: "")
        return NavigationState(
            top: walk.screen?.screen, topInput: walk.screen?.input, stack: walk.stack,
            tab: walk.tabs.last?.selectedTab, presented: walk.modalOwner?.presented?.item.name,
            presentation: walk.modalOwner?.presented?.presentation,
            received: walk.screen.flatMap { received[$0.id] },
            flows: walk.coordinators.map(\.flowName), finished: nil, heldLinks: heldLinks, tree: tree)
    }

    private func stateNode(_ coordinator: FlowCoordinator, visible: Set<Int>, depth: Int) -> StateNode {
        var node = StateNode(
            kind: coordinator.kind, id: coordinator.flowName, input: coordinator.input,
            isVisible: visible.contains(coordinator.id))
        guard depth < Self.maxDepth * 4 else { return node }
        switch coordinator {
        case let tabs as TabsCoordinator: node.selected = tabs.selectedTab
        case let owner as SwitchCoordinator: node.selected = owner.branch?.name
        default: break
        }
        node.children = coordinator.childItems.map { stateNode($0, visible: visible, depth: depth + 1) }
        if let modal = coordinator.presented {
            var presented = stateNode(modal.item, visible: visible, depth: depth + 1)
            presented.presentation = modal.presentation.rawValue
            node.presented = presented
        }
        return node
    }

    private func stateNode(_ item: NavigationItem, visible: Set<Int>, depth: Int) -> StateNode {
        switch item {
        case .screen(let entry):
            StateNode(kind: "screen", id: entry.screen, input: entry.input, isVisible: visible.contains(entry.id))
        case .flow(let child):
            stateNode(child, visible: visible, depth: depth)
        }
    }
}
