import Foundation

/// Timing on the monotonic clock: a warm-up run, then the median of several.
enum Measure {
    /// Keeps results alive so the optimizer cannot drop the work that made them.
    nonisolated(unsafe) static var sink = 0

    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The milliseconds one run of `body` takes, with no warm-up. `body` returns a number
    /// derived from its work.
    static func milliseconds(_ body: () -> Int) -> Double {
        let start = now()
        let result = body()
        let end = now()
        sink &+= result
        return Double(end - start) / 1e6
    }

    /// The median, in milliseconds, of `runs` runs of `body` after one warm-up run. `body`
    /// returns a number derived from its work.
    static func medianMilliseconds(runs: Int, _ body: () -> Int) -> Double {
        sink &+= body()
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = now()
            let result = body()
            let end = now()
            sink &+= result
            times.append(Double(end - start) / 1e6)
        }
        return median(times)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
