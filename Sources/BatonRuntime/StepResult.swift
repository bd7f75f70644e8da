/// What became of a step: an event, back, dismiss or tab tap.
public enum StepResult: Sendable, Equatable {
    /// A flow handled it.
    case handled
    /// No flow on the way to the root handled it; nothing changed.
    case unhandled(String)
    /// It did not apply (the screen is not visible, the event is not declared, there is
    /// nothing to go back to); nothing changed.
    case rejected(String)

    /// `handled`, `unhandled` or `rejected`, as the log writes it.
    public var name: String {
        switch self {
        case .handled: "handled"
        case .unhandled: "unhandled"
        case .rejected: "rejected"
        }
    }

    /// Why nothing changed, when nothing did.
    public var message: String? {
        switch self {
        case .handled: nil
        case .unhandled(let message), .rejected(let message): message
        }
    }
}

/// What became of a deep link.
public enum LinkResult: Sendable, Equatable {
    /// The state now shows the link's screens.
    case opened
    /// Its way passes a switch branch that cannot be shown yet; it opens once it can.
    case held
    /// No pattern matched, or its parameters did not convert; nothing changed.
    case noMatch
}
