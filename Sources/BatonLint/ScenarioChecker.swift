import BatonModel

/// Checks a scenario file against its flow before anything runs, as a run would check what it
/// is given: the file's and each scenario's `flags` and `context` (declared names, fitting
/// values, every required fact given once the file's, the scenario's and the flow's defaults
/// are merged), every `send` (the screen exists and declares the event) with its `payload`,
/// every `set` step's values, and the screens, flows, tabs and results that `tab` steps and
/// `expect` checks name. Each problem is a diagnostic at the place it is written.
public struct ScenarioChecker: Sendable {
    private let index: SpecIndex
    private let values: ValueChecker

    /// A checker against `spec`.
    public init(_ spec: FlowSpec) {
        self.init(index: SpecIndex(spec))
    }

    /// A checker against the spec of `index`, whose tables it reuses.
    public init(index: SpecIndex) {
        self.index = index
        self.values = ValueChecker(index: index)
    }

    /// The stable codes this checker reports, each with what it catches.
    public static let codes: [(code: String, summary: String)] = [
        (Code.invalidSetting, "A flag or context fact of a scenario file or `set` step is undeclared, of the wrong type or an unknown variant value."),
        (Code.missingContext, "A scenario runs without a required context fact (after the file's context and the flow's defaults)."),
        (Code.unknownScreen, "A `send` names a screen the flow does not declare."),
        (Code.unknownEvent, "A `send` names an event its screen does not declare."),
        (Code.invalidPayload, "A `send`'s payload does not fit the event's declared type."),
        (Code.unknownName, "A `tab` step or an `expect` names a screen, flow, tab or result the flow does not declare."),
    ]

    enum Code {
        static let invalidSetting = "scenario-invalid-setting"
        static let missingContext = "scenario-missing-context"
        static let unknownScreen = "scenario-unknown-screen"
        static let unknownEvent = "scenario-unknown-event"
        static let invalidPayload = "scenario-invalid-payload"
        static let unknownName = "scenario-unknown-name"
    }

    /// Every problem of `file`, in file order.
    public func check(_ file: ScenarioFile) -> [Diagnostic] {
        var diagnostics = checkSettings(of: file)
        for scenario in file.scenarios {
            diagnostics += check(scenario, fileFlags: file.flags, fileContext: file.context)
        }
        return diagnostics.sorted()
    }

    /// The problems of the file's own `flags` and `context` (undeclared names, values that do
    /// not fit); whether required facts are given is each scenario's check.
    public func checkSettings(of file: ScenarioFile) -> [Diagnostic] {
        settings(flags: file.flags, context: file.context, locations: file.settingLocations, fallback: file.location)
    }

    /// The problems of one scenario, its flags and context laid over the file's. The file's own
    /// settings are not reported again here.
    public func check(_ scenario: Scenario, fileFlags: [String: Literal] = [:], fileContext: [String: Value] = [:]) -> [Diagnostic] {
        var diagnostics = settings(flags: scenario.flags, context: scenario.context,
                                   locations: scenario.settingLocations, fallback: scenario.location)
        let merged = values.contextWithDefaults(fileContext.merging(scenario.context) { _, new in new })
        let missing = values.settingProblems(flags: [:], context: merged, requireAll: true).filter { $0.key == "context" }
        for problem in missing {
            diagnostics.append(Diagnostic(.error, code: Code.missingContext,
                                          message: "scenario '\(scenario.name)': \(problem.message)",
                                          at: scenario.location, suggestion: problem.suggestion))
        }
        for step in scenario.steps {
            diagnostics += check(step)
        }
        return diagnostics
    }

    /// The problems of one step: an unknown screen or event, a payload that does not fit, a
    /// `set` value that does not fit.
    public func check(_ step: ScenarioStep) -> [Diagnostic] {
        switch step.kind {
        case .send(let screen, let event, let payload):
            return send(screen: screen, event: event, payload: payload, step: step)
        case .set(let context, let flags):
            return settings(flags: flags, context: context, locations: step.valueLocations, fallback: step.location)
        case .tab(let id):
            return tabProblem(id, at: step.location, what: "tab step").map { [$0] } ?? []
        case .expect(let checks):
            return checks.compactMap { expectationProblem($0, at: step.location) }
        case .back, .dismiss, .open, .restore:
            return []
        }
    }

