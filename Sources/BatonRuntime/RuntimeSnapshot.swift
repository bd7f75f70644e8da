import BatonModel

/// The whole navigation state as a value: every flow, stack, tab (each tab's own stack),
/// modal and input, the held links, the root's outcome and the instance-id counter.
/// `FlowRuntime.restore(_:)` rebuilds coordinators and view models from it. To an app it is
/// a value to save (its JSON) and restore; what is inside is the runtime's. It names the flow
/// it was taken under (`takenUnder`), so that a restore under another version of the flow maps
/// it rather than trusting it (docs/EVOLUTION.md).
public struct RuntimeSnapshot: Codable, Hashable, Sendable {
    /// The flow it was taken under; nil in a snapshot written before snapshots named their flow
    /// (restored as it is, or not at all) and in one the core took for exploration.
    public package(set) var takenUnder: FlowIdentity?
    package var root: FlowSnapshot
    /// Deep links waiting for their way to be shown.
    public package(set) var heldLinks: [String]
    /// The root flow's outcome, once it finished, and its payload.
    public package(set) var finished: String?
    /// The payload the root flow finished with.
    public package(set) var finishedPayload: Value?
    /// The id the next screen or flow instance gets.
    package var nextInstanceID: Int
    /// (1.2) The alert or confirmation dialog shown, if any.
    package var dialog: DialogSnapshot?

    package init(
        takenUnder: FlowIdentity? = nil, root: FlowSnapshot, heldLinks: [String] = [], finished: String? = nil,
        finishedPayload: Value? = nil, nextInstanceID: Int, dialog: DialogSnapshot? = nil
    ) {
        self.takenUnder = takenUnder
        self.root = root
        self.dialog = dialog
        self.heldLinks = heldLinks
        self.finished = finished
        self.finishedPayload = finishedPayload
        self.nextInstanceID = nextInstanceID
    }
}

/// A stack entry, branch or modal: a screen instance or a flow.
package indirect enum ItemSnapshot: Codable, Hashable, Sendable {
    case screen(ScreenSnapshot)
    case flow(FlowSnapshot)

    /// The screen or flow id.
    package var name: String {
        switch self {
        case .screen(let screen): screen.screen
        case .flow(let flow): flow.flow
        }
    }
}

/// A screen instance.
package struct ScreenSnapshot: Codable, Hashable, Sendable {
    package var id: Int
    package var screen: String
    package var input: Value?

    package init(id: Int, screen: String, input: Value? = nil) {
        self.id = id
        self.screen = screen
        self.input = input
    }
}

/// A running flow. Which fields are used depends on `kind`.
package struct FlowSnapshot: Codable, Hashable, Sendable {
    package var id: Int
    package var flow: String
    /// `stack`, `sequence`, `tabs` or `switch`.
    package var kind: String
    package var input: Value?
    /// A stack's or sequence's entries, root first.
    package var entries: [ItemSnapshot]
    /// A sequence's step index per entry (nil for entries pushed by an action).
    package var steps: [Int?]
    /// A tabs flow's tabs, each with its own flow.
    package var tabs: [TabSnapshot]
    package var selectedTab: String?
    /// A switch's shown branch.
    package var branch: ItemSnapshot?
    /// (1.1) A switch's kept branches (hidden without finishing), in branch-name order.
    package var kept: [ItemSnapshot]
    package var presented: PresentedSnapshot?

    package init(
        id: Int, flow: String, kind: String, input: Value? = nil, entries: [ItemSnapshot] = [], steps: [Int?] = [],
        tabs: [TabSnapshot] = [], selectedTab: String? = nil, branch: ItemSnapshot? = nil, kept: [ItemSnapshot] = [],
        presented: PresentedSnapshot? = nil
    ) {
        self.id = id
        self.flow = flow
        self.kind = kind
        self.input = input
        self.entries = entries
        self.steps = steps
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.branch = branch
        self.kept = kept
        self.presented = presented
    }

    private enum CodingKeys: String, CodingKey {
        case id, flow, kind, input, entries, steps, tabs, selectedTab, branch, kept, presented
    }

    /// Reads a snapshot; `kept` may be missing (snapshots written before 1.1). A list longer
    /// than `SnapshotLimits.maxEntries` is refused at its first extra element.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        flow = try container.decode(String.self, forKey: .flow)
        kind = try container.decode(String.self, forKey: .kind)
        input = try container.decodeIfPresent(Value.self, forKey: .input)
        let limit = SnapshotLimits.maxEntries
        entries = try container.decodeBoundedList(ItemSnapshot.self, forKey: .entries, limit: limit)
        steps = try container.decodeBoundedList(Int?.self, forKey: .steps, limit: limit)
        tabs = try container.decodeBoundedList(TabSnapshot.self, forKey: .tabs, limit: limit)
        selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
        branch = try container.decodeIfPresent(ItemSnapshot.self, forKey: .branch)
        kept = try container.contains(.kept) ? container.decodeBoundedList(ItemSnapshot.self, forKey: .kept, limit: limit) : []
        presented = try container.decodeIfPresent(PresentedSnapshot.self, forKey: .presented)
    }
}

/// A tab and its flow.
package struct TabSnapshot: Codable, Hashable, Sendable {
    package var id: String
    package var flow: ItemSnapshot?

    package init(id: String, flow: ItemSnapshot?) {
        self.id = id
        self.flow = flow
    }
}

/// A modal and how it is presented.
package struct PresentedSnapshot: Codable, Hashable, Sendable {
    package var presentation: Presentation
    package var item: ItemSnapshot
    /// (1.2) Its presentation options; nil for the defaults (and in snapshots written before).
    package var options: PresentationOptions?

    package init(presentation: Presentation, item: ItemSnapshot, options: PresentationOptions? = nil) {
        self.presentation = presentation
        self.item = item
        self.options = options
    }
}

/// (1.2) A dialog: its screen instance, alert or confirm, and the flow instance that showed it.
package struct DialogSnapshot: Codable, Hashable, Sendable {
    package var presentation: Presentation
    package var screen: ScreenSnapshot
    /// The instance id of the flow whose `on` its events are matched against.
    package var owner: Int

    package init(presentation: Presentation, screen: ScreenSnapshot, owner: Int) {
        self.presentation = presentation
        self.screen = screen
        self.owner = owner
    }
}
