import BatonModel

/// A `switch` flow: exactly one branch shown. (1.1) A branch hidden without finishing is kept,
/// one per branch name, for `resume`; a branch that finishes is released.
@MainActor
public final class SwitchCoordinator: FlowCoordinator {
    private var storedBranch: NavigationItem?
    private var storedKept: [String: NavigationItem] = [:]

    /// The shown branch: a screen or a child flow.
    public var branch: NavigationItem? {
        readState()
        return storedBranch
    }

    /// (1.1) The branches hidden without finishing, by branch name, as they were left.
    public var kept: [String: NavigationItem] {
        readState()
        return storedKept
    }

    /// The branches of the switch.
    public var branches: [Step] {
        if case .switch(let branches) = flow.kind { return branches }
        return []
    }

    override var activeItem: NavigationItem? { branch }
    override var childItems: [NavigationItem] { branch.map { [$0] } ?? [] }

    /// The kept branches in name order.
    var keptItems: [NavigationItem] {
        let kept = self.kept
        return kept.keys.sorted().compactMap { kept[$0] }
    }

    override func read(_ node: CoreFlow, in runtime: FlowRuntime) {
        storedBranch = node.branch.flatMap(runtime.item)
        storedKept = node.kept.compactMapValues(runtime.item)
    }
}
