import BatonModel
import Observation

/// A running flow: one coordinator of the app. Subclassed once per kind (`StackCoordinator`,
/// `SequenceCoordinator`, `TabsCoordinator`, `SwitchCoordinator`); the runtime creates them,
/// sets them from its navigation state and releases them, and a host binds its views to their
/// observable state. A coordinator takes its flow's state at its first read and is set after
/// every step from then on: one nothing reads costs nothing to keep.
///
/// A coordinator lives exactly as long as its flow instance in the navigation state. Its
/// parent is a weak reference, so releasing a place releases everything below it.
@MainActor @Observable
public class FlowCoordinator: Identifiable {
    /// Unique in the run, from the runtime's deterministic counter.
    public nonisolated let id: Int
    /// The flow id.
    public nonisolated let flowName: String
    /// The flow's definition.
    public let flow: Flow
    /// What the flow received when it was started.
    public internal(set) var input: Value? {
        get {
            takeStateAtFirstRead()
            inputRead.noteRead()
            access(keyPath: \.input)
            return _input
        }
        set { inputRead.change(through: { withMutation(keyPath: \.input, $0) }) { _input = newValue } }
    }
    @ObservationIgnored private var _input: Value?
    /// Whether anything has read `input`: until then it has no observers.
    @ObservationIgnored private var inputRead = ReadMark()
    /// The modal presented over this flow, if any.
    public internal(set) var presented: PresentedItem? {
        get {
            takeStateAtFirstRead()
            presentedRead.noteRead()
            access(keyPath: \.presented)
            return _presented
        }
        set { presentedRead.change(through: { withMutation(keyPath: \.presented, $0) }) { _presented = newValue } }
    }
    @ObservationIgnored private var _presented: PresentedItem?
    /// Whether anything has read `presented`: until then it has no observers.
    @ObservationIgnored private var presentedRead = ReadMark()
    /// The flow that started this one (for a presented flow, the flow that presented it).
    public internal(set) var parent: FlowCoordinator? {
        get {
            takeStateAtFirstRead()
            return _parent
        }
        set { _parent = newValue }
    }
    @ObservationIgnored private weak var _parent: FlowCoordinator?
    /// The instance id `parent` was set from, compared on every sync without loading the
    /// weak reference.
    @ObservationIgnored private var parentID: Int?
    /// Whether anything has read the coordinator's state (its input, modal, parent, or what
    /// its kind shows). Until then the runtime does not set it after each step: it takes the
    /// state its flow has at its first read. A run that shows nothing (a test, `baton run`,
    /// a scenario) sets no coordinator at all; a host reads the ones it shows.
    @ObservationIgnored private(set) var wasRead = false
    /// The runtime whose state the coordinator takes at its first read; nil once the
    /// coordinator is not the runtime's any more. Weak: the runtime holds its coordinators.
    @ObservationIgnored weak var runtime: FlowRuntime?
    /// How a user's back navigation reported by the host (a shorter `path`) reaches the
    /// runtime: it performs that many `back` steps. Set by the runtime; holds it weakly.
    @ObservationIgnored var userWentBack: ((Int) -> [StepResult])?

    init(id: Int, flow: Flow, input: Value?) {
        self.id = id
        self.flowName = flow.name
        self.flow = flow
        self._input = input
    }

    /// Called by each getter of the coordinator's state, before it registers the read: the
    /// first read takes the state the flow has now, and from then on the runtime sets the
    /// coordinator after every step that changes its flow.
    final func takeStateAtFirstRead() {
        guard !wasRead else { return }
        wasRead = true
        runtime?.bringInLine(self)
    }

    /// Stops being the runtime's, keeping the state it shows; one nothing has read first takes
    /// `node`, the state its flow had last, so that it shows what it would have shown had it
    /// been set after every step.
    final func detach(showing node: CoreFlow?, in mirror: FacadeMirror) {
        if !wasRead, let node { self.mirror(node, in: mirror) }
        runtime = nil
    }

    /// `stack`, `sequence`, `tabs` or `switch`.
    public var kind: String { flow.kind.keyword }

    /// The child the flow shows now: the top of its stack, its selected tab or its branch.
    var activeItem: NavigationItem? { nil }

    /// Every child item in order (stack entries, tabs, the branch), without the modal.
    var childItems: [NavigationItem] { [] }

    /// This coordinator as a stack holder, when it is one. A virtual call: cheaper on the hot
    /// path than the protocol-conformance lookup of `as? any StackHolding`.
    var asStack: (any StackHolding)? { nil }

    /// Takes the flow instance's state from the core: input, modal and parent here, the
    /// kind's content in the subclasses. Properties are set only when they change, so
    /// observers hear of real changes only.
    func mirror(_ node: CoreFlow, in mirror: FacadeMirror) {
        // The stored values are read without registering an observation: the runtime is
        // writing them, not a view reading them. Only the modal's id and presentation are
        // read, so that nothing is copied out of either side.
        if _input != node.input { input = node.input }
        let currentID = _presented?.id
        let unchanged: Bool
        if let now = node.presented {
            // The same modal, presented the same way, whose entry the step did not renew, stays.
            unchanged = currentID == now.item.id && _presented?.presentation == now.presentation
                && !mirror.renewed.contains(now.item.id)
            if !unchanged, let item = mirror.item(now.item) {
                let modal = PresentedItem(presentation: now.presentation, item: item)
                if !Self.same(_presented?.item, item) || _presented?.presentation != now.presentation {
                    presented = modal
                }
            } else if !unchanged, currentID != nil {
                presented = nil
            }
        } else if currentID != nil {
            presented = nil
        }
        if parentID != node.parent {
            parentID = node.parent
            parent = node.parent.flatMap { mirror.flows[$0] }
        }
    }

    /// Whether two items show the same instance with the same input (or are both nil).
    static func same(_ lhs: NavigationItem?, _ rhs: NavigationItem?) -> Bool {
        lhs?.id == rhs?.id && lhs?.screenEntry?.input == rhs?.screenEntry?.input
    }
}
