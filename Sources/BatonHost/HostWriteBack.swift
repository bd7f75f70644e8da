import BatonRuntime

/// What a gesture a host reported meant, and what the runtime did with it. A host reports what
/// the user did (a pop, a swipe, a tab tap, a tap on a back button of its own or on a dialog's
/// button); reports that only echo what the flow shows, or come from a view no longer in front,
/// mean nothing.
public enum HostWriteBack: Equatable, Sendable {
    /// The user went back `count` levels at once (the back button, a swipe, or a long press on
    /// the back button); one `back` per level, stopping at the first the flow does not handle.
    case back(count: Int, results: [StepResult])
    /// The user swiped the topmost modal away.
    case dismissed(StepResult)
    /// The user tapped a tab (`selectTab`), or the selected one again (`reselect`).
    case tabSelected(String, StepResult)
    /// (1.2) The user tapped a dialog's button: its event, sent from the dialog's screen.
    case button(String, StepResult)
    /// Nothing the user did: the value the view already shows, a modal already gone, a stack
    /// not in front. Says which, for a host's debug log.
    case ignored(String)
}
