@testable import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import BatonTestSupport
import Testing

/// Exploring with several jobs finds exactly what one job finds, in the same order: the same
/// states, traces, findings and bounds.
@MainActor
@Suite struct ParallelExplorationTests {
    @Test(arguments: ExampleFlowTests.flows)
    func anExampleFlowExploresTheSameWithAnyNumberOfJobs(_ name: String) throws {
        let spec = try #require(loadFlow(name))
        try expectSameWithAnyNumberOfJobs(spec, options: ExplorationOptions())
    }

    @Test func randomFlowsExploreTheSameWithAnyNumberOfJobs() throws {
        var compared = 0
        for seed in 0..<UInt64(80) {
            let loaded = FlowLoader().load(text: RandomFlow.yaml(seed: seed), path: "random.yaml")
            guard let spec = loaded.spec, !loaded.hasErrors, !Linter().lint(spec).hasErrors else { continue }
            try expectSameWithAnyNumberOfJobs(spec, options: ExplorationOptions(maxStates: 800), seed: seed)
            compared += 1
        }
        #expect(compared >= 30, "only \(compared) random flows lint clean")
    }

    /// A search cut short by `maxStates` stops at the same state whatever the number of jobs.
    @Test func aBoundedSearchStopsAtTheSameStates() throws {
        var bounded = 0
        for seed in 0..<UInt64(40) {
            let loaded = FlowLoader().load(text: RandomFlow.yaml(seed: seed), path: "random.yaml")
            guard let spec = loaded.spec, !loaded.hasErrors, !Linter().lint(spec).hasErrors else { continue }
            let options = ExplorationOptions(maxStates: 40)
            let result = try expectSameWithAnyNumberOfJobs(spec, options: options, seed: seed)
            if result.boundsHit.contains("maxStates") { bounded += 1 }
        }
        #expect(bounded >= 5, "only \(bounded) random flows reach the bound")
    }

    /// The workers hand results back in the order of the work, each computed once, and free what
    /// they are given; their number is bounded.
    @Test func workersReturnResultsInOrder() throws {
        let spec = try #require(loadFlow("recipes.yaml"))
        let index = SpecIndex(spec)
        let domains = SettingDomains(spec: spec, index: index, checker: ValueChecker(index: index))
        let driver = RuntimeDriver(spec: spec, domains: domains, freeFacts: FreeFacts(spec: spec, domains: domains),
                                   returning: ReturningBranches(spec: spec, index: index))
        #expect(ExplorationWorkers(driver: driver, count: 4).drivers.count == 1, "no worker before the first start")
        let context = try #require(domains.startContexts(limit: 1).first)
        let start = try #require(driver.start(context: context, limit: 1).first)
        guard case .success = start.result else { Issue.record("recipes.yaml does not start"); return }
        let workers = ExplorationWorkers(driver: driver, count: 4)
        #expect(workers.drivers.count == 4)
        #expect(Set(workers.drivers.map(ObjectIdentifier.init)).count == 4, "each worker has a driver of its own")
        let squares = workers.map(1_000) { _, index in index * index }
        #expect(squares == (0..<1_000).map { $0 * $0 })
        #expect(workers.map(1) { _, index in index + 7 } == [7])
        #expect(workers.map(0) { _, index in index }.isEmpty)
        var made = (0..<100).map { [$0, $0 + 1] }
        workers.free(&made)
        #expect(made.isEmpty)
        #expect(ExplorationWorkers(driver: driver, count: 10_000).drivers.count == ExplorationWorkers.maxCount)
        #expect(ExplorationWorkers(driver: driver, count: -3).drivers.count == 1)
    }

    /// Work started beside the caller (the next batch's steps, while the search merges) gives
    /// its result once, whether it ran on another thread or at once.
    @Test func backgroundWorkHandsItsResultOver() throws {
        for inBackground in [false, true] {
            let work = Self.sum(upTo: 1_000, inBackground: inBackground)
            #expect(work.wait() == 499_500)
            #expect(work.wait() == nil, "the result is handed over, not kept")
        }
    }

    /// Formed outside the main actor: work that runs on another thread must not belong to it.
    private nonisolated static func sum(upTo count: Int, inBackground: Bool) -> BackgroundWork<Int> {
        BackgroundWork(inBackground: inBackground) { (0..<count).reduce(0, +) }
    }

    @discardableResult
    private func expectSameWithAnyNumberOfJobs(_ spec: FlowSpec, options: ExplorationOptions, seed: UInt64? = nil,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws -> ExplorationResult {
        var one = options
        one.jobs = 1
        let alone = Explorer(spec: spec, options: one).run()
        for jobs in [2, 3] {
            var several = options
            several.jobs = jobs
            let together = Explorer(spec: spec, options: several).run()
            let label = "\(jobs) jobs" + (seed.map { ", seed \($0)" } ?? "")
            #expect(together.statesExplored == alone.statesExplored, "\(label)", sourceLocation: sourceLocation)
            #expect(together.findings == alone.findings, "\(label)", sourceLocation: sourceLocation)
            #expect(together.reached == alone.reached, "\(label)", sourceLocation: sourceLocation)
            #expect(together.declared == alone.declared, "\(label)", sourceLocation: sourceLocation)
            #expect(together.boundsHit == alone.boundsHit, "\(label)", sourceLocation: sourceLocation)
        }
        return alone
    }
}
