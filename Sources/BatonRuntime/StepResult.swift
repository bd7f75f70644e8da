/// What became of a step: an event, back, dismiss, a tab tap or a change of facts. `outcome`
/// is what an app branches on; `message` says it in words, as the log writes it.
public struct StepResult: Sendable, Hashable {
    /// What happened.
    public let outcome: Outcome
    /// Why nothing changed, when nothing did (nil for `handled` and `queued`).
    public let message: String?

    /// What a step came to.
    public enum Outcome: Sendable, Hashable {
        /// A flow handled it.
        case handled
        /// It was asked for while another step was being taken (from a view model's `init`,
        /// its `receive(_:)` or an observer): it is taken after that step, in order, and the
        /// log says what became of it.
        case queued
        /// No flow on the way to the root handled it; nothing changed.
        case unhandled
        /// It did not apply, for `Rejection`; nothing changed.
        case rejected(Rejection)
    }

    /// Why a step did not apply.
    public enum Rejection: String, Sendable, Hashable, CaseIterable {
        /// The root flow has finished.
        case finished
        /// No screen is visible.
        case nothingVisible
        /// The screen that sent is not the visible one.
        case screenNotVisible
        /// The screen instance that sent is not the visible one, or has been released.
        case instanceNotVisible
        /// The screen does not declare the event.
        case undeclaredEvent
        /// The payload does not fit the event's type.
        case payloadDoesNotFit
        /// The payload could not be encoded as a `Value` (a NaN, an integer beyond 64 bits).
        case payloadNotEncodable
        /// `back` with nothing to go back to.
        case nothingToGoBackTo
        /// `dismiss` with nothing presented.
        case nothingPresented
        /// `pop` at a stack's root.
        case nothingToPop
        /// `popTo` a screen that is not on the stack.
        case notOnStack
        /// A stack action in a flow that has no stack.
        case noStack
        /// A tab that no shown tabs flow has.
        case noTab
        /// A tab under a presented modal.
        case tabCovered
        /// `show` or `resume` of a branch no enclosing switch has.
        case noSwitch
        /// `next` outside a sequence.
        case noSequence
        /// `return` from a screen that is neither presented nor above its stack's root.
        case nothingToReturnFrom
        /// (1.1) `return R` to a screen that does not declare R, or with no screen visible.
        case resultNotDeclared
        /// (1.1) `return R` with a payload that does not fit R.
        case resultDoesNotFit
        /// An action names what is neither a screen nor a flow.
        case unknownTarget
        /// A `do` inside a `do`.
        case nestedDo
        /// A `link` action whose URL opens nothing.
        case linkDidNotOpen
        /// A limit stopped the step: events, links or flows nested too deep, or too many
        /// instances made by one step (a loop in the flow).
        case limitReached
        /// More steps were queued while steps were being taken than `FlowRuntime.maxQueuedSteps`
        /// (a view model that sends whenever it is made, in a loop).
        case queueLimitReached
        /// The runtime that showed the screen has been released.
        case runtimeGone
        /// A fact or flag that does not fit the spec.
        case settingDoesNotFit
        /// (1.2) `close` with nothing to close: the screen that sent the event is a stack's
        /// root, a tab's or the root flow's, or the trigger is an outcome.
        case nothingToClose
        /// (1.2) The user's swipe, or a `back` no transition handles, on what the user may not
        /// close so: a modal presented with `dismissible: false`, an alert, or a confirmation
        /// dialog that declares no `cancel`.
        case notDismissible
    }

    init(_ outcome: Outcome, message: String? = nil) {
        self.outcome = outcome
        self.message = message
    }

    /// A flow handled it.
    public static let handled = StepResult(.handled)
    /// Taken after the step being taken now.
    public static let queued = StepResult(.queued)

    /// Rejected for `reason`, said as `message`.
    public static func rejected(_ reason: Rejection, _ message: String) -> StepResult {
        StepResult(.rejected(reason), message: message)
    }

    /// Handled by no flow, said as `message`.
    public static func unhandled(_ message: String) -> StepResult {
        StepResult(.unhandled, message: message)
    }

    /// Whether a flow handled it.
    public var isHandled: Bool { outcome == .handled }

    /// Why it was rejected; nil when it was not.
    public var rejection: Rejection? {
        if case .rejected(let reason) = outcome { return reason }
        return nil
    }

    /// `handled`, `queued`, `unhandled` or `rejected`, as the log writes it.
    public var name: String {
        switch outcome {
        case .handled: "handled"
        case .queued: "queued"
        case .unhandled: "unhandled"
        case .rejected: "rejected"
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
    /// It was opened while another step was being taken: it is opened after that step, and
    /// the log says what became of it.
    case queued
}
