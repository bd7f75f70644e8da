/// A scenario file (`baton-test: 1`): headless journeys through one flow, each a list of
/// user steps and expectations.
public struct ScenarioFile: Hashable, Codable, Sendable {
    /// The flow file, as written (relative to the scenario file).
    public var flow: String
    /// Where the flow file's path is written; kept out of `==`.
    @NotCompared public var flowLocation: SourceRange?
    /// Flag overrides for every scenario of the file.
    public var flags: [String: Literal]
    /// Context facts for every scenario of the file.
    public var context: [String: Value]
    /// The scenarios, in the order written.
    public var scenarios: [Scenario]
    /// Where each of `flags` and `context` was written, by `flags.NAME` and `context.NAME`.
    @NotCompared public var settingLocations: [String: SourceRange]?
    /// The start of the scenario file; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A scenario file for `flow`, with no settings or scenarios unless told.
    public init(flow: String, flowLocation: SourceRange? = nil, flags: [String: Literal] = [:],
                context: [String: Value] = [:], scenarios: [Scenario] = [],
                settingLocations: [String: SourceRange]? = nil, location: SourceRange? = nil) {
        self.flow = flow
        self.flowLocation = flowLocation
        self.flags = flags
        self.context = context
        self.scenarios = scenarios
        self.settingLocations = settingLocations
        self.location = location
    }
}

/// One journey: its own flags and context over the file's, and its steps.
public struct Scenario: Hashable, Codable, Sendable {
    /// The scenario's name, as reports show it.
    public var name: String
    /// Flag overrides of this scenario, over the file's.
    public var flags: [String: Literal]
    /// Context facts of this scenario, over the file's.
    public var context: [String: Value]
    /// The steps, run in order.
    public var steps: [ScenarioStep]
    /// Where each of `flags` and `context` was written, by `flags.NAME` and `context.NAME`.
    @NotCompared public var settingLocations: [String: SourceRange]?
    /// Where the scenario is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A scenario named `name`, with no settings or steps unless told.
    public init(name: String, flags: [String: Literal] = [:], context: [String: Value] = [:],
                steps: [ScenarioStep] = [], settingLocations: [String: SourceRange]? = nil,
                location: SourceRange? = nil) {
        self.name = name
        self.flags = flags
        self.context = context
        self.steps = steps
        self.settingLocations = settingLocations
        self.location = location
    }
}

/// One step of a scenario: something a person does, or a check of the navigation state.
public struct ScenarioStep: Hashable, Codable, Sendable {
    /// What a step does or checks.
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
        /// (1.1) Context facts and flag overrides change in the middle of the scenario.
        case set(context: [String: Value], flags: [String: Literal])
        /// (1.1) The run is snapshotted to JSON and goes on in a new runtime restored from it.
        case restore
    }

    /// What the step does or checks.
    public var kind: Kind
    /// Where the step's values were written: `payload`, and `context.NAME` / `flags.NAME` of a
    /// `set`.
    @NotCompared public var valueLocations: [String: SourceRange]?
    /// Where the step is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A step of `kind`.
    public init(_ kind: Kind, valueLocations: [String: SourceRange]? = nil, location: SourceRange? = nil) {
        self.kind = kind
        self.valueLocations = valueLocations
        self.location = location
    }
}

/// (1.1) A result handed to a screen by `return R`: its name and payload.
public struct ScreenResult: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The result's name, as the screen declares it.
    public var result: String
    /// The value handed with it; nil for none.
    public var payload: Value?

    /// Result `result` with `payload`.
    public init(result: String, payload: Value? = nil) {
        self.result = result
        self.payload = payload
    }

    public var description: String {
        payload.map { "\(result) \($0)" } ?? result
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
    /// (1.1) What the step before did: `handled`, `rejected`, `unhandled`, `held` or `no-match`.
    case result(String)
    /// (1.1) How the topmost modal is shown; nil expects none.
    case presentation(Presentation?)
    /// (1.1) The result the visible screen was last handed since it was shown (a subset match
    /// on the payload); nil expects none.
    case received(ScreenResult?)

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
        case .result: "result"
        case .presentation: "presentation"
        case .received: "received"
        }
    }

    /// The expected value as text, for failure messages.
    public var description: String {
        switch self {
        case .top(let id), .tab(let id): id
        case .stack(let ids), .flows(let ids): "[" + ids.joined(separator: ", ") + "]"
        case .presented(let id), .finished(let id): id ?? "nothing"
        case .input(let value): value.description
        case .result(let name): name
        case .presentation(let style): style?.rawValue ?? "nothing"
        case .received(let result): result?.description ?? "nothing"
        }
    }

    /// Every key an `expect` may hold.
    public static let keys = [
        "top", "stack", "tab", "presented", "input", "flows", "finished", "result", "presentation", "received",
    ]

    /// (1.1) The step outcomes an `expect`'s `result` may name.
    public static let stepResults = ["handled", "rejected", "unhandled", "held", "no-match"]
}
