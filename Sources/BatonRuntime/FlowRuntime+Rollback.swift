import BatonModel

/// The live coordinators and screen entries by instance id, for a rollback to reuse.
@MainActor
struct InstancePool {
    var flows: [Int: FlowCoordinator] = [:]
    var screens: [Int: ScreenEntry] = [:]

    /// Every instance under `root`: stack entries, tabs, branches, kept branches and modals.
    init(root: FlowCoordinator?) {
        guard let root else { return }
        var pending: [(FlowCoordinator, Int)] = [(root, 0)]
        while let (coordinator, depth) = pending.popLast() {
            flows[coordinator.id] = coordinator
            guard depth < FlowRuntime.maxDepth * 4 else { continue }
            var items = coordinator.childItems
            if let owner = coordinator as? SwitchCoordinator { items += owner.kept.values }
            if let modal = coordinator.presented { items.append(modal.item) }
            for item in items {
                switch item {
                case .screen(let entry): screens[entry.id] = entry
                case .flow(let child): pending.append((child, depth + 1))
                }
            }
        }
    }

    init() {}
}

/// Everything a rollback puts back: the navigation state (as a snapshot, with the live objects
/// to rebuild it from), the counters, the held links, and what the step had recorded so far.
@MainActor
struct Checkpoint {
    var snapshot: RuntimeSnapshot
    var pool: InstancePool
    var needsRepair: Bool
    var nestedCount: Int
    var received: [Int: ScreenResult]
    var pendingResult: PendingResult?
    var pendingInputs: Int
    var use: StepUse
}

extension FlowCoordinator {
    /// Empties the coordinator so a snapshot reader can fill it again.
    func clear(input: Value?) {
        self.input = input
        presented = nil
        switch self {
        case let stack as StackCoordinator: stack.setEntries([])
        case let sequence as SequenceCoordinator: sequence.setEntries([])
        case let tabs as TabsCoordinator:
            tabs.tabs = []
            tabs.selectedTab = ""
        case let owner as SwitchCoordinator:
            owner.branch = nil
            owner.kept = [:]
        default: break
        }
    }
}

extension FlowRuntime {
    /// The state now, to roll back to if what follows fails.
    func makeCheckpoint() -> Checkpoint {
        Checkpoint(
            snapshot: snapshot(), pool: InstancePool(root: root), needsRepair: needsRepair,
            nestedCount: nestedEntries.count, received: received, pendingResult: pendingResult,
            pendingInputs: pendingInputs.count, use: use)
    }

    /// Puts the state back as it was at `checkpoint`: the same coordinator and view-model
    /// objects for the instances that existed then, the instance-id counter, held links,
    /// kept branches and the finished state; drops the log entries recorded since.
    func rollBack(to checkpoint: Checkpoint) {
        var reader = SnapshotReader(runtime: self, lenient: false, pool: checkpoint.pool)
        if let coordinator = try? reader.flow(checkpoint.snapshot.root, depth: 0) {
            coordinator.parent = nil
            replaceRoot(coordinator)
        }
        heldLinks = checkpoint.snapshot.heldLinks
        finishedOutcome = checkpoint.snapshot.finished
        finishedPayload = checkpoint.snapshot.finishedPayload
        nextInstanceID = checkpoint.snapshot.nextInstanceID
        needsRepair = checkpoint.needsRepair
        received = checkpoint.received
        pendingResult = checkpoint.pendingResult
        pendingEmptySequences = []
        use = checkpoint.use
        if pendingInputs.count > checkpoint.pendingInputs { pendingInputs.removeLast(pendingInputs.count - checkpoint.pendingInputs) }
        if nestedEntries.count > checkpoint.nestedCount { nestedEntries.removeLast(nestedEntries.count - checkpoint.nestedCount) }
    }
}
