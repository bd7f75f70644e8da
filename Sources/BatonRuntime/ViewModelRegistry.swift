import BatonModel

/// What a view-model factory gets: the screen, its input, a way to emit events and the app's
/// dependencies.
@MainActor
public struct ViewModelContext {
    /// The screen id.
    public let screen: String
    /// The screen instance's id, unique in the run.
    public let instanceID: Int
    /// The input as the flow passed it; `input(as:)` reads it as a Swift type.
    public let input: Value?
    /// What the app put in the registry's `dependencies`.
    public let dependencies: Dependencies
    /// Where events go: a closure given to the public initialiser, or the runtime that made the
    /// context, held weakly. The runtime's own contexts hold no closure, whose context the
    /// runtime would otherwise allocate for every screen instance it shows.
    private let sender: (@MainActor (String, Value?) -> StepResult)?
    private weak var runtime: FlowRuntime?

    /// A context whose events go to `send`: for a preview or a test, with no runtime.
    public init(
        screen: String, instanceID: Int, input: Value?, dependencies: Dependencies = Dependencies(),
        send: @escaping @MainActor (String, Value?) -> StepResult
    ) {
        self.screen = screen
        self.instanceID = instanceID
        self.input = input
        self.dependencies = dependencies
        self.sender = send
    }

    /// The context of a screen instance the runtime shows: its events go to `runtime`, from
    /// this instance, rejected once the runtime is gone.
    init(screen: String, instanceID: Int, input: Value?, dependencies: Dependencies, runtime: FlowRuntime) {
        self.screen = screen
        self.instanceID = instanceID
        self.input = input
        self.dependencies = dependencies
        self.sender = nil
        self.runtime = runtime
    }

    private func emit(_ event: String, _ payload: Value?) -> StepResult {
        if let sender { return sender(event, payload) }
        guard let runtime else { return .rejected(.runtimeGone, RuntimeMessage.runtimeGone) }
        return runtime.send(event, fromInstance: instanceID, screen: screen, payload: payload)
    }

    /// The input read as `T` (a generated input type, or any `Decodable`); an absent input reads
    /// as nil when `T` is optional.
    public func input<T: Decodable>(as type: T.Type = T.self) throws(ValueCodingError) -> T {
        try (input ?? .null).decode(as: type)
    }

    /// Emits `event` with `payload` encoded as a `Value`. A payload that cannot be encoded (a
    /// non-finite number, an integer beyond 64 bits) is rejected and nothing is sent.
    @discardableResult
    public func send<Payload: Encodable>(_ event: String, payload: Payload) -> StepResult {
        do {
            return emit(event, try Value(encoding: payload))
        } catch {
            return .rejected(.payloadNotEncodable, "the payload of '\(screen).\(event)' cannot be sent: \(error)")
        }
    }

    /// Emits `event` from this screen instance. Rejected when it is no longer visible or has
    /// been released.
    @discardableResult
    public func send(_ event: String, payload: Value? = nil) -> StepResult {
        emit(event, payload)
    }
}

/// A screen's typed interface: its id, and typed access to its input, events and results
/// through the context. `baton generate swift` writes one per screen of a flow.
@MainActor
public protocol ScreenInterface {
    /// The screen's id in the flow.
    nonisolated static var screenID: String { get }
    /// The interface of the screen instance `context` is for.
    init(context: ViewModelContext)
}

/// The app's view-model factories, by screen id (and, for flows that name a `viewModel`, by
/// that name), and the dependencies every factory gets. A screen with no factory gets a
/// `GenericViewModel`.
public struct ViewModelRegistry: Sendable {
    /// Makes the view model of one screen instance from its context.
    public typealias Factory = @MainActor @Sendable (ViewModelContext) -> any ScreenViewModel

    /// Handed to every factory in its context.
    public var dependencies: Dependencies
    private var factories = ScreenRegistry<Factory>()

    /// A registry with no factories yet, whose factories get `dependencies`.
    public init(dependencies: Dependencies = Dependencies()) {
        self.dependencies = dependencies
    }

    /// Registers the factory of one screen, by its id. It wins over a factory registered for
    /// the screen's view-model name.
    public mutating func register(screen id: String, factory: @escaping Factory) {
        factories.register(screen: id, factory)
    }

    /// Registers the factory of a screen by its typed interface: the factory gets the
    /// interface, built on the screen instance's context.
    public mutating func register<Interface: ScreenInterface>(
        _ screen: Interface.Type, factory: @escaping @MainActor @Sendable (Interface) -> any ScreenViewModel
    ) {
        factories.register(screen) { context in factory(Interface(context: context)) }
    }

    /// Registers the factory for the screens whose `viewModelName` is `name` (the screen's id
    /// unless it names a `viewModel`).
    public mutating func register(_ name: String, factory: @escaping Factory) {
        factories.register(viewModel: name, factory)
    }

    /// Whether a factory is registered under `name`, as a screen id or a view-model name.
    public func contains(_ name: String) -> Bool { factories.contains(name) }

    /// The screens registered by id: what this build of the app can show natively.
    public var screenIDs: Set<String> { factories.screenIDs }

    /// Whether a screen gets a factory of the app (by its id, then its view-model name) rather
    /// than a `GenericViewModel`.
    public func hasFactory(for screen: Screen) -> Bool {
        factories.entry(screen: screen.name, viewModelName: screen.viewModelName) != nil
    }

    /// Whether no factory is registered: every screen gets a `GenericViewModel`.
    var makesOnlyGenericViewModels: Bool { factories.isEmpty }

    /// Whether a factory of the app is registered for a screen (by its id, then its view-model
    /// name), rather than it getting a `GenericViewModel`.
    func hasFactory(for definition: ScreenDefinition) -> Bool {
        !factories.isEmpty && factory(for: definition) != nil
    }

    /// The factory registered for a screen, by its id, then its view-model name.
    private func factory(for definition: ScreenDefinition) -> Factory? {
        factories.entry(screen: definition.name, viewModelName: definition.viewModelName)
    }

    /// Makes the view model of a screen instance: the factory registered for the screen (by
    /// its id, then its view-model name), else a `GenericViewModel`.
    @MainActor
    func makeViewModel(for definition: ScreenDefinition, context: ViewModelContext, received: ScreenResult?)
        -> any ScreenViewModel {
        if let factory = factory(for: definition) {
            return factory(context)
        }
        return GenericViewModel(context: context, events: definition.eventNames, received: received)
    }
}

extension ScreenResult {
    /// The result's payload read as `T`; an absent payload reads as nil when `T` is optional.
    public func payload<T: Decodable>(as type: T.Type = T.self) throws(ValueCodingError) -> T {
        try (payload ?? .null).decode(as: type)
    }
}
