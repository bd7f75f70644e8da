import BatonModel
import Observation

/// A `stack` flow: its root screen (or child flow) and what was pushed onto it. A child flow
/// pushed onto it shares it: its entries are part of this navigation stack.
@MainActor @Observable
public final class StackCoordinator: FlowCoordinator, StackHolding {
    /// The stack, root first: bind `flattened` (or `path`) to a navigation stack.
    public internal(set) var entries: [NavigationItem] {
        get {
            takeStateAtFirstRead()
            entriesRead.noteRead()
            access(keyPath: \.entries)
            return _entries
        }
        set { changeEntries { $0 = newValue } }
    }
    /// Not checked for overlapping accesses at run time: it is changed only by the runtime's
    /// sync, on the main actor, through `changeEntries`, whose changes read the mirror, not it.
    @ObservationIgnored @exclusivity(unchecked) private var _entries: [NavigationItem] = []
    /// Whether anything has read `entries`: until then they have no observers. Unchecked, as
    /// `_entries`: set by the getter, read by `changeEntries`, neither inside the other.
    @ObservationIgnored @exclusivity(unchecked) private var entriesRead = ReadMark()

    override init(id: Int, flow: Flow, input: Value?) {
        super.init(id: id, flow: flow, input: input)
    }

    override var activeItem: NavigationItem? { entries.last }
    override var childItems: [NavigationItem] { entries }

    override var asStack: (any StackHolding)? { self }

    /// Changes the entries in place, as one change for their observers when they have any.
    private func changeEntries(_ change: (inout [NavigationItem]) -> Void) {
        entriesRead.change(through: { withMutation(keyPath: \.entries, $0) }) { change(&_entries) }
    }

    override func mirror(_ node: CoreFlow, in mirror: FacadeMirror) {
        super.mirror(node, in: mirror)
        let coreEntries = node.entries
        if let kept = mirror.keptCount(of: coreEntries, in: _entries) {
            changeEntries { mirror.update(&$0, keeping: kept, to: coreEntries) }
        }
    }
}
