import BatonModel
import BatonRuntime

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
    /// Every state explored, in the order found (so each trace is a shortest one), when the
    /// options asked for them (`ExplorationOptions.keepsStates`); empty otherwise.
    public var states: [ReachedState]
    /// The bounds the search reached (`maxStates`, `maxStackDepth`, `maxRepeats`, `maxStarts`,
    /// `maxForks`), sorted.
    public var boundsHit: [String]

    public init(findings: [Diagnostic], reached: [CoverageTarget: Trace], declared: [CoverageTarget],
                unexplored: [CoverageTarget], statesExplored: Int, boundsHit: [String], states: [ReachedState] = []) {
        self.findings = findings
        self.reached = reached
        self.declared = declared
        self.unexplored = unexplored
        self.statesExplored = statesExplored
        self.boundsHit = boundsHit
        self.states = states
    }

    /// Whether the search saw every reachable state (no bound cut it short).
    public var isComplete: Bool { boundsHit.isEmpty }
}

/// A state exploration reached: the snapshot an app would save there, the flags and facts in
/// force, and the shortest way there.
public struct ReachedState: Sendable {
    public var snapshot: RuntimeSnapshot
    /// The flags decided on the way (the others keep their rollout or default).
    public var flags: [String: Literal]
    public var context: [String: Value]
    public var trace: Trace

    public init(snapshot: RuntimeSnapshot, flags: [String: Literal], context: [String: Value], trace: Trace) {
        self.snapshot = snapshot
        self.flags = flags
        self.context = context
        self.trace = trace
    }
}
