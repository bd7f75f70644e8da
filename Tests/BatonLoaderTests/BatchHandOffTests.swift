import BatonModel
import Foundation
import Testing
@testable import BatonLoader

/// Batches handed from one thread to another: each once, in order, and a taker that stops
/// frees the giver at once.
@Suite struct BatchHandOffTests {
    /// What the taking thread saw, read by the test only after it finished.
    private final class Seen: @unchecked Sendable {
        var batches: [Int] = []
    }

    @Test func everyBatchIsTakenOnceInOrder() throws {
        let handOff = BatchHandOff<Int>(maxWaiting: 2)
        let seen = Seen()
        let taker = try #require(WorkerThread {
            while let batch = handOff.take() { seen.batches.append(batch) }
        })
        for batch in 0..<500 { #expect(handOff.give(batch)) }
        handOff.finish()
        taker.join()
        #expect(seen.batches == Array(0..<500))
    }

    @Test func finishingWithNothingGivenEndsTheTaking() {
        let handOff = BatchHandOff<Int>()
        handOff.finish()
        #expect(handOff.take() == nil)
    }

    @Test func aStoppedTakerRefusesWhatIsStillToCome() {
        let handOff = BatchHandOff<Int>(maxWaiting: 1)
        #expect(handOff.give(1))
        // The giver would wait for room now; a stop drops the waiting batch and refuses the rest.
        handOff.stop()
        #expect(!handOff.give(2))
        #expect(handOff.take() == nil)
    }

    @Test func aGiverWaitingForRoomIsFreedByAStop() throws {
        let handOff = BatchHandOff<Int>(maxWaiting: 1)
        let stopper = try #require(WorkerThread {
            // Takes the first batch, then stops while the giver waits for room.
            _ = handOff.take()
            Thread.sleep(forTimeInterval: 0.05)
            handOff.stop()
        })
        var given = 0
        for batch in 0..<100 {
            guard handOff.give(batch) else { break }
            given += 1
        }
        stopper.join()
        #expect(given < 100)
    }
}
