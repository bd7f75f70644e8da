import BatonModel

/// An event or a child flow's outcome travelling up the flows.
struct Emission {
    var event: String
    /// The screen that emitted the event, or the flow that finished.
    var source: String
    var payload: Value?
    var isOutcome: Bool
    /// The screen instance that emitted the event; nil for an outcome, a dismissal or (1.2) a
    /// dialog's event, whose sender is closed already.
    var instance: Int? = nil
    /// (1.2) What closed before the emission set out, when something did.
    var closed: Closed? = nil

    /// (1.2) What an emission's sender closed as it was sent.
    enum Closed: Equatable {
        /// A flow presented by flow `of` that finished: that flow's `dismiss` is redundant.
        case modal(of: Int)
        /// The dialog that sent the event: its `close` has nothing left to do.
        case dialog
    }

    var trigger: String { "\(source).\(event)" }
}

/// How an emission reached a flow.
enum Arrival {
    /// From one of its own items: a screen entry, a child flow, or its modal (by item id).
    case item(Int)
    /// From a child flow that finished and was removed; its sequence step, if it was one.
    case finished(step: Int?)
}
