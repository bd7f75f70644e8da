import ArgumentParser
import BatonLoader
import BatonModel
import Foundation

extension BatonCommand {
    /// `baton graph FLOW [--format mermaid|dot] [--flow F]`
    struct Graph: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph",
            abstract: "Draw a flow: screens as nodes, transitions as labelled edges, flows as clusters.",
            discussion: """
                Modal presentations are dashed; the structure of each flow (its root, tabs, \
                branches and steps) is drawn thick. Mermaid renders on GitHub; dot renders with Graphviz.

                Example:
                  baton graph flows/recipes.yaml > recipes.mmd
                  baton graph flows/recipes.yaml --format dot --flow meat | dot -Tsvg > meat.svg
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case mermaid
            case dot
        }

        @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml", "json"]))
        var file: String

        @Option(help: "mermaid or dot.")
        var format: Format = .mermaid

        @Option(name: .customLong("flow"), help: "Draw only this flow and the flows it starts.")
        var flow: String?

        func run() throws {
            try CommandFailure.requireFile(file)
            let result = CompiledInput.load(path: file)
            guard let spec = result.spec else {
                TextReporter.printToStandardError(result.diagnostics, of: file)
                throw ExitCode(1)
            }
            if let flow, !spec.flows.contains(where: { $0.name == flow }) {
                let hint = NameSuggester.didYouMean(flow, among: spec.flows.map(\.name)).map { "; \($0)" } ?? ""
                throw CommandFailure("no flow '\(flow)' in \(file)\(hint)")
            }
            let graph = FlowGraph(spec: spec, root: flow)
            let renderer: any GraphRenderer = format == .mermaid ? MermaidRenderer() : DotRenderer()
            print(renderer.render(graph))
        }
    }
}
