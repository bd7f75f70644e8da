import Dispatch

/// The drivers that expand states side by side, one per thread. Each runs its own core; they
/// share the numbers of settings (`SettingNumbers`). Work is handed out by index and its
/// results come back in index order, so the search merges them as if it had done the work
/// itself, one state after another: what it finds does not depend on how many workers there are.
final class ExplorationWorkers {
    let drivers: [RuntimeDriver]

    /// The most drivers: more threads than this only add copies of the core.
    static let maxCount = 64

    /// `driver` and up to `count - 1` workers made from it (`RuntimeDriver.worker()`), at most
    /// `maxCount` in all.
    init(driver: RuntimeDriver, count: Int) {
        drivers = [driver] + (1..<min(max(count, 1), Self.maxCount)).compactMap { _ in driver.worker() }
    }

    /// Whether some driver's step was cut short by `maxForks`.
    var forksBounded: Bool { drivers.contains { $0.forksBounded } }

    /// `body(driver, index)` for each index below `count`, spread over the drivers (each index
    /// on one of them, each driver on one thread at a time), in index order. With fewer than
    /// two indices per driver, every index runs on the calling thread with the first driver.
    func map<Result>(_ count: Int, _ body: (RuntimeDriver, Int) -> Result) -> [Result] {
        // Each result is made in its place in the list: moving it there from a slot of its own
        // copied it (a retain and a release of everything it holds).
        let count = max(count, 0)
        return Array(unsafeUninitializedCapacity: count) { results, initialized in
            guard count > 0, let first = results.baseAddress else { return }
            spread(count) { driver, index in (first + index).initialize(to: body(driver, index)) }
            initialized = count
        }
    }

    /// `body(driver, index)` for each index below `count`, begun now on background threads
    /// with every driver but the last, which the caller joins in with once it is free
    /// (`JoinableWork.join(with:)`, passing `joiningDriver`). With one driver there is no
    /// other thread, and all of it runs now: `body` and what it holds (the search's table of
    /// known states) are let go of before the caller goes on, so the caller's next change to
    /// that table does not copy it first.
    func begin<Result>(_ count: Int, _ body: @escaping (RuntimeDriver, Int) -> Result) -> JoinableWork<Result> {
        guard drivers.count > 1 else { return JoinableWork(count: count, doneWith: drivers[0], body) }
        return JoinableWork(count: count, background: Array(drivers.dropLast()), body)
    }

    /// The driver the caller joins begun work with (`begin(_:_:)`): the one no background
    /// thread uses.
    var joiningDriver: RuntimeDriver { drivers[drivers.count - 1] }

    /// Calls `body(driver, index)` for each index below `count`, on as many threads as there
    /// are drivers (each thread takes the next index not taken yet, with its own driver), or
    /// all on the calling thread when there are fewer than two indices per driver. Each call
    /// must touch only its own index.
    private func spread(_ count: Int, _ body: (RuntimeDriver, Int) -> Void) {
        let threads = min(drivers.count, count / 2)
        guard threads > 1 else { return (0..<count).forEach { body(drivers[0], $0) } }
        let queue = IndexQueue(count: count)
        withoutActuallyEscaping(body) { body in
            let shared = Unchecked((body: body, drivers: drivers))
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let (body, drivers) = shared.value
                // Every other thread from the back (`IndexQueue`).
                while let index = queue.take(fromBack: thread % 2 == 1) { body(drivers[thread], index) }
            }
        }
    }
}

/// Hands values to worker threads that the types cannot prove safe to share: each thread
/// writes only its own indices and uses only its own driver (`JoinableWork` hands a driver to
/// the one background thread that uses it).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
