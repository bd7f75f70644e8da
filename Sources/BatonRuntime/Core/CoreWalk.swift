import BatonModel

/// The way from the root to the visible screen in a `CoreState`: at each flow its modal if it
/// has one, else what it shows (top of its stack, selected tab, branch).
struct CoreWalk {
    /// The flow instances passed, root first.
    var flows: [Int] = []
    /// The visible screen, its number and its owner.
    private(set) var visible = Visible()
    /// The visible screen instance.
    var screen: Int? { visible.screen }
    /// The flow the visible screen belongs to for triggers (its presenter when presented).
    var owner: Int? { visible.owner }
    /// The topmost modal's owner.
    var modalOwner: Int?
    /// (1.2) The dialog shown over everything: when there is one, it is the visible screen
    /// (`visible`, owned by the flow that showed it) and no tab can be tapped.
    private(set) var dialog: CoreDialog?
    /// (1.2) The screen under the dialog, which the way leads to.
    private var covered: Int?
    /// Tabs flows passed, outermost first.
    var tabs: [Int] = []
    /// Tabs flows not covered by a modal, outermost first.
    var tappableTabs: [Int] = []
    /// The stacks and sequences whose entries (all but the top) lie below the visible screen
    /// on the navigation stack that holds it, outermost first. Their entries are read only
    /// when `stack(in:)` asks, so a step's walk copies no entries.
    private var belowFlows: [Int] = []
    /// The stacks and sequences passed since the last container, while descending.
    private var pending: [Int] = []
    /// What of the way is listed besides the visible screen and its owners.
    enum Listing {
        /// Every flow passed: `flows`, `tabs`, `tappableTabs` and what `stack(in:)` reads.
        case path
        /// Only `tabs` and `tappableTabs`, for a tap on a tab.
        case tabs
    }

    private let listing: Listing

    /// Inlined: called on its own, it took a copy of the state, a retain of each of its tables.
    @inline(__always)
    init(_ state: CoreState, listing: Listing = .path) {
        self.listing = listing
        if listing == .path { flows.reserveCapacity(8) }
        descend(state.rootID, in: state, asContainer: true, depth: 0)
        if let dialog = state.dialog {
            self.dialog = dialog
            covered = visible.screen
            tappableTabs = []
            show(WayItem(id: dialog.item.id, number: dialog.item.number, isFlow: false, isModal: true),
                 ownedBy: dialog.owner, below: [])
        }
    }

    private mutating func descend(_ id: Int, in state: CoreState, asContainer: Bool, depth: Int) {
        guard depth < NavigationCore.maxDepth * 4 else { return }
        // Only the flow's kind and the item it leads to are read, in place.
        guard let (kind, next) = state.flows[id].map({ ($0.kind, $0.nextOnWay) }) else { return }
        if listing == .path {
            // Emptied keeping its room: it is handed to `belowFlows` only once, at the end.
            if asContainer { pending.removeAll(keepingCapacity: true) }
            flows.append(id)
        }
        if kind == .tabs {
            tabs.append(id)
            tappableTabs.append(id)
        }
        if let next, next.isModal {
            modalOwner = id
            tappableTabs = []
            if next.isFlow {
                descend(next.id, in: state, asContainer: true, depth: depth + 1)
            } else {
                show(next, ownedBy: id, below: [])
            }
            return
        }
        switch kind {
        case .stack, .sequence:
            if listing == .path { pending.append(id) }
            guard let next else { return }
            if next.isFlow {
                descend(next.id, in: state, asContainer: false, depth: depth + 1)
            } else {
                show(next, ownedBy: id, below: pending)
            }
        case .tabs:
            if let next {
                descend(next.id, in: state, asContainer: true, depth: depth + 1)
            }
        case .switch:
            guard let next else { return }
            if next.isFlow {
                descend(next.id, in: state, asContainer: false, depth: depth + 1)
            } else {
                show(next, ownedBy: id, below: pending)
            }
        }
    }

    private mutating func show(_ screen: WayItem, ownedBy owner: Int, below: [Int]) {
        visible = Visible(screen: screen.id, number: screen.number, owner: owner)
        self.belowFlows = below
    }