    /// Every tab id the flow declares, in order.
    private var tabIDs: [String] {
        index.spec.flows.flatMap { flow -> [String] in
            if case .tabs(let tabs, _) = flow.kind { return tabs.map(\.id) }
            return []
        }
    }

    private func tabProblem(_ id: String, at place: SourceRange?, what: String) -> Diagnostic? {
        let ids = tabIDs
        guard !ids.contains(id) else { return nil }
        return Diagnostic(.error, code: Code.unknownName, message: "\(what): no tabs flow has a tab '\(id)'", at: place,
                          suggestion: NameSuggester.didYouMean(id, among: ids)
                              ?? (ids.isEmpty ? "the flow has no tabs" : "its tabs are " + ids.map { "`\($0)`" }.joined(separator: ", ")))
    }

    /// A screen, flow, tab or result an `expect` names that the flow does not declare; nil when
    /// every name is declared.
    private func expectationProblem(_ check: Expectation, at place: SourceRange?) -> Diagnostic? {
        func unknown(_ names: [String], among candidates: [String], kind: String) -> Diagnostic? {
            guard let name = names.first(where: { !candidates.contains($0) }) else { return nil }
            return Diagnostic(.error, code: Code.unknownName, message: "`expect` \(check.key): no \(kind) '\(name)'",
                              at: place, suggestion: NameSuggester.didYouMean(name, among: candidates))
        }
        let screens = index.screens.keys.sorted()
        switch check {
        case .top(let id): return unknown([id], among: screens, kind: "screen")
        case .stack(let ids): return unknown(ids, among: screens, kind: "screen")
        case .presented(let id?): return unknown([id], among: screens + index.flows.keys.sorted(), kind: "screen or flow")
        case .flows(let ids): return unknown(ids, among: index.flows.keys.sorted(), kind: "flow")
        case .tab(let id): return tabProblem(id, at: place, what: "`expect` tab")
        case .received(let result?):
            let results = Set(index.spec.screens.flatMap { $0.results.map(\.name) }).sorted()
            return unknown([result.result], among: results, kind: "screen declaring result")
        case .presented(nil), .input, .finished, .result, .presentation, .received(nil):
            return nil
        }
    }

    private func send(screen name: String, event: String, payload: Value?, step: ScenarioStep) -> [Diagnostic] {
        let place = step.valueLocations?["send"] ?? step.location
        guard let screen = index.screens[name] else {
            let isFlow = index.flows.contains(name)
            let message = isFlow ? "'\(name)' is a flow, not a screen: only a screen sends events"
                                 : "unknown screen '\(name)'"
            let suggestion = NameSuggester.didYouMean(name, among: index.screens.keys.sorted())
            return [Diagnostic(.error, code: Code.unknownScreen, message: "cannot send \(name).\(event): \(message)",
                               at: place, suggestion: suggestion)]
        }
        guard screen.event(named: event) != nil else {
            let names = screen.events.map(\.name) + Screen.builtinEvents
            let suggestion = NameSuggester.didYouMean(event, among: names)
                ?? "'\(name)' sends " + names.map { "`\($0)`" }.joined(separator: ", ")
            return [Diagnostic(.error, code: Code.unknownEvent,
                               message: "cannot send \(name).\(event): screen '\(name)' declares no event '\(event)'",
                               at: place, suggestion: suggestion)]
        }
        guard let problem = values.payloadProblem(payload, event: event, of: name) else { return [] }
        return [Diagnostic(.error, code: Code.invalidPayload, message: problem,
                           at: step.valueLocations?["payload"] ?? step.location)]
    }

    /// Undeclared names and values that do not fit, each at the place its value is written.
    private func settings(flags: [String: Literal], context: [String: Value], locations: [String: SourceRange]?,
                          fallback: SourceRange?) -> [Diagnostic] {
        values.settingProblems(flags: flags, context: context, requireAll: false).map { problem in
            Diagnostic(.error, code: Code.invalidSetting, message: problem.message,
                       at: locations?[problem.key] ?? fallback, suggestion: problem.suggestion)
        }
    }
}
