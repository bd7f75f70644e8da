import BatonModel
import BatonRuntime

/// What the back button of the visible stack's top page does, asked of the core itself: a
/// `back` taken on a copy of it is the system's pop when it lays out as that pop (the same
/// layout with the top page gone, nothing else changed). Anything else the flow does on `back`
/// (a transition of its own, a dismiss, a switch) is `flow`; a `back` it does not take, or
/// takes and changes nothing for (`ignore`), is `refused`. Under a dialog it is nil: the
/// back button cannot be reached there (the dialog takes every touch), and the runtime refuses
/// every `back`, so the page keeps the rule it shows rather than change it under the dialog.
enum BackRules {
    @MainActor
    static func rule(core: NavigationCore, layout: RenderLayout) -> BackRule? {
        guard layout.dialog == nil else { return nil }
        let top = layout.modals.last?.content ?? layout.base
        guard let stack = top.visible.stack, stack.pages.count > 1 else { return BackRule.none }
        var copy = core
        let report = copy.take(.back)
        guard report.result.isHandled else { return .refused }
        let after = RenderLayout(state: copy.state, index: copy.tables.index)
        if after == layout { return .refused }
        var popped = layout
        guard popped.popTop(of: stack.flow.instance) else { return .flow }
        return after == popped ? .system : .flow
    }
}

extension RenderLayout {
    /// Removes the top page of the stack of flow `instance` at the top level; false when there
    /// is no such stack.
    mutating func popTop(of instance: Int) -> Bool {
        if modals.isEmpty { return base.popTop(of: instance, depth: 0) }
        return modals[modals.count - 1].content.popTop(of: instance, depth: 0)
    }
}

extension LayoutNode {
    fileprivate mutating func popTop(of instance: Int, depth: Int) -> Bool {
        guard depth < RenderLayout.maxDepth else { return false }
        switch self {
        case .stack(var stack):
            if stack.flow.instance == instance, !stack.pages.isEmpty {
                stack.pages.removeLast()
                self = .stack(stack)
                return true
            }
            for index in stack.pages.indices.reversed() {
                guard stack.pages[index].popTop(of: instance, depth: depth + 1) else { continue }
                self = .stack(stack)
                return true
            }
            return false
        case .tabs(var tabs):
            for index in tabs.tabs.indices {
                guard tabs.tabs[index].content.popTop(of: instance, depth: depth + 1) else { continue }
                self = .tabs(tabs)
                return true
            }
            return false
        case .screen, .empty:
            return false
        }
    }
}
