import BatonModel

/// (1.1) Where each `return R` hands its result, statically: the screens that can be visible
/// once the returning screen has closed. An approximation of what an exploration of the
/// state space would find:
/// - for `S.e: return R` in flow F, the screens that show S in F (or in the flow below F whose
///   events bubble up to F): the sources of the triggers
///   whose actions push, present or replace S (every screen F shows for a `*.e` trigger; for a
///   `C.outcome` trigger, the screens that start C), the link item before S, the sequence
///   steps before S; and, when S is F's first screen and F is presented, the screens that
///   present F;
/// - for `C.outcome: return R`, the screens from which C is started;
/// - for `*.e: return R`, the above for every screen of F that declares `e`.
/// What the other items of a `do` change before the `return` is not followed.
struct ReturnAnalysis {
    /// One `return R` and where its result can land.
    struct Site {
        var flow: Flow
        var trigger: Trigger
        var action: Action
        var result: Reference
        /// The screens that can be visible when the step ends, in a stable order.
        var receivers: [String]
    }

    private(set) var sites: [Site] = []
    private unowned let context: LintContext
    /// Holder flow → item screen or flow → the screens just before it on a link's way.
    private var linkPredecessors: [String: [String: OrderedSet<String>]] = [:]
    /// Flow → screen or flow → the triggers of the flow's transitions that push, present or
    /// replace it.
    private var shownBy: [String: [String: [Trigger]]] = [:]

    init(_ context: LintContext) {
        self.context = context
        var returns: [(flow: Flow, trigger: Trigger, action: Action, result: Reference)] = []
        for flow in context.spec.flows {
            for transition in flow.transitions {
                for action in transition.performedActions {
                    guard case .return(let result) = action.kind else { continue }
                    returns.append((flow, transition.trigger, action, result))
                }
            }
        }
        // Most flows have no `return`: the tables of who shows what are built only for one.
        guard !returns.isEmpty else { return }
        collectLinkPredecessors()
        collectShownBy()
        sites = returns.map { found in
            Site(flow: found.flow, trigger: found.trigger, action: found.action, result: found.result,
                 receivers: receivers(of: found.trigger, in: found.flow).elements)
        }
    }

    private mutating func collectShownBy() {
        for flow in context.spec.flows where shownBy[flow.name] == nil {
            var table: [String: [Trigger]] = [:]
            for transition in flow.transitions {
                var named: Set<String> = []
                for action in transition.performedActions {
                    switch action.kind {
                    case .push(let ref), .present(_, let ref), .replace(let ref):
                        if named.insert(ref.name).inserted { table[ref.name, default: []].append(transition.trigger) }
                    default:
                        break
                    }
                }
            }
            shownBy[flow.name] = table
        }
    }

    private mutating func collectLinkPredecessors() {
        for flow in context.spec.flows {
            for link in flow.links {
                var holder = flow.name
                var before: String? = firstScreen(of: flow)
                for item in link.items {
                    let name = item.target.name
                    if let before { linkPredecessors[holder, default: [:]][name, default: OrderedSet()].insert(before) }
                    if let child = context.index.flows[name] {
                        holder = name
                        before = firstScreen(of: child)
                    } else {
                        before = name
                    }
                }
            }
        }
    }

    /// The screen a flow shows first when it is a stack with a screen root or a sequence whose
    /// first step is a screen.
    private func firstScreen(of flow: Flow) -> String? {
        let name: String?
        switch flow.kind {
        case .stack(let root): name = root.name
        case .sequence(let steps): name = steps.first?.target.name
        case .tabs, .switch: name = nil
        }
        return name.flatMap { context.index.screens.contains($0) ? $0 : nil }
    }

    private func receivers(of trigger: Trigger, in flow: Flow) -> OrderedSet<String> {
        var result = OrderedSet<String>()
        if trigger.isWildcard {
            for screen in context.graph.shows[flow.name]?.screens ?? OrderedSet()
            where context.index.screens.event(trigger.event, of: screen) != nil {
                for receiver in receivers(ofScreen: screen, in: flow) { result.insert(receiver) }
            }
        } else {
            // One lookup: a name that is both a screen and a flow is a screen here.
            switch context.index.kind(of: trigger.source) {
            case .screen?: result = receivers(ofScreen: trigger.source, in: flow)
            case .flow?: result = starters(of: trigger.source, in: flow)
            case nil: break
            }
        }
        return result
    }

    /// The screens visible after `screen` closes, where `flow` handles its event: it may be
    /// shown by `flow` itself or by a flow below it whose events bubble up to `flow`.
    private func receivers(ofScreen screen: String, in flow: Flow) -> OrderedSet<String> {
        var result = OrderedSet<String>()
        let below = Set(context.graph.descendants(ofAndIncluding: flow.name))
        for holder in context.graph.showers(of: screen) ?? OrderedSet() where below.contains(holder) {
            guard let holderFlow = context.index.flows[holder] else { continue }
            for receiver in starters(of: screen, in: holderFlow) { result.insert(receiver) }
            guard firstScreen(of: holderFlow) == screen else { continue }
            for parent in context.graph.parents[holder] ?? OrderedSet() {
                guard let parentFlow = context.index.flows[parent], presents(holder, in: parentFlow) else { continue }
                for receiver in starters(of: holder, in: parentFlow) { result.insert(receiver) }
            }
        }
        return result
    }

    private func presents(_ name: String, in flow: Flow) -> Bool {
        flow.transitions.contains { transition in
            transition.performedActions.contains {
                if case .present(_, let ref) = $0.kind { return ref.name == name }
                return false
            }
        } || flow.links.contains { link in link.items.contains { $0.target.name == name && $0.presentation != nil } }
    }

    /// The screens from which `flow` shows `target` (a screen or a flow) by an action, a link
    /// or as a later sequence step. A target shown on a child flow's outcome is shown from the
    /// screens that start that child: a breadth-first walk, each name once.
    private func starters(of target: String, in flow: Flow) -> OrderedSet<String> {
        var result = OrderedSet<String>()
        var seen: Set<String> = [target]
        var queue = [target]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for trigger in shownBy[flow.name]?[current] ?? [] {
                if trigger.isWildcard {
                    for screen in context.graph.shows[flow.name]?.screens ?? OrderedSet() { result.insert(screen) }
                    continue
                }
                switch context.index.kind(of: trigger.source) {
                case .screen?: result.insert(trigger.source)
                case .flow?: if seen.insert(trigger.source).inserted { queue.append(trigger.source) }
                case nil: break
                }
            }
            for screen in linkPredecessors[flow.name]?[current] ?? OrderedSet() { result.insert(screen) }
            if case .sequence(let steps) = flow.kind, let position = steps.firstIndex(where: { $0.target.name == current }) {
                for step in steps[..<position].reversed() {
                    if context.index.screens.contains(step.target.name) { result.insert(step.target.name) }
                    if step.when == nil { break }
                }
            }
        }
        return result
    }
}
