import ArgumentParser
import BatonCLI
import BatonPreview
import Foundation

/// `baton-preview FLOW [--port N] [--host ADDRESS] [--flag k=v]... [--context k=v]...`: what
/// `baton preview` runs.
@main
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton-preview",
        abstract: "Serve a flow in the browser: the page of `baton preview` and its JSON API (docs/PREVIEW.md).",
        discussion: """
            Exits 0 after Ctrl-C (or SIGTERM), 1 when the flow does not load at the start, 2 \
            for a usage error or an address that cannot be bound.
            """,
        version: BatonCommand.version
    )

    @OptionGroup var arguments: PreviewArguments

    func run() async throws {
        do {
            try await serve()
        } catch let failure as CommandFailure {
            // As in `baton`: a problem met while running, said without the usage line; exit 2.
            FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
            throw ExitCode(2)
        }
    }

    @MainActor
    private func serve() async throws {
        let flow = arguments.flow
        try CommandFailure.requireFile(flow)
        let session: PreviewSession
        do throws(PreviewStartFailure) {
            session = try PreviewSession.start(arguments)
        } catch .settings(let problems) {
            FileHandle.standardError.write(Data(problems.map { "error: \($0)\n" }.joined().utf8))
            throw ExitCode(2)
        } catch .flow(let diagnostics) {
            TextReporter.printToStandardError(diagnostics, of: flow)
            throw ExitCode(1)
        }
        let host = arguments.host
        if !["127.0.0.1", "localhost", "::1"].contains(host) {
            FileHandle.standardError.write(Data(
                "warning: listening on \(host): anyone who can reach it can read the flow and drive the preview\n".utf8))
        }
        for note in session.startNotes { Self.say("note: \(note)") }
        do {
            try await PreviewServer(session: session).run(host: host, port: arguments.port) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                Self.say("Previewing \(flow) at http://\(shown):\(port)/ (Ctrl-C to stop)")
            }
        } catch {
            FileHandle.standardError.write(Data(
                "error: cannot serve on \(host):\(arguments.port): \(error); pick another with --port or --host\n".utf8))
            throw ExitCode(2)
        }
    }

    /// A line on standard output, written at once (a script waits for the address line).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
