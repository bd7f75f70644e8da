import BatonModel
import BatonRuntime

extension RenderLayout {
    /// How deep a layout is built before the builder stops (the runtime bounds nesting already).
    static let maxDepth = 256

    /// The layout of `state`: what each flow on the way shows, the modals on the way to the
    /// visible screen (`CoreState.modalOwnersOnWay`) and the dialog over them; nothing once the
    /// root has finished.
    init(state: CoreState, index: SpecIndex) {
        guard state.finished == nil else {
            self.init(base: .empty, modals: [])
            return
        }
        let builder = LayoutBuilder(state: state, index: index)
        let modals = state.modalOwnersOnWay.compactMap { owner -> LayoutModal? in
            guard let modal = state.flows[owner]?.presented else { return nil }
            let content = modal.item.isFlow ? builder.node(flow: modal.item.id, embedded: false, depth: 0).node
                : .screen(LayoutItem(modal.item))
            return LayoutModal(owner: owner, item: LayoutItem(modal.item), presentation: modal.presentation,
                               content: content, options: modal.options, swipeDisabled: !modal.userCanSwipeAway)
        }
        let dialog = state.dialog.map {
            LayoutDialog(item: LayoutItem($0.item), presentation: $0.presentation, cancels: $0.cancels)
        }
        self.init(base: builder.node(flow: state.rootID, embedded: false, depth: 0).node, modals: modals, dialog: dialog)
    }
}

extension LayoutItem {
    init(_ item: CoreItem) {
        self.init(instance: item.id, name: item.name, isFlow: item.isFlow)
    }
}

/// Builds the nodes of a layout from the core's state.
private struct LayoutBuilder {
    let state: CoreState
    let index: SpecIndex

    /// The node flow `id` shows, and, for a flow inside a tab bar that is a page of a stack
    /// (`embedded`), the pages it puts on that stack above the tab bar.
    func node(flow id: Int, embedded: Bool, depth: Int) -> (node: LayoutNode, spill: [LayoutNode]) {
        guard depth < RenderLayout.maxDepth, let flow = state.flows[id] else { return (.empty, []) }
        let item = LayoutItem(instance: id, name: flow.flow, isFlow: true)
        switch flow.kind {
        case .stack, .sequence:
            var pages: [LayoutNode] = []
            for entry in flow.entries {
                state.forEachFlattened(entry) { part in pages += self.pages(of: part, depth: depth + 1) }
            }
            guard embedded else { return (.stack(LayoutStack(flow: item, pages: pages, isEmbedded: false)), []) }
            let first = Array(pages.prefix(1))
            return (.stack(LayoutStack(flow: item, pages: first, isEmbedded: true)), Array(pages.dropFirst()))
        case .tabs:
            let definition = index.flows[flow.flow]
            var spill: [LayoutNode] = []
            let tabs = flow.tabs.compactMap { tab -> LayoutTab? in
                guard let child = tab.flow else { return nil }
                let built = node(flow: child.id, embedded: embedded, depth: depth + 1)
                if tab.id == flow.selectedTab { spill = built.spill }
                let declared = definition.flatMap { Self.tab(tab.id, of: $0) }
                let title = declared?.title ?? index.flows[child.name]?.title ?? tab.id
                return LayoutTab(id: tab.id, title: title, icon: declared?.icon, content: built.node)
            }
            return (.tabs(LayoutTabs(flow: item, tabs: tabs, selected: flow.selectedTab)), spill)
        case .switch:
            guard let branch = flow.branch else { return (.empty, []) }
            guard branch.isFlow else { return (.screen(LayoutItem(branch)), []) }
            return node(flow: branch.id, embedded: embedded, depth: depth + 1)
        }
    }

    /// The pages one item flattened onto a stack shows: a screen; a tab bar and what its
    /// selected tab puts above it; nothing for a flow that shows nothing yet.
    private func pages(of part: CoreItem, depth: Int) -> [LayoutNode] {
        guard part.isFlow else { return [.screen(LayoutItem(part))] }
        let built = node(flow: part.id, embedded: true, depth: depth)
        guard case .tabs = built.node else { return [] }
        return [built.node] + built.spill
    }

    private static func tab(_ id: String, of flow: Flow) -> Tab? {
        guard case .tabs(let tabs, _) = flow.kind else { return nil }
        return tabs.first { $0.id == id }
    }
}
