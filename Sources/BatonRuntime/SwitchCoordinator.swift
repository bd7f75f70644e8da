import BatonModel
import Observation

/// A `switch` flow: exactly one branch shown; `show X` releases the old one.
@MainActor @Observable
public final class SwitchCoordinator: FlowCoordinator {
    /// The shown branch: a screen or a child flow.
    public internal(set) var branch: NavigationItem?

    override init(id: Int, flow: Flow, input: Value?) {
        super.init(id: id, flow: flow, input: input)
    }

    /// The branches of the switch.
    public var branches: [Step] {
        if case .switch(let branches) = flow.kind { return branches }
        return []
    }

    override var activeItem: NavigationItem? { branch }
    override var childItems: [NavigationItem] { branch.map { [$0] } ?? [] }

    override func removeChild(_ child: FlowCoordinator) -> Bool {
        guard branch?.id == child.id else { return false }
        branch = nil
        return true
    }
}
