import BatonModel
import Observation

/// A running flow: one coordinator of the app, and a view of its flow instance in the
/// runtime's navigation state. Subclassed once per kind (`StackCoordinator`,
/// `SequenceCoordinator`, `TabsCoordinator`, `SwitchCoordinator`); a host binds its views to
/// what they show.
///
/// A coordinator keeps no state of its own: the runtime makes it when something first asks
/// for it, it reads its flow's state from the runtime's core at its first read, and from then
/// on it reads it again after each step that changes its flow, counting one change (what a view
/// reading it observes). One nothing has read costs nothing to keep. Once its instance has gone
/// (released, or replaced by a restore), the coordinator is frozen: it shows what it showed
/// last (nothing, when nothing read it), and nothing asked of it reaches a runtime. As TCA's
/// scoped stores read `state ?? lastState`.
@MainActor
public class FlowCoordinator: Identifiable, Observable {
    /// Unique in the run, from the runtime's deterministic counter.
    public nonisolated let id: Int
    /// The flow id.
    public nonisolated let flowName: String
    /// The flow's definition (a new spec that keeps the flow's instance gives it anew).
    public var flow: Flow {
        readState()
        return definition
    }
    private var definition: Flow
    /// The runtime whose state the coordinator reads; nil once it is frozen.
    private(set) weak var runtime: FlowRuntime?
    private let registrar = ObservationRegistrar()
    /// How many steps changed the flow since the coordinator was first read: what Observation
    /// tracks.
    private var changeCount = 0
    /// Whether anything has read the coordinator: until then it has read nothing, and a change
    /// of its flow has no one to tell.
    private var wasRead = false
    private var storedInput: Value?
    private var storedPresented: PresentedItem?
    private var storedDialog: PresentedItem?
    private weak var storedParent: FlowCoordinator?

    init(id: Int, flow: Flow, runtime: FlowRuntime?) {
        self.id = id
        self.flowName = flow.name
        self.definition = flow
        self.runtime = runtime
    }

    /// What the flow received when it was started.
    public var input: Value? {
        readState()
        return storedInput
    }

    /// The modal presented over this flow, if any.
    public var presented: PresentedItem? {
        readState()
        return storedPresented
    }

    /// (1.2) The alert or confirmation dialog this flow showed, if one is shown: it is over
    /// everything, and its events are matched against this flow's `on`.
    public var dialog: PresentedItem? {
        readState()
        return storedDialog
    }

    /// The flow that started this one (for a presented flow, the flow that presented it).
    public var parent: FlowCoordinator? {
        readState()
        return storedParent
    }

    /// `stack`, `sequence`, `tabs` or `switch`.
    public var kind: String { definition.kind.keyword }

    /// Registers the read with Observation; the first read reads the flow's state.
    final func readState() {
        registrar.access(self, keyPath: \.changeCount)
        if !wasRead {
            wasRead = true
            refresh()
        }
    }

    /// Reads the flow's state from the core, while the coordinator is the runtime's.
    private func refresh() {
        guard let runtime, runtime.isCurrent(self), let node = runtime.core.state.flows[id] else { return }
        storedInput = node.input
        storedPresented = node.presented.flatMap { modal in
            runtime.item(modal.item).map { PresentedItem(presentation: modal.presentation, item: $0, options: modal.options) }
        }
        storedDialog = runtime.core.state.dialog.flatMap { dialog in
            dialog.owner == id ? runtime.item(dialog.item).map { PresentedItem(presentation: dialog.presentation, item: $0) } : nil
        }
        storedParent = node.parent.flatMap(runtime.coordinator(for:))
        read(node, in: runtime)
    }

    /// Takes what the flow's kind shows from `node`, its items as the runtime's coordinators
    /// and entries. Overridden by each kind.
    func read(_ node: CoreFlow, in runtime: FlowRuntime) {}

    /// A step changed the flow: a coordinator that has been read reads it again, and its
    /// observers are told. One never read has nothing to read again and no one to tell.
    final func noteChanged() {
        guard wasRead else { return }
        registrar.withMutation(of: self, keyPath: \.changeCount) {
            changeCount &+= 1
            refresh()
        }
    }

    /// A new spec kept the flow's instance: its definition is `flow` now.
    final func takeDefinition(_ flow: Flow) {
        definition = flow
        noteChanged()
    }

    /// The instance has gone: from now on the coordinator shows what it showed last.
    final func leave() {
        runtime = nil
    }

    /// The child the flow shows now: the top of its stack, its selected tab or its branch.
    var activeItem: NavigationItem? { nil }

    /// Every child item in order (stack entries, tabs, the branch), without the modal.
    var childItems: [NavigationItem] { [] }

    /// This coordinator as a stack holder, when it is one. A virtual call: cheaper on the hot
    /// path than the protocol-conformance lookup of `as? any StackHolding`.
    var asStack: (any StackHolding)? { nil }
}
