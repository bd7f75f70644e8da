import BatonSemantics
import BatonModel

/// A flow's definition with its `on` keys indexed, made once per spec: a step reaches it
/// through one reference instead of copying the definition's fields out of a table.
final class FlowDefinition: Sendable {
    let flow: Flow
    /// The flow's position among the spec's flows: its name as a number (`CoreItem.number`).
    let number: Int32
    /// The flow's `on` keys by trigger.
    let keys: TransitionIndex
    /// Each transition's trigger as written (`paywall.subscribe`), by position: what a step
    /// records of the transition it performs, made once instead of on every step.
    let triggerTexts: [String]
    /// Each transition's alternatives as the log writes them (`push recipeDetail`), by
    /// position and alternative.
    let actionTexts: [[String]]
    /// `dismiss flow`, as the log writes the dismissal of an instance of the flow.
    let dismissText: String
    /// `outcome flow.X` for each outcome X the flow's own actions finish it with, and `done`:
    /// how the log writes the outcome, made once.
    let outcomeTriggers: [String: String]
    /// Whether each transition's first alternative has no `when`, by position: then it is the
    /// one taken, with no condition to read (most transitions have one unguarded action).
    private let opensUnguarded: [Bool]

    init(_ flow: Flow, number: Int32) {
        self.flow = flow
        self.number = number
        keys = TransitionIndex(flow)
        triggerTexts = flow.transitions.map(\.trigger.description)
        actionTexts = flow.transitions.map { $0.actions.map(\.kind.text) }
        opensUnguarded = flow.transitions.map { $0.actions.first.map { $0.when == nil } ?? false }
        dismissText = Definitions.dismissText(flow.name)
        var outcomes: Set<String> = [BuiltinEvent.done.name]
        for transition in flow.transitions {
            for action in transition.performedActions { if case .finish(let outcome) = action.kind { outcomes.insert(outcome.name) } }
        }
        outcomeTriggers = Dictionary(uniqueKeysWithValues: outcomes.map { ($0, "outcome \(flow.name).\($0)") })
    }

    /// The alternative the transition at `position` takes: its first action whose `when`
    /// `holds`; nil when none does.
    func choice(at position: Int, where holds: (Condition?) -> Bool) -> Int? {
        if opensUnguarded[position] { return 0 }
        // By index, reading each `when` in place: a closure over the actions would be handed a
        // copy of each.
        let actions = flow.transitions[position].actions
        for index in actions.indices where holds(actions[index].when) { return index }
        return nil
    }
}

/// A screen's definition, made once per spec and reached through one reference, with the
/// parts a step reads kept apart so that reading them copies nothing else.
final class ScreenDefinition: Sendable {
    let screen: Screen
    let name: String
    /// The screen's position among the spec's screens: its name as a number (`CoreItem.number`).
    let number: Int32
    let title: String?
    let viewModelName: String
    /// Whether the screen declares an input (else it ignores any payload it is shown with).
    let takesInput: Bool
    /// The declared events' names, then the built-in ones: what a `GenericViewModel` of the
    /// screen can send, listed once instead of for each instance.
    let eventNames: [String]
    /// What each event's payload must be, at the positions of `eventNames`: its type resolved
    /// once rather than on every event sent.
    private let payloadRules: [PayloadRule]
    /// `screen.event` for each declared event, at the same positions: a step's log entry names
    /// its trigger so, and the text is made once, not on every step that sends the event.
    private let triggers: [String]
    /// `dismiss screen`, as the log writes the dismissal of an instance of the screen.
    let dismissText: String

    init(_ screen: Screen, number: Int32, checker: ValueChecker) {
        self.screen = screen
        name = screen.name
        self.number = number
        title = screen.title
        viewModelName = screen.viewModelName
        takesInput = screen.input != nil
        eventNames = screen.events.map(\.name) + Screen.builtinEvents
        payloadRules = (screen.events + Screen.builtinEvents.map { EventDeclaration(name: $0, payload: nil) }).map {
            checker.payloadRule($0, of: screen.name)
        }
        triggers = screen.events.map { "\(screen.name).\($0.name)" }
        dismissText = Definitions.dismissText(screen.name)
    }

    /// What the payload of `event` must be, for the declaration `Screen.event(named:)` finds,
    /// with the text of the trigger `screen.event` when the screen declares it (nil for a
    /// built-in event, which takes no payload).
    func event(named event: String) -> (payload: PayloadRule, trigger: String?)? {
        guard let index = eventNames.firstIndex(of: event) else { return nil }
        return (payloadRules[index], triggers.indices.contains(index) ? triggers[index] : nil)
    }
}

