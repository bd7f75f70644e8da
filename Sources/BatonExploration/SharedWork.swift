import Dispatch
import Foundation

/// Indices `0..<count` handed out one at a time to whichever thread asks next: a thread that
/// is slowed down (the search's merge shares the cores with the workers) does not hold the
/// rest of the work back, as a fixed share per thread would.
final class IndexQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int

    init(count: Int) {
        self.count = max(count, 0)
    }

    /// The next index not handed out yet; nil once every index was.
    func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }
}

/// `body(driver, index)` for each index below `count`, begun at once on background threads
/// (one per driver given), which the caller joins once it is free (`join(with:)`): how the
/// next batch's steps are taken while the search merges the batch before. Each index runs
/// once, on whichever thread takes it first, and the results come back in index order.
final class JoinableWork<Result>: @unchecked Sendable {
    private let queue: IndexQueue
    // Each slot is written by the one thread that took its index, and read only after `done`.
    private let slots: UnsafeMutableBufferPointer<Result?>
    private let body: (RuntimeDriver, Int) -> Result
    private let done = DispatchGroup()

    init(count: Int, background: [RuntimeDriver], _ body: @escaping (RuntimeDriver, Int) -> Result) {
        queue = IndexQueue(count: count)
        slots = .allocate(capacity: max(count, 0))
        slots.initialize(repeating: nil)
        self.body = body
        for driver in background {
            let shared = Unchecked(driver)
            done.enter()
            DispatchQueue.global().async { [self] in
                run(with: shared.value)
                done.leave()
            }
        }
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    private func run(with driver: RuntimeDriver) {
        while let index = queue.take() { slots[index] = body(driver, index) }
    }

    /// Takes the indices left with `driver` on the calling thread, waits for the background
    /// threads, and hands the results over in index order (they are not kept).
    func join(with driver: RuntimeDriver) -> [Result] {
        run(with: driver)
        done.wait()
        return slots.indices.compactMap { slots[$0].take() }
    }
}
