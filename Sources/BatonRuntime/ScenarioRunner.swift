import BatonModel

/// Why a scenario failed: the step, where it is written, and what was expected and found.
public struct ScenarioFailure: Hashable, Codable, Sendable {
    /// The 1-based number of the failing step.
    public var step: Int
    public var location: SourceRange?
    public var message: String
}

/// The result of one scenario.
public struct ScenarioOutcome: Equatable, Codable, Sendable {
    public var name: String
    public var location: SourceRange?
    public var failure: ScenarioFailure?
    /// The run log up to the end of the scenario, for reports.
    public var log: [LogEntry]

    public var passed: Bool { failure == nil }
}

/// Runs scenarios headlessly against a flow, each in a fresh runtime, exactly as the format's
/// scenario section describes. In strict mode (the default) an event that nothing handles fails
/// its step, as it would be an error in the app's strict mode.
@MainActor
public struct ScenarioRunner {
    public var spec: FlowSpec
    public var registry: ViewModelRegistry
    public var strict: Bool

    public init(spec: FlowSpec, registry: ViewModelRegistry = ViewModelRegistry(), strict: Bool = true) {
        self.spec = spec
        self.registry = registry
        self.strict = strict
    }

    /// Every scenario of `file`, in order.
    public func run(_ file: ScenarioFile) -> [ScenarioOutcome] {
        file.scenarios.map { run($0, flags: file.flags, context: file.context) }
    }

    /// One scenario, its flags and context laid over the file's.
    public func run(_ scenario: Scenario, flags: [String: Literal] = [:], context: [String: Value] = [:]) -> ScenarioOutcome {
        let environment = RuntimeEnvironment(
            flagOverrides: flags.merging(scenario.flags) { _, new in new },
            context: context.merging(scenario.context) { _, new in new })
        let runtime: FlowRuntime
        do {
            runtime = try FlowRuntime(spec: spec, registry: registry, environment: environment,
                                      options: RuntimeOptions(strict: strict, recordsStates: true))
        } catch {
            let message = error.diagnostics.first(where: { $0.severity == .error })?.description ?? "the flow has errors"
            return ScenarioOutcome(name: scenario.name, location: scenario.location,
                                   failure: ScenarioFailure(step: 0, location: scenario.location, message: message), log: [])
        }
        for (offset, step) in scenario.steps.enumerated() {
            if let message = perform(step.kind, on: runtime) {
                let failure = ScenarioFailure(step: offset + 1, location: step.location, message: message)
                return ScenarioOutcome(name: scenario.name, location: scenario.location, failure: failure, log: runtime.log)
            }
        }
        return ScenarioOutcome(name: scenario.name, location: scenario.location, failure: nil, log: runtime.log)
    }

    /// Performs one step; a message when it fails.
    private func perform(_ step: ScenarioStep.Kind, on runtime: FlowRuntime) -> String? {
        switch step {
        case .send(let screen, let event, let payload):
            return failure(of: runtime.send(event, from: screen, payload: payload), "send \(screen).\(event)")
        case .back:
            return failure(of: runtime.back(), "back")
        case .dismiss:
            return failure(of: runtime.dismiss(), "dismiss")
        case .tab(let id):
            return failure(of: runtime.selectTab(id), "tab \(id)")
        case .open(let url):
            return runtime.open(url) == .noMatch ? "no link matches \(url)" : nil
        case .expect(let checks):
            let state = runtime.state
            let mismatches = checks.compactMap { Self.mismatch($0, in: state) }
            return mismatches.isEmpty ? nil : mismatches.joined(separator: "; ")
        case .set, .restore:
            return "`set` and `restore` steps are not supported yet"
        }
    }

    private func failure(of result: StepResult, _ what: String) -> String? {
        switch result {
        case .handled:
            return nil
        case .rejected(let reason):
            return "\(what) was rejected: \(reason)"
        case .unhandled(let reason):
            return strict ? "\(what) was not handled: \(reason)" : nil
        }
    }

    /// "expected top recipeDetail, got recipeList", or nil when the check holds.
    static func mismatch(_ check: Expectation, in state: NavigationState) -> String? {
        let actual: String
        let holds: Bool
        switch check {
        case .top(let id):
            actual = state.top ?? "nothing"
            holds = state.top == id
        case .stack(let ids):
            actual = "[" + state.stack.joined(separator: ", ") + "]"
            holds = state.stack == ids
        case .tab(let id):
            actual = state.tab ?? "no tab"
            holds = state.tab == id
        case .presented(let id):
            actual = state.presented ?? "nothing"
            holds = state.presented == id
        case .input(let subset):
            actual = state.topInput?.description ?? "no input"
            holds = state.topInput?.contains(subset) ?? false
        case .flows(let ids):
            actual = "[" + state.flows.joined(separator: ", ") + "]"
            holds = state.flows == ids
        case .finished(let outcome):
            actual = state.finished ?? "not finished"
            holds = state.finished == outcome
        case .result, .presentation, .received:
            actual = "unsupported"
            holds = false
        }
        return holds ? nil : "expected \(check.key) \(check), got \(actual)"
    }
}
