import BatonRuntime

/// What a host shows, by identity: the window's content, each navigation stack's pages, each
/// tab bar's tabs and selection, the modals presented and the dialog over them. A
/// `RenderSession` keeps the one on screen (changed by each operation once it is done, and by
/// what the user did), and plans from it to the one the flow wants.
public struct ShownState: Equatable, Sendable {
    /// The window's content.
    public internal(set) var base: ViewIdentity?
    /// Every identity made and not yet released.
    public internal(set) var made: Set<ViewIdentity> = []
    /// Each navigation stack's pages and back rule.
    public internal(set) var stacks: [ViewIdentity: ShownStack] = [:]
    /// Each tab bar's tabs and selection.
    public internal(set) var tabBars: [ViewIdentity: ShownTabs] = [:]
    /// The modals presented, outermost first.
    public internal(set) var modals: [RenderModal] = []
    /// (1.2) The alert or confirmation dialog presented over them.
    public internal(set) var dialog: RenderDialog?

    /// Nothing shown.
    public init() {}

    /// The state after `operation` is done.
    mutating func apply(_ operation: RenderOperation) {
        switch operation {
        case .make(let identity, _):
            made.insert(identity)
        case .showBase(let identity):
            base = identity
        case .setStack(let identity, let pages, let back, _):
            stacks[identity] = ShownStack(pages: pages, back: back)
        case .setTabs(let identity, let tabs):
            tabBars[identity, default: ShownTabs(tabs: [], selected: nil)].tabs = tabs
        case .selectTab(let identity, let id):
            tabBars[identity, default: ShownTabs(tabs: [], selected: nil)].selected = id
        case .present(let modal):
            modals.removeSubrange(min(modal.level, modals.count)...)
            modals.append(modal)
        case .dismiss(let level, _):
            modals.removeSubrange(min(max(level, 0), modals.count)...)
        case .presentDialog(let shown):
            dialog = shown
        case .dismissDialog:
            dialog = nil
        case .release(let identity):
            made.remove(identity)
            stacks[identity] = nil
            tabBars[identity] = nil
        }
    }
}

/// A navigation stack as shown: its pages, bottom first, and what its top page's back does.
public struct ShownStack: Equatable, Sendable {
    /// Its pages, bottom first.
    public internal(set) var pages: [ViewIdentity]
    /// What the back button of its top page does.
    public internal(set) var back: BackRule
}

/// A tab bar as shown: its tabs and the selected one.
public struct ShownTabs: Equatable, Sendable {
    /// Its tabs, in order.
    public internal(set) var tabs: [RenderTab]
    /// The id of the selected tab; nil before one is selected.
    public internal(set) var selected: String?
}
