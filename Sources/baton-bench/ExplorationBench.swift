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
        /// Exploring against loading and linting, with the default jobs and with one: the
        /// median of the ratios of each round (`ExplorationBench`), not the ratio of the medians.
        var ratio: Double
        var oneJobRatio: Double
        var bounds: [String]

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
            let options = ExplorationOptions()
            var oneJob = options
            oneJob.jobs = 1
            // The warm-up run, whose states and bounds are reported.
            let result = MainActor.assumeIsolated { Explorer(spec: spec, options: options).run() }
            // Rounds of load+lint, then exploring with the default jobs and with one, each ratio
            // taken within its round: the machine's speed drifts between rounds, and a ratio of
            // figures measured seconds apart would carry that drift.
            var rounds: [(loadLintMs: Double, exploreMs: Double, oneJobMs: Double)] = []
            for _ in 0..<max(runs, 1) {
                let loadLintMs = Measure.medianMilliseconds(runs: Pipeline.runs(1, screens: size)) {
                    loader.load(path: BytesSource.path).spec.map { Linter().lint($0).count } ?? -1
                }
                let exploreMs = Measure.milliseconds {
                    MainActor.assumeIsolated { Explorer(spec: spec, options: options).run().statesExplored }
                }
                let oneJobMs = Measure.milliseconds {
                    MainActor.assumeIsolated { Explorer(spec: spec, options: oneJob).run().statesExplored }
                }
                rounds.append((loadLintMs, exploreMs, oneJobMs))
            }
            generated.append(.init(
                screens: size, states: result.statesExplored, exploreMs: Measure.median(rounds.map(\.exploreMs)),
                jobs: options.jobs, oneJobMs: Measure.median(rounds.map(\.oneJobMs)),
                loadLintMs: Measure.median(rounds.map(\.loadLintMs)),
                ratio: Measure.median(rounds.map { $0.loadLintMs > 0 ? $0.exploreMs / $0.loadLintMs : 0 }),
                oneJobRatio: Measure.median(rounds.map { $0.loadLintMs > 0 ? $0.oneJobMs / $0.loadLintMs : 0 }),
                bounds: result.boundsHit))
        }
        return ExplorationFigures(examplesMs: examplesMs, examplesStates: examplesStates, generated: generated)
    }
}
