import BatonModel
import Observation

/// A screen's view model, made by the host app's factory in `ViewModelRegistry`. The runtime
/// holds it exactly as long as the screen's place in the navigation state.
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
    public func receive(_ result: ScreenResult) {}
    public func update(input: Value?) {}
}

/// The view model of a screen the host registered nothing for: it holds its input and can
/// send the screen's declared events. Observable: a view reading `input` or `received` hears
/// of their changes.
@MainActor
public final class GenericViewModel: ScreenViewModel, Observable {
    /// The screen id.
    public let screen: String
    /// The input; a `singleTop` push that keeps this instance sets it anew.
    public private(set) var input: Value? {
        get {
            registrar.access(self, keyPath: \.input)
            return storedInput
        }
        set { registrar.withMutation(of: self, keyPath: \.input) { storedInput = newValue } }
    }
    /// The last result handed to this screen by `return R`.
    public private(set) var received: ScreenResult? {
        get {
            registrar.access(self, keyPath: \.received)
            return storedReceived
        }
        set { registrar.withMutation(of: self, keyPath: \.received) { storedReceived = newValue } }
    }
    /// The declared events, then the built-in `back` and `done`.
    public let events: [String]
    private let context: ViewModelContext
    private var storedInput: Value?
    private var storedReceived: ScreenResult?
    /// Observed by hand rather than by `@Observable`, whose registrar every view model would
    /// make and free: most are never read.
    private var registrar = RegistrarOnRead()

    public init(context: ViewModelContext, events: [String]) {
        self.screen = context.screen
        self.storedInput = context.input
        self.events = events
        self.context = context
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
