import BatonModel
import Observation

/// A `sequence` flow: a linear workflow whose shown steps stack up. Remembers which step each
/// entry shows, so `done` and `next` know where to go on.
@MainActor @Observable
public final class SequenceCoordinator: FlowCoordinator, StackHolding {
    /// The shown steps (and anything pushed between them), first step first.
    public internal(set) var entries: [NavigationItem] = []
    /// The step index each entry shows, by entry id; entries pushed by an action have none.
    public internal(set) var stepIndices: [Int: Int] = [:]

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

    override func mirror(_ node: CoreFlow, in mirror: FacadeMirror) {
        super.mirror(node, in: mirror)
        let coreEntries = node.entries
        if let kept = mirror.keptCount(of: coreEntries, in: _entries) {
            // Changed in place, as one change for observers.
            withMutation(keyPath: \.entries) { mirror.update(&_entries, keeping: kept, to: coreEntries) }
        }
        if _stepIndices != node.stepIndices { stepIndices = node.stepIndices }
    }
}
