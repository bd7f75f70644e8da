import BatonModel

extension CoverageTarget {
    /// Where the target is written: a placement's screen declaration, a transition's
    /// alternative (its `on` entry when the alternative has no place), a link.
    public func location(in spec: FlowSpec) -> SourceRange? {
        switch self {
        case .placement(let screen, _):
            return spec.screens.first { $0.name == screen }?.location
        case .transition(let flow, let trigger, let action):
            guard let transition = spec.flows.first(where: { $0.name == flow })?
                .transitions.first(where: { $0.trigger.description == trigger }) else { return nil }
            let alternative = transition.actions.indices.contains(action) ? transition.actions[action].location : nil
            return alternative ?? transition.location
        case .link(let flow, let pattern):
            return spec.flows.first { $0.name == flow }?.links.first { $0.pattern.text == pattern }?.location
        }
    }

    /// Every transition alternative and link `spec` declares, sorted.
    static func declared(in spec: FlowSpec) -> [CoverageTarget] {
        var targets: [CoverageTarget] = []
        for flow in spec.flows {
            for transition in flow.transitions {
                for action in transition.actions.indices {
                    targets.append(.transition(flow: flow.name, trigger: transition.trigger.description, action: action))
                }
            }
            for link in flow.links { targets.append(.link(flow: flow.name, pattern: link.pattern.text)) }
        }
        return targets.sorted()
    }
}
