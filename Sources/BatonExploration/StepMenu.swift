import BatonLint
import BatonModel
import BatonRuntime

/// Every step a user or the app can take in a state: each event of the visible screen with a
/// representative payload (its built-in `done` too), back, the swipe that closes a modal (where
/// the runtime says the user can, `NavigationState.canDismiss`),
/// each tab of the tabs flows shown, each link, and each other value of a fact conditions read.
struct StepMenu {
    /// A step, and whether it is the user's own (events, back, dismiss, tabs: what tells
    /// whether the user is stuck).
    struct Entry {
        /// What an entry is in every state, made once with the menu and shared by every copy:
        /// a state's list of steps is copied a few times on its way, and a copy then retains
        /// one object rather than each part of the step.
        private final class Fixed: Sendable {
            let step: NavigationStep
            let byUser: Bool
            let link: CoverageTarget?

            init(step: NavigationStep, byUser: Bool, link: CoverageTarget?) {
                self.step = step
                self.byUser = byUser
                self.link = link
            }
        }

        private let fixed: Fixed
        var step: NavigationStep { fixed.step }
        var byUser: Bool { fixed.byUser }
        /// For a link step, the link it was made for.
        var link: CoverageTarget? { fixed.link }
        /// For a tab tap, what it does in the state it is taken from, once the state's survey
        /// has told (`TabTap`).
        var tap: TabTap?

        init(step: NavigationStep, byUser: Bool, link: CoverageTarget? = nil) {
            fixed = Fixed(step: step, byUser: byUser, link: link)
        }

        /// Whether the search reads the key of the state after this step, to tell whether a fact
        /// the app set changed what is shown (a way out). A user's step is a way out anyway and a
        /// link's never is: their keys of states the search has are dropped where they are made.
        var needsKnownKeys: Bool { !byUser && link == nil }
    }

    /// The steps of one state, in the order they are taken: the user's, then (when `linksOpen`)
    /// every link of `StepMenu.links`, then the facts the app may set.
    struct Steps {
        var user: [Entry] = []
        /// Whether links are opened here: not while one is held.
        var linksOpen = false
        var facts: [Entry] = []
    }

    /// Each fact conditions read, with a `set` of each of its values (`steps`) and the value it
    /// sets (`values`, at the same positions): a state's value of the fact is looked up once.
    private let factSets: [(name: String, values: [Value], steps: [Entry])]
    /// The most fact steps one state can have: every value of every fact.
    private let factStepCount: Int
    /// The events of each screen with their representative payloads (its built-in `done`
    /// too), made once: every state that shows the screen offers the same.
    private let screenSteps: NameTable<[Entry]>
    /// A tap on each tab of each tabs flow, in order (`entries`), and the tabs' ids (`ids`, at
    /// the same positions): two arrays, so that each is read in place.
    private let tabSteps: NameTable<(ids: [String], entries: [Entry])>
    /// A step opening each declared link, the same in every state; a link is named by its
    /// position here.
    let links: [Entry]
    private let back = Entry(step: .back, byUser: true)
    private let dismiss = Entry(step: .dismiss, byUser: true)

    init(spec: FlowSpec, index: SpecIndex, checker: ValueChecker, domains: SettingDomains) {
        factSets = domains.facts.compactMap { fact in
            let values = fact.values.compactMap { $0 }
            guard !values.isEmpty else { return nil }
            return (fact.name, values, values.map { Entry(step: .set(context: [fact.name: $0], flags: [:]), byUser: false) })
        }
        factStepCount = factSets.reduce(0) { $0 + $1.steps.count }
        let handlesDone = Self.screensWhoseDoneCanBeHandled(spec)
        screenSteps = NameTable(index.screens.mapValues { screen in
            var entries = screen.events.map { event in
                Entry(step: .send(screen: screen.name, event: event.name, payload: checker.representative(of: event.payload)),
                      byUser: true)
            }
            if !screen.events.contains(where: { $0.name == BuiltinEvent.done.name }),
               handlesDone.all || handlesDone.screens.contains(screen.name) {
                entries.append(Entry(step: .send(screen: screen.name, event: BuiltinEvent.done.name, payload: nil), byUser: true))
            }
            return entries
        })
        tabSteps = NameTable(index.flows.mapValues { flow -> (ids: [String], entries: [Entry])? in
            guard case .tabs(let tabs, _) = flow.kind else { return nil }
            return (tabs.map(\.id), tabs.map { Entry(step: .tab($0.id), byUser: true) })
        }.compactMapValues { $0 })
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
        let events = state.top.flatMap { screenSteps[$0] } ?? []
        let tabs = state.flows.compactMap { tabSteps[$0] }
        let tabCount = tabs.reduce(0) { $0 + $1.entries.count }
        // Made at their final size: a list grows by copying otherwise.
        steps.user.reserveCapacity(events.count + 2 + tabCount)
        steps.user.append(contentsOf: events)
        steps.user.append(back)
        // (1.2) Only where the runtime lets the user's swipe close what is on top.
        if state.canDismiss { steps.user.append(dismiss) }
        var tabIDs: [String] = []
        tabIDs.reserveCapacity(tabCount)
        for (ids, entries) in tabs {
            for index in ids.indices where !tabIDs.contains(ids[index]) {
                tabIDs.append(ids[index])
                steps.user.append(entries[index])
            }
        }
        // While a link is held no other is opened: held links open in order once their way
        // shows, so a second one adds orderings of the same links, not new behaviour, and
        // would multiply the states by every list of held links.
        steps.linksOpen = state.heldLinks.isEmpty && !links.isEmpty
        steps.facts.reserveCapacity(factStepCount)
        for fact in factSets {
            let current = context[fact.name]
            for index in fact.values.indices where current != fact.values[index] { steps.facts.append(fact.steps[index]) }
        }
        return steps
    }

    /// The screens whose built-in `done` something can handle: those a flow has an `S.done` key
    /// for, and the steps of sequences (a sequence shows its next step); every screen (`all`)
    /// when a flow has a `*.done` key. Elsewhere the runtime leaves a screen's undeclared `done`
    /// unhandled in every state, which reports nothing (no finding, no way out), so it is not
    /// sent.
    static func screensWhoseDoneCanBeHandled(_ spec: FlowSpec) -> (all: Bool, screens: Set<String>) {
        var screens: Set<String> = []
        for flow in spec.flows {
            for transition in flow.transitions where transition.trigger.event == BuiltinEvent.done.name {
                if transition.trigger.isWildcard { return (true, []) }
                screens.insert(transition.trigger.source)
            }
            if case .sequence(let steps) = flow.kind { screens.formUnion(steps.map(\.target.name)) }
        }
        return (false, screens)
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
