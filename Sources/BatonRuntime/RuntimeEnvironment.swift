import BatonModel

/// What the host app overrides and supplies: flag overrides and the context facts.
public struct RuntimeEnvironment: Sendable, Equatable {
    /// Flag values that win over rollouts and defaults, by flag name.
    public var flagOverrides: [String: Literal]
    /// The context facts (who the user is: `loggedIn`, `role`), by fact name.
    public var context: [String: Value]

    /// Overrides and facts to start a run with (or, read back, the ones in force).
    public init(flagOverrides: [String: Literal] = [:], context: [String: Value] = [:]) {
        self.flagOverrides = flagOverrides
        self.context = context
    }
}
