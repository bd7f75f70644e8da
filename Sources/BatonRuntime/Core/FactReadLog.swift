/// The context facts conditions read while it is attached to a core: how exploration learns
/// which facts a step depended on, to take the step again under each of their values. Apps
/// attach none. A class, because the core is copied and every copy reports to the same log;
/// it is used from one thread at a time, as the core is.
package final class FactReadLog: @unchecked Sendable {
    /// The facts read since the last `clear()`, in the order first read.
    package private(set) var facts: [String] = []

    package init() {}

    func note(_ fact: String) {
        if !facts.contains(fact) { facts.append(fact) }
    }

    package func clear() {
        facts.removeAll(keepingCapacity: true)
    }
}
