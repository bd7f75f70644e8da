import BatonModel
import Observation

/// One tab of a running tabs flow: its id, labels and the child flow that keeps its own stack.
@MainActor
public struct TabSlot: Identifiable {
    /// The tab id (`tab T`, `selectTab`).
    public let id: String
    public let tab: Tab
    /// The tab's flow; nil only while the runtime restarts it.
    public internal(set) var coordinator: FlowCoordinator?
}

/// A `tabs` flow: the tabs whose `when` held when it started, each with its own child flow,
/// and the selected one. Unselected tabs keep their state.
@MainActor @Observable
public final class TabsCoordinator: FlowCoordinator {
    public internal(set) var tabs: [TabSlot] {
        get {
            takeStateAtFirstRead()
            tabsRead.noteRead()
            access(keyPath: \.tabs)
            return _tabs
        }
        set { tabsRead.change(through: { withMutation(keyPath: \.tabs, $0) }) { _tabs = newValue } }
    }
    @ObservationIgnored private var _tabs: [TabSlot] = []
    /// Whether anything has read `tabs`: until then they have no observers.
    @ObservationIgnored private var tabsRead = ReadMark()
    /// The selected tab id: bind it to a tab view's selection (through `FlowRuntime.selectTab`).
    public internal(set) var selectedTab: String {
        get {
            takeStateAtFirstRead()
            selectedTabRead.noteRead()
            access(keyPath: \.selectedTab)
            return _selectedTab
        }
        set { selectedTabRead.change(through: { withMutation(keyPath: \.selectedTab, $0) }) { _selectedTab = newValue } }
    }
    @ObservationIgnored private var _selectedTab = ""
    /// Whether anything has read `selectedTab`: until then it has no observers.
    @ObservationIgnored private var selectedTabRead = ReadMark()

    override init(id: Int, flow: Flow, input: Value?) {
        super.init(id: id, flow: flow, input: input)
    }

    /// The selected tab's flow.
    public var selectedCoordinator: FlowCoordinator? {
        tabs.first { $0.id == selectedTab }?.coordinator
    }

    override var activeItem: NavigationItem? { selectedCoordinator.map(NavigationItem.flow) }
    override var childItems: [NavigationItem] { tabs.compactMap { $0.coordinator.map(NavigationItem.flow) } }

    override func mirror(_ node: CoreFlow, in mirror: FacadeMirror) {
        super.mirror(node, in: mirror)
        let current = _tabs
        let tabs = node.tabs
        var unchanged = tabs.count == current.count
        var index = 0
        while unchanged, index < tabs.count {
            let tab = tabs[index], slot = current[index]
            unchanged = tab.id == slot.id && slot.coordinator?.id == tab.flow?.id
            index += 1
        }
        if !unchanged, case .tabs(let declared, _) = flow.kind {
            self.tabs = tabs.compactMap { tab -> TabSlot? in
                guard let declaration = declared.first(where: { $0.id == tab.id }) else { return nil }
                return TabSlot(id: tab.id, tab: declaration, coordinator: tab.flow.flatMap { mirror.flows[$0.id] })
            }
        }
        if _selectedTab != node.selectedTab { selectedTab = node.selectedTab }
    }
}
