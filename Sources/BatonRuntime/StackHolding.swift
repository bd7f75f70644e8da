import BatonModel

/// A flow that owns a navigation stack: a stack or a sequence.
@MainActor
protocol StackHolding: FlowCoordinator {
    var entries: [NavigationItem] { get }
}

extension StackHolding {
    /// A path set by the host: a shorter prefix of `current` is the user going back.
    func userSetPath(_ newPath: [NavigationItem], current: [NavigationItem]) {
        guard newPath.count < current.count,
              zip(newPath, current).allSatisfy({ $0.id == $1.id }) else { return }
        userWentBack?(current.count - newPath.count)
    }

    /// The screens and opaque flows of the whole stack, child flows pushed onto it flattened
    /// into it, as a navigation stack shows them.
    var flattened: [NavigationItem] {
        entries.flatMap(Self.flatten)
    }

    static func flatten(_ item: NavigationItem) -> [NavigationItem] {
        switch item {
        case .screen: return [item]
        case .flow(let child):
            if let stack = child.asStack { return stack.entries.flatMap(flatten) }
            if let branch = (child as? SwitchCoordinator)?.branch { return flatten(branch) }
            return [item]
        }
    }
}
