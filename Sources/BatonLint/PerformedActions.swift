import BatonModel

extension Action {
    /// (1.1) The actions one alternative performs: the items of a `do` (each with its own
    /// `with`), else the action itself. One level only: a nested `do` is `invalid-do`.
    var performedActions: [Action] {
        if case .do(let items) = kind { return items }
        return [self]
    }
}

extension Transition {
    /// Every action this transition can perform, across its alternatives and their `do` items.
    var performedActions: [Action] {
        actions.flatMap(\.performedActions)
    }
}
