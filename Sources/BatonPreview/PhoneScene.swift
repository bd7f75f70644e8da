import BatonModel
import BatonRuntime

/// What the phone frame shows, read from the runtime's navigation state: a layer for what is
/// shown full screen and one more for each modal over it, each with its tab bars, its
/// navigation bar (the stack as breadcrumbs) and its screen. The top layer is the runtime's
/// own answer (`top`, `stack`, `presented`); the layers under a modal, drawn dimmed, are read
/// from the state's tree.
struct PhoneScene: Encodable, Equatable {
    /// One tab bar: a tabs flow's tabs, in order, and which is selected.
    struct TabBar: Encodable, Equatable {
        var flow: String
        var tabs: [TabItem]
    }

    struct TabItem: Encodable, Equatable {
        var id: String
        var title: String
        /// The icon the flow names (an SF Symbol name), if any.
        var icon: String?
        var selected: Bool
    }

    /// What one presentation level shows.
    struct Layer: Encodable, Equatable {
        /// `sheet`, `cover` or `popover`, (1.2) `alert` or `confirm` for a dialog; nil for the
        /// base.
        var presentation: String?
        /// (1.2) A sheet's detents as the flow writes them (`medium`, `0.4`); empty for a
        /// full-height sheet. The page draws the sheet at the lowest.
        var detents: [String] = []
        /// (1.2) False for a modal presented with `dismissible: false`: its grabber does not
        /// drag.
        var dismissible = true
        /// The tab bars on the way to the layer's screen, outermost first.
        var tabBars: [TabBar] = []
        /// The screens of the navigation stack that holds the layer's screen, from its root.
        var stack: [String] = []
        /// The screen on top of the layer and its title and input; nil when it shows none.
        var screen: String?
        var title: String?
        var input: Value?
        /// (1.1) The result the screen was last handed (`return R`), on the top layer.
        var received: ScreenResult?
        /// Whether the navigation bar has a back button: the stack holds more than one screen.
        var canGoBack = false
    }

    /// Bottom first; the last is the one the user touches.
    var layers: [Layer]
    /// The root flow's outcome once it finished (nothing is shown then).
    var finished: String?

    /// How deep the tree is read; the runtime bounds its own depth well below this.
    private static let maxDepth = 256

    init(_ state: NavigationState, index: SpecIndex) {
        finished = state.finished
        var reader = TreeReader(index: index)
        reader.read(state.tree, depth: 0)
        reader.finishLayer()
        // (1.2) A dialog is over every modal, whichever flow showed it.
        if let dialog = reader.dialog {
            reader.current = Layer(presentation: dialog.presentation)
            reader.read(dialog, depth: 1)
            reader.finishLayer()
        }
        var layers = reader.layers.filter { $0.screen != nil || !$0.tabBars.isEmpty }
        if state.finished == nil, let top = state.top {
            // The layer the user touches is the runtime's answer, not the tree's reading.
            if layers.isEmpty { layers.append(Layer()) }
            let last = layers.count - 1
            layers[last].screen = top
            layers[last].title = index.screens[top]?.displayTitle ?? top
            layers[last].input = state.topInput
            layers[last].stack = state.stack
            layers[last].received = state.received
        }
        for number in layers.indices { layers[number].canGoBack = layers[number].stack.count > 1 }
        self.layers = state.finished == nil ? layers : []
    }

    /// Walks the shown part of the tree, layer by layer.
    private struct TreeReader {
        let index: SpecIndex
        var layers: [Layer] = []
        var current = Layer()
        /// (1.2) The dialog met on the way, drawn over everything once the rest is read.
        var dialog: StateNode?

        init(index: SpecIndex) {
            self.index = index
        }

        mutating func finishLayer() {
            layers.append(current)
        }

        mutating func read(_ node: StateNode, depth: Int) {
            guard depth < PhoneScene.maxDepth else { return }
            switch node.kind {
            case "screen":
                current.stack.append(node.id)
                current.screen = node.id
                current.title = index.screens[node.id]?.displayTitle ?? node.id
                current.input = node.input
            case "tabs":
                current.tabBars.append(tabBar(node))
                if let shown = node.children.first(where: { $0.tab == node.selected }) { read(shown, depth: depth + 1) }
            case "stack", "sequence":
                // A flow pushed onto the stack goes on the same navigation stack.
                current.stack = []
                for entry in node.children.dropLast() where entry.kind == "screen" { current.stack.append(entry.id) }
                if let top = node.children.last { readKeepingStack(top, depth: depth + 1) }
            default:
                // A switch shows its one branch.
                if let branch = node.children.first { read(branch, depth: depth + 1) }
            }
            if let shown = node.dialog { dialog = shown }
            if let modal = node.presented {
                finishLayer()
                current = Layer(presentation: modal.presentation, detents: modal.options?.detents.map(\.text) ?? [],
                                dismissible: modal.options?.dismissible ?? true)
                read(modal, depth: depth + 1)
            }
        }

        /// Reads the top of a stack: a screen joins the stack read so far, a stack flow adds
        /// its own screens to it.
        private mutating func readKeepingStack(_ node: StateNode, depth: Int) {
            guard node.kind == "stack" || node.kind == "sequence" else { return read(node, depth: depth) }
            let below = current.stack
            read(node, depth: depth)
            current.stack = below + current.stack
        }

        private func tabBar(_ node: StateNode) -> TabBar {
            var declared: [Tab] = []
            if let flow = index.flows[node.id], case .tabs(let tabs, _) = flow.kind { declared = tabs }
            let items = node.children.compactMap { child -> TabItem? in
                guard let id = child.tab else { return nil }
                let tab = declared.first { $0.id == id }
                return TabItem(id: id, title: tab?.title ?? id, icon: tab?.icon, selected: id == node.selected)
            }
            return TabBar(flow: node.id, tabs: items)
        }
    }
}
