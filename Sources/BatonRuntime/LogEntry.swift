import BatonModel

/// One step of a run as the log records it: what happened, who handled it, and the state after.
public struct LogEntry: Sendable, Equatable, Codable {
    /// 1, 2, 3... in the order things happened.
    public var sequence: Int
    /// `recipeList.select`, `back`, `dismiss`, `tab veggie`, `open /x`, `outcome auth.done`;
    /// (1.1) nested entries `avatarPicker.dismissed`, `result avatarPicked → editProfile` and
    /// `follow root` (a following switch that changed its branch).
    public var trigger: String
    /// The screen that emitted the event.
    public var source: String?
    /// The flow whose `on` (or built-in behaviour) handled it.
    public var flow: String?
    /// What was done, such as `push recipeDetail`; several actions are joined with `; `.
    public var action: String?
    /// `handled`, `unhandled`, `rejected` or `held`.
    public var result: String
    public var message: String?
    /// Set in strict mode for unhandled and rejected steps.
    public var isError: Bool
    /// The state after the step; nil for entries recorded in the middle of a step.
    public var state: NavigationState?

    public init(
        sequence: Int, trigger: String, source: String? = nil, flow: String? = nil, action: String? = nil,
        result: String, message: String? = nil, isError: Bool = false, state: NavigationState? = nil
    ) {
        self.sequence = sequence
        self.trigger = trigger
        self.source = source
        self.flow = flow
        self.action = action
        self.result = result
        self.message = message
        self.isError = isError
        self.state = state
    }
}
