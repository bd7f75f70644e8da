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
    /// The outcome of `step` from the core's report of it, taking what the step used out of
    /// the report.
    package init(taking report: inout CoreReport, of step: NavigationStep) {
        var use = StepUse()
        swap(&use, &report.use)
        self.init(result: report.result, link: report.link, use: use, isLink: step.isOpen)
    }

    /// The outcome of a step from its result, what became of its link (for `open`, `isLink`)
    /// and what of the spec it used.
    init(result: StepResult, link: LinkResult?, use: StepUse, isLink: Bool) {
        if result.outcome == .queued {
            self.init(name: "queued", use: use)
        } else if !isLink {
            self.init(name: result.name, message: result.message, use: use)
        } else {
            switch link {
            case .opened?: self.init(name: "handled", use: use)
            case .held?: self.init(name: "held", use: use)
            default: self.init(name: "no-match", message: result.message, use: use)
            }
        }
    }
}

extension NavigationStep {
    /// Whether the step opens a deep link.
    var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}
