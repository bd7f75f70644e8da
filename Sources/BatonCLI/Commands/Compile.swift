import ArgumentParser
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton compile FLOW -o OUT.json`
    struct Compile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the compiled JSON that an app bundles or downloads.",
            discussion: """
                Includes are merged and shorthands expanded; expressions stay text. The output is \
                the same bytes for the same input. A flow with lint errors is refused.

                Example:
                  baton compile flows/recipes.yaml -o Recipes.flow.json
                """
        )

        @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml"]))
        var flow: String

        @Option(name: [.short, .customLong("output")], help: "Where to write the JSON (missing folders are created); standard output when left out.", completion: .file(extensions: ["json"]))
        var output: String?

        func run() throws {
            try CommandFailure.requireFile(flow)
            let (json, diagnostics) = FlowCompiler().compile(path: flow)
            if !diagnostics.isEmpty {
                let report = TextReporter(colors: .forStandardError)
                    .generateReport([FileReport(file: flow, diagnostics: diagnostics)])
                FileHandle.standardError.write(Data((report + "\n").utf8))
            }
            guard let json else { throw ExitCode(1) }
            guard let output else {
                FileHandle.standardOutput.write(json)
                return
            }
            try OutputFile.write(json, to: output)
        }
    }
}
