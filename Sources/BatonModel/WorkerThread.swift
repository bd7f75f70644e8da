import Foundation

/// A thread of its own running one closure, with a main thread's stack, that the thread which
/// started it waits for with `join`. For work split between two cores (decoding while
/// parsing, lint's checks): the work recurses as deep as the input's limits allow, and the
/// 512 KiB a secondary thread gets by default on Apple platforms may not hold that.
package final class WorkerThread: @unchecked Sendable {
    /// As large as a main thread's stack; only the pages the work touches are ever used.
    package static let stackSize = 8 << 20

    private let finished = DispatchSemaphore(value: 0)

    /// Starts `body` at once on the new thread.
    package init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [finished] in
            body()
            finished.signal()
        }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// Returns once `body` has returned; everything it wrote can then be read. Call it once.
    package func join() {
        finished.wait()
    }

    /// Whether there is a second core for a worker to run on.
    package static var hasSpareCore: Bool {
        ProcessInfo.processInfo.activeProcessorCount > 1
    }
}
