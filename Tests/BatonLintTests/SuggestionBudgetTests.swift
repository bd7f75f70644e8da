import BatonLint
import BatonModel
import Testing

/// Did-you-mean shares one budget across a lint run (issue #16: 8,000 unknown names among
/// 8,000 screens took 39 s).
@Suite struct SuggestionBudgetTests {
    @Test func thousandsOfUnknownNamesLintFast() {
        let count = 2_000
        let screens = (0..<count).map { Screen(name: "screen\($0)", events: [EventDeclaration(name: "go", payload: nil)]) }
        let transitions = (0..<count).map { index in
            Transition(trigger: Trigger(source: "screen\(index)", event: "go"), actions: [Action(.push(Reference("screen\(index)x")))])
        }
        let spec = FlowSpec(start: "main", screens: screens,
                            flows: [Flow(name: "main", kind: .stack(root: Target("screen0")), transitions: transitions)])
        let clock = ContinuousClock()
        var unknown: [Diagnostic] = []
        let elapsed = clock.measure {
            unknown = Linter().lint(spec).filter { $0.code == "unknown-reference" }
        }
        #expect(unknown.count == count)
        // The first names get their suggestion; once the budget is spent the rest get the
        // general advice, and the run stays fast.
        #expect(unknown.filter { $0.suggestion?.hasPrefix("did you mean") == true }.count > 10)
        #expect(unknown.contains { $0.suggestion == "declare it under `screens` or `flows`" })
        // Without the budget, 8 million comparisons: minutes in a debug build.
        #expect(elapsed < .seconds(20))
    }
}
