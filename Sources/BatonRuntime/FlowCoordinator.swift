import BatonModel
import Observation

/// A running flow: one coordinator of the app. Subclassed once per kind (`StackCoordinator`,
/// `SequenceCoordinator`, `TabsCoordinator`, `SwitchCoordinator`); the runtime creates, changes
/// and releases them, and a host binds its views to their observable state.
///
/// A coordinator lives exactly as long as its place in the navigation state. Its parent is a
/// weak reference, so releasing a place releases everything below it.
@MainActor @Observable
public class FlowCoordinator: Identifiable {
    /// Unique in the run, from the runtime's deterministic counter.
    public nonisolated let id: Int
    /// The flow id.
    public nonisolated let flowName: String
    /// The flow's definition.
    public let flow: Flow
    /// What the flow received when it was started.
    public internal(set) var input: Value?
    /// The modal presented over this flow, if any.
    public internal(set) var presented: PresentedItem?
    /// The flow that started this one (for a presented flow, the flow that presented it).
    @ObservationIgnored public internal(set) weak var parent: FlowCoordinator?
    /// How a user's back navigation reported by the host (a shorter `path`) reaches the
    /// runtime: it performs that many `back` steps. Set by the runtime; holds it weakly.
    @ObservationIgnored var userWentBack: ((Int) -> Void)?

    init(id: Int, flow: Flow, input: Value?) {
        self.id = id
        self.flowName = flow.name
        self.flow = flow
        self.input = input
    }

    /// `stack`, `sequence`, `tabs` or `switch`.
    public var kind: String { flow.kind.keyword }

    /// The input the flow's first screen gets: its input with the flow's `with` merged over it.
    var contentInput: Value? { Values.merge(input, flow.with?.value) }

    /// The child the flow shows now: the top of its stack, its selected tab or its branch.
    var activeItem: NavigationItem? { nil }

    /// Every child item in order (stack entries, tabs, the branch), without the modal.
    var childItems: [NavigationItem] { [] }

    /// Removes `child` from this flow's content (and the entries above it in a stack).
    /// Returns whether it was found.
    func removeChild(_ child: FlowCoordinator) -> Bool { false }

    /// This coordinator as a stack holder, when it is one. A virtual call: cheaper on the hot
    /// path than the protocol-conformance lookup of `as? any StackHolding`.
    var asStack: (any StackHolding)? { nil }
}

/// Merging of optional values, as the format merges `with` over a payload.
enum Values {
    /// `overlay` merged over `base`: record fields replace or add, anything else replaces.
    static func merge(_ base: Value?, _ overlay: Value?) -> Value? {
        guard let base else { return overlay }
        return base.merging(overlay)
    }
}
