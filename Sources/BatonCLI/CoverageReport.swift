import BatonExploration
import BatonModel
import BatonRuntime
import Foundation

/// What scenarios covered of what a user can reach, per flow file: the screens (in their
/// placements), transitions and links exploration reached, which the scenarios used and which
/// they missed, each missed one with its place. What no reachable state uses is not counted, nor
/// what exploration left unexplored past a bound.
struct CoverageReport: Codable {
    struct Flow: Codable {
        var flow: String
        var scenarioFiles: [String]
        var placements: Kind
        var transitions: Kind
        var links: Kind
        /// Declared transitions and links no reachable state uses (`baton lint` reports them).
        var unreachable: Int
        /// Declared transitions and links no explored state used that states a bound left out
        /// may use: neither reachable nor unreachable, as far as exploration can tell.
        var unexplored: Int
        /// Whether exploration saw every state (no bound cut it short).
        var complete: Bool
    }

    struct Kind: Codable {
        var reachable: Int
        var covered: Int
        var percent: Double
        var missed: [Missed]
    }

    struct Missed: Codable {
        var target: String
        var location: String?
    }

    var flows: [Flow]

    /// Explores each flow the results ran against and compares.
    @MainActor
    init(_ results: [ScenarioFileResult]) {
        var byFlow: [String: (spec: FlowSpec, files: [String], covered: ScenarioCoverage)] = [:]
        var order: [String] = []
        for result in results {
            guard let path = result.flowPath, let spec = result.spec else { continue }
            if byFlow[path] == nil {
                order.append(path)
                byFlow[path] = (spec, [], ScenarioCoverage())
            }
            byFlow[path]?.files.append(result.file)
            for outcome in result.outcomes { byFlow[path]?.covered.merge(outcome.coverage) }
        }
        flows = order.compactMap { path in
            guard let entry = byFlow[path] else { return nil }
            return Self.flow(path: path, spec: entry.spec, files: entry.files, covered: entry.covered)
        }
    }

    @MainActor
    private static func flow(path: String, spec: FlowSpec, files: [String], covered: ScenarioCoverage) -> Flow {
        let exploration = Explorer(spec: spec).run()
        var used: Set<CoverageTarget> = []
        for placement in covered.placements { used.insert(.placement(screen: placement.screen, flows: placement.flows)) }
        for use in covered.transitions { used.insert(CoverageTarget(use)) }
        for use in covered.links { used.insert(CoverageTarget(use)) }
        let reachable = exploration.reached.keys.sorted()
        let locations = CoverageLocations(spec)
        func kind(_ keep: (CoverageTarget) -> Bool) -> Kind {
            let targets = reachable.filter(keep)
            let hit = targets.filter { used.contains($0) }
            let missed = targets.filter { !used.contains($0) }.map { target in
                Missed(target: target.description, location: locations.location(of: target).map { "\($0)" })
            }
            let percent = targets.isEmpty ? 100 : (Double(hit.count) * 1000 / Double(targets.count)).rounded() / 10
            return Kind(reachable: targets.count, covered: hit.count, percent: percent, missed: missed)
        }
        let unexplored = Set(exploration.unexplored)
        let unreachable = exploration.declared.filter { target in
            if case .placement = target { return false }
            return exploration.reached[target] == nil && !unexplored.contains(target)
        }.count
        return Flow(flow: path, scenarioFiles: files,
                    placements: kind { if case .placement = $0 { true } else { false } },
                    transitions: kind { if case .transition = $0 { true } else { false } },
                    links: kind { if case .link = $0 { true } else { false } },
                    unreachable: unreachable, unexplored: unexplored.count, complete: exploration.isComplete)
    }

    /// The report as text, a block per flow.
    var text: String {
        var lines: [String] = []
        for flow in flows {
            lines.append("Coverage of \(flow.flow) by \(flow.scenarioFiles.joined(separator: ", ")):")
            for (name, kind) in [("screens", flow.placements), ("transitions", flow.transitions), ("links", flow.links)] {
                let count = "\(kind.covered)/\(kind.reachable)"
                lines.append("  " + name.padding(toLength: 12, withPad: " ", startingAt: 0)
                             + count.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: "%5.1f%%", kind.percent))
            }
            let missed = flow.placements.missed + flow.transitions.missed + flow.links.missed
            if !missed.isEmpty {
                lines.append("  missed:")
                for item in missed { lines.append("    " + (item.location.map { "\($0): " } ?? "") + item.target) }
            }
            if flow.unreachable > 0 {
                lines.append("  not counted: \(flow.unreachable) transitions and links no reachable state uses (`baton lint` reports them)")
            }
            if flow.unexplored > 0 {
                lines.append("  not counted: \(flow.unexplored) transitions and links no explored state uses that states past a bound may use (`baton lint` lists them in its note)")
            }
            if !flow.complete {
                lines.append("  note: exploration reached a bound; what it did not reach is not counted")
            }
        }
        return lines.joined(separator: "\n")
    }
}
