import BatonBenchKit
import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import Foundation

/// Exploring a flow as `baton lint` does: the example flows together, and a generated app
/// against its own load and lint.
struct ExplorationFigures {
    /// Every flow of `flows/` explored, one after the other (nil when there is no such folder).
    var examplesMs: Double?
    var examplesStates: Int
    var generated: [Generated]

    struct Generated {
        var screens: Int
        var states: Int
        /// With the default number of jobs (`jobs`), and with one.
        var exploreMs: Double
        var jobs: Int
        var oneJobMs: Double
        var loadLintMs: Double
        var bounds: [String]

        var ratio: Double { loadLintMs > 0 ? exploreMs / loadLintMs : 0 }
        var oneJobRatio: Double { loadLintMs > 0 ? oneJobMs / loadLintMs : 0 }
        var statesPerSecond: Double { exploreMs > 0 ? Double(states) / exploreMs * 1000 : 0 }
    }
}

enum ExplorationBench {
    static func measure(sizes: [Int], runs: Int) -> ExplorationFigures {
        var examples: [FlowSpec] = []
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("flows")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".yaml") && !name.hasSuffix(".test.yaml") {
            if let spec = FlowLoader().load(path: folder.appendingPathComponent(name).path).spec { examples.append(spec) }
        }
        var examplesStates = 0
        var examplesMs: Double?
        if !examples.isEmpty {
            examplesStates = MainActor.assumeIsolated { examples.reduce(0) { $0 + Explorer(spec: $1).run().statesExplored } }
            examplesMs = Measure.medianMilliseconds(runs: runs) {
                MainActor.assumeIsolated { examples.reduce(0) { $0 + Explorer(spec: $1).run().statesExplored } }
            }
        }
        var generated: [ExplorationFigures.Generated] = []
        for size in sizes {
            let bytes = Array(FlowGenerator(screens: size).yaml().utf8)
            let loader = FlowLoader(sources: BytesSource(bytes: bytes), limits: Pipeline.limits)
            guard let spec = loader.load(path: BytesSource.path).spec else { continue }
            let loadLintMs = Measure.medianMilliseconds(runs: runs) {
                loader.load(path: BytesSource.path).spec.map { Linter().lint($0).count } ?? -1
            }
            // One timed run: exploring a generated app takes seconds, so more runs would make the
            // bench minutes longer for little precision.
            var result: ExplorationResult?
            let options = ExplorationOptions()
            let exploreMs = Measure.medianMilliseconds(runs: 1) {
                MainActor.assumeIsolated {
                    result = Explorer(spec: spec, options: options).run()
                    return result?.statesExplored ?? -1
                }
            }
            var oneJob = options
            oneJob.jobs = 1
            let oneJobMs = Measure.medianMilliseconds(runs: 1) {
                MainActor.assumeIsolated { Explorer(spec: spec, options: oneJob).run().statesExplored }
            }
            guard let result else { continue }
            generated.append(.init(screens: size, states: result.statesExplored, exploreMs: exploreMs, jobs: options.jobs,
                                   oneJobMs: oneJobMs, loadLintMs: loadLintMs, bounds: result.boundsHit))
        }
        return ExplorationFigures(examplesMs: examplesMs, examplesStates: examplesStates, generated: generated)
    }
}