/// A flag's declaration, reached through one reference: a condition that reads the flag
/// reads it where it is kept, without copying its values and rollout.
final class FlagDefinition: Sendable {
    let flag: Flag

    init(_ flag: Flag) {
        self.flag = flag
    }

    /// The flag's value for a host with these overrides and context facts, as
    /// `FlagResolver.value(of:overrides:context:)` gives it: a flag without a rollout is read
    /// in place (its override, else its default), where passing it on would copy it whole.
    func value(overrides: [String: Literal], context: [String: Value]) -> Literal {
        guard flag.rollout.isEmpty else { return FlagResolver.value(of: flag, overrides: overrides, context: context) }
        return overrides[flag.name] ?? flag.defaultValue
    }
}

/// A flow's or a screen's definition, kept by its number as well as by its name.
protocol NumberedDefinition {
    var name: String { get }
}

extension FlowDefinition: NumberedDefinition {
    var name: String { flow.name }
}

extension ScreenDefinition: NumberedDefinition {}

/// The spec's flows and screens by name, as the core reads them on every step.
struct Definitions: Sendable {
    let flows: NameTable<FlowDefinition>
    let screens: NameTable<ScreenDefinition>
    /// The declared flags by name, for the conditions a step reads.
    let flags: NameTable<FlagDefinition>
    /// The flows by number (`FlowDefinition.number`); nil at a flow whose name an earlier flow
    /// has.
    private let flowsByNumber: [FlowDefinition?]
    /// The screens by number (`ScreenDefinition.number`), as `flowsByNumber`.
    private let screensByNumber: [ScreenDefinition?]

    init(_ index: SpecIndex, checker: ValueChecker) {
        (flows, flowsByNumber) = Self.definitions(of: index.flows, count: index.spec.flows.count, name: \.name) {
            FlowDefinition($0, number: $1)
        }
        (screens, screensByNumber) = Self.definitions(of: index.screens, count: index.spec.screens.count, name: \.name) {
            ScreenDefinition($0, number: $1, checker: checker)
        }
        flags = NameTable(index.flags, keeping: FlagDefinition.init)
    }

    /// The definition `make` gives each of `declarations` (with its number), by name and by
    /// number; nil at a number whose name an earlier declaration has.
    private static func definitions<Declaration, Definition>(
        of declarations: DeclarationTable<Declaration>, count: Int, name: (Declaration) -> String,
        _ make: (Declaration, Int32) -> Definition
    ) -> (NameTable<Definition>, [Definition?]) {
        var byNumber = [Definition?](repeating: nil, count: count)
        let byName = NameTable(declarations.mapValues { declaration in
            let position = declarations.position(of: name(declaration))
            let definition = make(declaration, CoreItem.number(at: position))
            if let position { byNumber[position] = definition }
            return definition
        })
        return (byName, byNumber)
    }

    /// The definition of flow `name`, whose number is `number`: read at the number, without
    /// hashing the name. A number that is not this name's (a flow instance of another spec)
    /// is looked up by name.
    func flow(_ number: Int32, named name: String) -> FlowDefinition? {
        Self.definition(number, named: name, in: flowsByNumber) ?? flows[name]
    }

    /// The definition of screen `name`, whose number is `number`, as `flow(_:named:)`.
    func screen(_ number: Int32, named name: String) -> ScreenDefinition? {
        Self.definition(number, named: name, in: screensByNumber) ?? screens[name]
    }

    /// The definition at `number` in `byNumber`, when it is `name`'s.
    private static func definition<Definition: NumberedDefinition>(_ number: Int32, named name: String,
                                                                   in byNumber: [Definition?]) -> Definition? {
        let position = Int(number)
        guard byNumber.indices.contains(position), let definition = byNumber[position],
              definition.name == name else { return nil }
        return definition
    }

    /// `dismiss name` for a modal `item`, as the log writes its dismissal: made once per spec.
    func dismissText(of item: CoreItem) -> String {
        let made = item.isFlow ? flow(item.number, named: item.name)?.dismissText
            : screen(item.number, named: item.name)?.dismissText
        return made ?? Self.dismissText(item.name)
    }

    /// The log's text for the dismissal of an instance of screen or flow `name`.
    static func dismissText(_ name: String) -> String { "dismiss \(name)" }

    /// The definition of a flow instance's flow (`flow(_:named:)`).
    func definition(of flow: CoreFlow) -> FlowDefinition? {
        self.flow(flow.number, named: flow.flow)
    }
}
