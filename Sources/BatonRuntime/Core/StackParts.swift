import BatonModel

/// What a navigation stack shows of one item on it: the rule of flattening, written once for
/// the core's state (`CoreState.forEachFlattened`) and the coordinators (`StackHolding.path`).
enum StackPart<Item> {
    /// The item itself, one place on the stack: a screen, or a flow that keeps a navigation
    /// of its own (tabs).
    case itself
    /// A stack's or sequence's entries: a child flow pushed onto a stack shares it.
    case entries([Item])
    /// A switch's branch (the switch itself while it shows none).
    case branch(Item?)
}

extension CoreFlowKind {
    /// What a navigation stack shows of a flow of this kind, given its entries and its branch.
    func stackPart<Item>(entries: @autoclosure () -> [Item], branch: @autoclosure () -> Item?) -> StackPart<Item> {
        switch self {
        case .stack, .sequence: .entries(entries())
        case .switch: .branch(branch())
        case .tabs: .itself
        }
    }
}

/// Calls `body` with each item a navigation stack shows of `item`, bottom first, flattening
/// child flows by `part` (`StackPart`), to a bounded depth.
func forEachOnStack<Item>(_ item: Item, depth: Int = 0, part: (Item) -> StackPart<Item>, _ body: (Item) -> Void) {
    guard depth < NavigationCore.maxDepth * 4 else { return body(item) }
    switch part(item) {
    case .itself, .branch(nil):
        body(item)
    case .entries(let entries):
        for entry in entries { forEachOnStack(entry, depth: depth + 1, part: part, body) }
    case .branch(let branch?):
        forEachOnStack(branch, depth: depth + 1, part: part, body)
    }
}

extension CoreState {
    /// `body` for each screen and opaque flow `item` shows in a navigation stack, bottom
    /// first (`forEachOnStack`).
    package func forEachFlattened(_ item: CoreItem, _ body: (CoreItem) -> Void) {
        forEachOnStack(item, part: { item in
            guard item.isFlow, let flow = flows[item.id] else { return .itself }
            return flow.kind.stackPart(entries: flow.entries, branch: flow.branch)
        }, body)
    }

    /// The flow whose modal the navigation stack of flow `id` shows: the first, from `id` on,
    /// that presents one, following what each leads to (`CoreFlow.nextOnWay`, the rule of the
    /// walk to the visible screen) while it shares the stack (not into tabs); nil when none does.
    func stackModalOwner(from id: Int) -> Int? {
        var current = id
        for _ in 0..<(NavigationCore.maxDepth * 4) {
            guard let flow = flows[current], flow.kind != .tabs, let next = flow.nextOnWay else { return nil }
            if next.isModal { return current }
            guard next.isFlow, flows[next.id]?.kind != .tabs else { return nil }
            current = next.id
        }
        return nil
    }
}
