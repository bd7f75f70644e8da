import BatonBenchKit
import BatonModel
import BatonRuntime

/// The scripted walk and the push/pop cycles on the Baton runtime, the same steps the
/// hand-written coordinator takes.
@MainActor
enum RuntimeWalk {
    /// Every runtime figure: events per second (median of `runs`), memory growth over
    /// `cycles` push/pop cycles, and how many steps disagreed with the script.
    static func figures(spec: FlowSpec, shape: FlowShape, walk: Walk, runs: Int, cycles: Int)
        throws(DiagnosticsError) -> RuntimeFigures {
        let wrong = try mismatches(spec: spec, walk: walk)
        var runtimes: [FlowRuntime] = []
        for _ in 0...max(runs, 1) { runtimes.append(try makeRuntime(spec)) }
        var next = 0
        let milliseconds = Measure.medianMilliseconds(runs: runs) {
            let runtime = runtimes[next]
            next += 1
            for step in walk.steps { apply(step, to: runtime) }
            return runtime.state.top?.count ?? 0
        }
        let eventsPerSecond = milliseconds > 0 ? Double(walk.steps.count) / (milliseconds / 1000) : 0
        return RuntimeFigures(eventsPerSecond: eventsPerSecond,
                              growthBytes: try memoryGrowth(spec: spec, shape: shape, cycles: cycles),
                              mismatches: wrong)
    }

    /// A signed-in user who accepted the terms, on the first tab, flags at their defaults.
    static func makeRuntime(_ spec: FlowSpec) throws(DiagnosticsError) -> FlowRuntime {
        let environment = RuntimeEnvironment(context: [
            "loggedIn": .bool(true), "consented": .bool(true), "userId": .string("bench"),
        ])
        return try FlowRuntime(spec: spec, environment: environment)
    }

    @discardableResult
    static func apply(_ step: WalkStep, to runtime: FlowRuntime) -> StepResult {
        switch step {
        case .send(let screen, let event, let payload): runtime.send(event, from: screen, payload: payload)
        case .back: runtime.back()
        case .dismiss: runtime.dismiss()
        case .tab(let id): runtime.selectTab(id)
        }
    }

    /// Steps after which the visible screen is not the one the script expects.
    static func mismatches(spec: FlowSpec, walk: Walk) throws(DiagnosticsError) -> Int {
        let runtime = try makeRuntime(spec)
        var wrong = runtime.state.top == walk.startTop ? 0 : 1
        for (step, expected) in zip(walk.steps, walk.expectedTops) {
            apply(step, to: runtime)
            if runtime.state.top != expected { wrong += 1 }
        }
        return wrong
    }

    /// Resident bytes after `cycles` push/pop cycles minus before (after a warm-up of 1,000).
    static func memoryGrowth(spec: FlowSpec, shape: FlowShape, cycles: Int) throws(DiagnosticsError) -> Int? {
        let runtime = try makeRuntime(spec)
        let cycle = Walk.pushPopCycle(shape: shape)
        for _ in 0..<1_000 { for step in cycle { apply(step, to: runtime) } }
        guard let before = Memory.currentBytes() else { return nil }
        for _ in 0..<cycles { for step in cycle { apply(step, to: runtime) } }
        guard let after = Memory.currentBytes() else { return nil }
        Measure.sink &+= runtime.state.top?.count ?? 0
        return after - before
    }
}
