import BatonHost
import BatonModel
import BatonRuntime
import BatonTestSupport
import Testing

/// Every scenario of every example flow, and random walks over each flow, shown by a host that
/// plays UIKit's and SwiftUI's rules: after each step, what the host shows is the core's
/// visible state, no rule was broken, and nothing shown is leaked.
@MainActor
@Suite struct RenderScenarioTests {
    @Test(arguments: ExampleFlows.names)
    func everyScenarioRendersUnderThePlatformsRules(flow: String) throws {
        let spec = try ExampleFlows.spec(flow)
        let file = try ExampleFlows.scenarios(flow)
        #expect(!file.scenarios.isEmpty)
        for scenario in file.scenarios {
            let environment = RuntimeEnvironment(flagOverrides: file.flags.merging(scenario.flags) { $1 },
                                                 context: file.context.merging(scenario.context) { $1 })
            let run = DrivenRun(try FlowRuntime(spec: spec, environment: environment))
            for (number, step) in scenario.steps.enumerated() {
                try run.take(step.kind)
                run.driver.verify("\(flow) '\(scenario.name)' step \(number + 1): \(step.kind)")
            }
        }
    }

    /// Bounded, seeded walks: the same seed takes the same steps. A quarter of the steps land
    /// while a transition is under way: the host plans again from what is on screen once it
    /// has finished.
    @Test(arguments: ExampleFlows.names)
    func randomWalksRenderUnderThePlatformsRules(flow: String) throws {
        let spec = try ExampleFlows.spec(flow)
        for seed in UInt64(1)...6 {
            var random = SplitMix64(seed: seed &* 7919)
            let context: [String: Value] = spec.context.contains { $0.name == "userId" } ? ["userId": "u1"] : [:]
            let start = try FlowRuntime(spec: spec, environment: RuntimeEnvironment(context: context.merging(
                spec.context.filter { $0.type == .builtin(.bool) }.map { ($0.name, Value.bool(random.below(2) == 0)) }) { $1 }))
            let run = DrivenRun(start)
            var trail: [String] = []
            for _ in 0..<120 {
                let step = randomStep(in: run.runtime, spec: spec, using: &random)
                trail.append("\(step)")
                let midTransition = random.below(4) == 0
                try? run.take(step, settle: !midTransition)
                if midTransition {
                    run.driver.deliverOne()
                    continue
                }
                run.driver.verify("\(flow) seed \(seed): \(trail.suffix(8))")
                if !run.driver.violations.isEmpty { return }
            }
            run.driver.settle()
            run.driver.verify("\(flow) seed \(seed) at the end")
        }
    }
}
