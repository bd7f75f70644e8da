import BatonModel
import Observation

/// A `stack` flow: its root screen (or child flow) and what was pushed onto it. A child flow
/// pushed onto it shares it: its entries are part of this navigation stack.
@MainActor @Observable
public final class StackCoordinator: FlowCoordinator, StackHolding {
    /// The stack, root first: bind `flattened` (or `path`) to a navigation stack.
    public internal(set) var entries: [NavigationItem] = []

    override init(id: Int, flow: Flow, input: Value?) {
        super.init(id: id, flow: flow, input: input)
    }

    override var activeItem: NavigationItem? { entries.last }
    override var childItems: [NavigationItem] { entries }

    override var asStack: (any StackHolding)? { self }

    override func mirror(_ node: CoreFlow, in mirror: FacadeMirror) {
        super.mirror(node, in: mirror)
        let coreEntries = node.entries
        if let kept = mirror.keptCount(of: coreEntries, in: _entries) {
            // Changed in place, as one change for observers.
            withMutation(keyPath: \.entries) { mirror.update(&_entries, keeping: kept, to: coreEntries) }
        }
    }
}
