import BatonModel

/// A `sequence` flow: a linear workflow whose shown steps stack up. Remembers which step each
/// entry shows, so `done` and `next` know where to go on.
@MainActor
public final class SequenceCoordinator: FlowCoordinator, StackHolding {
    private var storedEntries: [NavigationItem] = []
    private var storedStepIndices: [Int: Int] = [:]

    /// The shown steps (and anything pushed between them), first step first.
    public var entries: [NavigationItem] {
        readState()
        return storedEntries
    }

    /// The step index each entry shows, by entry id; entries pushed by an action have none.
    public var stepIndices: [Int: Int] {
        readState()
        return storedStepIndices
    }

    /// The steps of the sequence.
    public var steps: [Step] {
        if case .sequence(let steps) = flow.kind { return steps }
        return []
    }

    override var activeItem: NavigationItem? { entries.last }
    override var childItems: [NavigationItem] { entries }
    override var asStack: (any StackHolding)? { self }

    override func read(_ node: CoreFlow, in runtime: FlowRuntime) {
        storedEntries = node.entries.compactMap(runtime.item)
        storedStepIndices = node.stepIndices
    }
}