    /// The visible screen instance, the number of its declaration (`CoreItem.number`, so that
    /// its definition is read without hashing its name) and its owner: what a step that emits
    /// from the visible screen reads of the walk, a few words handed on where the walk, with
    /// its lists, would be copied.
    struct Visible {
        var screen: Int?
        var number: Int32 = -1
        var owner: Int?
    }

    /// The screens of the stack that holds the visible screen, from its root, child flows'
    /// screens flattened into it.
    func stack(in state: CoreState) -> [String] {
        guard let screen, let visible = state.screens[screen] else { return [] }
        var names: [String] = []
        for id in belowFlows {
            guard let entries = state.flows[id]?.entries else { continue }
            for entry in entries.dropLast() { state.forEachFlattened(entry) { names.append($0.name) } }
        }
        names.append(visible.screen)
        return names
    }

    /// (1.2) Whether the user's swipe can close what is on top: the dialog, when one is shown,
    /// if it `cancels`; else the topmost modal, unless it was presented with `dismissible:
    /// false`. The one rule the `dismiss` step and what exploration offers both read.
    func canDismiss(in state: CoreState) -> Bool {
        state.userCanDismiss(dialog: dialog, modalOwner: modalOwner)
    }

    /// The ids of the flows and the screen on the way (and the dialog over it).
    var visibleIDs: Set<Int> {
        Set(flows + [screen, covered].compactMap { $0 })
    }
}

/// The way to the visible screen with nothing listed: the visible screen, its owner and the
/// topmost modal's owner, which is what most steps read of it. Walked in a loop, by the same
/// rule as `CoreWalk` (`CoreFlow.nextOnWay`), with no list to make and free.
struct VisibleWay {
    private(set) var visible = CoreWalk.Visible()
    /// The topmost modal's owner.
    private(set) var modalOwner: Int?
    /// (1.2) The dialog shown over everything, which is then the visible screen.
    private(set) var dialog: CoreDialog?
    /// The visible screen instance.
    var screen: Int? { visible.screen }
    /// The flow the visible screen belongs to for triggers (its presenter when presented).
    var owner: Int? { visible.owner }

    /// Inlined, as `CoreWalk.init`: called on its own, it took a copy of the state.
    @inline(__always)
    init(_ state: CoreState) {
        if let dialog = state.dialog {
            // The dialog is the visible screen; the modal under it is still the topmost one.
            self.dialog = dialog
            visible = CoreWalk.Visible(screen: dialog.item.id, number: dialog.item.number, owner: dialog.owner)
            modalOwner = CoreWalk(state).modalOwner
            return
        }
        var id = state.rootID
        for _ in 0..<(NavigationCore.maxDepth * 4) {
            guard let (kind, next) = state.flows[id].map({ ($0.kind, $0.nextOnWay) }), let next else { return }
            if next.isModal { modalOwner = id }
            // A tabs flow's selected tab is a flow, gone into as `CoreWalk` does.
            if next.isFlow || (kind == .tabs && !next.isModal) {
                id = next.id
                continue
            }
            visible = CoreWalk.Visible(screen: next.id, number: next.number, owner: id)
            return
        }
    }
}

extension NavigationCore {
    func visibleWalk() -> CoreWalk {
        CoreWalk(state)
    }

    /// The way to the visible screen without the flows passed listed: its screen, its owner
    /// and the topmost modal's owner.
    func visibleScreenWalk() -> VisibleWay {
        VisibleWay(state)
    }

    /// The way to the visible screen with only the tabs flows passed listed, for a tap on a tab.
    func visibleTabsWalk() -> CoreWalk {
        CoreWalk(state, listing: .tabs)
    }

    /// The state as scenario files see it; without the whole tree (`tree` is an empty node)
    /// unless `withTree`.
    package func navigationState(withTree: Bool = true) -> NavigationState {
        state.navigationState(withTree: withTree)
    }
}

extension CoreState {
    /// (1.2) Whether the user's swipe can close what is on top, given the dialog shown and the
    /// topmost modal's owner as a walk found them (`CoreWalk.canDismiss(in:)`).
    func userCanDismiss(dialog: CoreDialog?, modalOwner: Int?) -> Bool {
        if let dialog { return dialog.cancels }
        return modalOwner.flatMap { flows[$0]?.presented?.userCanSwipeAway } ?? false
    }

