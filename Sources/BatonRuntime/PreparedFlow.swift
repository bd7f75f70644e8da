import BatonLint
import BatonModel
import Foundation

/// A flow read, checked and linted, ready for the main actor to start (`FlowRuntime(prepared:)`)
/// or swap in (`replace(with:)`) without linting again. Preparing touches only values, so a
/// downloaded flow is prepared off the main actor:
///
/// ```swift
/// let prepared = try await Task.detached {
///     try PreparedFlow.prepare(compiledJSON: data, trustedKeys: keys, availableScreens: screens)
/// }.value
/// try runtime.replace(with: prepared)
/// ```
public struct PreparedFlow: Sendable {
    /// The flow.
    public let spec: FlowSpec
    /// The linter's warnings (a flow with errors is not prepared).
    public let warnings: [Diagnostic]

    /// Reads a compiled flow, bare or signed (only one signed by `trustedKeys` when given),
    /// lints it unless it is trusted and stamped by this linter, and checks it against the
    /// screens this build of the app can show and, given the interface it was compiled with
    /// (`NAME.interface.json`, written by `baton generate swift`), against the inputs, events,
    /// results, types and context facts of that interface. Throws every problem found.
    public nonisolated static func prepare(
        compiledJSON: Data, file: String = "<compiled>", trustedKeys: TrustedKeys? = nil,
        availableScreens: Set<String>? = nil, appInterface: AppInterface? = nil
    ) throws(DiagnosticsError) -> PreparedFlow {
        let artifact = try ArtifactOpener(trustedKeys: trustedKeys).open(compiledJSON, file: file)
        let diagnostics = artifact.isTrustedAndLinted ? [] : Linter().lint(artifact.spec)
        return try prepared(artifact.spec, diagnostics: diagnostics, availableScreens: availableScreens,
                            appInterface: appInterface)
    }

    /// Lints a flow already in memory and checks it against the screens this build of the app
    /// can show and, when given, the interface it was compiled with.
    public nonisolated static func prepare(
        spec: FlowSpec, availableScreens: Set<String>? = nil, appInterface: AppInterface? = nil
    ) throws(DiagnosticsError) -> PreparedFlow {
        try prepared(spec, diagnostics: Linter().lint(spec), availableScreens: availableScreens, appInterface: appInterface)
    }

    private nonisolated static func prepared(
        _ spec: FlowSpec, diagnostics: [Diagnostic], availableScreens: Set<String>?, appInterface: AppInterface?
    ) throws(DiagnosticsError) -> PreparedFlow {
        var errors = diagnostics.filter { $0.severity == .error }
        if let availableScreens { errors += missingScreens(in: spec, available: availableScreens) }
        if let appInterface { errors += appInterface.mismatches(in: spec).map(\.diagnostic) }
        if !errors.isEmpty { throw DiagnosticsError(errors) }
        return PreparedFlow(spec: spec, warnings: diagnostics.filter { $0.severity != .error })
    }

    /// One error per screen the flow declares that the app cannot show, at its declaration.
    static func missingScreens(in spec: FlowSpec, available: Set<String>) -> [Diagnostic] {
        spec.screens.filter { !available.contains($0.name) }.map { screen in
            InterfaceMismatch.screenNotInApp(screen, available: Array(available), spec: spec).diagnostic
        }
    }
}
