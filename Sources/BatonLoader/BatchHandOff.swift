import Foundation

/// Hands batches from one thread to another in the order they were made, with at most
/// `maxWaiting` waiting: when the taking thread falls behind, the giving one waits for it, so
/// only a few batches are held at once.
///
/// The giver calls `give` and, at the end, `finish`; the taker calls `take` until it returns
/// nil, or `stop` to refuse what is still to come (the giver's next `give` then returns false,
/// at once).
final class BatchHandOff<Batch>: @unchecked Sendable {
    /// The most batches given and not yet taken.
    let maxWaiting: Int

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [Batch] = []
    private var isFinished = false
    private var isStopped = false

    init(maxWaiting: Int = 1) {
        self.maxWaiting = max(1, maxWaiting)
    }

    /// Hands `batch` over, waiting while `maxWaiting` batches wait. Returns false, dropping
    /// the batch, once the taker has stopped.
    func give(_ batch: consuming Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= maxWaiting && !isStopped { condition.wait() }
        guard !isStopped else { return false }
        waiting.append(batch)
        condition.broadcast()
        return true
    }

    /// Says that no batch will follow.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest batch waiting; nil once there are none and the giver has finished (or the
    /// taker stopped).
    func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isFinished && !isStopped { condition.wait() }
        guard !waiting.isEmpty, !isStopped else { return nil }
        let batch = waiting.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Refuses every batch still to come and drops those waiting.
    func stop() {
        condition.lock()
        isStopped = true
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
