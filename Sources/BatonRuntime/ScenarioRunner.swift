import BatonLint
import BatonModel
import Foundation

/// Why a scenario failed: the step, where it is written, and what was expected and found.
public struct ScenarioFailure: Hashable, Codable, Sendable {
    /// The 1-based number of the failing step; 0 when the scenario could not start.
    public var step: Int
    /// Where the failing step (or the scenario, or the problem found before running) is written.
    public var location: SourceRange?
    /// What was expected and found, or why the step could not be taken.
    public var message: String

    /// A failure of step `step`.
    public init(step: Int, location: SourceRange?, message: String) {
        self.step = step
        self.location = location
        self.message = message
    }
}

/// The result of one scenario.
public struct ScenarioOutcome: Equatable, Codable, Sendable {
    /// The scenario's name.
    public var name: String
    /// Where the scenario is written.
    public var location: SourceRange?
    /// Why it failed; nil when it passed.
    public var failure: ScenarioFailure?
    /// The run log up to the end of the scenario, for reports (across `restore` steps).
    public var log: [LogEntry]
    /// (1.1) What the scenario check found before running (unknown screens and events, values
    /// that do not fit); when any is an error the scenario did not run.
    public var diagnostics: [Diagnostic]
    /// What of the flow the scenario used, for `baton test --coverage`.
    package var coverage = ScenarioCoverage()

    private enum CodingKeys: String, CodingKey {
        case name, location, failure, log, diagnostics
    }

    /// The outcome of scenario `name`.
    public init(name: String, location: SourceRange?, failure: ScenarioFailure?, log: [LogEntry],
                diagnostics: [Diagnostic] = []) {
        self.name = name
        self.location = location
        self.failure = failure
        self.log = log
        self.diagnostics = diagnostics
    }

    /// Whether the scenario passed: no failure.
    public var passed: Bool { failure == nil }
}

/// Runs scenarios headlessly against a flow, each in a fresh runtime, exactly as the format's
/// scenario section describes. A step that is rejected, unhandled (in strict mode, the
/// default) or opens no link fails its scenario unless the next step is an `expect` whose
/// `result` names that outcome; a held link never fails.
@MainActor
public struct ScenarioRunner {
    /// The flow the scenarios run against.
    public var spec: FlowSpec
    /// The view-model factories each scenario's runtime gets (none: every screen gets a
    /// `GenericViewModel`).
    public var registry: ViewModelRegistry
    /// Whether an unhandled step fails its scenario, as a rejected one does.
    public var strict: Bool

    /// A runner of scenarios against `spec`, strict unless told otherwise.
    public init(spec: FlowSpec, registry: ViewModelRegistry = ViewModelRegistry(), strict: Bool = true) {
        self.spec = spec
        self.registry = registry
        self.strict = strict
    }

    /// Every scenario of `file`, in order, after checking the file against the flow
    /// (`ScenarioChecker`): a scenario with a problem, or in a file whose own settings have
    /// one, fails without running and carries the diagnostics.
    public func run(_ file: ScenarioFile) -> [ScenarioOutcome] {
        let checker = ScenarioChecker(spec)
        let fileProblems = checker.checkSettings(of: file).filter { $0.severity == .error }
        return file.scenarios.map { scenario in
            let problems = fileProblems + checker.check(scenario, fileFlags: file.flags, fileContext: file.context)
                .filter { $0.severity == .error }
            guard let first = problems.first else { return run(scenario, flags: file.flags, context: file.context) }
            let message = problems.count == 1 ? first.messageWithSuggestion
                : "\(first.messageWithSuggestion) (and \(problems.count - 1) more)"
            return ScenarioOutcome(name: scenario.name, location: scenario.location,
                                   failure: ScenarioFailure(step: 0, location: first.location, message: message),
                                   log: [], diagnostics: problems)
        }
    }

    /// One scenario, its flags and context laid over the file's. Does not check the scenario
    /// first; `run(_ file:)` does.
    public func run(_ scenario: Scenario, flags: [String: Literal] = [:], context: [String: Value] = [:]) -> ScenarioOutcome {
        let environment = RuntimeEnvironment(
            flagOverrides: flags.merging(scenario.flags) { _, new in new },
            context: context.merging(scenario.context) { _, new in new })
        var run: ScenarioRun
        do {
            run = ScenarioRun(runtime: try FlowRuntime(spec: spec, registry: registry, environment: environment,
                                                       options: RuntimeOptions(strict: strict, logLimit: nil, recordsStates: true)),
                              strict: strict)
        } catch {
            let message = error.diagnostics.first(where: { $0.severity == .error })?.description ?? "the flow has errors"
            return ScenarioOutcome(name: scenario.name, location: scenario.location,
                                   failure: ScenarioFailure(step: 0, location: scenario.location, message: message), log: [])
        }
        let failure = run.perform(scenario.steps)
        var outcome = ScenarioOutcome(name: scenario.name, location: scenario.location, failure: failure, log: run.log)
        outcome.coverage = run.coverage
        return outcome
    }

