import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A thread of its own running one closure, with a main thread's stack, that the thread which
/// started it waits for with `join`. For work split between two cores (building and decoding
/// the tree while the text is parsed, lint's checks): the work recurses as deep as the input's
/// limits allow, and the 512 KiB a secondary thread gets by default on Apple platforms may not
/// hold that.
///
/// The closure runs with the suggestion budget of the thread that started it installed
/// (`NameSuggester.budget`), as a child task inherits its parent's task-local values: work
/// moved to the worker spends the budget it would have spent where it was.
///
/// Made with `pthread_create` rather than Foundation's `Thread`, which cannot say that it
/// failed to start: a caller that then waited for it would wait for ever. When the system
/// refuses a thread, there is no worker (`init` returns nil) and the caller does the work on
/// its own thread.
package final class WorkerThread: @unchecked Sendable {
    /// As large as a main thread's stack; only the pages the work touches are ever used.
    package static let stackSize = 8 << 20

    private let thread: pthread_t
    private var joined = false

    /// Starts `body` at once on a new thread, with the calling thread's suggestion budget; nil
    /// when the system will not start one.
    package init?(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        _ = pthread_attr_setstacksize(&attributes, Self.stackSize)
        let budget = NameSuggester.budget
        let context = Unmanaged.passRetained(Body { NameSuggester.$budget.withValue(budget, operation: body) }).toOpaque()
        #if canImport(Darwin)
        var made: pthread_t?
        let status = pthread_create(&made, &attributes, { context in
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0, let made else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        thread = made
        #else
        var made = pthread_t()
        let status = pthread_create(&made, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        thread = made
        #endif
    }

    /// Returns once `body` has returned; everything it wrote can then be read. Called by the
    /// thread that made the worker; a second call returns at once.
    package func join() {
        guard !joined else { return }
        joined = true
        _ = pthread_join(thread, nil)
    }

    deinit {
        // A worker nobody joined must not leave its thread's resources behind.
        if !joined { _ = pthread_detach(thread) }
    }

    /// Whether there is a second core for a worker to run on.
    package static var hasSpareCore: Bool {
        ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// The closure, handed to the new thread through a raw pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
