import BatonModel

/// One thing a user or the app can do to a running flow: the steps of scenario files, of
/// exploration and of a host, as one value.
package enum NavigationStep: Hashable, Codable, Sendable {
    /// A screen emits an event (with its payload).
    case send(screen: String, event: String, payload: Value?)
    /// The system back gesture.
    case back
    /// The swipe that closes the topmost modal.
    case dismiss
    /// A tap on a tab.
    case tab(String)
    /// A deep link opened.
    case open(String)
    /// Context facts and flags changed.
    case set(context: [String: Value], flags: [String: Literal])

    /// The step as a scenario file writes it.
    package var scenarioStep: ScenarioStep.Kind {
        switch self {
        case .send(let screen, let event, let payload): .send(screen: screen, event: event, payload: payload)
        case .back: .back
        case .dismiss: .dismiss
        case .tab(let id): .tab(id)
        case .open(let url): .open(url)
        case .set(let context, let flags): .set(context: context, flags: flags)
        }
    }
}

/// What became of a step: handled, unhandled, rejected (with why), or for a link held.
package struct NavigationStepOutcome: Hashable, Sendable {
    /// `handled`, `unhandled`, `rejected`, `held` or `no-match`.
    package var name: String
    package var message: String?
    /// What of the spec the step used.
    package var use: StepUse
}

extension NavigationStepOutcome {
    /// The outcome of `step` from the core's report of it.
    init(_ report: CoreReport, of step: NavigationStep) {
        switch (step, report.link) {
        case (.open, .opened?): self.init(name: "handled", use: report.use)
        case (.open, .held?): self.init(name: "held", use: report.use)
        case (.open, _): self.init(name: "no-match", message: report.result.message, use: report.use)
        default: self.init(name: report.result.name, message: report.result.message, use: report.use)
        }
    }
}

extension FlowRuntime {
    /// Takes one step, as a scenario file or the exploration would.
    package func apply(_ step: NavigationStep) -> NavigationStepOutcome {
        let report = commit(core.take(step))
        if case .set = step { environment = core.environment }
        return NavigationStepOutcome(report, of: step)
    }
}
