import BatonBenchKit

/// The baseline: the scripted walk and the push/pop cycles on the hand-written coordinator.
enum HandwrittenBench {
    /// Steps of `walk` the coordinator refused or ended on another screen than the script
    /// expects; 0 when the baseline follows the script.
    static func mismatches(shape: FlowShape, walk: Walk) -> Int {
        let app = HandwrittenCoordinator(shape: shape)
        var wrong = 0
        for (step, expected) in zip(walk.steps, walk.expectedTops) {
            if !app.apply(step) || app.visibleScreen != expected { wrong += 1 }
        }
        return wrong
    }

    /// Steps per second over the walk, the median of `runs` runs on a fresh coordinator each.
    static func eventsPerSecond(shape: FlowShape, walk: Walk, runs: Int) -> Double {
        let milliseconds = Measure.medianMilliseconds(runs: runs) {
            let app = HandwrittenCoordinator(shape: shape)
            var applied = 0
            for step in walk.steps where app.apply(step) { applied += 1 }
            return applied
        }
        return milliseconds > 0 ? Double(walk.steps.count) / (milliseconds / 1000) : 0
    }

    /// Resident bytes after `cycles` push/pop cycles minus before (after a warm-up of 1,000).
    static func memoryGrowth(shape: FlowShape, cycles: Int) -> Int? {
        let app = HandwrittenCoordinator(shape: shape)
        let cycle = Walk.pushPopCycle(shape: shape)
        for _ in 0..<1_000 { for step in cycle { app.apply(step) } }
        guard let before = Memory.currentBytes() else { return nil }
        for _ in 0..<cycles { for step in cycle { app.apply(step) } }
        guard let after = Memory.currentBytes() else { return nil }
        Measure.sink &+= app.visibleScreen?.count ?? 0
        return after - before
    }
}
