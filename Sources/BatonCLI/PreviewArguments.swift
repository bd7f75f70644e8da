import ArgumentParser

/// The options of `baton preview`, read by `baton` (which hands them on) and by
/// `baton-preview` (which serves the page), so both take the same command line.
package struct PreviewArguments: ParsableArguments {
    /// Where the server listens unless told otherwise.
    package static let defaultPort = 4400

    @Argument(help: "The flow file (YAML, or compiled JSON).", completion: .file(extensions: ["yaml", "yml", "json"]))
    package var flow: String

    @Option(help: "The port to listen on; 0 takes a free one (the address printed says which).")
    package var port: Int = PreviewArguments.defaultPort

    @Option(help: "The address to listen on: this machine only unless told otherwise (0.0.0.0 opens it to the network).")
    package var host: String = "127.0.0.1"

    @Option(name: .customLong("flag"), help: "Start with a flag overridden: name=value, read by the flag's type. Repeatable.")
    package var flags: [String] = []

    @Option(name: .customLong("context"), help: "Start with a context fact: name=value, read by the fact's declared type. Repeatable; a required fact left out starts with a stand-in value the page can change.")
    package var context: [String] = []

    package init() {}

    package func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, got \(port)")
        }
    }

    /// The command line that gives these options again, for `baton-preview`.
    package var commandLine: [String] {
        [flow, "--port", String(port), "--host", host]
            + flags.flatMap { ["--flag", $0] } + context.flatMap { ["--context", $0] }
    }
}
