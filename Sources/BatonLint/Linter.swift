import BatonModel

/// Runs every semantic check on a model. Works on the model alone, so an app can check a
/// downloaded compiled flow before using it.
public struct Linter: Sendable {
    public init() {}

    /// Every problem found in `spec`, sorted by place.
    public func lint(_ spec: FlowSpec) -> [Diagnostic] {
        []
    }
}
