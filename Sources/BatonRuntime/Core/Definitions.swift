import BatonModel

/// A flow's definition with its `on` keys indexed, made once per spec: a step reaches it
/// through one reference instead of copying the definition's fields out of a table.
final class FlowDefinition: Sendable {
    let flow: Flow
    /// The flow's `on` keys by trigger.
    let keys: TransitionIndex
    /// Each transition's trigger as written (`paywall.subscribe`), by position: what a step
    /// records of the transition it performs, made once instead of on every step.
    let triggerTexts: [String]
    /// Each transition's alternatives as the log writes them (`push recipeDetail`), by
    /// position and alternative.
    let actionTexts: [[String]]

    init(_ flow: Flow) {
        self.flow = flow
        keys = TransitionIndex(flow)
        triggerTexts = flow.transitions.map(\.trigger.description)
        actionTexts = flow.transitions.map { $0.actions.map(\.kind.text) }
    }
}

/// A screen's definition, made once per spec and reached through one reference, with the
/// parts a step reads kept apart so that reading them copies nothing else.
final class ScreenDefinition: Sendable {
    let screen: Screen
    let name: String
    let title: String?
    let viewModelName: String
    /// Whether the screen declares an input (else it ignores any payload it is shown with).
    let takesInput: Bool
    /// The declared events' names, then the built-in ones: what a `GenericViewModel` of the
    /// screen can send, listed once instead of for each instance.
    let eventNames: [String]
    private let events: [EventDeclaration]

    init(_ screen: Screen) {
        self.screen = screen
        name = screen.name
        title = screen.title
        viewModelName = screen.viewModelName
        takesInput = screen.input != nil
        eventNames = screen.events.map(\.name) + Screen.builtinEvents
        events = screen.events
    }

    /// The declaration of `event`, as `Screen.event(named:)` finds it.
    func event(named event: String) -> EventDeclaration? {
        if let declared = events.first(where: { $0.name == event }) { return declared }
        if Screen.builtinEvents.contains(event) { return EventDeclaration(name: event, payload: nil) }
        return nil
    }
}

/// The spec's flows and screens by name, as the core reads them on every step.
struct Definitions: Sendable {
    let flows: NameTable<FlowDefinition>
    let screens: NameTable<ScreenDefinition>

    init(_ index: SpecIndex) {
        flows = NameTable(index.flows.mapValues(FlowDefinition.init))
        screens = NameTable(index.screens.mapValues(ScreenDefinition.init))
    }
}
