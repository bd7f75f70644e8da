import BatonModel

/// Where each flow of a spec can put each screen and child flow besides its own start content:
/// as the first entry of its stack (`reset`, `replace` on the root), above it (`push`,
/// `replace`, a link's pushed item), or as its modal (a presentation, a link's presented
/// item). What `SnapshotMapping` asks of a saved stack entry or modal: can the new flow have
/// put it there at all?
struct FlowPlacements: Sendable {
    /// What one flow places.
    struct Places: Sendable {
        var first: Set<String> = []
        var pushed: Set<String> = []
        var presented: Set<String> = []
    }

    private var places: [String: Places] = [:]

    init(_ spec: FlowSpec) {
        let flowNames = Set(spec.flows.map(\.name))
        for flow in spec.flows {
            var own = places[flow.name] ?? Places()
            for transition in flow.transitions {
                transition.forEachPerformedAction { action in
                    switch action.kind {
                    case .push(let target): own.pushed.insert(target.name)
                    case .replace(let target):
                        own.pushed.insert(target.name)
                        own.first.insert(target.name)
                    case .reset(let target): own.first.insert(target.name)
                    case .present(_, let target): own.presented.insert(target.name)
                    default: break
                    }
                }
            }
            places[flow.name] = own
            for link in flow.links { placeItems(of: link, declaredIn: flow.name, flows: flowNames) }
        }
    }

    /// A link's way as the runtime follows it: a pushed item goes on the stack reached so far
    /// (the link flow's, or a pushed flow's that came before), a presented item over the flow
    /// that holds the item before it, and items after a presented flow into that flow.
    private mutating func placeItems(of link: Link, declaredIn flow: String, flows: Set<String>) {
        var stack = flow
        var holder = flow
        for item in link.items {
            let name = item.target.name
            let isFlow = flows.contains(name)
            if item.presentation != nil {
                places[holder, default: Places()].presented.insert(name)
            } else {
                places[stack, default: Places()].pushed.insert(name)
                holder = stack
            }
            if isFlow {
                stack = name
                holder = name
            }
        }
    }

    /// What `flow` places; nothing for a flow the spec does not have.
    subscript(flow: String) -> Places {
        places[flow] ?? Places()
    }
}
