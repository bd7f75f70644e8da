import BatonModel

/// A step asked of a runtime: what an app, a host, a view model or a scenario can do to a
/// running flow. It is taken at once, or queued while another step is being taken.
enum StepRequest: Sendable {
    /// A screen emits an event; from one instance of it, when `instance` is set (a view model).
    case send(event: String, screen: String, instance: Int?, payload: Value?)
    /// The system back gesture.
    case back
    /// The swipe that closes the topmost modal.
    case dismiss
    /// A tap on a tab.
    case tab(String)
    /// A deep link opened.
    case open(String)
    /// Context facts and flag overrides changed (nil removes an override); checked before it
    /// is asked for.
    case set(context: [String: Value], flags: [String: Literal?])

    init(_ step: NavigationStep) {
        switch step {
        case .send(let screen, let event, let payload): self = .send(event: event, screen: screen, instance: nil, payload: payload)
        case .back: self = .back
        case .dismiss: self = .dismiss
        case .tab(let id): self = .tab(id)
        case .open(let url): self = .open(url)
        case .set(let context, let flags): self = .set(context: context, flags: flags.mapValues { Optional($0) })
        }
    }

    /// The step's trigger as the log writes it.
    var trigger: String {
        switch self {
        case .send(let event, let screen, _, _): "\(screen).\(event)"
        case .back: "back"
        case .dismiss: "dismiss"
        case .tab(let id): "tab \(id)"
        case .open(let url): "open \(url)"
        case .set: "set"
        }
    }

    /// The screen that emits, for a send.
    var source: String? {
        if case .send(_, let screen, _, _) = self { return screen }
        return nil
    }
}

extension NavigationCore {
    /// Takes one step. A `set` that does not fit the spec changes nothing and is rejected with why.
    mutating func take(_ request: StepRequest) -> CoreReport {
        switch request {
        case .send(let event, let screen, let instance, let payload):
            return send(event, from: screen, instance: instance, payload: payload)
        case .back: return back()
        case .dismiss: return dismiss()
        case .tab(let id): return selectTab(id)
        case .open(let url): return open(url)
        case .set(let context, let flags):
            do {
                return try set(context: context, flags: flags)
            } catch {
                return CoreReport(result: .rejected(.settingDoesNotFit, error.description), link: nil, entries: [],
                                  results: [], inputs: [], use: StepUse())
            }
        }
    }
}
