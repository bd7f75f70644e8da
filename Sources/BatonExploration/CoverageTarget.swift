import BatonModel
import BatonRuntime

/// Something of a flow that a reachable state can use, and that scenarios can cover: a screen
/// shown in a placement, an alternative of an `on` entry performed, a link opened.
public enum CoverageTarget: Hashable, Codable, Sendable, Comparable {
    /// A screen visible with these flows active, root first (`NavigationState.flows`).
    case placement(screen: String, flows: [String])
    /// An alternative of a flow's `on` entry, performed.
    case transition(flow: String, trigger: String, action: Int)
    /// A link pattern of a flow, opened.
    case link(flow: String, pattern: String)

    package init(_ use: TransitionUse) {
        self = .transition(flow: use.flow, trigger: use.trigger, action: use.action)
    }

    package init(_ use: LinkUse) {
        self = .link(flow: use.flow, pattern: use.pattern)
    }

    /// `screen recipe in app › home`, `transition home: recipe.back (alternative 2)`,
    /// `link /recipes/{id} of home`.
    public var description: String {
        switch self {
        case .placement(let screen, let flows):
            "screen \(screen) in \(flows.joined(separator: " › "))"
        case .transition(let flow, let trigger, let action):
            "transition \(flow): \(trigger)" + (action > 0 ? " (alternative \(action + 1))" : "")
        case .link(let flow, let pattern):
            "link \(pattern) of \(flow)"
        }
    }

    private var sortKey: (Int, String, String, Int) {
        switch self {
        case .placement(let screen, let flows): (0, flows.joined(separator: "/"), screen, 0)
        case .transition(let flow, let trigger, let action): (1, flow, trigger, action)
        case .link(let flow, let pattern): (2, flow, pattern, 0)
        }
    }

    public static func < (lhs: CoverageTarget, rhs: CoverageTarget) -> Bool { lhs.sortKey < rhs.sortKey }

    /// Hashes each name as its `NameHash`, one word, rather than byte by byte through `Hasher`:
    /// exploration looks targets up for every step it takes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .placement(let screen, let flows):
            hasher.combine(0)
            hasher.combine(NameHash.of(screen))
            hasher.combine(flows.count)
            for flow in flows { hasher.combine(NameHash.of(flow)) }
        case .transition(let flow, let trigger, let action):
            hasher.combine(1)
            hasher.combine(NameHash.of(flow))
            hasher.combine(NameHash.of(trigger))
            hasher.combine(action)
        case .link(let flow, let pattern):
            hasher.combine(2)
            hasher.combine(NameHash.of(flow))
            hasher.combine(NameHash.of(pattern))
        }
    }

    /// `targets` in order, each target's sort key made once rather than at every comparison (a
    /// placement's joins its flows' names).
    static func sorted(_ targets: some Sequence<CoverageTarget>) -> [CoverageTarget] {
        targets.map { (key: $0.sortKey, target: $0) }.sorted { $0.key < $1.key }.map(\.target)
    }
}
