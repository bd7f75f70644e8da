import BatonModel

/// What a view-model factory gets: the screen, its decoded input, a way to emit events and the
/// host's dependencies.
@MainActor
public struct ViewModelContext {
    /// The screen id.
    public let screen: String
    /// The screen instance's id, unique in the run.
    public let instanceID: Int
    public let input: Value?
    /// What the host registered with the registry, by name.
    public let dependencies: [String: any Sendable]
    private let sender: @MainActor (String, Value?) -> StepResult

    public init(
        screen: String, instanceID: Int, input: Value?, dependencies: [String: any Sendable] = [:],
        send: @escaping @MainActor (String, Value?) -> StepResult
    ) {
        self.screen = screen
        self.instanceID = instanceID
        self.input = input
        self.dependencies = dependencies
        self.sender = send
    }

    /// Emits `event` from this screen instance. Rejected when it is no longer visible or has
    /// been released.
    @discardableResult
    public func send(_ event: String, payload: Value? = nil) -> StepResult {
        sender(event, payload)
    }

    /// The dependency registered under `name`, when it has type `T`.
    public func dependency<T>(_ name: String, as type: T.Type = T.self) -> T? {
        dependencies[name] as? T
    }
}

/// The host app's view-model factories, keyed by a screen's `viewModelName`. Screens with no
/// factory get a `GenericViewModel`.
public struct ViewModelRegistry: Sendable {
    public typealias Factory = @MainActor @Sendable (ViewModelContext) -> any ScreenViewModel

    public var dependencies: [String: any Sendable]
    private var factories: [String: Factory] = [:]

    public init(dependencies: [String: any Sendable] = [:]) {
        self.dependencies = dependencies
    }

    /// Registers the factory for the screens whose `viewModelName` is `name`.
    public mutating func register(_ name: String, factory: @escaping Factory) {
        factories[name] = factory
    }

    /// Whether a factory is registered under `name`.
    public func contains(_ name: String) -> Bool { factories[name] != nil }

    /// Makes the view model of a screen instance.
    @MainActor
    func makeViewModel(for screen: Screen, context: ViewModelContext) -> any ScreenViewModel {
        if let factory = factories[screen.viewModelName] { return factory(context) }
        return GenericViewModel(context: context, events: screen.events.map(\.name) + Screen.builtinEvents)
    }
}
