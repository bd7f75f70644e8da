extension FlowSpec {
    /// (1.2) Whether the flow uses what revision 1.2 of the format added: `close`, `alert`,
    /// `confirm`, or presentation options. Such a flow compiles as compiled version 2.
    public var usesRevision12: Bool {
        flows.contains { flow in
            flow.transitions.contains { transition in
                transition.performedActions.contains(where: \.usesRevision12)
            }
        }
    }
}

extension Action {
    /// (1.2) Whether the action is one revision 1.2 added or carries its presentation options.
    public var usesRevision12: Bool {
        switch kind {
        case .close: true
        case .present(let style, _): style.isDialog || !options.isDefault
        default: false
        }
    }
}

extension ActionKind {
    /// (1.2) Whether the action may carry presentation options: `sheet`, `cover`, `popover`.
    public var takesPresentationOptions: Bool {
        if case .present(let style, _) = self { return !style.isDialog }
        return false
    }
}
