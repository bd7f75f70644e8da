/// The flags and context facts conditions read while it is attached to a core: how
/// exploration learns which settings a step depended on, to take the step again under each of
/// their values. Apps attach none. A class, because the core is copied and every copy reports
/// to the same log; it is used from one thread at a time, as the core is.
package final class ConditionReadLog: @unchecked Sendable {
    // Not checked for overlapping accesses at run time: read and written on every condition a
    // step reads, by the one thread that uses the log, and never while another access is open.

    /// The facts read since the last `clear()`, in the order first read.
    @exclusivity(unchecked) private var facts: [String] = []
    /// The flags read since the last `clear()`, in the order first read.
    @exclusivity(unchecked) private var flags: [String] = []

    package init() {}

    /// The flags and the facts read since the last `clear()`, in one call.
    // Perf: read here, where the lists' accesses go unchecked (PERFORMANCE.md).
    package var read: (flags: [String], facts: [String]) { (flags, facts) }

    func note(fact: String) {
        if !facts.contains(fact) { facts.append(fact) }
    }

    func note(flag: String) {
        if !flags.contains(flag) { flags.append(flag) }
    }

    package func clear() {
        // Most steps read nothing. Those that read something hand the lists on, so keeping
        // their capacity would allocate a new buffer for each.
        if !facts.isEmpty { facts = [] }
        if !flags.isEmpty { flags = [] }
    }
}
