import BatonModel
import BatonSemantics

/// A flow drawn as a graph, independent of the output format: one cluster per flow holding
/// the screens it shows, edges for transitions and for the structure of each flow.
package struct FlowGraph: Equatable {
    package struct Cluster: Equatable {
        package var flow: String
        package var title: String
        package var kind: String
        package var screens: [String]
        /// Outcomes the flow finishes with, drawn as end nodes.
        package var outcomes: [String]
        /// (1.1) Ways out whose destination is only known at run time (`return R`,
        /// `dismissAll`, (1.2) `close`), drawn as exit nodes labelled with the action.
        package var exits: [String] = []
    }

    package enum Endpoint: Hashable {
        case screen(flow: String, screen: String)
        case flow(String)
        case outcome(flow: String, outcome: String)
        /// (1.1) An exit node of the flow, such as `return picked`.
        case exit(flow: String, action: String)
    }

    package enum Style: Equatable {
        /// Push, replace, reset, show, next: the stack changes.
        case navigation
        /// Sheet, cover, popover: drawn dashed.
        case modal
        /// (1.2) Alert, confirm: dashed in Mermaid, dotted in dot.
        case dialog
        /// A flow's root, tabs, branches and steps.
        case structure
    }

    package struct Edge: Equatable {
        var from: Endpoint
        var to: Endpoint
        var label: String
        var style: Style
        /// The event of a child flow that triggers the edge: drawn from that flow's outcome
        /// node when the graph has one.
        var outcomeEvent: String? = nil
    }

    package var clusters: [Cluster] = []
    package var edges: [Edge] = []
}

extension FlowGraph {
    /// The graph of `spec`, or of `root` and every flow it can reach when given.
    package init(spec: FlowSpec, root: String? = nil) {
        let index = SpecIndex(spec)
        let flows = root.map { Self.reachableFlows(from: $0, index: index) } ?? spec.flows
        for flow in flows {
            var builder = ClusterBuilder(flow: flow, index: index)
            builder.build()
            clusters.append(builder.cluster)
            edges += builder.edges
        }
        // `done / show home` starts at auth's `done` end node, not at the cluster's top, where
        // it would share a rank (and its label's place) with the edges back into auth.
        var outcomes: Set<Endpoint> = []
        for cluster in clusters {
            for outcome in cluster.outcomes { outcomes.insert(.outcome(flow: cluster.flow, outcome: outcome)) }
        }
        for number in edges.indices {
            guard case .flow(let source) = edges[number].from, let event = edges[number].outcomeEvent else { continue }
            let end = Endpoint.outcome(flow: source, outcome: event)
            if outcomes.contains(end) { edges[number].from = end }
        }
    }

    /// `root` and every flow it starts, breadth first.
    static func reachableFlows(from root: String, index: SpecIndex) -> [Flow] {
        var order: [Flow] = []
        var seen: Set<String> = []
        var queue = [root]
        while let name = queue.first {
            queue.removeFirst()
            guard seen.insert(name).inserted, let flow = index.flows[name] else { continue }
            order.append(flow)
            queue += ClusterBuilder.targets(of: flow).filter { index.flows[$0] != nil }
        }
        return order
    }
}

/// Gathers one flow's screens and edges.
private struct ClusterBuilder {
    let flow: Flow
    let index: SpecIndex
    var cluster: FlowGraph.Cluster
    var edges: [FlowGraph.Edge] = []

    init(flow: Flow, index: SpecIndex) {
        self.flow = flow
        self.index = index
        cluster = FlowGraph.Cluster(flow: flow.name, title: flow.displayTitle, kind: Self.kindText(of: flow),
                                    screens: [], outcomes: [])
    }

    /// Every screen or flow name this flow can show, in order of appearance
    /// (`Flow.forEachShownTarget`), its links' items all in its own cluster.
    static func targets(of flow: Flow) -> [String] {
        var names: [String] = []
        flow.forEachShownTarget(isFlow: { _ in false }) { names.append($0.name) }
        return names
    }

    mutating func build() {
        for name in Self.targets(of: flow) where index.screens[name] != nil && !cluster.screens.contains(name) {
            cluster.screens.append(name)
        }
        addStructure()
        for transition in flow.transitions {
            var guarded = false
            for action in transition.actions {
                // The unguarded alternative after guarded ones is taken when none holds.
                addEdge(for: action, trigger: transition.trigger, otherwise: guarded && action.when == nil)
                guarded = guarded || action.when != nil
            }
        }
        addLinks()
    }

    /// Each deep link as the way it opens: from the flow to its first item, then item to item.
    private mutating func addLinks() {
        for link in flow.links {
            var from = FlowGraph.Endpoint.flow(flow.name)
            for item in link.items {
                let to = endpoint(item.target.name)
                edges.append(.init(from: from, to: to, label: "link " + link.pattern.text,
                                   style: item.presentation == nil ? .navigation : .modal))
                from = to
            }
        }
    }

    /// The flow's kind with its 1.1 options when they differ from the default:
    /// `tabs, reselect keep`, `switch, follow`.
    private static func kindText(of flow: Flow) -> String {
        switch flow.kind {
        case .tabs where flow.reselect != .popToRoot: "\(flow.kind.keyword), reselect \(flow.reselect.rawValue)"
        case .switch where flow.follow: "\(flow.kind.keyword), follow"
        default: flow.kind.keyword
        }
    }

