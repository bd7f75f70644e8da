import BatonLint
import BatonModel

/// What the states a bound left out could still lead to, read from the flow's declarations
/// rather than run: a part outside it is one no unexplored state leads to, so exploration may
/// still call it unused.
///
/// It over-approximates every step the runtime can take from those states: each screen and
/// flow they hold can be shown again (by back, a dismiss, a tab, a kept branch); a running flow
/// can start again from its root, any step, any branch or any tab; an `on` entry can fire once
/// its flow runs and its trigger's screen or flow is there (any screen of the flow, for a
/// wildcard), taking any alternative its guards leave possible under the flags the state had
/// decided (facts and the flags still open take every value exploration gives them), and what
/// that alternative pushes, presents, replaces, resets or shows can be shown; and a link can
/// open from a state where no explored state opened links in the same setting, or by a `link`
/// action, starting the flows on its way and showing its items.
struct UnexploredReach {
    /// The screens and flows those states could show or run.
    private(set) var names: Set<String> = []
    /// The transition alternatives and links they could use.
    private(set) var targets: Set<CoverageTarget> = []

    /// What `frontier` could lead to. `tried` holds the settings links were opened in by the
    /// states explored.
    init(_ frontier: Frontier, triggers: TriggerIndex, tried: Set<LinkSetting>) {
        for (flags, holding) in frontier.holdings {
            var walk = Walk(triggers: triggers, flags: flags)
            walk.add(holding.names)
            if holding.linkSettings.contains(where: { $0.map { !tried.contains($0) } ?? true }) { walk.openLinks() }
            walk.run()
            names.formUnion(walk.names)
            targets.formUnion(walk.targets)
        }
    }

    /// The closure under one assignment of the decided flags.
    private struct Walk {
        let triggers: TriggerIndex
        let flags: [String: Literal]
        var names: Set<String> = []
        var targets: Set<CoverageTarget> = []
        /// Names added whose entries and start are still to be read.
        private var pending: [String] = []
        /// The `on` entries fired, as (flow position, entry position).
        private var fired: Set<TriggerIndex.Entry> = []
        private var linksOpened = false

        init(triggers: TriggerIndex, flags: [String: Literal]) {
            self.triggers = triggers
            self.flags = flags
        }

        mutating func add(_ seeds: Set<String>) {
            for name in seeds { add(name) }
        }

        private mutating func add(_ name: String) {
            if names.insert(name).inserted { pending.append(name) }
        }

        mutating func run() {
            let index = triggers.index
            while let name = pending.popLast() {
                if let position = index.flows.position(of: name) {
                    let flow = index.spec.flows[position]
                    flow.forEachStartTarget { add($0.name) }
                    for (entry, transition) in flow.transitions.enumerated()
                    where transition.trigger.isWildcard || names.contains(transition.trigger.source) {
                        fire(TriggerIndex.Entry(flow: position, entry: entry))
                    }
                }
                for entry in triggers.entries(triggeredBy: name) where names.contains(index.spec.flows[entry.flow].name) {
                    fire(entry)
                }
            }
        }

        private mutating func fire(_ entry: TriggerIndex.Entry) {
            guard fired.insert(entry).inserted else { return }
            let flow = triggers.index.spec.flows[entry.flow]
            let transition = flow.transitions[entry.entry]
            for alternative in transition.actions.indices
            where triggers.guards.mayTake(alternative, of: transition.actions, flags: flags) {
                targets.insert(.transition(flow: flow.name, trigger: transition.trigger.description, action: alternative))
                transition.actions[alternative].forEachPerformedAction { action in
                    if let shown = action.shownTarget(holder: flow.name) { add(shown.name) }
                    switch action.kind {
                    // A branch of a switch above the flow, shown again.
                    case .show(let target), .resume(let target): add(target.name)
                    case .link: openLinks()
                    default: break
                    }
                }
            }
        }

