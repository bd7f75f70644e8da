import ArgumentParser
import Foundation

extension BatonCommand {
    /// `baton preview FLOW [--port N] [--host ADDRESS] [--flag k=v]... [--context k=v]...`
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "See a flow and click through it in the browser.",
            discussion: """
                Starts a local web server and prints its address. The page shows the flow \
                running in a phone frame (its events as buttons, payload forms, tabs, back, \
                swipe to dismiss, deep links, flag and fact switches), its graph, the run log \
                with back and forward and "Copy as scenario", and lint's findings with a "Show \
                me" that replays each one's trace. When the flow file or an included one \
                changes, the page reloads it and keeps your place where the new flow allows. \
                The JSON API it uses is in docs/PREVIEW.md.

                The server is its own executable, baton-preview, run from beside baton (so \
                that baton itself links no HTTP server); build it with \
                `swift build --product baton-preview`, or run it directly with \
                `swift run baton-preview FLOW`. Exits with the server's status: 0 after \
                Ctrl-C, 1 when the flow does not load at the start, 2 for a usage error or an \
                address that cannot be bound.

                Example:
                  baton preview flows/recipes.yaml --context loggedIn=true --context userId=u1
                  baton preview flows/notes.yaml --port 0
                """
        )

        @OptionGroup var arguments: PreviewArguments

        func run() throws {
            let status = try PreviewLauncher.besideThisExecutable.run(arguments.commandLine)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
