import BatonBenchKit
import BatonLint
import BatonLoader
import BatonModel
import Testing

/// The generated flows load and lint clean, and the scripted walk is one the hand-written
/// coordinator can follow.
@Suite struct FlowGeneratorTests {
    @Test(arguments: [200, 1_000])
    func generatedFlowIsClean(screens: Int) {
        let result = FlowLoader().load(text: FlowGenerator(screens: screens).yaml(), path: "bench.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(5))")
        guard let spec = result.spec else {
            Issue.record("no model")
            return
        }
        #expect(spec.screens.count == screens)
        #expect(Linter().lint(spec).isEmpty)
    }

    @Test func generationIsDeterministic() {
        #expect(FlowGenerator(screens: 500).yaml() == FlowGenerator(screens: 500).yaml())
    }

    @Test func handwrittenCoordinatorFollowsTheWalk() {
        let shape = FlowShape(screens: 200)
        let walk = Walk(shape: shape, count: 5_000)
        let app = HandwrittenCoordinator(shape: shape)
        #expect(app.visibleScreen == walk.startTop)
        var wrong = 0
        for (step, expected) in zip(walk.steps, walk.expectedTops) {
            if !app.apply(step) || app.visibleScreen != expected { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(walk.steps.contains(.tab("settings")))
        #expect(walk.steps.contains(.dismiss))
    }
}
