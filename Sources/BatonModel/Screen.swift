/// A screen's interface: what it receives and what it can emit. What it looks like is the
/// host app's business, through the view model registered under `viewModel`.
public struct Screen: Hashable, Codable, Sendable {
    /// The screen's id, the key it is declared under in `screens`.
    public var name: String
    /// A label for output and graphs; the id when nil.
    public var title: String?
    /// The key in the host app's view-model registry; the id when nil.
    public var viewModel: String?
    /// What the screen receives; nothing when nil.
    public var input: TypeRef?
    /// The events it declares, in order.
    public var events: [EventDeclaration]
    /// (1.1) The results it can be handed back by `return R`, in order: name and payload type.
    public var results: [EventDeclaration]
    /// `x-` keys, kept and ignored.
    public var extensions: [String: Value]
    /// Where the screen's id is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A screen named `name` that declares no input, events or results unless told.
    public init(
        name: String, title: String? = nil, viewModel: String? = nil, input: TypeRef? = nil,
        events: [EventDeclaration] = [], results: [EventDeclaration] = [], extensions: [String: Value] = [:],
        location: SourceRange? = nil
    ) {
        self.name = name
        self.title = title
        self.viewModel = viewModel
        self.input = input
        self.events = events
        self.results = results
        self.extensions = extensions
        self.location = location
    }

    /// The registry key of the screen's view model.
    public var viewModelName: String { viewModel ?? name }
    /// The label to show for the screen.
    public var displayTitle: String { title ?? name }

    /// The events every screen has without declaring them.
    public static let builtinEvents = [BuiltinEvent.back.name, BuiltinEvent.done.name]

    /// The declaration of `event`, including the built-in `back` and `done`; nil when the
    /// screen cannot emit it.
    public func event(named event: String) -> EventDeclaration? {
        Self.event(named: event, among: events)
    }

    /// The declaration of `event` for a screen that declares `events`, as `event(named:)`; lets
    /// a caller read a screen's events without copying the whole screen.
    @inlinable package static func event(named event: String, among events: [EventDeclaration]) -> EventDeclaration? {
        if let declared = events.first(where: { $0.name == event }) { return declared }
        if builtinEvents.contains(event) { return EventDeclaration(name: event, payload: nil) }
        return nil
    }

    /// The declaration of result `name`; nil when the screen does not declare it.
    public func result(named name: String) -> EventDeclaration? {
        results.first { $0.name == name }
    }
}

/// An event a screen can emit, or (1.1) a result it can be handed, with its payload type (nil
/// for none).
public struct EventDeclaration: Hashable, Codable, Sendable {
    /// The event's or result's name.
    public var name: String
    /// The type of the value it carries; nil for none.
    public var payload: TypeRef?
    /// Where the name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// An event or result named `name` carrying `payload`.
    public init(name: String, payload: TypeRef?, location: SourceRange? = nil) {
        self.name = name
        self.payload = payload
        self.location = location
    }
}
