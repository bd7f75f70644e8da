/// A scenario file (`baton-test: 1`): headless journeys through one flow, each a list of
/// user steps and expectations.
public struct ScenarioFile: Hashable, Codable, Sendable {
    /// The flow file, as written (relative to the scenario file).
    public var flow: String
    @NotCompared public var flowLocation: SourceRange?
    /// Flag overrides for every scenario of the file.
    public var flags: [String: Literal]
    /// Context facts for every scenario of the file.
    public var context: [String: Value]
    public var scenarios: [Scenario]
    @NotCompared public var location: SourceRange?

    public init(flow: String, flowLocation: SourceRange? = nil, flags: [String: Literal] = [:],
                context: [String: Value] = [:], scenarios: [Scenario] = [], location: SourceRange? = nil) {
        self.flow = flow
        self.flowLocation = flowLocation
        self.flags = flags
        self.context = context
        self.scenarios = scenarios
        self.location = location
    }
}

/// One journey: its own flags and context over the file's, and its steps.
public struct Scenario: Hashable, Codable, Sendable {
    public var name: String
    public var flags: [String: Literal]
    public var context: [String: Value]
    public var steps: [ScenarioStep]
    @NotCompared public var location: SourceRange?

    public init(name: String, flags: [String: Literal] = [:], context: [String: Value] = [:],
                steps: [ScenarioStep] = [], location: SourceRange? = nil) {
        self.name = name
        self.flags = flags
        self.context = context
        self.steps = steps
        self.location = location
    }
}

/// One step of a scenario: something a person does, or a check of the navigation state.
public struct ScenarioStep: Hashable, Codable, Sendable {
    public enum Kind: Hashable, Codable, Sendable {
        /// The visible instance of `screen` emits `event`.
        case send(screen: String, event: String, payload: Value?)
        /// The system back gesture on the visible screen.
        case back
        /// The user's swipe that closes the topmost modal.
        case dismiss
        /// The user taps a tab.
        case tab(String)
        /// A deep link is opened.
        case open(String)
        /// The state must match every check.
        case expect([Expectation])
    }

    public var kind: Kind
    @NotCompared public var location: SourceRange?

    public init(_ kind: Kind, location: SourceRange? = nil) {
        self.kind = kind
        self.location = location
    }
}

/// One check of an `expect` step.
public enum Expectation: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The visible screen.
    case top(String)
    /// The screens of the stack that holds the visible screen, from its root.
    case stack([String])
    /// The selected tab of the innermost tabs flow that is shown.
    case tab(String)
    /// The topmost modal (a screen or flow id); nil expects nothing presented.
    case presented(String?)
    /// A subset of the visible screen's input.
    case input(Value)
    /// The path of active flows from the root.
    case flows([String])
    /// The root's outcome; nil expects the root not finished.
    case finished(String?)

    /// The `expect` key this check is written under.
    public var key: String {
        switch self {
        case .top: "top"
        case .stack: "stack"
        case .tab: "tab"
        case .presented: "presented"
        case .input: "input"
        case .flows: "flows"
        case .finished: "finished"
        }
    }

    /// The expected value as text, for failure messages.
    public var description: String {
        switch self {
        case .top(let id), .tab(let id): id
        case .stack(let ids), .flows(let ids): "[" + ids.joined(separator: ", ") + "]"
        case .presented(let id), .finished(let id): id ?? "nothing"
        case .input(let value): value.description
        }
    }

    /// Every key an `expect` may hold.
    public static let keys = ["top", "stack", "tab", "presented", "input", "flows", "finished"]
}
