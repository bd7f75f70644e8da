/// A flow: one coordinator of the app. It has exactly one kind and wires its screens and
/// child flows together with transitions.
public struct Flow: Hashable, Codable, Sendable {
    public var name: String
    /// A label for output and graphs; the id when nil.
    public var title: String?
    /// The type the flow receives when started; handed to its first screen.
    public var input: TypeRef?
    /// A literal input for the flow's first screen, merged over the flow's input.
    public var with: LiteralValue?
    public var kind: FlowKind
    /// The `on` transitions, in the order written.
    public var transitions: [Transition]
    /// Deep links into this flow.
    public var links: [Link]
    /// `x-` keys, kept and ignored.
    public var extensions: [String: Value]
    @NotCompared public var location: SourceRange?

    public init(
        name: String, title: String? = nil, input: TypeRef? = nil, with: LiteralValue? = nil,
        kind: FlowKind, transitions: [Transition] = [], links: [Link] = [],
        extensions: [String: Value] = [:], location: SourceRange? = nil
    ) {
        self.name = name
        self.title = title
        self.input = input
        self.with = with
        self.kind = kind
        self.transitions = transitions
        self.links = links
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

/// Whether a target was written as a screen or as a flow.
public enum TargetKind: String, Hashable, Codable, Sendable {
    case screen, flow
}

/// A screen or flow that a stack root, step or branch shows. `declaredAs` is what the file
/// said (`screen:` or `flow:`), nil when it gave a bare name.
public struct Target: Hashable, Codable, Sendable {
    public var name: String
    public var declaredAs: TargetKind?
    @NotCompared public var location: SourceRange?

    public init(_ name: String, declaredAs: TargetKind? = nil, location: SourceRange? = nil) {
        self.name = name
        self.declaredAs = declaredAs
        self.location = location
    }

    public var reference: Reference { Reference(name, at: location) }
}

/// A step of a sequence, or a branch of a switch: a target with an optional guard.
public struct Step: Hashable, Codable, Sendable {
    public var target: Target
    public var when: Condition?
    @NotCompared public var location: SourceRange?

    public init(target: Target, when: Condition? = nil, location: SourceRange? = nil) {
        self.target = target
        self.when = when
        self.location = location
    }
}

/// A tab of a tabs flow: the child flow it runs and how it is labelled.
public struct Tab: Hashable, Codable, Sendable {
    public var flow: Reference
    /// The tab's id, for `tab T` actions and links; the flow id when not written.
    public var id: String
    public var title: String?
    public var icon: String?
    public var when: Condition?
    @NotCompared public var location: SourceRange?

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

/// A deep link pattern into a flow and the screens it puts on the flow's stack.
public struct Link: Hashable, Codable, Sendable {
    public var pattern: LinkPattern
    /// The screens put on the stack after its root, in order.
    public var targets: [Reference]
    @NotCompared public var location: SourceRange?

    public init(pattern: LinkPattern, targets: [Reference], location: SourceRange? = nil) {
        self.pattern = pattern
        self.targets = targets
        self.location = location
    }
}