    /// "expected top recipeDetail, got recipeList", or nil when the check holds. `result` is
    /// what the last step before the `expect` did (nil before any step).
    static func mismatch(_ check: Expectation, in state: NavigationState, result: StepOutcome? = nil) -> String? {
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
        case .result(let name):
            actual = result.map { $0.summary } ?? "nothing (no step yet)"
            holds = result?.name == name
        case .presentation(let style):
            actual = state.presentation?.rawValue ?? "nothing"
            holds = state.presentation == style
        case .received(let expected):
            actual = state.received?.description ?? "nothing"
            holds = Self.matches(state.received, expected)
        }
        return holds ? nil : "expected \(check.key) \(check), got \(actual)"
    }

    /// Whether the result handed to the screen is the expected one: same name, and the
    /// expected payload a subset of the one handed over.
    static func matches(_ actual: ScreenResult?, _ expected: ScreenResult?) -> Bool {
        guard let expected else { return actual == nil }
        guard let actual, actual.result == expected.result else { return false }
        guard let payload = expected.payload, payload != .null else { return true }
        return actual.payload?.contains(payload) ?? false
    }
}

/// What a scenario step did, as an `expect`'s `result` names it.
struct StepOutcome: Equatable {
    /// `handled`, `rejected`, `unhandled`, `held` or `no-match`.
    var name: String
    /// The step as written, for messages: `send recipeList.select`.
    var step: String
    /// Why nothing changed, when nothing did.
    var reason: String?

    /// "rejected (send a.b: why)", for messages.
    var summary: String {
        name == "handled" || name == "held" ? name : "\(name) (\(step): \(reason ?? name))"
    }

    /// "send a.b was rejected: why", for a step that fails its scenario.
    var failureMessage: String {
        let verb = switch name {
        case "unhandled": "was not handled"
        case "no-match": "opened no link"
        default: "was \(name)"
        }
        return "\(step) \(verb)" + (reason.map { ": \($0)" } ?? "")
            + "; if that is intended, follow it with `expect: {result: \(name)}`"
    }
}

/// One scenario in progress: the runtime (replaced by `restore`), the log so far, and the
/// outcome of the last step that was not an `expect`.
@MainActor
private struct ScenarioRun {
    var runtime: FlowRuntime
    let strict: Bool
    /// Entries of runtimes left behind by `restore`.
    var earlierLog: [LogEntry] = []
    /// What the scenario used so far.
    var coverage = ScenarioCoverage()

    init(runtime: FlowRuntime, strict: Bool) {
        self.runtime = runtime
        self.strict = strict
        coverage.record(runtime.state, use: StepUse())
    }

    var log: [LogEntry] { earlierLog + runtime.log }

    /// Performs the steps in order; the first failure, nil when every step passed.
    mutating func perform(_ steps: [ScenarioStep]) -> ScenarioFailure? {
        var last: StepOutcome?
        /// A step whose outcome fails the scenario unless the next step expects it.
        var pending: (number: Int, location: SourceRange?, outcome: StepOutcome)?
        for (offset, step) in steps.enumerated() {
            let number = offset + 1
            if case .expect(let checks) = step.kind {
                let expectsResult = checks.contains { if case .result = $0 { true } else { false } }
                if let waiting = pending, !expectsResult {
                    return ScenarioFailure(step: waiting.number, location: waiting.location,
                                           message: waiting.outcome.failureMessage)
                }
                pending = nil
                let state = runtime.state
                let mismatches = checks.compactMap { ScenarioRunner.mismatch($0, in: state, result: last) }
                if !mismatches.isEmpty {
                    return ScenarioFailure(step: number, location: step.location, message: mismatches.joined(separator: "; "))
                }
                continue
            }
            if let waiting = pending {
                return ScenarioFailure(step: waiting.number, location: waiting.location, message: waiting.outcome.failureMessage)
            }
            let outcome: StepOutcome
            do throws(ScenarioStepError) {
                outcome = try perform(step.kind)
            } catch {
                return ScenarioFailure(step: number, location: step.location, message: error.message)
            }
            last = outcome
            coverage.record(runtime.state, use: runtime.use)
            if strict, let refusal = runtime.use.refusal, outcome.name != "rejected" {
                return ScenarioFailure(step: number, location: step.location, message: Self.refusedInside(outcome, refusal))
            }
            if fails(outcome) { pending = (number, step.location, outcome) }
        }
        if let waiting = pending {
            return ScenarioFailure(step: waiting.number, location: waiting.location, message: waiting.outcome.failureMessage)
        }
        return nil
    }

