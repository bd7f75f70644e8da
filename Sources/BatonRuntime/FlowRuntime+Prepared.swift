import BatonModel
import Foundation

/// What became of the saved state handed to `FlowRuntime.start(_:restoring:...)`.
public enum RestoreOutcome: Sendable, Equatable {
    /// There was nothing saved: the flow started fresh.
    case nothingSaved
    /// The user is where they were.
    case restored
    /// The saved state no longer fits (the flow changed, the user logged out since, the data is
    /// damaged): the flow started fresh, and this says why, for the app's log.
    case startedFresh(reason: String)
}

extension FlowRuntime {
    /// Starts a prepared flow, without linting it again.
    public convenience init(
        prepared: PreparedFlow, registry: ViewModelRegistry = ViewModelRegistry(),
        environment: RuntimeEnvironment = RuntimeEnvironment(), options: RuntimeOptions = RuntimeOptions()
    ) throws(DiagnosticsError) {
        try self.init(spec: prepared.spec, registry: registry, environment: environment, options: options, lint: false)
    }

    /// Swaps in a prepared flow as `replaceSpec(_:)` does, keeping the user's place where the
    /// new flow still has it, without linting it again.
    public func replace(with prepared: PreparedFlow) throws(DiagnosticsError) {
        try replaceLinted(prepared.spec)
    }

    /// Starts a prepared flow where the user left it: `saved` is the JSON of an earlier
    /// `snapshot()` (what an app keeps in `@SceneStorage` or on disk). A saved state that no
    /// longer fits falls back to a fresh start, never to an error: data that does not decode,
    /// a state the flow no longer has, or a switch whose shown branch is not the one its
    /// conditions pick under today's flags and facts (logged out since). Throws only when the
    /// flow cannot start at all (its flags or facts are wrong).
    public static func start(
        _ prepared: PreparedFlow, restoring saved: Data?, registry: ViewModelRegistry = ViewModelRegistry(),
        environment: RuntimeEnvironment = RuntimeEnvironment(), options: RuntimeOptions = RuntimeOptions()
    ) throws(DiagnosticsError) -> (runtime: FlowRuntime, outcome: RestoreOutcome) {
        let runtime = try FlowRuntime(prepared: prepared, registry: registry, environment: environment, options: options)
        guard let saved, !saved.isEmpty else { return (runtime, .nothingSaved) }
        let fresh = runtime.snapshot()
        do {
            let snapshot = try RuntimeSnapshot.decode(saved, file: "<saved state>")
            try runtime.restore(snapshot)
        } catch {
            return (runtime, .startedFresh(reason: error.diagnostics.map(\.message).joined(separator: "; ")))
        }
        if let stale = runtime.core.switchesOutOfStep().first {
            try? runtime.restore(fresh)
            return (runtime, .startedFresh(reason: "switch '\(stale.flow)' shows '\(stale.shown)', but under today's "
                + "flags and facts it shows '\(stale.wanted)'"))
        }
        return (runtime, .restored)
    }
}
