/// A flow: one coordinator of the app. It has exactly one kind and wires its screens and
/// child flows together with transitions.
public struct Flow: Hashable, Codable, Sendable {
    /// The flow's id, the key it is declared under in `flows`.
    public var name: String
    /// A label for output and graphs; the id when nil.
    public var title: String?
    /// The type the flow receives when started; handed to its first screen.
    public var input: TypeRef?
    /// A literal input for the flow's first screen, merged over the flow's input.
    public var with: LiteralValue?
    /// How the flow shows its children: a stack, a sequence, tabs or a switch.
    public var kind: FlowKind
    /// The `on` transitions, in the order written.
    public var transitions: [Transition]
    /// Deep links into this flow.
    public var links: [Link]
    /// (1.1) On a tabs flow: what a tap on the selected tab does.
    public var reselect: TabReselect
    /// (1.1) On a switch: whether it follows its conditions after every change of context or
    /// flags, showing the first branch whose `when` holds as `resume` would.
    public var follow: Bool
    /// `x-` keys, kept and ignored.
    public var extensions: [String: Value]
    /// Where the flow's id is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A flow of `kind`; every other part defaults to what a missing key means in a flow file.
    public init(
        name: String, title: String? = nil, input: TypeRef? = nil, with: LiteralValue? = nil,
        kind: FlowKind, transitions: [Transition] = [], links: [Link] = [],
        reselect: TabReselect = .popToRoot, follow: Bool = false,
        extensions: [String: Value] = [:], location: SourceRange? = nil
    ) {
        self.name = name
        self.title = title
        self.input = input
        self.with = with
        self.kind = kind
        self.transitions = transitions
        self.links = links
        self.reselect = reselect
        self.follow = follow
        self.extensions = extensions
        self.location = location
    }

    /// The label to show for the flow.
    public var displayTitle: String { title ?? name }
}

/// The four kinds of flow.
public enum FlowKind: Hashable, Codable, Sendable {
    /// A navigation stack with its root screen or child flow.
    case stack(root: Target)
    /// A linear workflow of guarded steps.
    case sequence(steps: [Step])
    /// Tabs, each running its own child flow; `selected` defaults to the first visible tab.
    case tabs(tabs: [Tab], selected: Reference?)
    /// Exactly one branch shown at a time; the first whose `when` holds on start.
    case `switch`(branches: [Step])

    /// The key that names the kind in a flow file.
    public var keyword: String {
        switch self {
        case .stack: "stack"
        case .sequence: "sequence"
        case .tabs: "tabs"
        case .switch: "switch"
        }
    }
}

/// (1.1) What a tap on the tab that is already selected does.
public enum TabReselect: String, Hashable, Codable, Sendable, CaseIterable {
    /// Pop the tab's stack to its root, as a tab bar controller does (the default).
    case popToRoot
    /// Leave the tab as it is.
    case keep
}

/// Whether a target was written as a screen or as a flow.
public enum TargetKind: String, Hashable, Codable, Sendable {
    /// Written as `screen:` or as `flow:`.
    case screen, flow
}

/// A screen or flow that a stack root, step or branch shows. `declaredAs` is what the file
/// said (`screen:` or `flow:`), nil when it gave a bare name.
public struct Target: Hashable, Codable, Sendable {
    /// The id of the screen or flow shown.
    public var name: String
    /// Whether it was written as `screen:` or `flow:`; nil for a bare name.
    public var declaredAs: TargetKind?
    /// Where the name is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A target named `name`.
    public init(_ name: String, declaredAs: TargetKind? = nil, location: SourceRange? = nil) {
        self.name = name
        self.declaredAs = declaredAs
        self.location = location
    }

    /// The target as a reference to its name, at the same place.
    public var reference: Reference { Reference(name, at: location) }
}

/// A step of a sequence, or a branch of a switch: a target with an optional guard.
public struct Step: Hashable, Codable, Sendable {
    /// The screen or flow the step or branch shows.
    public var target: Target
    /// The guard: the step is taken, or the branch shown, only when it holds; nil always holds.
    public var when: Condition?
    /// (1.1) A sequence step removed from the back stack once it is done.
    public var transient: Bool
    /// Where the step is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A step showing `target`, unguarded and kept on the back stack unless told otherwise.
    public init(target: Target, when: Condition? = nil, transient: Bool = false, location: SourceRange? = nil) {
        self.target = target
        self.when = when
        self.transient = transient
        self.location = location
    }
}

/// A tab of a tabs flow: the child flow it runs and how it is labelled.
public struct Tab: Hashable, Codable, Sendable {
    /// The child flow the tab runs.
    public var flow: Reference
    /// The tab's id, for `tab T` actions and links; the flow id when not written.
    public var id: String
    /// The tab's label; hosts fall back to the flow's title, then the tab's id.
    public var title: String?
    /// The SF Symbols name of the tab's icon.
    public var icon: String?
    /// The guard: a tab whose `when` fails at start is not created; nil always holds.
    public var when: Condition?
    /// Where the tab is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A tab running `flow`; its id is the flow's id unless `id` is given.
    public init(
        flow: Reference, id: String? = nil, title: String? = nil, icon: String? = nil,
        when: Condition? = nil, location: SourceRange? = nil
    ) {
        self.flow = flow
        self.id = id ?? flow.name
        self.title = title
        self.icon = icon
        self.when = when
        self.location = location
    }
}

/// A deep link pattern into a flow and the way it takes from the flow's root.
public struct Link: Hashable, Codable, Sendable {
    /// The URL path the link matches, such as `/recipes/{id}`.
    public var pattern: LinkPattern
    /// (1.1) The way, in order: each item pushed onto the stack it reaches, or presented.
    public var items: [LinkItem]
    /// Where the link's pattern is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// A link matching `pattern` that takes the way `items`.
    public init(pattern: LinkPattern, items: [LinkItem], location: SourceRange? = nil) {
        self.pattern = pattern
        self.items = items
        self.location = location
    }

    /// Every item pushed, as 1.0 wrote links: a list of screens put on the stack after its root.
    public init(pattern: LinkPattern, targets: [Reference], location: SourceRange? = nil) {
        self.init(pattern: pattern, items: targets.map { LinkItem($0) }, location: location)
    }

    /// The screens and flows the link names, in order.
    public var targets: [Reference] { items.map(\.target) }
}

/// (1.1) One item of a link's way: a screen or flow, pushed (`X`, `{push: X}`) or presented
/// (`{sheet: X}`, `{cover: X}`, `{popover: X}`).
public struct LinkItem: Hashable, Codable, Sendable {
    /// The screen or flow the item shows.
    public var target: Reference
    /// How it is presented; nil when it is pushed.
    public var presentation: Presentation?
    /// Where the item is written; kept out of `==`.
    @NotCompared public var location: SourceRange?

    /// An item showing `target`, pushed unless `presentation` is given.
    public init(_ target: Reference, presentation: Presentation? = nil, location: SourceRange? = nil) {
        self.target = target
        self.presentation = presentation
        self.location = location
    }

    /// `X`, or `sheet X` for a presented item.
    public var text: String {
        presentation.map { "\($0.rawValue) \(target.name)" } ?? target.name
    }
}
