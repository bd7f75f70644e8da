import ArgumentParser
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton compile FLOW [-o OUT.json] [--locations] [--sign KEY]`
    struct Compile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compile",
            abstract: "Write the compiled flow that an app bundles or downloads (docs/COMPILED.md).",
            discussion: """
                Includes are merged and shorthands expanded; expressions stay text; paths are \
                relative to the main file, so the output is the same bytes for the same flow \
                wherever it is compiled. A flow with lint errors is refused; the output records \
                that it linted clean and with which linter. --sign wraps it in an envelope with \
                an Ed25519 signature (keys from `baton keygen`); a runtime given the public key \
                accepts only flows signed with it.

                Example:
                  baton compile flows/recipes.yaml -o Recipes.flow.json
                  baton compile flows/recipes.yaml --sign release.key -o Recipes.flow.json
                """
        )

        @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml"]))
        var flow: String

        @Option(name: [.short, .customLong("output")], help: "Where to write the JSON (missing folders are created); standard output when left out.", completion: .file(extensions: ["json"]))
        var output: String?

        @ArgumentParser.Flag(help: "Keep where each part was written, so problems in the compiled flow point at the YAML.")
        var locations = false

        @Option(help: "A private key file from `baton keygen`: sign the compiled flow with it.")
        var sign: String?

        func run() throws {
            try CommandFailure.requireFile(flow)
            let key = try sign.map(FlowSigner.privateKey(file:))
            let (compiled, diagnostics) = FlowCompiler().compile(path: flow, locations: locations)
            if !diagnostics.isEmpty {
                TextReporter.printToStandardError(diagnostics, of: flow)
            }
            guard var json = compiled else { throw ExitCode(1) }
            if let key {
                json = try FlowSigner.sign(json, with: key).encoded()
            }
            guard let output else {
                FileHandle.standardOutput.write(json)
                return
            }
            try OutputFile.write(json, to: output)
        }
    }
}
