import BatonModel
import Observation

/// A `switch` flow: exactly one branch shown. (1.1) A branch hidden without finishing is kept,
/// one per branch name, for `resume`; a branch that finishes is released.
@MainActor @Observable
public final class SwitchCoordinator: FlowCoordinator {
    /// The shown branch: a screen or a child flow.
    public internal(set) var branch: NavigationItem? {
        get {
            takeStateAtFirstRead()
            branchRead.noteRead()
            access(keyPath: \.branch)
            return _branch
        }
        set { branchRead.change(through: { withMutation(keyPath: \.branch, $0) }) { _branch = newValue } }
    }
    @ObservationIgnored private var _branch: NavigationItem?
    /// Whether anything has read `branch`: until then it has no observers.
    @ObservationIgnored private var branchRead = ReadMark()
    /// (1.1) The branches hidden without finishing, by branch name, as they were left.
    public internal(set) var kept: [String: NavigationItem] {
        get {
            takeStateAtFirstRead()
            keptRead.noteRead()
            access(keyPath: \.kept)
            return _kept
        }
        set { keptRead.change(through: { withMutation(keyPath: \.kept, $0) }) { _kept = newValue } }
    }
    @ObservationIgnored private var _kept: [String: NavigationItem] = [:]
    /// Whether anything has read `kept`: until then it has no observers.
    @ObservationIgnored private var keptRead = ReadMark()

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

    /// The kept branches in name order.
    var keptItems: [NavigationItem] {
        kept.keys.sorted().compactMap { kept[$0] }
    }

    override func mirror(_ node: CoreFlow, in mirror: FacadeMirror) {
        super.mirror(node, in: mirror)
        let shown = node.branch.flatMap(mirror.item)
        if !Self.same(_branch, shown) { branch = shown }
        let hidden = node.kept.compactMapValues(mirror.item)
        let changed = hidden.count != _kept.count || hidden.contains { name, item in !Self.same(_kept[name], item) }
        if changed { kept = hidden }
    }
}
