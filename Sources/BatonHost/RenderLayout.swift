import BatonModel
import BatonRuntime

/// What the flow shows, laid out as a host shows it: the window's content (`base`), the
/// modals presented over it, one from inside the other, and the dialog over them all. Read
/// from the core's state alone (`init(state:index:)`), so that two states lay out the same
/// exactly when a host shows the same for both: what `BackRules` compares.
struct RenderLayout: Equatable {
    var base: LayoutNode
    /// The modals on the way to the visible screen, outermost first.
    var modals: [LayoutModal]
    /// (1.2) The alert or confirmation dialog over the topmost modal (or the window's content).
    var dialog: LayoutDialog?
}

/// A screen or flow instance in a layout.
struct LayoutItem: Hashable {
    var instance: Int
    /// The screen or flow id.
    var name: String
    var isFlow: Bool
}

/// One container or screen of a layout.
indirect enum LayoutNode: Equatable {
    /// A navigation stack.
    case stack(LayoutStack)
    /// A tab bar.
    case tabs(LayoutTabs)
    /// A screen on its own (a switch's branch, a presented screen) or a page of a stack.
    case screen(LayoutItem)
    /// Nothing: the root has finished, or a flow shows nothing yet.
    case empty
}

/// A navigation stack: the pages of a stack or sequence, bottom first, with what child flows
/// pushed onto it show flattened in (`CoreState.forEachFlattened`). A page is a screen, or a
/// tab bar pushed onto the stack. What the selected tab of such a tab bar pushes is on this
/// stack too, right above the tab bar: its tabs show only their first pages (`isEmbedded`), so
/// that no navigation stack is ever inside another.
struct LayoutStack: Equatable {
    var flow: LayoutItem
    var pages: [LayoutNode]
    /// A tab's stack inside a tab bar that is a page of another stack: it shows its first page,
    /// without a navigation stack of its own.
    var isEmbedded: Bool
}

/// A tab bar: each tab's label and content, and the selected tab.
struct LayoutTabs: Equatable {
    var flow: LayoutItem
    var tabs: [LayoutTab]
    var selected: String
}

/// One tab: its id, its label from the flow, and what it shows.
struct LayoutTab: Equatable {
    var id: String
    var title: String
    var icon: String?
    var content: LayoutNode
}

/// A modal: the flow presenting it, what it shows and how.
struct LayoutModal: Equatable {
    var owner: Int
    var item: LayoutItem
    var presentation: Presentation
    var content: LayoutNode
    /// (1.2) Its detents and grabber as the flow wrote them.
    var options: PresentationOptions
    /// Whether the user may not swipe it away (the runtime's rule, `CoreModal.userCanSwipeAway`).
    var swipeDisabled: Bool
}

/// (1.2) An alert or a confirmation dialog: its screen instance, which of the two, and whether
/// a tap outside sends its `cancel` (the runtime's `CoreDialog.cancels`).
struct LayoutDialog: Equatable {
    var item: LayoutItem
    var presentation: Presentation
    var cancels: Bool
}

extension LayoutNode {
    /// The instance of the node's container or screen; nil for `.empty`.
    var item: LayoutItem? {
        switch self {
        case .stack(let stack): stack.flow
        case .tabs(let tabs): tabs.flow
        case .screen(let item): item
        case .empty: nil
        }
    }

    /// What is seen of the node: the top page of a stack, the selected tab of a tab bar, down
    /// to a screen; with the stack whose top it is, if any.
    var visible: (screen: LayoutItem?, stack: LayoutStack?) {
        var node = self
        var stack: LayoutStack?
        for _ in 0..<RenderLayout.maxDepth {
            switch node {
            case .stack(let shown):
                // An embedded stack's back button is its enclosing stack's.
                if !shown.isEmbedded { stack = shown }
                guard let top = shown.pages.last else { return (nil, stack) }
                node = top
            case .tabs(let tabs):
                guard let selected = tabs.tabs.first(where: { $0.id == tabs.selected }) else { return (nil, stack) }
                node = selected.content
            case .screen(let item):
                return (item, stack)
            case .empty:
                return (nil, stack)
            }
        }
        return (nil, stack)
    }
}
