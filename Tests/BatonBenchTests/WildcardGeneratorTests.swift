import BatonBenchKit
import BatonLint
import BatonLoader
import BatonModel
import Testing

/// The bench's second shape loads and lints clean and has the counts it says.
@Suite struct WildcardGeneratorTests {
    @Test(arguments: [200, 1_007])
    func wildcardFlowIsClean(screens: Int) {
        let generator = WildcardGenerator(screens: screens)
        let result = FlowLoader().load(text: generator.yaml(), path: "wildcards.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(5))")
        guard let spec = result.spec else {
            Issue.record("no model")
            return
        }
        #expect(spec.screens.count == screens)
        #expect(spec.flows.count == generator.flows + 1)
        #expect(spec.flows.reduce(0) { $0 + $1.links.count } == generator.links)
        let wildcards = spec.flows.filter { flow in flow.transitions.contains { $0.trigger.description == "*.openLink" } }
        #expect(wildcards.count == generator.flows)
        let diagnostics = Linter().lint(spec)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(5))")
    }

    @Test func wildcardGenerationIsDeterministic() {
        #expect(WildcardGenerator(screens: 500).yaml() == WildcardGenerator(screens: 500).yaml())
    }
}
