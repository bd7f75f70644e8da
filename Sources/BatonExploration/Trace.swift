import BatonModel
import BatonRuntime

/// How a state is reached: the flags and context facts the run starts with, then the steps.
/// Written into a scenario file, it reproduces the state (`baton journeys`, a finding's note).
public struct Trace: Hashable, Codable, Sendable {
    /// Flag values the run starts with (only those that differ from the flags' defaults).
    public var flags: [String: Literal]
    /// Context facts the run starts with.
    public var context: [String: Value]
    public var steps: [ScenarioStep.Kind]

    public init(flags: [String: Literal] = [:], context: [String: Value] = [:], steps: [ScenarioStep.Kind] = []) {
        self.flags = flags
        self.context = context
        self.steps = steps
    }
}
