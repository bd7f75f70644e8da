import BatonRuntime

/// The operations that bring what a host shows (`ShownState`) in line with what the flow
/// wants, in order: a dialog that goes (or whose modals under it change) is dismissed, then the
/// lowest modal that goes (with everything above it), what is new is made, the window's content,
/// stacks and tab bars are set (with animation where the user sees them), and the new modals are
/// presented one at a time, each from the one below, each with its content set first; then the
/// new dialog, from the topmost modal once that is on screen; then what nothing shows any more is
/// released.
@MainActor
public struct RenderPlan {
    /// What the host does, in order.
    public let operations: [RenderOperation]

    /// Whether there is nothing to do.
    public var isEmpty: Bool { operations.isEmpty }

    /// The identities the plan makes, in order.
    public var made: [ViewIdentity] {
        operations.compactMap { if case .make(let identity, _) = $0 { identity } else { nil } }
    }

    /// The identities the plan releases, in order.
    public var released: [ViewIdentity] {
        operations.compactMap { if case .release(let identity) = $0 { identity } else { nil } }
    }

    /// The plan from `shown` to `target`.
    init(from shown: ShownState, to target: RenderTarget) {
        var operations: [RenderOperation] = []
        let wanted = target.state
        // The modals kept: the same ones, from the same window content.
        var kept = 0
        if shown.base == wanted.base {
            while kept < shown.modals.count, kept < wanted.modals.count,
                  Self.isSame(shown.modals[kept], wanted.modals[kept]) { kept += 1 }
        }
        // The dialog stays only over the same modals; UIKit would take it along, unseen, with
        // a modal under it, and cannot present a modal over it.
        let keepsDialog = shown.dialog == wanted.dialog && kept == shown.modals.count && kept == wanted.modals.count
        if let dialog = shown.dialog, !keepsDialog { operations.append(.dismissDialog(dialog)) }
        if kept < shown.modals.count {
            operations.append(.dismiss(level: kept, presenter: shown.modals[kept].presenter))
        }
        for identity in wanted.made.subtracting(shown.made).sorted() {
            if let content = target.contents[identity] { operations.append(.make(identity, content)) }
        }
        if shown.base != wanted.base { operations.append(.showBase(wanted.base)) }
        for (level, containers) in target.containers.enumerated() {
            // Level k + 1 holds modal k's content: a modal not shown yet has its content set
            // first, then is presented.
            let isNew = level > kept
            for identity in containers {
                operations += Self.update(identity, from: shown, to: wanted,
                                          animated: !isNew && target.onScreen.contains(identity))
            }
            if isNew, wanted.modals.indices.contains(level - 1) { operations.append(.present(wanted.modals[level - 1])) }
        }
        if let dialog = wanted.dialog, !keepsDialog { operations.append(.presentDialog(dialog)) }
        for identity in shown.made.subtracting(wanted.made).sorted() { operations.append(.release(identity)) }
        self.operations = operations
    }

    /// Whether a modal shown is the one wanted at its level: the same instance in the same life,
    /// presented the same way from the same presenter.
    private static func isSame(_ shown: RenderModal, _ wanted: RenderModal) -> Bool {
        shown.identity == wanted.identity && shown.presentation == wanted.presentation && shown.presenter == wanted.presenter
    }

    /// What changes of one container: its pages (and back rule), its tabs, its selection.
    private static func update(_ identity: ViewIdentity, from shown: ShownState, to wanted: ShownState,
                               animated: Bool) -> [RenderOperation] {
        var operations: [RenderOperation] = []
        if let stack = wanted.stacks[identity], shown.stacks[identity] != stack {
            let moves = animated && shown.stacks[identity] != nil
            operations.append(.setStack(identity, pages: stack.pages, back: stack.back, animated: moves))
        }
        if let tabs = wanted.tabBars[identity] {
            let before = shown.tabBars[identity]
            if before?.tabs != tabs.tabs { operations.append(.setTabs(identity, tabs.tabs)) }
            if let selected = tabs.selected, before?.selected != selected { operations.append(.selectTab(identity, selected)) }
        }
        return operations
    }
}
