import BatonRuntime

/// What a value written back by a view meant, and what the runtime did with it. A view writes
/// back what the user did (a shorter navigation path, `nil` in a modal binding, another tab);
/// values that only echo what the flow shows mean nothing.
public enum HostWriteBack: Equatable, Sendable {
    /// The user went back `count` levels at once (the back button, a swipe, or a long press on
    /// the back button); one `back` per level, stopping at the first the flow does not handle.
    case back(count: Int, results: [StepResult])
    /// The user swiped the topmost modal away.
    case dismissed(StepResult)
    /// The user tapped a tab (`selectTab`), or the selected one again (`reselect`).
    case tabSelected(String, StepResult)
    /// Nothing the user did: the value the view already shows, a modal already gone, a path
    /// the flow did not set. Says which, for a host's debug log.
    case ignored(String)
}
