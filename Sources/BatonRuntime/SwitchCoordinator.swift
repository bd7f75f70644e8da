import BatonModel
import Observation

/// A `switch` flow: exactly one branch shown. (1.1) A branch hidden without finishing is kept,
/// one per branch name, for `resume`; a branch that finishes is released.
@MainActor @Observable
public final class SwitchCoordinator: FlowCoordinator {
    /// The shown branch: a screen or a child flow.
    public internal(set) var branch: NavigationItem?
    /// (1.1) The branches hidden without finishing, by branch name, as they were left.
    public internal(set) var kept: [String: NavigationItem] = [:]

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
        if let name = kept.first(where: { $0.value.id == child.id })?.key {
            kept[name] = nil
            return true
        }
        guard branch?.id == child.id else { return false }
        branch = nil
        return true
    }

    /// Shows `item`, keeping the branch it hides (unless that one is `item`'s own name, which
    /// `item` replaces).
    func reveal(_ item: NavigationItem) {
        if let old = branch, old.id != item.id {
            kept[old.name] = old
        }
        kept[item.name] = nil
        branch = item
    }

    /// The kept branches in name order.
    var keptItems: [NavigationItem] {
        kept.keys.sorted().compactMap { kept[$0] }
    }
}
