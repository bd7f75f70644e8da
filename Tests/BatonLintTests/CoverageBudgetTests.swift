import BatonLint
import BatonModel
import Testing

/// The coverage checks share one budget of assignments across a lint run (issue #16: 100
/// guarded flows in 47 KB took 17 s).
@Suite struct CoverageBudgetTests {
    /// `count` tabs flows, each with one tab guarded by an `||` of 16 bool flags (65,536
    /// assignments each, the per-flow limit).
    static func guardedFlows(_ count: Int) -> String {
        let flags = (0..<16).map { "f\($0): false" }.joined(separator: ", ")
        let guardText = (0..<16).map { "flags.f\($0)" }.joined(separator: " || ")
        var yaml = "baton: 1\nstart: t0\nflags: {\(flags)}\nscreens:\n  one: {}\nflows:\n  leaf: {stack: one}\n"
        for index in 0..<count {
            yaml += "  t\(index):\n    tabs:\n      - {flow: leaf, when: \"\(guardText)\"}\n"
        }
        return yaml
    }

    @Test func manyGuardedFlowsShareOneBudget() {
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure { diagnostics = lint(Self.guardedFlows(100)) }
        let spent = diagnostics.filter { $0.code == "coverage-capped" }
        // Two flows fit the run's 131,072 assignments; the other 98 are reported, not tried.
        #expect(spent.count == 98)
        #expect(spent.first?.message == "'t2' has 65536 flag and context assignments, more than the 0 left of the lint run's limit of 131072; its coverage was not checked")
        #expect(spent.first?.severity == .warning)
        #expect(spent.first?.location?.start.line == 14)
        #expect(elapsed < .seconds(10))
    }

    @Test func theRunBudgetCanBeRaised() {
        let options = LintOptions(maxAssignmentsPerRun: 1 << 20)
        let diagnostics = lint(Self.guardedFlows(3), options: options)
        #expect(!diagnostics.contains { $0.code == "coverage-capped" })
    }
}
