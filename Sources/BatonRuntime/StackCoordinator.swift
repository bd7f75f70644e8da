import BatonModel

/// A `stack` flow: its root screen (or child flow) and what was pushed onto it. A child flow
/// pushed onto it shares it: its entries are part of this navigation stack.
@MainActor
public final class StackCoordinator: FlowCoordinator, StackHolding {
    private var storedEntries: [NavigationItem] = []

    /// The flow's own entries, root first. A host binds `rootItem` and `path`, which flatten the
    /// child flows pushed onto the stack into it, to a navigation stack.
    public var entries: [NavigationItem] {
        readState()
        return storedEntries
    }

    override var activeItem: NavigationItem? { entries.last }
    override var childItems: [NavigationItem] { entries }
    override var asStack: (any StackHolding)? { self }

    override func read(_ node: CoreFlow, in runtime: FlowRuntime) {
        storedEntries = node.entries.compactMap(runtime.item)
    }
}
