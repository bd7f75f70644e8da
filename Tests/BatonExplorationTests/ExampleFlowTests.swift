import BatonExploration
import BatonModel
import Testing

/// The example flows in `flows/` explore clean: no finding but the notes of bounds that
/// self-pushing screens reach, and exploring them is deterministic.
@MainActor @Suite struct ExampleFlowTests {
    nonisolated static let flows = ["auth-switch.yaml", "notes.yaml", "recipes.yaml", "signup.yaml"]

    @Test(arguments: flows)
    func exploresClean(_ name: String) throws {
        let spec = try #require(loadFlow(name))
        let result = Explorer(spec: spec).run()
        let problems = result.findings.filter { $0.severity != .note }
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        #expect(result.statesExplored > 1)
    }

    @Test(arguments: flows)
    func isDeterministic(_ name: String) throws {
        let spec = try #require(loadFlow(name))
        let first = Explorer(spec: spec).run()
        let second = Explorer(spec: spec).run()
        #expect(first.findings == second.findings)
        #expect(first.reached == second.reached)
        #expect(first.statesExplored == second.statesExplored)
    }
}
