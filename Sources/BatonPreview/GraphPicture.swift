import BatonCLI
import BatonModel
import Foundation

/// The flow drawn as `baton graph --format dot` draws it: Graphviz's SVG when `dot` is on the
/// machine, and always the list of flows and their screens (what the page shows without
/// Graphviz, and what a click on a screen names).
struct GraphPicture: Encodable, Equatable {
    /// One flow's cluster.
    struct Cluster: Encodable, Equatable {
        var flow: String
        var title: String
        var kind: String
        var screens: [Screen]
    }

    /// A screen node: the node's name is its title in the SVG (`flow·screen`).
    struct Screen: Encodable, Equatable {
        var screen: String
        var node: String
        /// Whether some reachable state shows the screen there, so a click can go there.
        var reachable: Bool
    }

    /// `svg` or `list`.
    var format: String
    var svg: String?
    /// The DOT text the SVG was drawn from.
    var dot: String
    var clusters: [Cluster]
    /// Why there is no SVG, when there is none.
    var note: String?

    /// How long `dot` may take before the graph is shown as a list.
    static let dotTimeout: TimeInterval = 20

    /// The graph of `spec`; a screen is `reachable` when `placements` holds its flow and screen.
    init(spec: FlowSpec, placements: Set<ScreenPlace>, dot executable: URL?) {
        let graph = FlowGraph(spec: spec)
        let renderer = DotRenderer()
        dot = renderer.render(graph)
        clusters = graph.clusters.map { cluster in
            Cluster(flow: cluster.flow, title: cluster.title, kind: cluster.kind, screens: cluster.screens.map { screen in
                Screen(screen: screen, node: renderer.node(.screen(flow: cluster.flow, screen: screen)),
                       reachable: placements.contains(ScreenPlace(flow: cluster.flow, screen: screen)))
            })
        }
        guard let executable else {
            format = "list"
            note = "Graphviz's dot is not on this machine: the flows and their screens are listed instead."
            return
        }
        switch Self.svg(of: dot, executable: executable) {
        case .success(let svg):
            format = "svg"
            self.svg = svg
        case .failure(let failure):
            format = "list"
            note = "dot could not draw the graph (\(failure.reason)): the flows and their screens are listed instead."
        }
    }

    /// The node of `screen` as `flow` shows it, when the graph draws one.
    func node(flow: String, screen: String) -> String? {
        clusters.first { $0.flow == flow }?.screens.first { $0.screen == screen }?.node
    }

    /// `dot` on the PATH, or nil.
    static func findDot(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for folder in (path ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    struct DotFailure: Error {
        var reason: String
    }

    /// Graphviz's SVG of `text`, from its `<svg` on (the XML prologue left out, so the page can
    /// put it inline).
    private static func svg(of text: String, executable: URL) -> Result<String, DotFailure> {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("baton-preview-\(UUID().uuidString).dot")
        do {
            try Data(text.utf8).write(to: input)
        } catch {
            return .failure(DotFailure(reason: "cannot write \(input.path)"))
        }
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(DotFailure(reason: "it did not start: \(error.localizedDescription)"))
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + dotTimeout, execute: timer)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return .failure(DotFailure(reason: "it exited with status \(process.terminationStatus)"))
        }
        let svg = String(decoding: data, as: UTF8.self)
        guard let start = svg.range(of: "<svg") else { return .failure(DotFailure(reason: "it wrote no SVG")) }
        return .success(String(svg[start.lowerBound...]))
    }
}

/// A screen as one flow shows it: a node of the graph, and the end of a placement exploration
/// reached (`CoverageTarget.placement`, its flows' last).
struct ScreenPlace: Hashable, Sendable {
    var flow: String
    var screen: String
}
