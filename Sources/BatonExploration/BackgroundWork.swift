import Dispatch

/// Work running on another thread while the caller does something else; `wait()` returns its
/// result once it is done. Work that is not to run beside the caller runs at once, on the
/// calling thread.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once by the work's thread before `done` is left, read only after waiting on it.
    private var result: Value?

    /// Starts `work` on another thread when `inBackground`, else runs it now.
    init(inBackground: Bool, _ work: @escaping () -> Value) {
        guard inBackground else {
            result = work()
            return
        }
        let shared = UncheckedWork(work)
        done.enter()
        DispatchQueue.global().async { [self] in
            result = shared.work()
            done.leave()
        }
    }

    /// The work's result, once it is done; handed over, not kept (so that whoever frees it
    /// frees it).
    func wait() -> Value? {
        done.wait()
        defer { result = nil }
        return result
    }
}

/// Hands the work to its thread: the caller does not touch what it captures until it waited.
private struct UncheckedWork<Value>: @unchecked Sendable {
    let work: () -> Value
    init(_ work: @escaping () -> Value) { self.work = work }
}
