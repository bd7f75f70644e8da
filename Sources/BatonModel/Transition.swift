/// One entry of a flow's `on`: a trigger and the actions tried in order.
public struct Transition: Hashable, Codable, Sendable {
    /// What fires the transition.
    public var trigger: Trigger
    /// The alternatives, in order; the first whose `when` holds is taken. A single action is
    /// a list of one.
    public var actions: [Action]
    /// Where the trigger is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A transition that `trigger` fires, trying `actions` in order.
    public init(trigger: Trigger, actions: [Action], location: SourceRange? = nil) {
        self.trigger = trigger
        self.actions = actions
        self.location = location
    }
}

/// What fires a transition: `screen.event`, `flow.outcome` or `*.event`.
public struct Trigger: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A screen or flow id, or `*` for any screen of the flow.
    public var source: String
    /// An event name or a child flow's outcome.
    public var event: String
    /// Where the trigger is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// The trigger `source.event`.
    public init(source: String, event: String, location: SourceRange? = nil) {
        self.source = source
        self.event = event
        self.location = location
    }

    /// The wildcard source, `*`.
    public static let anySource = "*"

    /// Whether the trigger is `*.event`, fired by any screen of the flow.
    public var isWildcard: Bool { source == Self.anySource }
    public var description: String { "\(source).\(event)" }
}

/// How a screen or flow is presented modally, or (1.2) how a screen is shown as a dialog.
public enum Presentation: String, Hashable, Codable, Sendable, CaseIterable {
    /// A sheet, a full-screen cover or a popover: the modal of the flow that presents it.
    case sheet, cover, popover
    /// (1.2) An alert or a confirmation dialog: a screen shown over the visible screen, on
    /// top of every modal, without replacing any; its events are its buttons.
    case alert, confirm

    /// The kinds of modal: what `{sheet: X}`, `{cover: X}` and `{popover: X}` write, in links
    /// and actions alike, and what presentation options go with.
    public static let modalStyles: [Presentation] = [.sheet, .cover, .popover]

    /// (1.2) The event a confirmation dialog's screen declares to be sent by a tap outside it.
    public static let cancelEvent = "cancel"

    /// (1.2) Whether it is an alert or a confirmation dialog rather than a modal.
    public var isDialog: Bool { self == .alert || self == .confirm }
}

/// One action, with its optional guard and `with` literal.
public struct Action: Hashable, Codable, Sendable {
    /// What the action does, with what it names.
    public var kind: ActionKind
    /// The guard and the `with` literal, which most actions lack, kept in one box so that an
    /// action without them stays small (a large flow holds hundreds of thousands).
    private var extras: Extras?
    /// (1.1) On `push`: push only when the top of the stack is not already the target; when it
    /// is, that instance stays and receives the new input.
    public var singleTop: Bool
    /// Where the action is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// The guard: the alternative is taken only when it holds; nil always holds.
    public var when: Condition? {
        get { extras?.when }
        set { extras = Extras.holding(when: newValue, with: with, options: options) }
    }

    /// Merged over the event's payload to make the target's input.
    public var with: LiteralValue? {
        get { extras?.with }
        set { extras = Extras.holding(when: when, with: newValue, options: options) }
    }

    /// (1.2) On `sheet`, `cover` and `popover`: how the modal is shown (detents, whether the
    /// user may swipe it away, the grabber); the defaults when not written.
    public var options: PresentationOptions {
        get { extras?.options ?? PresentationOptions() }
        set { extras = Extras.holding(when: when, with: with, options: newValue) }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, when, with, singleTop, options, location
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(when, forKey: .when)
        try container.encodeIfPresent(with, forKey: .with)
        try container.encode(singleTop, forKey: .singleTop)
        if !options.isDefault { try container.encode(options, forKey: .options) }
        try container.encodeIfPresent(location, forKey: .location)
    }

    /// An action's guard, `with` and presentation options, compared by value.
    private final class Extras: Hashable, Sendable {
        let when: Condition?
        let with: LiteralValue?
        let options: PresentationOptions

        /// The box for these, nil when there is nothing to hold.
        static func holding(when: Condition?, with: LiteralValue?, options: PresentationOptions) -> Extras? {
            when == nil && with == nil && options.isDefault ? nil : Extras(when: when, with: with, options: options)
        }

        private init(when: Condition?, with: LiteralValue?, options: PresentationOptions) {
            self.when = when
            self.with = with
            self.options = options
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs.when == rhs.when && lhs.with == rhs.with && lhs.options == rhs.options
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(when)
            hasher.combine(with)
            hasher.combine(options)
        }
    }
}

// The initialisers are in an extension, so that they hand their values to the memberwise
// initialiser Swift makes for the struct. One that sets the fields itself leaves, in this
// compiler, a copy of the whole action and a release of the original on every return.
extension Action {
    /// An action of `kind`, unguarded and without `with` unless told.
    public init(
        _ kind: ActionKind, when: Condition? = nil, with: LiteralValue? = nil, singleTop: Bool = false,
        options: PresentationOptions = PresentationOptions(), location: SourceRange? = nil
    ) {
        self.init(kind: kind, extras: Extras.holding(when: when, with: with, options: options), singleTop: singleTop,
                  location: location)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(ActionKind.self, forKey: .kind),
                  when: try container.decodeIfPresent(Condition.self, forKey: .when),
                  with: try container.decodeIfPresent(LiteralValue.self, forKey: .with),
                  singleTop: try container.decode(Bool.self, forKey: .singleTop),
                  options: try container.decodeIfPresent(PresentationOptions.self, forKey: .options) ?? PresentationOptions(),
                  location: try container.decodeIfPresent(SourceRange.self, forKey: .location))
    }
}

