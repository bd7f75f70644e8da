/// The events the format gives screens and flows without their declaring them, and what each
/// means: the one place their names are written.
public enum BuiltinEvent: String, Sendable, CaseIterable {
    /// A screen's `done` (a sequence's step moves the sequence on), and a flow's default
    /// outcome: `finish` without an outcome, a sequence that runs out of steps.
    case done
    /// A screen's `back`: the system back gesture, which by default pops the stack or dismisses
    /// the modal it came from.
    case back
    /// (1.1) `X.dismissed`: offered to the flow that presented X when the user closed it.
    case dismissed

    /// The event's name, as flows write it (`back`, `done`, `dismissed`).
    public var name: String { rawValue }
}
