import Foundation
import Testing
@testable import BatonModel

/// A worker thread runs its closure on a thread of its own, with room for deep recursion, and
/// `join` returns only once the closure has.
@Suite struct WorkerThreadTests {
    private final class Seen: @unchecked Sendable {
        var ran = false
        var onCallingThread = false
        var depthReached = 0
        var budget: ObjectIdentifier?
    }

    @Test func theClosureRunsOnAnotherThreadAndIsDoneWhenJoined() throws {
        let seen = Seen()
        let caller = ObjectIdentifier(Thread.current)
        let worker = try #require(WorkerThread {
            // Long enough that a join that did not wait would find `ran` still false.
            Thread.sleep(forTimeInterval: 0.05)
            seen.onCallingThread = ObjectIdentifier(Thread.current) == caller
            seen.ran = true
        })
        worker.join()
        #expect(seen.ran)
        #expect(!seen.onCallingThread)
        worker.join()  // a second join returns at once
    }

    /// Deeper than the 512 KiB a secondary thread gets by default on Apple platforms would hold.
    @Test func theThreadHasAMainThreadsStack() throws {
        let seen = Seen()
        let worker = try #require(WorkerThread { seen.depthReached = Self.recurse(10_000) })
        worker.join()
        #expect(seen.depthReached == 10_000)
    }

    /// Each level keeps a 64-byte buffer on the stack and adds to what the level below returns,
    /// so that the recursion is not turned into a loop: a megabyte or more in all.
    private static func recurse(_ levels: Int) -> Int {
        guard levels > 0 else { return 0 }
        var buffer = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
        buffer.0 = UInt64(levels)
        return withUnsafeBytes(of: &buffer) { $0.count > 0 ? 1 : 0 } + recurse(levels - 1)
    }

    /// Work moved to a worker spends the budget of the thread that started it.
    @Test func theClosureRunsWithTheStartingThreadsSuggestionBudget() throws {
        let seen = Seen()
        let expected = try NameSuggester.withBudget { () throws -> ObjectIdentifier? in
            let worker = try #require(WorkerThread { seen.budget = NameSuggester.budget.map(ObjectIdentifier.init) })
            worker.join()
            return NameSuggester.budget.map(ObjectIdentifier.init)
        }
        #expect(expected != nil)
        #expect(seen.budget == expected)
    }
}
