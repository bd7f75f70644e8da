import BatonModel
import BatonRuntime

/// What the flow wants shown, by identity: the layout of the core's state with an identity for
/// each instance (kept from what is shown for an instance still in its life, new otherwise),
/// what a host needs to make each one, and the dialog, which it makes as it presents it.
@MainActor
struct RenderTarget {
    var state = ShownState()
    /// What each identity's view or controller is.
    var contents: [ViewIdentity: RenderContent] = [:]
    /// The containers (stacks, tab bars) of each level, parents first: 0 the window's content,
    /// k + 1 the content of modal k.
    var containers: [[ViewIdentity]] = []
    /// The containers on the way to the visible screen at the top level: the ones the user
    /// sees change, whose stacks move with animation.
    var onScreen: Set<ViewIdentity> = []
    /// The stack whose top page is the visible screen, at the top level; nil when none is.
    var visibleStack: ViewIdentity?

    /// The target of `layout`, the layout of `runtime`'s state, with `backRule` for the
    /// visible stack's top page; nil (under a dialog) keeps the rule `showing` has for it, when
    /// it shows the same pages.
    init(layout: RenderLayout, runtime: FlowRuntime, identities: IdentityTable, backRule: BackRule?,
         showing: ShownState) {
        var builder = TargetBuilder(runtime: runtime, identities: identities)
        builder.level = 0
        state.base = builder.add(layout.base)
        var presenter: ViewIdentity?
        var levels = [builder.containers]
        var below = layout.base
        for (level, modal) in layout.modals.enumerated() {
            builder.containers = []
            let identity = builder.add(modal.content)
            guard let identity else { break }
            let anchor = below.visible.screen.flatMap { builder.known[$0.instance] }
            state.modals.append(RenderModal(identity: identity, level: level, presenter: presenter,
                                            presentation: modal.presentation,
                                            anchor: modal.presentation == .popover ? anchor : nil,
                                            swipeDisabled: modal.swipeDisabled,
                                            detents: RenderModal.detents(modal.presentation, modal.options),
                                            showsGrabber: RenderModal.showsGrabber(modal.presentation, modal.options)))
            levels.append(builder.containers)
            presenter = identity
            below = modal.content
        }
        state.made = Set(builder.contents.keys)
        state.stacks = builder.stacks
        state.tabBars = builder.tabBars
        contents = builder.contents
        containers = levels
        let top = state.modals.isEmpty ? layout.base : layout.modals[state.modals.count - 1].content
        onScreen = builder.containersOnWay(of: top)
        if let dialog = layout.dialog {
            state.dialog = builder.dialog(dialog, level: state.modals.count, presenter: state.modals.last?.identity,
                                          anchor: top.visible.screen.flatMap { builder.known[$0.instance] })
        }
        if let stack = top.visible.stack, let identity = builder.known[stack.flow.instance] {
            visibleStack = identity
            if let pages = state.stacks[identity]?.pages, pages.count > 1,
               let rule = backRule ?? showing.stacks[identity].flatMap({ $0.pages == pages ? $0.back : nil }) {
                state.stacks[identity]?.back = rule
            }
        }
    }
}

/// Gives each node of a layout its identity, and collects what each container shows.
@MainActor
private struct TargetBuilder {
    let runtime: FlowRuntime
    let identities: IdentityTable
    var level = 0
    var contents: [ViewIdentity: RenderContent] = [:]
    var stacks: [ViewIdentity: ShownStack] = [:]
    var tabBars: [ViewIdentity: ShownTabs] = [:]
    /// The identity given to each instance.
    var known: [Int: ViewIdentity] = [:]
    /// The containers of the level being built, parents first.
    var containers: [ViewIdentity] = []

    init(runtime: FlowRuntime, identities: IdentityTable) {
        self.runtime = runtime
        self.identities = identities
    }

    /// The identity of `node`, with those of everything in it; nil for nothing, or for an
    /// instance whose entry or coordinator is not there (nothing shows it then).
    mutating func add(_ node: LayoutNode) -> ViewIdentity? {
        switch node {
        case .empty:
            return nil
        case .screen(let item):
            guard let entry = runtime.entry(item.instance) else { return nil }
            let identity = identities.identity(of: item, life: entry.viewModel)
            known[item.instance] = identity
            contents[identity] = .screen(entry)
            return identity
        case .stack(let stack):
            guard let coordinator = runtime.coordinator(for: stack.flow.instance) else { return nil }
            let identity = identities.identity(of: stack.flow, life: coordinator)
            known[stack.flow.instance] = identity
            contents[identity] = .stack(embedded: stack.isEmbedded)
            containers.append(identity)
            let pages = stack.pages.compactMap { add($0) }
            stacks[identity] = ShownStack(pages: pages, back: pages.count > 1 ? .system : .none)
            return identity
        case .tabs(let tabs):
            guard let coordinator = runtime.coordinator(for: tabs.flow.instance) else { return nil }
            let identity = identities.identity(of: tabs.flow, life: coordinator)
            known[tabs.flow.instance] = identity
            contents[identity] = .tabs
            containers.append(identity)
            let items = tabs.tabs.map { tab in
                RenderTab(id: tab.id, title: tab.title, icon: tab.icon, content: add(tab.content))
            }
            tabBars[identity] = ShownTabs(tabs: items, selected: tabs.selected)
            return identity
        }
    }

    /// (1.2) The dialog over the `level` modals shown, titled and with its buttons from its
    /// view model where that is a `DialogViewModel`; nil when its entry is not there.
    func dialog(_ dialog: LayoutDialog, level: Int, presenter: ViewIdentity?, anchor: ViewIdentity?) -> RenderDialog? {
        guard let entry = runtime.entry(dialog.item.instance),
              let screen = runtime.core.tables.index.screens[entry.screen] else { return nil }
        let model = entry.viewModel as? any DialogViewModel
        return RenderDialog(identity: identities.identity(of: dialog.item, life: entry.viewModel),
                            presentation: dialog.presentation, level: level, presenter: presenter, anchor: anchor,
                            title: model?.dialogTitle ?? entry.title ?? entry.screen, message: model?.dialogMessage,
                            buttons: DialogButton.buttons(of: screen, model: model), closesOnTapOutside: dialog.cancels)
    }

    /// The containers passed on the way from `node` to what is seen of it.
    func containersOnWay(of node: LayoutNode) -> Set<ViewIdentity> {
        var out: Set<ViewIdentity> = []
        var current = node
        for _ in 0..<RenderLayout.maxDepth {
            switch current {
            case .stack(let stack):
                if let identity = known[stack.flow.instance] { out.insert(identity) }
                guard let top = stack.pages.last else { return out }
                current = top
            case .tabs(let tabs):
                if let identity = known[tabs.flow.instance] { out.insert(identity) }
                guard let selected = tabs.tabs.first(where: { $0.id == tabs.selected }) else { return out }
                current = selected.content
            case .screen, .empty:
                return out
            }
        }
        return out
    }
}
