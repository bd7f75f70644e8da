import BatonCLI
import BatonModel

/// Why `baton-preview` could not start.
package enum PreviewStartFailure: Error {
    /// `--flag` or `--context` values the flow refuses, one line each: a usage error.
    case settings([String])
    /// The flow does not load: its diagnostics.
    case flow([Diagnostic])
}

extension PreviewSession {
    /// The session `baton-preview` serves: the flow of `arguments`, started with its `--flag`
    /// and `--context` values read by the flow's declarations.
    package static func start(_ arguments: PreviewArguments) throws(PreviewStartFailure) -> PreviewSession {
        let session: PreviewSession
        do {
            session = try PreviewSession(path: arguments.flow)
        } catch {
            throw .flow(error.diagnostics)
        }
        guard !arguments.flags.isEmpty || !arguments.context.isEmpty else { return session }
        let settings: RunSettings
        do throws(RunStepError) {
            settings = try RunSettings(flags: arguments.flags, context: arguments.context, spec: session.flow.spec,
                                       requireAll: false)
        } catch {
            throw .settings([error.description])
        }
        guard settings.problems.isEmpty else { throw .settings(settings.problems) }
        if case .failure(let error) = session.restart(with: StartSettings(flags: settings.flags, context: settings.context), logged: false) {
            throw .settings([error.message])
        }
        return session
    }

    /// What fitting the start settings to the flow chose (stand-ins for required facts).
    package var startNotes: [String] { history.settings.notes }
}