/// Every action of the format.
public enum ActionKind: Hashable, Codable, Sendable {
    /// Push a screen or flow onto this flow's stack.
    case push(Reference)
    /// Present a screen or flow modally over this flow; (1.2) or show a screen as an alert or
    /// a confirmation dialog over the visible screen (`Presentation.isDialog`).
    case present(Presentation, Reference)
    /// Replace the top of the stack.
    case replace(Reference)
    /// Replace the whole stack.
    case reset(Reference)
    /// Pop the top of this flow's stack.
    case pop
    /// Pop back to the nearest instance of a screen.
    case popTo(Reference)
    /// Pop this flow's stack back to its root.
    case popToRoot
    /// Dismiss the modal presented over this flow.
    case dismiss
    /// Select a tab of the nearest enclosing tabs flow.
    case tab(Reference)
    /// Show a branch of a switch.
    case show(Reference)
    /// Go on to the next step of a sequence.
    case next
    /// Finish this flow with an outcome (`done` by default).
    case finish(outcome: Reference)
    /// Re-emit as another event to the parent flow.
    case emit(event: Reference)
    /// Navigate as if the deep link were opened.
    case link(path: Reference)
    /// Swallow the event.
    case ignore
    /// (1.1) Dismiss every modal presented over this flow or over any flow inside it.
    case dismissAll
    /// (1.1) Close the emitting screen and hand the payload, as result `result`, to the screen
    /// visible when the step ends.
    case `return`(result: Reference)
    /// (1.1) In a switch: show a branch as it was last left, fresh if never shown.
    case resume(Reference)
    /// (1.1) Several actions performed in order as one step, atomically: if one cannot be
    /// performed, none is.
    case `do`([Action])
    /// (1.2) Close the screen that sent the event, however it is shown, as the default `back`
    /// would, without the `dismissed` trigger.
    case close

    /// Whether this is a `do`; asked without binding the items, which would copy the kind.
    @inlinable package var isDo: Bool {
        if case .do = self { true } else { false }
    }

    /// The action's name as written in a flow file.
    public var keyword: String {
        switch self {
        case .push: "push"
        case .present(let style, _): style.rawValue
        case .replace: "replace"
        case .reset: "reset"
        case .pop: "pop"
        case .popTo: "popTo"
        case .popToRoot: "popToRoot"
        case .dismiss: "dismiss"
        case .tab: "tab"
        case .show: "show"
        case .next: "next"
        case .finish: "finish"
        case .emit: "emit"
        case .link: "link"
        case .ignore: "ignore"
        case .dismissAll: "dismissAll"
        case .return: "return"
        case .resume: "resume"
        case .do: "do"
        case .close: "close"
        }
    }

    /// The screen, flow, tab, branch, outcome, event or path the action names, if any.
    public var argument: Reference? {
        switch self {
        case .push(let ref), .present(_, let ref), .replace(let ref), .reset(let ref), .popTo(let ref),
             .tab(let ref), .show(let ref), .finish(let ref), .emit(let ref), .link(let ref),
             .return(let ref), .resume(let ref):
            ref
        case .pop, .popToRoot, .dismiss, .next, .ignore, .dismissAll, .do, .close:
            nil
        }
    }

    /// Whether the action shows a new screen or flow (push, present, replace, reset).
    public var showsTarget: Bool {
        switch self {
        case .push, .present, .replace, .reset: true
        default: false
        }
    }

    /// The action in its string form, as in `push recipeDetail`; a `do` as
    /// `do [dismissAll, popToRoot]`.
    public var text: String {
        if case .do(let actions) = self {
            return "do [" + actions.map(\.kind.text).joined(separator: ", ") + "]"
        }
        return argument.map { "\(keyword) \($0.name)" } ?? keyword
    }

    /// (1.1) Whether the action may only stand last in a `do`: it hands control elsewhere, or
    /// (1.2) closes the screen that sent the event (`close`), or shows a dialog over what the
    /// step leaves visible (`alert`, `confirm`).
    public var mustBeLastInDo: Bool {
        switch self {
        case .finish, .emit, .link, .return, .close: true
        case .present(let style, _): style.isDialog
        default: false
        }
    }
}

extension Action {
    /// (1.1) The actions one alternative performs: the items of a `do` (each with its own
    /// `with`), else the action itself. One level only: a nested `do` is lint's `invalid-do`.
    public var performedActions: [Action] {
        if case .do(let items) = kind { return items }
        return [self]
    }

    /// Calls `body` with each of `performedActions` in turn, without making a list of one for
    /// an action that is not a `do`.
    @inlinable
    package func forEachPerformedAction(_ body: (Action) throws -> Void) rethrows {
        // The case is tested before its items are bound: binding them copies the whole kind,
        // for every action, where most are not a `do`.
        if kind.isDo, case .do(let items) = kind {
            for item in items { try body(item) }
        } else {
            try body(self)
        }
    }
}

extension Transition {
    /// Every action this transition can perform, across its alternatives and their `do` items.
    public var performedActions: [Action] {
        let hasDo = actions.contains { $0.kind.isDo }
        return hasDo ? actions.flatMap(\.performedActions) : actions
    }

    /// Calls `body` with each of `performedActions` in turn, in the same order, without
    /// making the list (nor copying each alternative out to read it).
    @inlinable
    package func forEachPerformedAction(_ body: (Action) throws -> Void) rethrows {
        for alternative in actions.indices { try actions[alternative].forEachPerformedAction(body) }
    }
}
