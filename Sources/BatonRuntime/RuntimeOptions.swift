/// Options of a run.
public struct RuntimeOptions: Sendable {
    /// Whether events that change nothing (unhandled or rejected) are logged as errors.
    public var strict: Bool = false
    /// How many of the newest log entries `log` keeps at least (it trims to this once it holds
    /// twice as many, so trimming costs nothing per step); nil keeps them all. `onTransition`
    /// sees every entry either way. Bounded by default so a long-running app's memory stays flat.
    public var logLimit: Int?
    /// Whether each step's log entry carries the whole navigation state after it (the scenario
    /// runner turns it on). Off by default: building the state tree is most of a step's cost,
    /// entries still say what happened, and a host that wants the state reads `state` in
    /// `onTransition`.
    public var recordsStates: Bool

    /// Options; a `logLimit` below 1 keeps 1.
    public init(strict: Bool = false, logLimit: Int? = 1_000, recordsStates: Bool = false) {
        self.strict = strict
        self.logLimit = logLimit.map { max(1, $0) }
        self.recordsStates = recordsStates
    }
}
