import BatonModel

/// The navigation state as a scenario's `expect` sees it, computed from the runtime's state.
public struct NavigationState: Sendable, Equatable, Codable {
    /// The visible screen's id; nil once the root flow finished.
    public var top: String?
    /// The visible screen's input.
    public var topInput: Value?
    /// The screens of the stack that holds the visible screen, from its root; a screen
    /// presented alone is a stack of one.
    public var stack: [String]
    /// The selected tab id of the innermost tabs flow that is shown.
    public var tab: String?
    /// The topmost modal: a screen id or a presented flow's id; nil when none.
    public var presented: String?
    /// (1.1) How the topmost modal is shown; nil when none is.
    public var presentation: Presentation?
    /// (1.1) The result the visible screen was last handed since it was shown; nil when none.
    public var received: ScreenResult?
    /// (1.2) Whether the user can close what is on top by the swipe (a scenario's `dismiss`):
    /// a modal not presented with `dismissible: false`, or a confirmation dialog whose screen
    /// declares `cancel` (a tap outside). False when nothing is presented.
    public var canDismiss: Bool
    /// The active flows from the root to the visible screen's flow, presented flows included.
    public var flows: [String]
    /// The root flow's outcome once it finished.
    public var finished: String?
    /// Deep links waiting for a switch branch to be shown.
    public var heldLinks: [String]
    /// The whole tree, for printing.
    public var tree: StateNode

    /// A state with these fields, as a test or a decoder makes one.
    public init(
        top: String? = nil, topInput: Value? = nil, stack: [String] = [], tab: String? = nil,
        presented: String? = nil, presentation: Presentation? = nil, received: ScreenResult? = nil,
        canDismiss: Bool = false, flows: [String] = [], finished: String? = nil, heldLinks: [String] = [],
        tree: StateNode
    ) {
        self.canDismiss = canDismiss
        self.top = top
        self.topInput = topInput
        self.stack = stack
        self.tab = tab
        self.presented = presented
        self.presentation = presentation
        self.received = received
        self.flows = flows
        self.finished = finished
        self.heldLinks = heldLinks
        self.tree = tree
    }
}

/// One node of the navigation tree: a flow or a screen.
public struct StateNode: Sendable, Equatable, Codable {
    /// `stack`, `sequence`, `tabs`, `switch` or `screen`.
    public var kind: String
    /// The flow or screen id.
    public var id: String
    /// What the screen or flow was shown or started with.
    public var input: Value?
    /// The selected tab id of a tabs flow, or the shown branch of a switch.
    public var selected: String?
    /// `sheet`, `cover` or `popover` when the node is presented modally; (1.2) `alert` or
    /// `confirm` when it is a dialog.
    public var presentation: String?
    /// (1.2) How a presented node is shown, when not the defaults: its detents, whether the
    /// user may swipe it away, its grabber.
    public var options: PresentationOptions?
    /// The id of the tab a tabs flow shows the node under; nil for a node that is not a tab's.
    public var tab: String?
    /// Stack entries, tabs (in order) or the shown branch.
    public var children: [StateNode]
    /// What the flow presents modally.
    public var presented: StateNode? {
        get { presentedStorage.first }
        set { presentedStorage = newValue.map { [$0] } ?? [] }
    }
    /// Zero or one node: an array gives the recursion its indirection.
    private var presentedStorage: [StateNode] = []
    /// (1.2) The alert or confirmation dialog the flow showed, over everything.
    public var dialog: StateNode? {
        get { dialogStorage.first }
        set { dialogStorage = newValue.map { [$0] } ?? [] }
    }
    private var dialogStorage: [StateNode] = []
    /// Whether the node is on the way from the root to the visible screen.
    public var isVisible: Bool

    /// A node with these fields.
    public init(
        kind: String, id: String, input: Value? = nil, selected: String? = nil, presentation: String? = nil,
        tab: String? = nil, children: [StateNode] = [], presented: StateNode? = nil, isVisible: Bool = false
    ) {
        self.kind = kind
        self.id = id
        self.input = input
        self.selected = selected
        self.presentation = presentation
        self.tab = tab
        self.children = children
        self.presentedStorage = presented.map { [$0] } ?? []
        self.isVisible = isVisible
    }

    private enum CodingKeys: String, CodingKey {
        case kind, id, input, selected, presentation, options, tab, children, presented, dialog, isVisible
    }

    /// Reads a node; absent `children` and `isVisible` read as none and false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        id = try container.decode(String.self, forKey: .id)
        input = try container.decodeIfPresent(Value.self, forKey: .input)
        selected = try container.decodeIfPresent(String.self, forKey: .selected)
        presentation = try container.decodeIfPresent(String.self, forKey: .presentation)
        options = try container.decodeIfPresent(PresentationOptions.self, forKey: .options)
        tab = try container.decodeIfPresent(String.self, forKey: .tab)
        children = try container.decodeIfPresent([StateNode].self, forKey: .children) ?? []
        presentedStorage = try container.decodeIfPresent(StateNode.self, forKey: .presented).map { [$0] } ?? []
        dialogStorage = try container.decodeIfPresent(StateNode.self, forKey: .dialog).map { [$0] } ?? []
        isVisible = try container.decodeIfPresent(Bool.self, forKey: .isVisible) ?? false
    }

    /// Writes the node, `children` and `isVisible` always, the optional fields when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(input, forKey: .input)
        try container.encodeIfPresent(selected, forKey: .selected)
        try container.encodeIfPresent(presentation, forKey: .presentation)
        try container.encodeIfPresent(options, forKey: .options)
        try container.encodeIfPresent(tab, forKey: .tab)
        try container.encode(children, forKey: .children)
        try container.encodeIfPresent(presented, forKey: .presented)
        try container.encodeIfPresent(dialog, forKey: .dialog)
        try container.encode(isVisible, forKey: .isVisible)
    }
}
