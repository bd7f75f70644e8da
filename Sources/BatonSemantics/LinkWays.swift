import BatonModel

/// The structural way a deep link takes from `start` to the flow that declares it: through
/// tabs, switch branches, stack roots and the first step of a sequence, never through a push
/// or a presentation. Shared by lint (`unreachable-link`) and the runtime, so that both agree
/// on which links can be opened and how.
public struct LinkWays: Sendable {
    /// Flow → the flow before it on its way; `start` maps to nothing.
    private let previous: [String: String]
    private let start: String?

    /// Computes every way at once, breadth first from `start`: the way to a flow is a shortest
    /// one, and of those the first found in declaration order (tabs and branches in order).
    public init(index: SpecIndex) {
        let startName = index.spec.start.name
        guard index.flows.contains(startName) else {
            previous = [:]
            start = nil
            return
        }
        var previous: [String: String] = [:]
        var visited: Set<String> = [startName]
        var queue = [startName]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            guard let flow = index.flows[current] else { continue }
            for child in Self.structuralChildren(of: flow)
            where index.flows.contains(child) && visited.insert(child).inserted {
                previous[child] = current
                queue.append(child)
            }
        }
        self.previous = previous
        self.start = startName
    }

    /// The ways of `spec`, from its start flow.
    public init(_ spec: FlowSpec) {
        self.init(index: SpecIndex(spec))
    }

    /// The flows from `start` to `flow`, both included (`[start]` for `start` itself); nil
    /// when the structure does not lead there (the flow is reached only by a push or a
    /// presentation, or not at all).
    public func way(to flow: String) -> [String]? {
        guard let start else { return nil }
        if flow == start { return [start] }
        guard previous[flow] != nil else { return nil }
        var way = [flow]
        var current = flow
        // Each step moves one level closer to `start` in a breadth-first tree: at most as many
        // steps as there are flows.
        for _ in 0...previous.count {
            guard let before = previous[current] else { break }
            way.append(before)
            if before == start { return way.reversed() }
            current = before
        }
        return nil
    }

    /// The flows a flow shows structurally: its stack root, its first sequence step, every
    /// switch branch, every tab.
    public static func structuralChildren(of flow: Flow) -> [String] {
        switch flow.kind {
        case .stack(let root): [root.name]
        case .sequence(let steps): steps.first.map { [$0.target.name] } ?? []
        case .tabs(let tabs, _): tabs.map(\.flow.name)
        case .switch(let branches): branches.map(\.target.name)
        }
    }
}
