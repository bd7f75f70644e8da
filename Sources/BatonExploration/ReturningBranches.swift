import BatonLint
import BatonModel

/// The switch branches that can come back as they were kept. A branch hidden without finishing
/// is kept, and only `resume`, a following switch or a link whose way passes through it shows
/// it again as it was; `show` releases it and starts it fresh. A kept branch none of these can
/// bring back changes nothing a user will see, so the key leaves it out: otherwise a state
/// reached with a branch kept (a link that shows the app over the sign-in flow) and the same
/// state without it would be explored twice.
struct ReturningBranches {
    /// The names some `resume` shows.
    private let resumed: NameTable<Void>
    /// The switches with `follow: true`.
    private let following: NameTable<Void>
    /// By switch, its branches on the way to a flow that declares links.
    private let onLinkWays: NameTable<NameTable<Void>>

    init(spec: FlowSpec, index: SpecIndex) {
        var resumed: Set<String> = []
        for flow in spec.flows {
            for transition in flow.transitions {
                for action in transition.performedActions {
                    if case .resume(let target) = action.kind { resumed.insert(target.name) }
                }
            }
        }
        self.resumed = NameTable(names: resumed)
        following = NameTable(names: spec.flows.filter(\.follow).map(\.name))
        let ways = LinkWays(index: index)
        var onLinkWays: [String: Set<String>] = [:]
        for flow in spec.flows where !flow.links.isEmpty {
            guard let way = ways.way(to: flow.name) else { continue }
            for (owner, branch) in zip(way, way.dropFirst()) where index.flows[owner]?.kind.isSwitch == true {
                onLinkWays[owner, default: []].insert(branch)
            }
        }
        self.onLinkWays = NameTable(onLinkWays.mapValues { NameTable(names: $0) })
    }

    /// Whether branch `name` of switch flow `owner`, once kept, can be shown again as it was.
    func canComeBack(_ name: String, of owner: String) -> Bool {
        resumed.contains(name) || following.contains(owner) || onLinkWays[owner]?.contains(name) == true
    }
}

private extension FlowKind {
    var isSwitch: Bool {
        if case .switch = self { true } else { false }
    }
}
