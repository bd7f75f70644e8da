import BatonBenchKit
import BatonLoader
import BatonModel

/// The scripted walk on the hand-written coordinator and on the runtime, and the memory each
/// keeps after a million push/pop cycles.
struct WalkFigures: Sendable {
    var screens = 0
    var steps = 0
    var cycles = 0
    var handwrittenEventsPerSecond = 0.0
    var handwrittenMismatches = 0
    var handwrittenGrowthBytes: Int?
    /// nil when the runtime refused the generated flow.
    var runtime: RuntimeFigures?

    /// Generates a flow of `screens` screens and walks it `steps` steps on both.
    static func measure(screens: Int, steps: Int, runs: Int, cycles: Int) -> WalkFigures {
        let shape = FlowShape(screens: screens)
        let walk = Walk(shape: shape, count: steps)
        var figures = WalkFigures(screens: shape.screens, steps: walk.steps.count, cycles: cycles)
        figures.handwrittenMismatches = HandwrittenBench.mismatches(shape: shape, walk: walk)
        figures.handwrittenEventsPerSecond = HandwrittenBench.eventsPerSecond(shape: shape, walk: walk, runs: runs)
        figures.handwrittenGrowthBytes = HandwrittenBench.memoryGrowth(shape: shape, cycles: cycles)
        let loaded = FlowLoader(limits: Pipeline.limits).load(text: FlowGenerator(shape: shape).yaml(), path: "bench.yaml")
        if let spec = loaded.spec, !loaded.hasErrors {
            figures.runtime = RuntimeBench.measure(spec: spec, shape: shape, walk: walk, runs: runs, cycles: cycles)
        }
        return figures
    }
}

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

    /// Walks `steps` steps over a generated flow of `screens` screens once, untimed, for a
    /// profiler; the visible screen at the end, or nil when the flow does not load or start.
    static func profile(screens: Int, steps: Int) -> String? {
        let shape = FlowShape(screens: screens)
        let walk = Walk(shape: shape, count: steps)
        let loaded = FlowLoader(limits: Pipeline.limits).load(text: FlowGenerator(shape: shape).yaml(), path: "bench.yaml")
        guard let spec = loaded.spec, !loaded.hasErrors else { return nil }
        return MainActor.assumeIsolated {
            guard let runtime = try? RuntimeWalk.makeRuntime(spec) else { return nil }
            for step in walk.steps { RuntimeWalk.apply(step, to: runtime) }
            return runtime.state.top
        }
    }
}
