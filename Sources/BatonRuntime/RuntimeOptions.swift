/// Options of a run.
public struct RuntimeOptions: Sendable {
    /// Whether events that change nothing (unhandled or rejected) are logged as errors.
    public var strict: Bool = false

    public init(strict: Bool = false) {
        self.strict = strict
    }
}
