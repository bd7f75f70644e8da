import BatonLint
import BatonModel
import Testing

/// The coverage checks share one budget of guard evaluations across a lint run (issue #16:
/// 100 guarded flows in 47 KB took 17 s when every assignment was tried).
@Suite struct CoverageBudgetTests {
    /// `count` tabs flows, each with one tab guarded by an `||` of 16 bool flags.
    static func guardedFlows(_ count: Int) -> String {
        let flags = (0..<16).map { "f\($0): false" }.joined(separator: ", ")
        let guardText = (0..<16).map { "flags.f\($0)" }.joined(separator: " || ")
        var yaml = "baton: 1\nstart: t0\nflags: {\(flags)}\nscreens:\n  one: {}\nflows:\n  leaf: {stack: one}\n"
        for index in 0..<count {
            yaml += "  t\(index):\n    tabs:\n      - {flow: leaf, when: \"\(guardText)\"}\n"
        }
        return yaml
    }

    /// Every flow is decided exactly now: the one gap is every flag false.
    @Test func manyGuardedFlowsAreAllDecided() {
        let diagnostics = lint(Self.guardedFlows(100))
        let gaps = diagnostics.filter { $0.code == "no-visible-tab" }
        #expect(gaps.count == 100)
        let every = (0..<16).map { "flags.f\($0) = false" }.joined(separator: ", ")
        #expect(gaps.first?.message == "no tab of 't0' is visible when \(every)")
        #expect(!diagnostics.contains { $0.code == "coverage-undecided" })
    }

    /// A budget spent on the first flows leaves the later ones undecided, each reported.
    @Test func aSmallBudgetLeavesLaterFlowsUndecided() {
        let diagnostics = lint(Self.guardedFlows(8), options: LintOptions(maxGuardEvaluationsPerRun: 40))
        let decided = diagnostics.filter { $0.code == "no-visible-tab" }.count
        let undecided = diagnostics.filter { $0.code == "coverage-undecided" }
        #expect(decided == 2, "17 evaluations decide a flow")
        #expect(undecided.count == 6)
        #expect(undecided.first?.message == "whether 't2' always shows something was not decided: the lint run's 40 guard evaluations were spent")
        #expect(undecided.first?.location?.start.line == 14)
    }
}