    private func endpoint(_ name: String) -> FlowGraph.Endpoint {
        index.flows[name] != nil ? .flow(name) : .screen(flow: flow.name, screen: name)
    }

    private mutating func addStructure() {
        let me = FlowGraph.Endpoint.flow(flow.name)
        switch flow.kind {
        case .stack(let root):
            edges.append(.init(from: me, to: endpoint(root.name), label: "root", style: .structure))
        case .sequence(let steps):
            var previous: FlowGraph.Endpoint = me
            for (number, step) in steps.enumerated() {
                let label = (number == 0 ? "start" : "done") + (step.transient ? " (transient)" : "")
                edges.append(.init(from: previous, to: endpoint(step.target.name),
                                   label: label + Self.guardText(step.when), style: .structure))
                // A guarded step is skipped when its condition does not hold: draw the way past it.
                if let condition = step.when, steps.indices.contains(number + 1) {
                    edges.append(.init(from: previous, to: endpoint(steps[number + 1].target.name),
                                       label: "skip \(step.target.name) [not \(condition.text)]", style: .structure))
                }
                previous = endpoint(step.target.name)
            }
        case .tabs(let tabs, _):
            for tab in tabs {
                edges.append(.init(from: me, to: .flow(tab.flow.name),
                                   label: "tab " + (tab.title ?? tab.id) + Self.guardText(tab.when), style: .structure))
            }
        case .switch(let branches):
            for branch in branches {
                edges.append(.init(from: me, to: endpoint(branch.target.name),
                                   label: branch.when.map { "when " + $0.text } ?? "otherwise", style: .structure))
            }
        }
    }

    private mutating func addEdge(for action: Action, trigger: Trigger, otherwise: Bool) {
        // A screen event that bubbles up from a child flow is drawn from this flow's cluster.
        let fromScreenHere = cluster.screens.contains(trigger.source)
        let from: FlowGraph.Endpoint = fromScreenHere || index.flows[trigger.source] != nil
            ? endpoint(trigger.source) : .flow(flow.name)
        let event = fromScreenHere || index.flows[trigger.source] != nil ? trigger.event : trigger.description
        let label = "\(event) / \(action.kind.text)" + (action.singleTop ? " (singleTop)" : "")
            + Self.optionsText(action)
            + (otherwise ? " [otherwise]" : Self.guardText(action.when))
        let first = edges.count
        // A `do` draws an edge for each item that goes somewhere, all with the whole list's label.
        for kind in action.performedActions.map(\.kind) {
            addEdge(for: kind, from: from, label: label, trigger: trigger)
        }
        if index.flows[trigger.source] != nil {
            for number in first..<edges.count { edges[number].outcomeEvent = trigger.event }
        }
    }

    private mutating func addEdge(for kind: ActionKind, from: FlowGraph.Endpoint, label: String, trigger: Trigger) {
        switch kind {
        case .push(let target), .replace(let target), .reset(let target), .show(let target), .popTo(let target),
             .resume(let target):
            if index.screens[target.name] != nil, !cluster.screens.contains(target.name) {
                cluster.screens.append(target.name)
            }
            edges.append(.init(from: from, to: endpoint(target.name), label: label, style: .navigation))
        case .present(let style, let target):
            edges.append(.init(from: from, to: endpoint(target.name), label: label, style: style.isDialog ? .dialog : .modal))
        case .tab(let tab):
            let tabFlow = index.spec.flows.lazy.compactMap { flow -> String? in
                guard case .tabs(let tabs, _) = flow.kind else { return nil }
                return tabs.first { $0.id == tab.name }?.flow.name
            }.first
            if let tabFlow { edges.append(.init(from: from, to: .flow(tabFlow), label: label, style: .navigation)) }
        case .finish(let outcome):
            if !cluster.outcomes.contains(outcome.name) { cluster.outcomes.append(outcome.name) }
            edges.append(.init(from: from, to: .outcome(flow: flow.name, outcome: outcome.name),
                               label: label, style: .navigation))
        case .popToRoot:
            // In a stack the root is known: draw the way back to it.
            if case .stack(let root) = flow.kind {
                edges.append(.init(from: from, to: endpoint(root.name), label: label, style: .navigation))
            }
        case .dismissAll, .return, .close:
            // Where these land is only known at run time: an exit node of the flow says what happens.
            let exit = kind.text
            if !cluster.exits.contains(exit) { cluster.exits.append(exit) }
            edges.append(.init(from: from, to: .exit(flow: flow.name, action: exit), label: label, style: .navigation))
        case .next:
            // In a sequence, `next` leaves the step that sent the event for the one after it.
            if case .sequence(let steps) = flow.kind,
               let number = steps.firstIndex(where: { $0.target.name == trigger.source }),
               steps.indices.contains(number + 1) {
                edges.append(.init(from: from, to: endpoint(steps[number + 1].target.name), label: label, style: .navigation))
            }
        case .pop, .dismiss, .emit, .link, .ignore, .do:
            break
        }
    }

    /// (1.2) The presentation options of an action (of a `do`'s items too), as `(detents: [medium])`.
    private static func optionsText(_ action: Action) -> String {
        let texts = action.performedActions.compactMap(\.options.text)
        return texts.isEmpty ? "" : " (" + texts.joined(separator: "; ") + ")"
    }

    private static func guardText(_ condition: Condition?) -> String {
        condition.map { " [\($0.text)]" } ?? ""
    }
}
