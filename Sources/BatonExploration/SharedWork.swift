import Dispatch
import Foundation

/// Indices `0..<count` handed out one at a time to whichever thread asks next: a thread that
/// is slowed down (the search's merge shares the cores with the workers) does not hold the
/// rest of the work back, as a fixed share per thread would.
///
/// Threads take from the front or from the back (`take(fromBack:)`), so that two threads each
/// work through a run of neighbouring indices: neighbouring states in a batch share most of
/// what they hold (their parents' flows, the same screens' steps), and two threads counting
/// references on the same objects at once slow each other down.
final class IndexQueue: @unchecked Sendable {
    private let lock = NSLock()
    /// The indices not handed out yet: `front..<back`.
    private var front = 0
    private var back: Int

    init(count: Int) {
        back = max(count, 0)
    }

    /// The next index not handed out yet, from the front or the back; nil once every index was.
    func take(fromBack: Bool = false) -> Int? {
        lock.withLock {
            guard front < back else { return nil }
            if fromBack {
                back -= 1
                return back
            }
            front += 1
            return front - 1
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
    /// Nil for work done when it was made (`init(count:doneWith:_:)`).
    private let body: ((RuntimeDriver, Int) -> Result)?
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

    /// The work done at once, on the calling thread with `driver`; `body` is not kept.
    init(count: Int, doneWith driver: RuntimeDriver, _ body: (RuntimeDriver, Int) -> Result) {
        queue = IndexQueue(count: 0)
        slots = .allocate(capacity: max(count, 0))
        slots.initialize(repeating: nil)
        self.body = nil
        for index in slots.indices { slots[index] = body(driver, index) }
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    private func run(with driver: RuntimeDriver, fromBack: Bool = false) {
        guard let body else { return }
        while let index = queue.take(fromBack: fromBack) { slots[index] = body(driver, index) }
    }

    /// Takes the indices left with `driver` on the calling thread, waits for the background
    /// threads, and hands the results over in index order (they are not kept).
    func join(with driver: RuntimeDriver) -> [Result] {
        // From the back: the background threads began at the front.
        run(with: driver, fromBack: true)
        done.wait()
        return slots.indices.compactMap { slots[$0].take() }
    }
}
