import BatonLint
import BatonModel
import BatonRuntime

/// Every step a user or the app can take in a state: each event of the visible screen with a
/// representative payload (its built-in `done` too), back, the swipe that closes a modal,
/// each tab of the tabs flows shown, each link, and each other value of a fact conditions read.
struct StepMenu {
    /// A step, and whether it is the user's own (events, back, dismiss, tabs: what tells
    /// whether the user is stuck).
    struct Entry {
        var step: NavigationStep
        var byUser: Bool
        /// For a link step, the link it was made for.
        var link: CoverageTarget?
        /// For a tab tap, what it does in the state it is taken from, once the state's survey
        /// has told (`TabTap`).
        var tap: TabTap?
    }

    /// The steps of one state, in the order they are taken: the user's, then (when `linksOpen`)
    /// every link of `StepMenu.links`, then the facts the app may set.
    struct Steps {
        var user: [Entry] = []
        /// Whether links are opened here: not while one is held.
        var linksOpen = false
        var facts: [Entry] = []
    }

    private let index: SpecIndex
    private let checker: ValueChecker
    private let facts: [(name: String, values: [Value?])]
    /// A step opening each declared link, the same in every state; a link is named by its
    /// position here.
    let links: [Entry]

    init(spec: FlowSpec, index: SpecIndex, checker: ValueChecker, domains: SettingDomains) {
        self.index = index
        self.checker = checker
        self.facts = domains.facts
        var links: [Entry] = []
        for flow in spec.flows {
            for link in flow.links {
                links.append(Entry(step: .open(Self.url(for: link.pattern)), byUser: false,
                                   link: .link(flow: flow.name, pattern: link.pattern.text)))
            }
        }
        self.links = links
    }

    func steps(for state: NavigationState, context: [String: Value]) -> Steps {
        var steps = Steps()
        guard state.finished == nil else { return steps }
        if let top = state.top, let screen = index.screens[top] {
            for event in screen.events {
                let payload = checker.representative(of: event.payload)
                steps.user.append(Entry(step: .send(screen: top, event: event.name, payload: payload), byUser: true))
            }
            if !screen.events.contains(where: { $0.name == "done" }) {
                steps.user.append(Entry(step: .send(screen: top, event: "done", payload: nil), byUser: true))
            }
        }
        steps.user.append(Entry(step: .back, byUser: true))
        if state.presented != nil { steps.user.append(Entry(step: .dismiss, byUser: true)) }
        var tabIDs: [String] = []
        for flowName in state.flows {
            guard let flow = index.flows[flowName], case .tabs(let tabs, _) = flow.kind else { continue }
            for tab in tabs where !tabIDs.contains(tab.id) { tabIDs.append(tab.id) }
        }
        steps.user += tabIDs.map { Entry(step: .tab($0), byUser: true) }
        // While a link is held no other is opened: held links open in order once their way
        // shows, so a second one adds orderings of the same links, not new behaviour, and
        // would multiply the states by every list of held links.
        steps.linksOpen = state.heldLinks.isEmpty && !links.isEmpty
        for fact in facts {
            for case let value? in fact.values where context[fact.name] != value {
                steps.facts.append(Entry(step: .set(context: [fact.name: value], flags: [:]), byUser: false))
            }
        }
        return steps
    }

    /// The link's pattern with `1` for every parameter (a valid int and string alike).
    static func url(for pattern: LinkPattern) -> String {
        let segments = pattern.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "1"
            }
        }
        return "/" + segments.joined(separator: "/")
    }
}
