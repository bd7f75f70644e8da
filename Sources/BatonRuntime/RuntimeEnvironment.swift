import BatonModel

/// What the host app overrides and supplies: flag overrides and the context facts.
public struct RuntimeEnvironment: Sendable, Equatable {
    public var flagOverrides: [String: Literal]
    public var context: [String: Value]

    public init(flagOverrides: [String: Literal] = [:], context: [String: Value] = [:]) {
        self.flagOverrides = flagOverrides
        self.context = context
    }
}
