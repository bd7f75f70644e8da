import BatonRuntime

/// What a host renders for a flow: a navigation stack, tabs, a screen on its own, or nothing.
/// Built fresh from the runtime's coordinators on every render (`NavigationHost.root`); the
/// ids in it are instance ids, stable across renders, so views keep their identity.
@MainActor
public indirect enum HostNode {
    /// A stack or a sequence: one navigation stack, child flows pushed onto it flattened in.
    case stack(HostStack)
    /// A tabs flow: a tab bar, each tab with its own content.
    case tabs(HostTabs)
    /// A screen shown on its own: a switch branch or a presented screen.
    case screen(HostScreen)
    /// A flow that shows nothing: the root once it has finished.
    case empty

    /// The modal this node's view presents, if any.
    public var modal: HostModal? {
        switch self {
        case .stack(let stack): stack.modal
        case .tabs(let tabs): tabs.modal
        case .screen(let screen): screen.modal
        case .empty: nil
        }
    }

    /// The flow whose coordinator this node renders (the screen's presenter for a screen).
    public var owner: FlowCoordinator? {
        switch self {
        case .stack(let stack): stack.owner
        case .tabs(let tabs): tabs.owner
        case .screen(let screen): screen.owner
        case .empty: nil
        }
    }
}

/// A navigation stack: its root and the path above it (what `NavigationStack(path:)` and
/// `UINavigationController.viewControllers` show), and the modal it presents.
@MainActor
public struct HostStack {
    /// The stack or sequence coordinator that owns the navigation stack.
    public let owner: any StackHolding
    /// The bottom of the stack; nil only for a sequence that has not started a step.
    public let root: NavigationItem?
    /// Everything above the root, bottom first: screens, and flows that are not flattened
    /// (tabs pushed onto a stack), which render as their own node.
    public let path: [NavigationItem]
    /// The modal presented from this stack: its own, or one of a child flow flattened into it.
    public let modal: HostModal?
    /// The flow's title, for a navigation bar with no screen title.
    public var title: String { owner.flow.displayTitle }
}

/// A tab bar: each tab's title, icon and content, and which is selected.
@MainActor
public struct HostTabs {
    public let owner: TabsCoordinator
    public let tabs: [HostTab]
    /// The selected tab's id.
    public let selected: String
    /// The modal presented over the tab bar.
    public let modal: HostModal?
}

/// One tab: its id, its title and SF Symbol from the flow, and what it shows.
@MainActor
public struct HostTab: Identifiable {
    public let id: String
    public let title: String
    /// The icon named in the flow (an SF Symbol name on Apple platforms), if any.
    public let icon: String?
    public let content: HostNode
}

/// A screen shown on its own, and the modal its flow presents over it.
@MainActor
public struct HostScreen {
    public let entry: ScreenEntry
    /// The flow that shows it (the presenter, for a presented screen).
    public let owner: FlowCoordinator?
    public let modal: HostModal?
}

/// A presented modal: which flow presents it, how, and what it shows. Identified by the
/// presented instance's id, so `sheet(item:)` sees a new modal when the flow replaces one.
@MainActor
public struct HostModal: Identifiable {
    /// The presented screen's or flow's instance id.
    public let id: Int
    public let presentation: Presentation
    /// The flow that presents it: the one whose `X.dismissed` sees the user's swipe.
    public let owner: FlowCoordinator
    public let content: HostNode
}
