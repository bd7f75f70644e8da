import BatonLoader
import BatonModel
import Testing
@testable import BatonLint

/// How the checks are split between two threads: the checks that share an analysis made on
/// first use stay together, in order. (Every lint test also lints on two threads and compares,
/// through `lint`; large files are in `ParallelLintTests`.)
@Suite struct ParallelChecksTests {
    private let checks = Linter.checks
    private var units: [[Int]] { ParallelChecks.units(of: checks) }

    @Test func everyCheckIsInExactlyOneUnitInItsOrder() {
        let positions = units.flatMap { $0 }
        #expect(positions.sorted() == Array(checks.indices))
        for unit in units { #expect(unit == unit.sorted()) }
    }

    @Test func eachGroupIsOneUnitAndEveryOtherCheckAUnitOfItsOwn() {
        for group in ParallelChecks.groups {
            let wanted = group.compactMap { check in checks.firstIndex { $0 == check } }
            #expect(wanted.count == group.count, "a grouped check is missing from Linter.checks")
            #expect(units.contains(wanted.sorted()))
        }
        let grouped = ParallelChecks.groups.flatMap { $0 }.count
        #expect(units.count == checks.count - grouped + ParallelChecks.groups.count)
    }

    @Test func theChecksThatAskForPayloadsAndCoverageAreGrouped() {
        // The analyses whose memo depends on the order of questions are `payloads` and
        // `coverage`; a check that reads one of them outside its group would race.
        let grouped = Set(ParallelChecks.groups.flatMap { $0 }.map { ObjectIdentifier($0) })
        for check in [PayloadMismatchCheck.self, ResultMismatchCheck.self, BrokenSequenceCheck.self,
                      MissingResultCheck.self, NoVisibleTabCheck.self, NoBranchShownCheck.self,
                      CoverageUndecidedCheck.self] as [any LintCheck.Type] {
            #expect(grouped.contains(ObjectIdentifier(check)), "\(check)")
        }
    }

    @Test func theChecksRunWhileTheGraphIsMadeLeaveItUnmade() {
        // Every check's documented examples, good and bad: specs that reach each check's paths.
        let examples = checks.flatMap { [$0.description.badExample, $0.description.goodExample] }
        let specs = examples.compactMap { FlowLoader().load(text: $0, path: "example.yaml").spec }
        #expect(specs.count > checks.count)
        for spec in specs {
            for check in ParallelChecks.beforeTheGraph {
                let context = LintContext(spec, options: LintOptions())
                context.makeSharedAnalysesButTheGraph()
                _ = check.run(context)
                #expect(!context.hasGraph, "\(check) made the flow graph, which the other thread is making")
            }
        }
    }

    @Test func theLongestChecksAreTakenFirstAndTheRestInOrder() {
        let ordered = ParallelChecks.order(units, of: checks)
        #expect(ordered.count == units.count)
        #expect(Set(ordered) == Set(units))
        // The first units hold the longest checks, in that order.
        let firsts = ParallelChecks.longestFirst.compactMap { check in
            ordered.firstIndex { unit in unit.contains { checks[$0] == check } }
        }
        #expect(firsts == Array(0..<ParallelChecks.longestFirst.count))
        // After them, the units keep the order they had.
        let rest = Array(ordered.dropFirst(firsts.count))
        #expect(rest == units.filter { !ordered.prefix(firsts.count).contains($0) })
    }
}
