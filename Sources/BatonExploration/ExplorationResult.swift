import BatonModel

/// What exploring a flow found: the problems, everything reached with the shortest way to it,
/// and everything the flow has that could be reached.
public struct ExplorationResult: Sendable {
    /// Problems found in reachable states, in a stable order (each with its trace).
    public var findings: [Diagnostic]
    /// Every screen placement, transition and link a reachable state uses, with the shortest
    /// trace that reaches it.
    public var reached: [CoverageTarget: Trace]
    /// Every transition alternative and link the flow declares, and every placement reached,
    /// sorted.
    public var declared: [CoverageTarget]
    /// The declared transition alternatives and links no explored state used that a state a
    /// bound left out may use: neither reached nor known to be unreachable, sorted.
    public var unexplored: [CoverageTarget]
    /// How many distinct states were explored.
    public var statesExplored: Int
    /// The bounds the search reached (`maxStates`, `maxStackDepth`, `maxRepeats`, `maxStarts`,
    /// `maxForks`), sorted.
    public var boundsHit: [String]

    public init(findings: [Diagnostic], reached: [CoverageTarget: Trace], declared: [CoverageTarget],
                unexplored: [CoverageTarget], statesExplored: Int, boundsHit: [String]) {
        self.findings = findings
        self.reached = reached
        self.declared = declared
        self.unexplored = unexplored
        self.statesExplored = statesExplored
        self.boundsHit = boundsHit
    }

    /// Whether the search saw every reachable state (no bound cut it short).
    public var isComplete: Bool { boundsHit.isEmpty }
}
