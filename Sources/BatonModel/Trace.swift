/// How a navigation state is reached: the flags and context facts a run starts with, then the
/// steps, each with the place in the flow file that handled it when one did. Written into a
/// scenario file, it reproduces the state.
public struct Trace: Hashable, Codable, Sendable {
    /// Flag values the run starts with, where they differ from the flags' defaults.
    public var flags: [String: Literal]
    /// Context facts the run starts with.
    public var context: [String: Value]
    /// The steps from the start, in order.
    public var steps: [TraceStep]

    /// A trace of `steps` from a start with `flags` and `context`.
    public init(flags: [String: Literal] = [:], context: [String: Value] = [:], steps: [TraceStep] = []) {
        self.flags = flags
        self.context = context
        self.steps = steps
    }

    /// `tab account; account.openPaywall; paywall.subscribe`, with the start settings first
    /// when there are any.
    public var summary: String {
        var parts: [String] = []
        let settings = flags.keys.sorted().map { "flags.\($0) = \(flags[$0]?.description ?? "")" }
            + context.keys.sorted().map { "context.\($0) = \(context[$0]?.description ?? "")" }
        if !settings.isEmpty { parts.append("with " + settings.joined(separator: ", ")) }
        parts.append(steps.isEmpty ? "the start" : steps.map(\.summary).joined(separator: "; "))
        return parts.joined(separator: ": ")
    }
}

/// One step of a trace.
public struct TraceStep: Hashable, Codable, Sendable {
    /// What the step does, as a scenario writes it.
    public var kind: ScenarioStep.Kind
    /// Where the transition that handled it is written, when one did.
    public var location: SourceRange?

    /// A step of `kind`, handled at `location`.
    public init(_ kind: ScenarioStep.Kind, location: SourceRange? = nil) {
        self.kind = kind
        self.location = location
    }

    /// `tab account`, `account.openPaywall`, `back`, `open /recipes/1`, `set context.role`.
    public var summary: String {
        switch kind {
        case .send(let screen, let event, _): "\(screen).\(event)"
        case .back: "back"
        case .dismiss: "dismiss"
        case .tab(let id): "tab \(id)"
        case .open(let url): "open \(url)"
        case .set(let context, let flags):
            "set " + (flags.keys.sorted().map { "flags.\($0) = \(flags[$0]?.description ?? "")" }
                + context.keys.sorted().map { "context.\($0) = \(context[$0]?.description ?? "")" }).joined(separator: ", ")
        case .expect: "expect"
        case .restore: "restore"
        }
    }
}
