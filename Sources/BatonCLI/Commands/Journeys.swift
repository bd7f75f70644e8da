import ArgumentParser
import BatonExploration
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton journeys FLOW [-o FILE]`
    struct Journeys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journeys",
            abstract: "Write a scenario file that reaches every reachable screen, transition and link of a flow.",
            discussion: """
                The flow is explored as `baton lint` explores it; each screen placement, \
                transition and link it reaches gets the shortest way to it, and every way that \
                another one continues is left out. Each scenario's steps are followed by an \
                `expect` of the state they lead to, so the file passes `baton test` and fails \
                when the navigation changes: a regression suite to start from. The output is \
                the same for the same flow. A flow with lint errors is refused, those exploration \
                finds included. Without -o the \
                file goes to standard output and names the flow as if it were saved beside it.

                Example:
                  baton journeys flows/recipes.yaml -o flows/recipes.journeys.test.yaml
                """
        )

        @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml", "json"]))
        var flow: String

        @Option(name: [.short, .customLong("output")], help: "Where to write the scenario file (missing folders are created); standard output when left out.", completion: .file(extensions: ["yaml"]))
        var output: String?

        @OptionGroup var bounds: ExplorationArguments

        func run() throws {
            try MainActor.assumeIsolated { try runOnMainActor() }
        }

        @MainActor
        private func runOnMainActor() throws {
            try CommandFailure.requireFile(flow)
            let checked = bounds.lintRun.check(file: flow)
            guard let spec = checked.spec else {
                TextReporter.printToStandardError(checked.diagnostics, of: flow)
                throw ExitCode(1)
            }
            let exploration = Explorer(spec: spec, options: bounds.options).run()
            // What exploration finds is lint too: a journey through a state where the runtime
            // refuses what the flow wires would fail `baton test`.
            let errors = exploration.findings.filter { $0.severity == .error }
            guard errors.isEmpty else {
                TextReporter.printToStandardError(checked.diagnostics + errors, of: flow)
                throw ExitCode(1)
            }
            var command = "baton journeys \(URL(fileURLWithPath: flow).lastPathComponent)"
            if !exploration.isComplete { command += " (exploration bounded: \(exploration.boundsHit.joined(separator: ", ")))" }
            let writer = JourneyWriter(spec: spec, exploration: exploration, flowReference: Self.reference(to: flow, from: output),
                                       command: command)
            let text = writer.text()
            guard let output else {
                print(text, terminator: "")
                return
            }
            try OutputFile.write(Data(text.utf8), to: output)
        }

        /// The flow's path relative to the folder of the scenario file (beside it when the
        /// file goes to standard output).
        static func reference(to flow: String, from output: String?) -> String {
            let flowURL = URL(fileURLWithPath: flow).standardizedFileURL
            guard let output else { return flowURL.lastPathComponent }
            let folder = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().pathComponents
            let target = flowURL.pathComponents
            var common = 0
            while common < folder.count, common < target.count, folder[common] == target[common] { common += 1 }
            let ups = Array(repeating: "..", count: folder.count - common)
            return (ups + target[common...]).joined(separator: "/")
        }
    }
}
