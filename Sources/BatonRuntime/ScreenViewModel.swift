import BatonModel
import Observation

/// A screen's view model, made by the host app's factory in `ViewModelRegistry`: exactly once
/// for each screen instance, once the step that shows the instance is taken, and released when
/// the instance leaves the navigation state. What it sends from its `init` or `receive(_:)`
/// is taken after the step that made it or handed it a result.
@MainActor
public protocol ScreenViewModel: AnyObject {
    /// (1.1) Called when a screen shown after this one hands a value back with `return R`,
    /// once this screen is visible again. The default does nothing.
    func receive(_ result: ScreenResult)

    /// (1.1) Called when a `singleTop` push found this screen's instance on top: the instance
    /// stays and `input` is its new input. The default does nothing.
    func update(input: Value?)
}

extension ScreenViewModel {
    /// Does nothing.
    public func receive(_ result: ScreenResult) {}
    /// Does nothing.
    public func update(input: Value?) {}
}

/// The view model of a screen the host registered nothing for: it holds its input and can
/// send the screen's declared events. Observable: a view reading `input` or `received` hears
/// of their changes.
@MainActor @Observable
public final class GenericViewModel: ScreenViewModel {
    /// The screen id.
    public let screen: String
    /// The input; a `singleTop` push that keeps this instance sets it anew.
    public private(set) var input: Value?
    /// The last result handed to this screen by `return R`.
    public private(set) var received: ScreenResult?
    /// The declared events, then the built-in `back` and `done`.
    public let events: [String]
    @ObservationIgnored private let context: ViewModelContext

    /// A view model of the context's screen that offers `events`, with nothing received yet.
    public convenience init(context: ViewModelContext, events: [String]) {
        self.init(context: context, events: events, received: nil)
    }

    /// A view model made after results were handed to its instance: it shows the last one.
    init(context: ViewModelContext, events: [String], received: ScreenResult?) {
        self.screen = context.screen
        self.input = context.input
        self.events = events
        self.context = context
        self.received = received
    }

    /// Remembers the result in `received`.
    public func receive(_ result: ScreenResult) {
        received = result
    }

    /// Takes the new input of a `singleTop` push.
    public func update(input: Value?) {
        self.input = input
    }

    /// Emits `event` from this screen; the runtime rejects it when the screen is not visible.
    @discardableResult
    public func send(_ event: String, payload: Value? = nil) -> StepResult {
        context.send(event, payload: payload)
    }
}