        /// Every link of the flow may open: the flows on its way start, its items are shown.
        mutating func openLinks() {
            guard !linksOpened else { return }
            linksOpened = true
            for flow in triggers.index.spec.flows {
                for link in flow.links {
                    targets.insert(.link(flow: flow.name, pattern: link.pattern.text))
                    for name in triggers.linkWays.way(to: flow.name) ?? [flow.name] { add(name) }
                    for item in link.items { add(item.target.name) }
                }
            }
        }
    }
}

/// A spec's `on` entries by the screen or flow whose name triggers them, made once for every
/// closure `UnexploredReach` computes, with what those closures read besides.
struct TriggerIndex {
    /// An `on` entry: its flow's position among the spec's flows and its own in the flow's.
    struct Entry: Hashable {
        var flow: Int
        var entry: Int
    }

    let index: SpecIndex
    let linkWays: LinkWays
    let guards: GuardPossibility
    private let bySource: [String: [Entry]]

    init(index: SpecIndex, domains: SettingDomains) {
        self.index = index
        linkWays = LinkWays(index: index)
        guards = GuardPossibility(domains: domains)
        var bySource: [String: [Entry]] = [:]
        for (position, flow) in index.spec.flows.enumerated() {
            for (entry, transition) in flow.transitions.enumerated() where !transition.trigger.isWildcard {
                bySource[transition.trigger.source, default: []].append(Entry(flow: position, entry: entry))
            }
        }
        self.bySource = bySource
    }

    /// The entries whose trigger names `source` (not the wildcard ones).
    func entries(triggeredBy source: String) -> [Entry] {
        bySource[source] ?? []
    }
}

/// Which alternatives of an `on` entry a step could take, under flags decided and every value
/// exploration gives the facts and the flags still open (`SettingDomains`: every other value
/// behaves as one of these under every condition).
struct GuardPossibility {
    /// The values of each name conditions read.
    private let values: [Expression.Name: [Value?]]
    /// The most assignments one question enumerates; beyond, the alternative counts as possible.
    static let maxAssignments = 4_096

    init(domains: SettingDomains) {
        var values: [Expression.Name: [Value?]] = [:]
        for domain in domains.domains { values[domain.name] = domain.values }
        self.values = values
    }

    /// Whether alternative `alternative` of `actions` is taken under some assignment that fixes
    /// `flags`: its guard holds (or it has none) and no guard before it does. An alternative
    /// after one without a guard is never taken.
    func mayTake(_ alternative: Int, of actions: [Action], flags: [String: Literal]) -> Bool {
        guard actions.indices.contains(alternative) else { return false }
        let before = actions[..<alternative]
        if before.contains(where: { $0.when == nil }) { return false }
        let guards = actions[...alternative].compactMap(\.when)
        if guards.isEmpty { return true }
        var read: Set<Expression.Name> = []
        for condition in guards { read.formUnion(SettingDomains.names(readBy: condition.expression)) }
        let open = read.filter { name in
            if case .flag(let flag) = name { flags[flag] == nil } else { true }
        }.sorted { $0.description < $1.description }
        var count = 1
        for name in open {
            let (product, overflow) = count.multipliedReportingOverflow(by: max(values[name]?.count ?? 1, 1))
            guard !overflow, product <= Self.maxAssignments else { return true }
            count = product
        }
        let own = actions[alternative].when
        var assignment: [Expression.Name: Literal?] = [:]
        for number in 0..<count {
            var rest = number
            for name in open {
                let domain = values[name] ?? []
                guard !domain.isEmpty else {
                    assignment[name] = .some(nil)
                    continue
                }
                assignment[name] = .some(domain[rest % domain.count].flatMap(Literal.init))
                rest /= domain.count
            }
            let lookup = { (name: Expression.Name) -> Literal? in
                if case .flag(let flag) = name, let value = flags[flag] { return value }
                return assignment[name] ?? nil
            }
            guard before.allSatisfy({ !($0.when?.expression.holds(lookup) ?? true) }) else { continue }
            if own?.expression.holds(lookup) ?? true { return true }
        }
        return false
    }
}
