import BatonModel

extension CoverageTarget {
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
        return CoverageTarget.sorted(targets)
    }
}

/// Where each coverage target of a spec is written, indexed once: exploration asks for the
/// place of every step it takes, and scanning the spec each time made that quadratic.
public struct CoverageLocations: Sendable {
    /// The first declaration's place, by screen (nil when it has none).
    private let screens: NameTable<SourceRange?>
    /// By flow, then trigger text: the first transition so written.
    private let transitions: NameTable<NameTable<Transition>>
    /// By flow, then pattern text.
    private let links: NameTable<NameTable<SourceRange?>>

    /// Indexes the places of `spec`'s screens, transitions and links.
    public init(_ spec: FlowSpec) {
        var screens: [String: SourceRange?] = [:]
        var transitions: [String: NameTable<Transition>] = [:]
        var links: [String: NameTable<SourceRange?>] = [:]
        for screen in spec.screens where screens[screen.name] == nil {
            screens[screen.name] = .some(screen.location)
        }
        for flow in spec.flows where transitions[flow.name] == nil {
            var byTrigger: [String: Transition] = [:]
            for transition in flow.transitions where byTrigger[transition.trigger.description] == nil {
                byTrigger[transition.trigger.description] = transition
            }
            transitions[flow.name] = NameTable(byTrigger)
            var byPattern: [String: SourceRange?] = [:]
            for link in flow.links where byPattern[link.pattern.text] == nil {
                byPattern[link.pattern.text] = .some(link.location)
            }
            links[flow.name] = NameTable(byPattern)
        }
        self.screens = NameTable(screens)
        self.transitions = NameTable(transitions)
        self.links = NameTable(links)
    }

    /// Where `target` is written: a placement's screen declaration, a transition's
    /// alternative (its `on` entry when the alternative has no place), a link.
    public func location(of target: CoverageTarget) -> SourceRange? {
        switch target {
        case .placement(let screen, _):
            return screens[screen] ?? nil
        case .transition(let flow, let trigger, let action):
            guard let transition = transitions[flow]?[trigger] else { return nil }
            let alternative = transition.actions.indices.contains(action) ? transition.actions[action].location : nil
            return alternative ?? transition.location
        case .link(let flow, let pattern):
            return links[flow]?[pattern] ?? nil
        }
    }
}
