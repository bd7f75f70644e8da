import BatonModel

/// The whole navigation state of a run as one plain value: every live flow and screen instance
/// by id (stacks, tabs, branches, kept branches, modals, inputs), the held links, the root's
/// outcome, the results handed to screens and the instance-id counter.
///
/// `NavigationCore` steps it; `FlowRuntime`'s coordinators read it; exploration copies,
/// hashes and compares it. `RuntimeSnapshot` is its persisted form, written as a tree.
package struct CoreState: Hashable, Codable, Sendable {
    /// The root flow's instance id.
    package internal(set) var rootID: Int
    /// The live flow instances by id.
    package internal(set) var flows: InstanceTable<FlowPair>
    /// The live screen instances by id.
    package internal(set) var screens: InstanceTable<ScreenPair>
    /// Deep links waiting for a switch branch to be shown, oldest first.
    package internal(set) var heldLinks: [String] = []
    /// The root flow's outcome once it finished, and its payload.
    package internal(set) var finished: String?
    package internal(set) var finishedPayload: Value?
    /// The id the next screen or flow instance gets.
    package internal(set) var nextInstanceID: Int
    /// (1.1) The last result handed to each live screen instance, by instance id.
    package internal(set) var received: InstanceTable<ResultPair> = [:]
    /// (1.2) The alert or confirmation dialog shown over the visible screen, if any: one at a
    /// time, above every modal, its screen instance held here rather than by a flow.
    package internal(set) var dialog: CoreDialog?
    /// The root flow instance.
    package var root: CoreFlow? { flows[rootID] }

    /// No instance at all: a core before it starts, or once it handed its state over.
    static var empty: CoreState { CoreState(rootID: 0, flows: [:], screens: [:], nextInstanceID: 1) }

}

/// What a stack entry, tab, switch branch or modal holds: a screen or a flow instance.
package struct CoreItem: Hashable, Codable, Sendable {
    /// The instance id.
    package var id: Int
    /// The screen or flow id.
    package var name: String
    /// The screen's position among the spec's screens, or the flow's among its flows: the name
    /// as a number, which exploration's state key reads instead of the name.
    package var number: Int32
    /// Whether the instance is a flow (else a screen).
    package var isFlow: Bool

    init(id: Int, name: String, number: Int32, isFlow: Bool) {
        self.id = id
        self.name = name
        self.number = number
        self.isFlow = isFlow
    }

    /// The number of the declaration at `position` among the spec's screens or flows; -1 for
    /// none.
    static func number(at position: Int?) -> Int32 {
        Int32(clamping: position ?? -1)
    }
}

/// A screen instance: its screen and input.
@usableFromInline
package struct CoreScreen: Hashable, Codable, Sendable {
    package var id: Int
    /// The screen id.
    package var screen: String
    package var input: Value?
}

/// The four kinds of flow.
package enum CoreFlowKind: String, Hashable, Codable, Sendable {
    case stack, sequence, tabs, `switch`

    init(_ kind: FlowKind) {
        switch kind {
        case .stack: self = .stack
        case .sequence: self = .sequence
        case .tabs: self = .tabs
        case .switch: self = .switch
        }
    }

    /// Whether the flow owns a navigation stack (a stack or a sequence).
    package var holdsStack: Bool { self == .stack || self == .sequence }
}

/// A modal and how it is presented.
package struct CoreModal: Hashable, Codable, Sendable {
    package var presentation: Presentation
    package var item: CoreItem
    /// (1.2) The detents, grabber and whether the user may swipe it away, from the action that
    /// presented it.
    package var options = PresentationOptions()

    /// (1.2) Whether the user's swipe may close it: unless it was presented with `dismissible:
    /// false`. What a scenario's `dismiss`, exploration and a host's `swipeDisabled` all read.
    package var userCanSwipeAway: Bool { options.dismissible }
}