    /// (strict) A step that stands, but the action it led to (for an outcome, or for
    /// `X.dismissed`) was refused: the flow is wrong there, and no `expect` excuses it.
    private static func refusedInside(_ outcome: StepOutcome, _ refusal: Refusal) -> String {
        let refused = refusal.alternative
        return "\(outcome.step) was \(outcome.name), but the runtime rejected `\(refused.trigger)` of '\(refused.flow)', which it led to"
            + (refusal.reason.map { ": \($0)" } ?? "")
    }

    /// Whether the outcome fails the scenario unless the next step expects it.
    private func fails(_ outcome: StepOutcome) -> Bool {
        switch outcome.name {
        case "rejected", "no-match": true
        case "unhandled": strict
        default: false
        }
    }

    /// Performs one step that is not an `expect`. Throws when a `set` or `restore` cannot be
    /// performed at all.
    private mutating func perform(_ step: ScenarioStep.Kind) throws(ScenarioStepError) -> StepOutcome {
        switch step {
        case .send(let screen, let event, let payload):
            return Self.outcome(runtime.send(event, from: screen, payload: payload), "send \(screen).\(event)")
        case .back:
            return Self.outcome(runtime.back(), "back")
        case .dismiss:
            return Self.outcome(runtime.dismiss(), "dismiss")
        case .tab(let id):
            return Self.outcome(runtime.selectTab(id), "tab \(id)")
        case .open(let url):
            switch runtime.open(url) {
            case .opened: return StepOutcome(name: "handled", step: "open \(url)")
            case .held: return StepOutcome(name: "held", step: "open \(url)")
            case .noMatch:
                return StepOutcome(name: "no-match", step: "open \(url)", reason: runtime.noMatchReason(url))
            case .queued:
                return StepOutcome(name: "queued", step: "open \(url)")
            }
        case .set(let context, let flags):
            try set(context: context, flags: flags)
            return StepOutcome(name: "handled", step: "set")
        case .restore:
            try restore()
            return StepOutcome(name: "handled", step: "restore")
        case .expect:
            return StepOutcome(name: "handled", step: "expect")
        }
    }

    private static func outcome(_ result: StepResult, _ step: String) -> StepOutcome {
        StepOutcome(name: result.name, step: step, reason: result.message)
    }

    /// Changes context facts and flag overrides as one change (following switches follow and
    /// held links are retried once).
    private mutating func set(context: [String: Value], flags: [String: Literal]) throws(ScenarioStepError) {
        do {
            try runtime.set(context: context, flags: flags)
        } catch {
            let problems = error.diagnostics.map { $0.message + ($0.suggestion.map { "; \($0)" } ?? "") }
            throw ScenarioStepError(message: "cannot set: " + problems.joined(separator: "; "))
        }
    }

    /// Snapshots the run to JSON and goes on in a new runtime restored from it, with the same
    /// spec, registry, options and the current flags and context.
    private mutating func restore() throws(ScenarioStepError) {
        let snapshot: RuntimeSnapshot
        do {
            let data = try JSONEncoder().encode(runtime.snapshot())
            snapshot = try JSONDecoder().decode(RuntimeSnapshot.self, from: data)
        } catch {
            throw ScenarioStepError(message: "restore: the snapshot did not survive JSON: \(error)")
        }
        do {
            let fresh = try FlowRuntime(spec: runtime.spec, registry: runtime.registry,
                                        environment: runtime.environment, options: runtime.options)
            try fresh.restore(snapshot)
            earlierLog += runtime.log
            runtime = fresh
        } catch {
            throw ScenarioStepError(message: "restore failed: \(error.description)")
        }
    }
}

/// A `set` or `restore` step that could not be performed.
private struct ScenarioStepError: Error {
    var message: String
}

extension Diagnostic {
    /// The message with its suggestion and code, as a failure message (the failure has the place).
    var messageWithSuggestion: String {
        message + (suggestion.map { "; \($0)" } ?? "") + " [\(code)]"
    }
}
