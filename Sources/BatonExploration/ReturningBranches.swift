import BatonLint
import BatonModel
import BatonRuntime

/// The switch branches that can come back as they were kept. A branch hidden without finishing
/// is kept, and only `resume`, a following switch or a link whose way passes through it shows
/// it again as it was; `show` releases it and starts it fresh. A kept branch none of these can
/// bring back changes nothing a user will see, so the key leaves it out: otherwise a state
/// reached with a branch kept (a link that shows the app over the sign-in flow) and the same
/// state without it would be explored twice.
///
/// The key asks for every kept branch of every state it is made of, so the answer is read by
/// the numbers of the switch and the branch (`CoreItem.number`), without a name to hash.
struct ReturningBranches {
    /// By screen number and by flow number: whether some `resume` shows it.
    private let resumedScreens: [Bool]
    private let resumedFlows: [Bool]
    /// By flow number: whether the flow is a switch with `follow: true`.
    private let following: [Bool]
    /// The switches and their branches on the way to a flow that declares links (`pair`).
    private let onLinkWays: Set<UInt64>

    init(spec: FlowSpec, index: SpecIndex) {
        var resumedScreens = [Bool](repeating: false, count: spec.screens.count)
        var resumedFlows = [Bool](repeating: false, count: spec.flows.count)
        for flow in spec.flows {
            for transition in flow.transitions {
                for action in transition.performedActions {
                    guard case .resume(let target) = action.kind else { continue }
                    if let number = index.screens.position(of: target.name) { resumedScreens[number] = true }
                    if let number = index.flows.position(of: target.name) { resumedFlows[number] = true }
                }
            }
        }
        self.resumedScreens = resumedScreens
        self.resumedFlows = resumedFlows
        following = spec.flows.indices.map { index.flows.position(of: spec.flows[$0].name) == $0 && spec.flows[$0].follow }
        let ways = LinkWays(index: index)
        var onLinkWays: Set<UInt64> = []
        for flow in spec.flows where !flow.links.isEmpty {
            guard let way = ways.way(to: flow.name) else { continue }
            for (owner, branch) in zip(way, way.dropFirst()) where index.flows[owner]?.kind.isSwitch == true {
                guard let ownerNumber = index.flows.position(of: owner) else { continue }
                // A way's branch is a flow; a screen of that name is marked too, as the name
                // alone decided before branches were numbers.
                if let number = index.flows.position(of: branch) {
                    onLinkWays.insert(Self.pair(ownerNumber, number, isFlow: true))
                }
                if let number = index.screens.position(of: branch) {
                    onLinkWays.insert(Self.pair(ownerNumber, number, isFlow: false))
                }
            }
        }
        self.onLinkWays = onLinkWays
    }

    /// Whether `branch`, kept by switch `owner`, can be shown again as it was.
    func canComeBack(_ branch: CoreItem, of owner: CoreFlow) -> Bool {
        let resumed = branch.isFlow ? resumedFlows : resumedScreens
        if resumed.indices.contains(Int(branch.number)), resumed[Int(branch.number)] { return true }
        if following.indices.contains(Int(owner.number)), following[Int(owner.number)] { return true }
        return onLinkWays.contains(Self.pair(Int(owner.number), Int(branch.number), isFlow: branch.isFlow))
    }

    /// A switch's number and a branch's, as one member of `onLinkWays`.
    private static func pair(_ owner: Int, _ branch: Int, isFlow: Bool) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: owner)) << 33 | (isFlow ? 1 << 32 : 0) | UInt64(UInt32(truncatingIfNeeded: branch))
    }
}

private extension FlowKind {
    var isSwitch: Bool {
        if case .switch = self { true } else { false }
    }
}
