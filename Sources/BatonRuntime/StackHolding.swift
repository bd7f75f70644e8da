import BatonModel

/// A flow that owns a navigation stack: a stack or a sequence. A host binds one navigation
/// stack to it (`rootItem` and `path`), whichever of the two it is.
@MainActor
public protocol StackHolding: FlowCoordinator {
    /// The flow's own entries, root first.
    var entries: [NavigationItem] { get }
}

extension StackHolding {
    /// What the navigation stack shows at its root.
    public var rootItem: NavigationItem? { flattened.first }

    /// The navigation path above the root, child flows' screens flattened into it.
    ///
    /// Settable, so `NavigationStack(path:)` binds to it directly: see `userSetPath(_:)`.
    public var path: [NavigationItem] {
        get { Array(flattened.dropFirst()) }
        set { userSetPath(newValue) }
    }

    /// A path written back by a host. A prefix of `path` shorter by n is the user going back n
    /// levels (the back button, a swipe, a long press on the back button), performed as `back`
    /// steps, logged, until one is not handled: their results. Any other path changes nothing,
    /// since the flow, not the view, decides what is pushed: nil. Nil too once the coordinator
    /// is frozen (its flow has gone): nothing written to it reaches a runtime.
    @discardableResult
    public func userSetPath(_ newPath: [NavigationItem]) -> [StepResult]? {
        let current = path
        guard newPath.count < current.count,
              zip(newPath, current).allSatisfy({ $0.id == $1.id }),
              let runtime, runtime.isCurrent(self) else { return nil }
        return runtime.goBack(current.count - newPath.count)
    }

    /// The screens and opaque flows of the whole stack, child flows pushed onto it flattened
    /// into it, as a navigation stack shows them (`forEachOnStack`).
    var flattened: [NavigationItem] {
        var items: [NavigationItem] = []
        for entry in entries {
            forEachOnStack(entry, part: { item in
                guard case .flow(let child) = item else { return .itself }
                return CoreFlowKind(child.flow.kind).stackPart(entries: child.asStack?.entries ?? [],
                                                               branch: (child as? SwitchCoordinator)?.branch)
            }) { items.append($0) }
        }
        return items
    }
}
