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

extension FlowRuntime {
    /// Takes one step, as a scenario file or the exploration would.
    package func apply(_ step: NavigationStep) -> NavigationStepOutcome {
        let result: StepResult
        switch step {
        case .send(let screen, let event, let payload): result = send(event, from: screen, payload: payload)
        case .back: result = back()
        case .dismiss: result = dismiss()
        case .tab(let id): result = selectTab(id)
        case .open(let url):
            switch open(url) {
            case .opened: return NavigationStepOutcome(name: "handled", use: use)
            case .held: return NavigationStepOutcome(name: "held", use: use)
            case .noMatch:
                let message = log.last(where: { $0.trigger == "open \(url)" })?.message
                return NavigationStepOutcome(name: "no-match", message: message, use: use)
            }
        case .set(let context, let flags):
            do {
                try set(context: context, flags: flags)
                return NavigationStepOutcome(name: "handled", use: use)
            } catch {
                return NavigationStepOutcome(name: "rejected", message: error.description, use: StepUse())
            }
        }
        return NavigationStepOutcome(name: result.name, message: result.message, use: use)
    }
}
