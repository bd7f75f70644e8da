@testable import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import BatonTestSupport
import Dispatch
import Foundation
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

    /// The workers hand results back in the order of the work, each computed once; their number
    /// is bounded.
    @Test func workersReturnResultsInOrder() throws {
        let (driver, domains) = try recipesDriver()
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
        #expect(ExplorationWorkers(driver: driver, count: 10_000).drivers.count == ExplorationWorkers.maxCount)
        #expect(ExplorationWorkers(driver: driver, count: -3).drivers.count == 1)
    }

    /// Work begun beside the caller (the next batch's steps, while the search merges) runs each
    /// index once, on whichever thread takes it, and hands the results over in index order
    /// when the caller joins, whether background threads began it or the caller does it all.
    /// Work spread over the workers at once (the survey of a batch) comes back in order too.
    @Test func joinedWorkHandsItsResultsOverInOrder() throws {
        let (driver, domains) = try recipesDriver()
        let context = try #require(domains.startContexts(limit: 1).first)
        _ = driver.start(context: context, limit: 1)
        for count in [1, 3] {
            let workers = ExplorationWorkers(driver: driver, count: count)
            let runs = RunCounter(count: 2_000)
            let work = workers.begin(2_000) { _, index in
                runs.note(index)
                return index * 3
            }
            #expect(work.join(with: workers.joiningDriver) == (0..<2_000).map { $0 * 3 }, "\(count) workers")
            #expect(runs.counts.allSatisfy { $0 == 1 }, "each index runs once with \(count) workers")
            #expect(work.join(with: workers.joiningDriver).isEmpty, "the results are handed over, not kept")

            let mapped = RunCounter(count: 1_000)
            let results = workers.map(1_000) { _, index in
                mapped.note(index)
                return "\(index)"
            }
            #expect(results == (0..<1_000).map { "\($0)" }, "mapped by \(count) workers")
            #expect(mapped.counts.allSatisfy { $0 == 1 }, "each index mapped once by \(count) workers")
            #expect(workers.map(0) { _, index in index }.isEmpty)
        }
    }

    /// Indices handed out from several threads at once, some taking from the front and some
    /// from the back: each exactly once.
    @Test func theIndexQueueHandsEachIndexOutOnce() {
        let queue = IndexQueue(count: 10_000)
        let runs = RunCounter(count: 10_000)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            while let index = queue.take(fromBack: thread % 2 == 1) { runs.note(index) }
        }
        #expect(runs.counts.allSatisfy { $0 == 1 })
        #expect(queue.take() == nil)
        #expect(queue.take(fromBack: true) == nil)
        #expect(IndexQueue(count: -2).take(fromBack: true) == nil)
    }

    /// The front hands out indices up from 0, the back down from the last, until they meet.
    @Test func theIndexQueueHandsOutRunsFromBothEnds() {
        let queue = IndexQueue(count: 5)
        #expect(queue.take() == 0)
        #expect(queue.take(fromBack: true) == 4)
        #expect(queue.take(fromBack: true) == 3)
        #expect(queue.take() == 1)
        #expect(queue.take() == 2)
        #expect(queue.take(fromBack: true) == nil)
        #expect(queue.take() == nil)
    }

    /// A driver of `recipes.yaml`, not started, and the settings it explores.
    private func recipesDriver() throws -> (RuntimeDriver, SettingDomains) {
        let spec = try #require(loadFlow("recipes.yaml"))
        let index = SpecIndex(spec)
        let domains = SettingDomains(spec: spec, index: index, checker: ValueChecker(index: index))
        let driver = RuntimeDriver(spec: spec, domains: domains, freeFacts: FreeFacts(spec: spec, domains: domains),
                                   returning: ReturningBranches(spec: spec, index: index))
        return (driver, domains)
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

/// Counts how often each index ran, from any thread.
private final class RunCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [Int]

    init(count: Int) {
        runs = Array(repeating: 0, count: count)
    }

    func note(_ index: Int) {
        lock.withLock { runs[index] += 1 }
    }

    var counts: [Int] { lock.withLock { runs } }
}
