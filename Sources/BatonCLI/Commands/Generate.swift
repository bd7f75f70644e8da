import ArgumentParser
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton generate swift FLOW [-o FILE]`
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Write code from a flow.",
            subcommands: [Swift.self]
        )

        /// `baton generate swift FLOW [-o FILE] [--access public|internal] [--prefix NAME]`
        struct Swift: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "swift",
                abstract: "Write the flow's types and typed screen interfaces as Swift (docs/GENERATED.md).",
                discussion: """
                    For a flow that lints clean: a Codable, Sendable, Hashable struct per record \
                    type, an enum of screen ids, and per screen a ScreenInterface with its typed \
                    input, a sender per event and an enum of its results. The same flow gives the \
                    same text. A flow with lint errors is refused.

                    Example:
                      baton generate swift flows/recipes.yaml -o Sources/App/RecipesFlow.swift
                    """
            )

            @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml"]))
            var flow: String

            @Option(name: [.short, .customLong("output")], help: "Where to write the Swift (missing folders are created); standard output when left out.", completion: .file(extensions: ["swift"]))
            var output: String?

            @Option(help: "public (a module of its own) or internal (inside the app's target).")
            var access: String = "public"

            @Option(help: "Put in front of every generated type name, as in `RecipesRecipe`.")
            var prefix: String?

            func validate() throws {
                guard SwiftGenerator.Access(rawValue: access) != nil else {
                    throw ValidationError("--access takes public or internal, not '\(access)'")
                }
                if let prefix, !Identifier.isValid(prefix) {
                    throw ValidationError("--prefix must be letters, digits and _, starting with a letter; got '\(prefix)'")
                }
            }

            func run() throws {
                try CommandFailure.requireFile(flow)
                let checked = LintRun().check(file: flow)
                let errors = checked.diagnostics.filter { $0.severity == .error }
                guard let spec = checked.spec, errors.isEmpty else {
                    TextReporter.printToStandardError(checked.diagnostics, of: flow)
                    throw ExitCode(1)
                }
                var generator = SwiftGenerator(spec: spec, source: flow)
                generator.access = SwiftGenerator.Access(rawValue: access) ?? .public
                generator.prefix = prefix
                let text = Data(generator.generate().utf8)
                guard let output else {
                    FileHandle.standardOutput.write(text)
                    return
                }
                try OutputFile.write(text, to: output)
            }
        }
    }
}
