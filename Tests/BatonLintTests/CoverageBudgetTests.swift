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
        // Each flow costs 65,536 assignments times 16 reads; the run's 2,097,152 reads cover the
        // first two, and the other 98 are reported.
        #expect(spent.count == 98)
        #expect(spent.first?.message == "'t2' has 65536 flag and context assignments, more than the lint run's limit of 2097152 guard reads has left (0); its coverage was not checked")
        #expect(spent.first?.severity == .warning)
        #expect(spent.first?.location?.start.line == 14)
        #expect(elapsed < .seconds(10))
    }

    /// 12 flags: 4,096 assignments times 12 reads is 49,152 per flow, so five flows fit in a
    /// budget of 262,144.
    @Test func smallerFlowsShareTheBudget() {
        let flags = (0..<12).map { "f\($0): false" }.joined(separator: ", ")
        let guardText = (0..<12).map { "flags.f\($0)" }.joined(separator: " || ")
        var yaml = "baton: 1\nstart: t0\nflags: {\(flags)}\nscreens:\n  one: {}\nflows:\n  leaf: {stack: one}\n"
        for index in 0..<8 {
            yaml += "  t\(index):\n    tabs:\n      - {flow: leaf, when: \"\(guardText)\"}\n"
        }
        let diagnostics = lint(yaml, options: LintOptions(maxGuardReadsPerRun: 1 << 18))
        #expect(diagnostics.filter { $0.code == "no-visible-tab" }.count == 5)
        #expect(diagnostics.filter { $0.code == "coverage-capped" }.map(\.message).first?.hasPrefix("'t5' has 4096") == true)
    }

    @Test func theRunBudgetCanBeRaised() {
        let options = LintOptions(maxGuardReadsPerRun: 1 << 24)
        let diagnostics = lint(Self.guardedFlows(3), options: options)
        #expect(!diagnostics.contains { $0.code == "coverage-capped" })
    }
}