/// (1.2) An alert or a confirmation dialog: its screen instance, which of the two it is, and
/// the flow whose `on` its events are matched against (the flow that handled the event that
/// showed it, always on the way to the visible screen while it is shown).
///
/// Made whole and replaced whole, never changed in place: its fields are kept in one shared
/// reference.
// Perf: one reference, so that a state, moved at every step, stays small (PERFORMANCE.md).
package struct CoreDialog: Hashable, Codable, Sendable {
    private struct Fields: Hashable, Codable, Sendable {
        var presentation: Presentation
        var item: CoreItem
        var owner: Int
        var cancels: Bool
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let box: Box

    init(presentation: Presentation, item: CoreItem, owner: Int, cancels: Bool) {
        box = Box(Fields(presentation: presentation, item: item, owner: owner, cancels: cancels))
    }

    package init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    package func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    package static func == (lhs: CoreDialog, rhs: CoreDialog) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    package func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// `alert` or `confirm`.
    package var presentation: Presentation { box.fields.presentation }
    /// The dialog's screen instance.
    package var item: CoreItem { box.fields.item }
    /// The flow instance that showed it.
    package var owner: Int { box.fields.owner }
    /// Whether a tap outside closes it, sending its screen's `cancel`: a confirmation dialog
    /// whose screen declares `cancel`. An alert never closes so.
    package var cancels: Bool { box.fields.cancels }
}

/// An item on the way to the visible screen, as the walk reads it: its instance, number and
/// kind, and whether it is a modal, without its name.
struct WayItem {
    var id: Int
    var number: Int32
    var isFlow: Bool
    var isModal: Bool
}

/// One tab of a running tabs flow and its flow instance (nil only while it is restarted).
package struct CoreTab: Hashable, Codable, Sendable {
    /// The tab id.
    package var id: String
    /// The tab's flow instance.
    package var flow: CoreItem?
}

/// A running flow instance. Which fields are used depends on `kind`.
///
/// Its fields live in one copy-on-write box: the core reads flows out of `CoreState.flows`
/// many times a step, and a copy then costs one retain instead of one per field. Equality,
/// hashing and the coded form are those of the fields.
@usableFromInline
package struct CoreFlow: Hashable, Codable, Sendable {
    /// The fields, as one plain value: those every flow has, and what its kind holds.
    private struct Fields: Hashable, Codable, Sendable {
        var id: Int
        var flow: String
        var number: Int32
        var parent: Int?
        var input: Value?
        var presented: CoreModal?
        var content: CoreFlowContent
    }

    /// Shared between copies until one of them changes.
    ///
    /// Its field is read many times a step, so it is not checked for overlapping accesses at
    /// run time: it is changed only through `unique`, on a box no other value shares.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    init(id: Int, flow: String, number: Int32, kind: CoreFlowKind, input: Value?) {
        box = Box(Fields(id: id, flow: flow, number: number, input: input, content: CoreFlowContent(empty: kind)))
    }

    @usableFromInline package init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    @usableFromInline package func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    @usableFromInline package static func == (lhs: CoreFlow, rhs: CoreFlow) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// The fields, to change: copied first when another value shares them.
    private var unique: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    package var id: Int {
        get { box.fields.id }
        set { unique.id = newValue }
    }
    /// The flow id.
    package var flow: String { box.fields.flow }
    /// The flow's position among the spec's flows (`CoreItem.number`).
    package var number: Int32 { box.fields.number }
    /// The flow's kind, told by what it holds.
    package var kind: CoreFlowKind { box.fields.content.kind }
    /// The flow that started this one (for a presented flow, the flow that presented it).
    package var parent: Int? {
        get { box.fields.parent }
        set { unique.parent = newValue }
    }
    /// What the flow received when it was started.
    package var input: Value? {
        get { box.fields.input }
        set { unique.input = newValue }
    }
    /// The modal presented over this flow.
    package var presented: CoreModal? {
        get { box.fields.presented }
        set { unique.presented = newValue }
    }
    /// Whether a modal is presented over this flow, told without copying it out.
    // Perf: through the modal's item id, not `presented != nil` (PERFORMANCE.md).
    package var isPresenting: Bool { box.fields.presented?.item.id != nil }
    /// A stack's or sequence's entries, root first.
    package var entries: [CoreItem] {
        get { box.fields.content.entries }
        _modify { yield &unique.content.entries }
    }
    /// A sequence's step index by entry id; entries pushed by an action have none.
    package var stepIndices: [Int: Int] {
        get { box.fields.content.stepIndices }
        _modify { yield &unique.content.stepIndices }
    }
    /// A tabs flow's tabs in order, and the selected tab id.
    package var tabs: [CoreTab] {
        get { box.fields.content.tabs }
        _modify { yield &unique.content.tabs }
    }
    package var selectedTab: String {
        get { box.fields.content.selectedTab }
        set { unique.content.selectedTab = newValue }
    }
    /// A switch's shown branch.
    package var branch: CoreItem? {
        get { box.fields.content.branch }
        set { unique.content.branch = newValue }
    }
    /// (1.1) A switch's branches hidden without finishing, by branch name.
    package var kept: [String: CoreItem] {
        get { box.fields.content.kept }
        _modify { yield &unique.content.kept }
    }

    /// The child the flow shows now: the top of its stack, its selected tab or its branch.
    var activeItem: CoreItem? {
        switch kind {
        case .stack, .sequence: entries.last
        case .tabs: selectedTabFlow
        case .switch: branch
        }
    }

    /// What the walk to the visible screen goes to from this flow, read in place: its modal's
    /// item when it presents one, else the item it shows (`activeItem`). Without the item's
    /// name, so reading it retains nothing, at every level of every step's walk.
    var nextOnWay: WayItem? {
        // Each field is read where it lies: binding an item (a modal, an entry, a tab's flow)
        // would copy it, a retain and a release of its name.
        if let id = box.fields.presented?.item.id {
            return WayItem(id: id, number: box.fields.presented?.item.number ?? -1,
                           isFlow: box.fields.presented?.item.isFlow ?? false, isModal: true)
        }
        return box.fields.content.shownWayItem
    }

    /// The selected tab's flow instance.
    var selectedTabFlow: CoreItem? {
        guard case .tabs(let tabs, _) = box.fields.content else { return nil }
        return selectedTabIndex.flatMap { tabs[$0].flow }
    }

    /// The selected tab's position among the tabs. By position, comparing each id in place:
    /// `first(where:)` hands its closure a copy of each tab (a retain of its id and of its
    /// flow's name), on every walk through a tabs flow.
    private var selectedTabIndex: Int? {
        guard case .tabs(let tabs, let selected) = box.fields.content else { return nil }
        for index in tabs.indices where tabs[index].id == selected { return index }
        return nil
    }

    /// Every child item in order (stack entries, tabs, the branch), without the modal or kept
    /// branches.
    var childItems: [CoreItem] {
        // A stack's children are its entries, handed over without making a list.
        if kind.holdsStack { return entries }
        var items: [CoreItem] = []
        forEachChildItem { items.append($0) }
        return items
    }

    /// Every instance the flow holds: children, kept branches (by name) and the modal.
    package var heldItems: [CoreItem] {
        var items: [CoreItem] = []
        forEachHeldItem { items.append($0) }
        return items
    }

    /// Calls `body` with each instance the flow holds, in the order of `heldItems`, without
    /// making that list: the hot paths that only look at each item allocate nothing.
    package func forEachHeldItem(_ body: (CoreItem) -> Void) {
        forEachChildItem(body)
        if kind == .switch { forEachKept { _, item in body(item) } }
        if let item = box.fields.presented?.item { body(item) }
    }

    /// Calls `body` with each child item in the order of `childItems`, without making that list.
    func forEachChildItem(_ body: (CoreItem) -> Void) {
        box.fields.content.forEachChildItem(body)
    }

    /// Calls `body` with each branch a switch keeps and its name, in name order (the order
    /// every walk of a state sees them in). Most switches keep one branch or none, so only
    /// more are sorted.
    package func forEachKept(_ body: (String, CoreItem) -> Void) {
        let kept = self.kept
        if kept.count == 1, let (name, item) = kept.first {
            body(name, item)
        } else if kept.count > 1 {
            for name in kept.keys.sorted() { if let item = kept[name] { body(name, item) } }
        }
    }

    /// Whether the flow holds instance `id`: as a child, a kept branch or its modal.
    func holds(_ id: Int) -> Bool {
        box.fields.presented?.item.id == id || box.fields.content.holds(id)
    }

    /// Whether instance `id`, which this flow holds, is out of sight while this flow is shown:
    /// a tab that is not selected, or a branch kept for `resume` (what exploration's state key
    /// leaves out).
    package func hides(_ id: Int) -> Bool {
        // Perf: ids compared in place (PERFORMANCE.md).
        switch box.fields.content {
        case .tabs(let tabs, let selected):
            for index in tabs.indices where tabs[index].flow?.id == id { return tabs[index].id != selected }
            return false
        case .switch(_, let kept):
            for item in kept.values where item.id == id { return true }
            return false
        case .stack, .sequence:
            return false
        }
    }

    /// The index of the last shown step of a sequence, nil when none is shown.
    var currentStepIndex: Int? {
        entries.reversed().lazy.compactMap { self.stepIndices[$0.id] }.first
    }

    /// Replaces a stack's or sequence's entries, keeping the step indices of those that stay.
    mutating func setEntries(_ newEntries: [CoreItem]) {
        entries = newEntries
        forgetStepIndicesOfRemovedEntries()
    }

    /// Keeps the first `count` entries, removing the others in place (a pop copies nothing).
    mutating func truncate(to count: Int) {
        guard count < entries.count else { return }
        entries.removeSubrange(max(count, 0)...)
        forgetStepIndicesOfRemovedEntries()
    }

    /// Keeps the step indices of the entries that stay only.
    private mutating func forgetStepIndicesOfRemovedEntries() {
        guard !stepIndices.isEmpty else { return }
        let staying = Set(entries.map(\.id))
        stepIndices = stepIndices.filter { staying.contains($0.key) }
    }

    /// Shows `item` as a sequence step.
    mutating func push(_ item: CoreItem, step: Int) {
        entries.append(item)
        stepIndices[item.id] = step
    }

    /// Removes child `id` from the flow's content (and the entries above it in a stack).
    /// Returns whether it was found.
    mutating func removeChild(_ id: Int) -> Bool {
        switch kind {
        case .stack, .sequence:
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
            truncate(to: index)
            return true
        case .tabs:
            guard let index = tabs.firstIndex(where: { $0.flow?.id == id }) else { return false }
            tabs[index].flow = nil
            return true
        case .switch:
            if let name = kept.first(where: { $0.value.id == id })?.key {
                kept[name] = nil
                return true
            }
            guard branch?.id == id else { return false }
            branch = nil
            return true
        }
    }

    /// Shows `item` as the switch's branch, keeping the branch it hides (unless that one is
    /// `item`'s own name, which `item` replaces).
    mutating func reveal(_ item: CoreItem) {
        if let old = branch, old.id != item.id {
            kept[old.name] = old
        }
        kept[item.name] = nil
        branch = item
    }
}
