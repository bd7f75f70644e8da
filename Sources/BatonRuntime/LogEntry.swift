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
    /// Why nothing changed, when nothing did, or what else happened (a link held, a held link
    /// opened or dropped), in words.
    public var message: String?
    /// Set in strict mode for unhandled and rejected steps.
    public var isError: Bool
    /// The state after the step; nil for entries recorded in the middle of a step.
    public var state: NavigationState? {
        get { stateBox?.state }
        set { stateBox = newValue.map(StateBox.init) }
    }

    /// The state, kept out of line: most entries have none, and an entry that held it inline
    /// would be hundreds of bytes, moved on every append to the log and every trim of it.
    /// Coded and compared as the state itself.
    private var stateBox: StateBox?

    private final class StateBox: Sendable, Equatable, Codable {
        let state: NavigationState
        init(_ state: NavigationState) { self.state = state }
        init(from decoder: any Decoder) throws { state = try NavigationState(from: decoder) }
        func encode(to encoder: any Encoder) throws { try state.encode(to: encoder) }
        static func == (lhs: StateBox, rhs: StateBox) -> Bool { lhs === rhs || lhs.state == rhs.state }
    }

    private enum CodingKeys: String, CodingKey {
        case sequence, trigger, source, flow, action, result, message, isError
        case stateBox = "state"
    }
}

// The initialiser is in an extension, so that it hands its values to the memberwise
// initialiser Swift makes for the struct: one that sets the fields itself leaves, in this
// compiler, a copy of the whole entry and a release of the original on every return.
extension LogEntry {
    /// An entry; the runtime numbers the entries it records itself, whatever `sequence` says.
    public init(
        sequence: Int, trigger: String, source: String? = nil, flow: String? = nil, action: String? = nil,
        result: String, message: String? = nil, isError: Bool = false, state: NavigationState? = nil
    ) {
        self.init(sequence: sequence, trigger: trigger, source: source, flow: flow, action: action, result: result,
                  message: message, isError: isError, stateBox: state.map(StateBox.init))
    }
}
