import BatonModel

/// One tab of a running tabs flow: its id, labels and the child flow that keeps its own stack.
@MainActor
public struct TabSlot: Identifiable {
    /// The tab id (`tab T`, `selectTab`).
    public let id: String
    /// The tab as the flow declares it: its title, icon, guard and flow.
    public let tab: Tab
    /// The tab's flow; nil only while the runtime restarts it.
    public internal(set) var coordinator: FlowCoordinator?
}

/// A `tabs` flow: the tabs whose `when` held when it started, each with its own child flow,
/// and the selected one. Unselected tabs keep their state.
@MainActor
public final class TabsCoordinator: FlowCoordinator {
    private var storedTabs: [TabSlot] = []
    private var storedSelectedTab = ""

    /// The tabs shown, in the flow's order.
    public var tabs: [TabSlot] {
        readState()
        return storedTabs
    }

    /// The selected tab id: bind it to a tab view's selection (through `FlowRuntime.selectTab`).
    public var selectedTab: String {
        readState()
        return storedSelectedTab
    }

    /// The selected tab's flow.
    public var selectedCoordinator: FlowCoordinator? {
        let selected = selectedTab
        return tabs.first { $0.id == selected }?.coordinator
    }

    override var activeItem: NavigationItem? { selectedCoordinator.map(NavigationItem.flow) }
    override var childItems: [NavigationItem] { tabs.compactMap { $0.coordinator.map(NavigationItem.flow) } }

    override func read(_ node: CoreFlow, in runtime: FlowRuntime) {
        guard case .tabs(let declared, _) = flow.kind else { return }
        storedTabs = node.tabs.compactMap { tab -> TabSlot? in
            guard let declaration = declared.first(where: { $0.id == tab.id }) else { return nil }
            return TabSlot(id: tab.id, tab: declaration, coordinator: tab.flow.flatMap { runtime.coordinator(for: $0.id) })
        }
        storedSelectedTab = node.selectedTab
    }
}
