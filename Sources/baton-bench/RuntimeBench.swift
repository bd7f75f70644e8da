import BatonBenchKit
import BatonModel

/// What the Baton runtime does on the scripted walk.
struct RuntimeFigures: Sendable {
    var eventsPerSecond: Double
    /// Resident bytes after a million push/pop cycles minus before.
    var growthBytes: Int?
    /// Steps where the runtime's visible screen was not the one the script expects.
    var mismatches: Int
}

/// The runtime's part of the benchmark; nil when the runtime refuses the generated flow.
enum RuntimeBench {
    /// Runs the walk on the runtime. The command runs on the main thread, where the runtime lives.
    static func measure(spec: FlowSpec, shape: FlowShape, walk: Walk, runs: Int, cycles: Int) -> RuntimeFigures? {
        MainActor.assumeIsolated {
            try? RuntimeWalk.figures(spec: spec, shape: shape, walk: walk, runs: runs, cycles: cycles)
        }
    }
}
