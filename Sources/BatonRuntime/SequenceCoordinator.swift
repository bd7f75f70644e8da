import BatonModel
import Observation

/// A `sequence` flow: a linear workflow whose shown steps stack up. Remembers which step each
/// entry shows, so `done` and `next` know where to go on.
@MainActor @Observable
public final class SequenceCoordinator: FlowCoordinator, StackHolding {
    /// The shown steps (and anything pushed between them), first step first.
    public internal(set) var entries: [NavigationItem] {
        get {
            takeStateAtFirstRead()
            entriesRead.noteRead()
            access(keyPath: \.entries)
            return _entries
        }
        set { changeEntries { $0 = newValue } }
    }
    @ObservationIgnored private var _entries: [NavigationItem] = []
    /// Whether anything has read `entries`: until then they have no observers.
    @ObservationIgnored private var entriesRead = ReadMark()
    /// The step index each entry shows, by entry id; entries pushed by an action have none.
    public internal(set) var stepIndices: [Int: Int] {
        get {
            takeStateAtFirstRead()
            stepIndicesRead.noteRead()
            access(keyPath: \.stepIndices)
            return _stepIndices
        }
        set { stepIndicesRead.change(through: { withMutation(keyPath: \.stepIndices, $0) }) { _stepIndices = newValue } }
    }
    @ObservationIgnored private var _stepIndices: [Int: Int] = [:]
    /// Whether anything has read `stepIndices`: until then they have no observers.
    @ObservationIgnored private var stepIndicesRead = ReadMark()

    override init(id: Int, flow: Flow, input: Value?) {
        super.init(id: id, flow: flow, input: input)
    }

    /// The steps of the sequence.
    public var steps: [Step] {
        if case .sequence(let steps) = flow.kind { return steps }
        return []
    }

    /// The index of the last shown step, nil when none is shown.
    var currentStepIndex: Int? {
        entries.reversed().lazy.compactMap { self.stepIndices[$0.id] }.first
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
        if _stepIndices != node.stepIndices { stepIndices = node.stepIndices }
    }
}
