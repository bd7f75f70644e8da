import BatonModel

/// An event or a child flow's outcome travelling up the flows.
struct Emission {
    var event: String
    /// The screen that emitted the event, or the flow that finished.
    var source: String
    var payload: Value?
    var isOutcome: Bool
    /// The screen instance that emitted the event; nil for an outcome or a dismissal.
    var instance: Int? = nil

    var trigger: String { "\(source).\(event)" }
}

/// How an emission reached a flow.
enum Arrival {
    /// From one of its own items: a screen entry, a child flow, or its modal (by item id).
    case item(Int)
    /// From a child flow that finished and was removed; its sequence step, if it was one.
    case finished(step: Int?)
}
