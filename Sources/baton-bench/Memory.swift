import Foundation

/// The process's memory, as the kernel counts it.
///
/// Linux: resident set (`VmRSS`) and its high-water mark (`VmHWM`) from `/proc/self/status`;
/// the mark is reset by writing `5` to `/proc/self/clear_refs`. macOS: the high-water mark from
/// `getrusage`, which cannot be reset, and the bytes in use of the malloc zones for the current
/// figure.
enum Memory {
    /// Bytes resident now.
    static func currentBytes() -> Int? {
        #if os(Linux)
        return status("VmRSS:")
        #elseif canImport(Darwin)
        var stats = malloc_statistics_t()
        malloc_zone_statistics(nil, &stats)
        return Int(stats.size_in_use)
        #else
        return nil
        #endif
    }

    /// The most bytes resident at once since the start, or since the last `resetPeak`.
    static func peakBytes() -> Int? {
        #if os(Linux)
        return status("VmHWM:")
        #elseif canImport(Darwin)
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss)  // bytes on macOS
        #else
        return nil
        #endif
    }

    /// Sets the high-water mark to the current resident set; false where that is impossible.
    static func resetPeak() -> Bool {
        #if os(Linux)
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// A `kB` line of `/proc/self/status`, in bytes.
    private static func status(_ key: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status"),
              let text = String(data: data, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            let digits = line.dropFirst(key.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
    #endif
}
