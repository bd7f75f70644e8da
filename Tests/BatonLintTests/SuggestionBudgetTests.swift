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
            // On two threads the budget runs out, so the checks run again on one: the same.
            unknown = lintBothWays(spec).filter { $0.code == "unknown-reference" }
        }
        #expect(unknown.count == count)
        // The first names get their suggestion; once the budget is spent the rest get the
        // general advice, and the run stays fast.
        #expect(unknown.filter { $0.suggestion?.hasPrefix("did you mean") == true }.count > 10)
        #expect(unknown.contains { $0.suggestion == "declare it under `screens` or `flows`" })
        // Without the budget, 8 million comparisons: minutes in a debug build.
        #expect(elapsed < .seconds(20))
    }

    /// A few misspelt names in a spec checked on two threads: each gets its suggestion, and the
    /// run's budget is charged what one thread would have spent.
    @Test func checksOnTwoThreadsSpendTheBudgetAsOnOne() {
        let count = 1_200
        let screens = (0..<count).map { Screen(name: "screen\($0)", events: [EventDeclaration(name: "go", payload: nil)]) }
        let transitions = (0..<count).map { index in
            // Every 300th pushes a misspelt name, one letter off.
            let target = index.isMultiple(of: 300) ? "scren\(index)" : "screen\(index)"
            return Transition(trigger: Trigger(source: "screen\(index)", event: "go"), actions: [Action(.push(Reference(target)))])
        }
        let spec = FlowSpec(start: "main", screens: screens,
                            flows: [Flow(name: "main", kind: .stack(root: Target("screen0")), transitions: transitions)])
        func lint(threadsFrom size: Int) -> (found: [Diagnostic], left: Int?) {
            var options = LintOptions()
            options.twoThreadsFromSize = size
            return NameSuggester.withBudget {
                (Linter(options: options).lint(spec), NameSuggester.budget?.remainingComparisons)
            }
        }
        let one = lint(threadsFrom: .max)
        let two = lint(threadsFrom: 0)
        #expect(one.found.filter { $0.suggestion?.hasPrefix("did you mean `screen") == true }.count == 4)
        #expect(two.found == one.found)
        #expect(one.left != nil)
        #expect(two.left == one.left)
        #expect((one.left ?? 0) < SuggestionBudget.defaultComparisons)
    }

    /// Two checks that each want more suggestions than the budget holds: on one thread the
    /// first check spends it all; on two, the second would have taken some of it first. The
    /// checks then run again on one thread, and find what one thread finds.
    @Test func whenTheBudgetRunsOutOnTwoThreadsTheChecksRunAgainOnOne() {
        let count = 2_000
        let screens = (0..<count).map { Screen(name: "screen\($0)", events: [EventDeclaration(name: "go", payload: nil)]) }
        let transitions = (0..<count).flatMap { index in [
            // An unknown screen for `unknown-reference`, and an unknown event for `unknown-event`.
            Transition(trigger: Trigger(source: "screen\(index)", event: "go"), actions: [Action(.push(Reference("screen\(index)x")))]),
            Transition(trigger: Trigger(source: "screen\(index)", event: "og"), actions: [Action(.pop)]),
        ] }
        let spec = FlowSpec(start: "main", screens: screens,
                            flows: [Flow(name: "main", kind: .stack(root: Target("screen0")), transitions: transitions)])
        let found = lintBothWays(spec)
        let events = found.filter { $0.code == "unknown-event" }
        #expect(events.count == count)
        // `unknown-reference` comes first and spends the budget: no event gets a suggestion.
        #expect(!events.contains { $0.suggestion?.hasPrefix("did you mean") == true })
    }

    /// A run whose budget is already spent (the load's, when it shares the run's) makes no
    /// suggestion on two threads either, and charges nothing.
    @Test func aSpentBudgetMakesNoSuggestionOnTwoThreads() {
        let screens = (0..<1_100).map { Screen(name: "screen\($0)", events: [EventDeclaration(name: "go", payload: nil)]) }
        let transitions = [Transition(trigger: Trigger(source: "screen0", event: "go"), actions: [Action(.push(Reference("scren1")))])]
        let spec = FlowSpec(start: "main", screens: screens,
                            flows: [Flow(name: "main", kind: .stack(root: Target("screen0")), transitions: transitions)])
        func lint(threadsFrom size: Int) -> [Diagnostic] {
            var options = LintOptions()
            options.twoThreadsFromSize = size
            return NameSuggester.withBudget(comparisons: 0) { Linter(options: options).lint(spec) }
        }
        let one = lint(threadsFrom: .max)
        #expect(one.contains { $0.code == "unknown-reference" })
        #expect(!one.contains { $0.suggestion?.hasPrefix("did you mean") == true })
        #expect(lint(threadsFrom: 0) == one)
    }
}
