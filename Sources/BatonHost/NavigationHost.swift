import BatonRuntime

/// Every decision a SwiftUI or UIKit host makes, with no UI framework in it: what each
/// navigation stack, tab bar and modal shows (`root`), and what a value the view writes back
/// means (`setPath`, `modalWasDismissed`, `selectTab`). The views stay thin: they render the
/// node and hand every write-back here.
@MainActor
public struct NavigationHost {
    /// How deep nodes are built before the host stops (the runtime bounds nesting already).
    static let maxDepth = 64

    public let runtime: FlowRuntime

    public init(runtime: FlowRuntime) {
        self.runtime = runtime
    }

    /// What the whole app shows now. Read it in a view's `body`: the coordinators are
    /// `@Observable`, so the view renders again after every step.
    public var root: HostNode {
        if runtime.finishedOutcome != nil { return .empty }
        return node(for: runtime.root, depth: 0)
    }

    /// What one flow shows, for a flow pushed onto a stack without being flattened into it.
    public func node(for coordinator: FlowCoordinator) -> HostNode {
        node(for: coordinator, depth: 0)
    }

    // MARK: Building

    private func node(for coordinator: FlowCoordinator, depth: Int) -> HostNode {
        guard depth < Self.maxDepth else { return .empty }
        if let tabs = coordinator as? TabsCoordinator {
            let hostTabs = tabs.tabs.map { slot in
                HostTab(id: slot.id, title: slot.tab.title ?? slot.coordinator?.flow.title ?? slot.id, icon: slot.tab.icon,
                        content: slot.coordinator.map { node(for: $0, depth: depth + 1) } ?? .empty)
            }
            return .tabs(HostTabs(owner: tabs, tabs: hostTabs, selected: tabs.selectedTab,
                                  modal: modal(of: tabs, depth: depth)))
        }
        if let branch = (coordinator as? SwitchCoordinator)?.branch {
            switch branch {
            case .screen(let entry):
                return .screen(HostScreen(entry: entry, owner: coordinator, modal: modal(of: coordinator, depth: depth)))
            case .flow(let child):
                // The switch's own modal covers what its branch shows.
                let inner = node(for: child, depth: depth + 1)
                guard let own = modal(of: coordinator, depth: depth) else { return inner }
                return inner.replacingModal(own)
            }
        }
        if let holder = coordinator as? any StackHolding {
            return .stack(HostStack(owner: holder, root: holder.rootItem, path: holder.path,
                                    modal: stackModal(of: coordinator, depth: depth)))
        }
        return .empty
    }

    /// The modal a flow presents itself, if any.
    private func modal(of coordinator: FlowCoordinator, depth: Int) -> HostModal? {
        guard let presented = coordinator.presented else { return nil }
        let content: HostNode = switch presented.item {
        case .screen(let entry): .screen(HostScreen(entry: entry, owner: coordinator, modal: nil))
        case .flow(let child): node(for: child, depth: depth + 1)
        }
        return HostModal(id: presented.id, presentation: presented.presentation, owner: coordinator, content: content)
    }

    /// The modal a navigation stack presents: its flow's own, else that of the child flow on
    /// top of it that shares the stack (a stack, sequence or switch pushed onto it), and so on
    /// up: what is visible, as the runtime walks it (`FlowRuntime.stackModalOwner(of:)`).
    private func stackModal(of coordinator: FlowCoordinator, depth: Int) -> HostModal? {
        runtime.stackModalOwner(of: coordinator).flatMap { modal(of: $0, depth: depth) }
    }

    // MARK: Write-backs

    /// The navigation stack's path as the view wrote it back (`NavigationStack(path:)`'s
    /// binding, or the view controllers left after an interactive pop). A prefix of the path
    /// shown is the user going back that many levels; the same path, or any other, is nothing:
    /// the flow decides what is pushed.
    @discardableResult
    public func setPath(_ newPath: [NavigationItem], of stack: HostStack) -> HostWriteBack {
        guard runtime.isCurrent(stack.owner) else { return .ignored("the stack is no longer shown") }
        let shown = stack.owner.path
        guard let results = stack.owner.userSetPath(newPath) else {
            return .ignored(newPath.map(\.id) == shown.map(\.id) ? "the path shown" : "a path the flow did not set")
        }
        return .back(count: shown.count - newPath.count, results: results)
    }

    /// A modal binding set to nil by the view: the user's swipe, taken once. It is nothing when
    /// the modal is no longer presented (the flow dismissed it, or the view wrote nil twice) or
    /// is not the topmost one (only the topmost can be swiped).
    @discardableResult
    public func modalWasDismissed(_ modal: HostModal) -> HostWriteBack {
        guard runtime.isCurrent(modal.owner), modal.owner.presented?.id == modal.id else {
            return .ignored("the modal is no longer presented")
        }
        guard runtime.topmostModalOwner === modal.owner else { return .ignored("the modal is not the topmost one") }
        return .dismissed(runtime.dismiss())
    }

    /// A tab selection written back by the view: a tap on another tab. The tab already
    /// selected is nothing (SwiftUI writes the selection back when it renders); a tap on the
    /// selected tab is `tapSelectedTab`.
    @discardableResult
    public func selectTab(_ id: String, in tabs: HostTabs) -> HostWriteBack {
        guard runtime.isCurrent(tabs.owner) else { return .ignored("the tabs are no longer shown") }
        guard tabs.owner.selectedTab != id else { return .ignored("the tab shown") }
        guard tabs.owner.tabs.contains(where: { $0.id == id }) else { return .ignored("no tab '\(id)'") }
        return .tabSelected(id, runtime.selectTab(id))
    }

    /// The user tapped the tab that is already selected (UIKit's `shouldSelect` sees it;
    /// SwiftUI's selection binding does not): the flow's `reselect` rule decides what happens.
    @discardableResult
    public func tapSelectedTab(in tabs: HostTabs) -> HostWriteBack {
        guard runtime.isCurrent(tabs.owner) else { return .ignored("the tabs are no longer shown") }
        return .tabSelected(tabs.owner.selectedTab, runtime.selectTab(tabs.owner.selectedTab))
    }

    /// The modals shown, outermost first: each node's modal, then the modals inside it.
    public func visibleModals(of node: HostNode) -> [HostModal] {
        var out: [HostModal] = []
        var current = node
        for _ in 0..<Self.maxDepth {
            if let modal = current.modal {
                out.append(modal)
                current = modal.content
                continue
            }
            guard let inner = visibleChild(of: current) else { break }
            current = inner
        }
        return out
    }

    /// What is shown inside a node without a modal of its own: the selected tab's content, or
    /// a flow pushed onto a stack without being flattened.
    private func visibleChild(of node: HostNode) -> HostNode? {
        switch node {
        case .tabs(let tabs):
            return tabs.tabs.first { $0.id == tabs.selected }?.content
        case .stack(let stack):
            guard case .flow(let child)? = stack.path.last ?? stack.root else { return nil }
            return self.node(for: child)
        case .screen, .empty:
            return nil
        }
    }
}

extension HostNode {
    /// The same node presenting `modal` instead of its own.
    func replacingModal(_ modal: HostModal) -> HostNode {
        switch self {
        case .stack(let stack): .stack(HostStack(owner: stack.owner, root: stack.root, path: stack.path, modal: modal))
        case .tabs(let tabs): .tabs(HostTabs(owner: tabs.owner, tabs: tabs.tabs, selected: tabs.selected, modal: modal))
        case .screen(let screen): .screen(HostScreen(entry: screen.entry, owner: screen.owner, modal: modal))
        case .empty: .empty
        }
    }
}