    /// The last flow instance on the way from the root to what is shown: where the visible
    /// screen's flow is, or, in a state that shows nothing, the flow that is empty.
    package var innermostShownFlow: Int? {
        CoreWalk(self).flows.last
    }

    /// The state as scenario files see it (`NavigationCore.navigationState(withTree:)`), read
    /// from the value alone.
    package func navigationState(withTree: Bool = true) -> NavigationState {
        guard finished == nil else { return finishedNavigationState(withTree: withTree) }
        return navigationState(withTree: withTree, walk: CoreWalk(self))
    }

    /// The state as scenario files see it without the tree, with the tabs flows a tap on a tab
    /// goes to read in the same walk: those on the way to the visible screen that no modal
    /// covers, outermost first (`NavigationCore.selectTab`).
    package func navigationState(tappableTabs: inout [Int]) -> NavigationState {
        let walk = CoreWalk(self)
        tappableTabs = walk.tappableTabs
        guard finished == nil else { return finishedNavigationState(withTree: false) }
        return navigationState(withTree: false, walk: walk)
    }

    /// The state as scenario files see it once the root finished.
    private func finishedNavigationState(withTree: Bool) -> NavigationState {
        let tree = withTree ? stateNode(rootID, visible: [], depth: 0) : StateNode(kind: "", id: "")
        return NavigationState(finished: finished, heldLinks: heldLinks, tree: tree)
    }

    /// The state as scenario files see it before the root finished, given the walk to its
    /// visible screen.
    // Perf: the walk borrowed, not wrapped in an optional (PERFORMANCE.md).
    private func navigationState(withTree: Bool, walk: borrowing CoreWalk) -> NavigationState {
        let tree = withTree ? stateNode(rootID, visible: walk.visibleIDs, depth: 0) : StateNode(kind: "", id: "")
        let screen = walk.screen.flatMap { screens[$0] }
        let modal = walk.modalOwner.flatMap { flows[$0]?.presented }
        return NavigationState(
            top: screen?.screen, topInput: screen?.input, stack: walk.stack(in: self),
            tab: walk.tabs.last.flatMap { flows[$0]?.selectedTab }, presented: walk.dialog?.item.name ?? modal?.item.name,
            presentation: walk.dialog?.presentation ?? modal?.presentation,
            received: walk.screen.flatMap { received[$0] }, canDismiss: walk.canDismiss(in: self),
            flows: walk.flows.compactMap { flows[$0]?.flow }, finished: nil, heldLinks: heldLinks, tree: tree)
    }

    private func stateNode(_ id: Int, visible: Set<Int>, depth: Int) -> StateNode {
        guard let flow = flows[id] else { return StateNode(kind: "", id: "") }
        var node = StateNode(kind: flow.kind.rawValue, id: flow.flow, input: flow.input, isVisible: visible.contains(id))
        guard depth < NavigationCore.maxDepth * 4 else { return node }
        switch flow.kind {
        case .tabs: node.selected = flow.selectedTab
        case .switch: node.selected = flow.branch?.name
        default: break
        }
        if flow.kind == .tabs {
            // A tab's node says which tab it is: two tabs may run flows of one name.
            node.children = flow.tabs.compactMap { tab in
                tab.flow.map { item in
                    var child = stateNode(item, visible: visible, depth: depth + 1)
                    child.tab = tab.id
                    return child
                }
            }
        } else {
            node.children = flow.childItems.map { stateNode($0, visible: visible, depth: depth + 1) }
        }
        if let modal = flow.presented {
            var presented = stateNode(modal.item, visible: visible, depth: depth + 1)
            presented.presentation = modal.presentation.rawValue
            presented.options = modal.options.isDefault ? nil : modal.options
            node.presented = presented
        }
        if let dialog, dialog.owner == id {
            var shown = stateNode(dialog.item, visible: visible, depth: depth + 1)
            shown.presentation = dialog.presentation.rawValue
            node.dialog = shown
        }
        return node
    }

    private func stateNode(_ item: CoreItem, visible: Set<Int>, depth: Int) -> StateNode {
        guard item.isFlow else {
            let screen = screens[item.id]
            return StateNode(kind: "screen", id: item.name, input: screen?.input, isVisible: visible.contains(item.id))
        }
        return stateNode(item.id, visible: visible, depth: depth)
    }
}
