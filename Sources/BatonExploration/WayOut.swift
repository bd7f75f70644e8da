import BatonModel

/// One way a step taken from a state went, for the stuck check: the open settings it was
/// taken under (free facts, `FreeFacts`; flags not decided before, `RuntimeDriver`) and whether
/// it leads away (a user step handled, or a fact set that changes what is shown).
struct WayOut {
    var facts: [String: Value]
    var flags: [String: Literal]
    var out: Bool

    /// An assignment of open settings under which nothing leads away.
    struct Assignment {
        var facts: [String: Value] = [:]
        var flags: [String: Literal] = [:]
    }

    /// The most assignments the stuck check tries; past it, a state counts as stuck only when
    /// no step leads away under any of them.
    static let maxAssignments = 4_096

    /// An assignment of the open settings under which no step leads away, given each step's
    /// ways (`steps`); nil when there is none. A state stands for itself under every value of
    /// its open settings, and its user is stuck if under one of them nothing leads away. Each
    /// step's ways split the values of the settings it read, so under a full assignment
    /// exactly one way of each step applies.
    static func stuckAssignment(_ steps: [[WayOut]], freeFacts: FreeFacts,
                                flagValues: (String) -> [Literal]) -> Assignment? {
        var readFacts: Set<String> = []
        var readFlags: Set<String> = []
        for way in steps.joined() {
            // A way out that read nothing open leads away under every assignment.
            if way.out, way.facts.isEmpty, way.flags.isEmpty { return nil }
            readFacts.formUnion(way.facts.keys)
            readFlags.formUnion(way.flags.keys)
        }
        var assignments = [Assignment()]
        func grow<V>(_ values: [V], _ set: @escaping (inout Assignment, V) -> Void) -> Bool {
            guard assignments.count * max(values.count, 1) <= maxAssignments else { return false }
            assignments = assignments.flatMap { partial in
                values.map { value in
                    var next = partial
                    set(&next, value)
                    return next
                }
            }
            return true
        }
        let anyOut = steps.joined().contains(where: \.out)
        for flag in readFlags.sorted() where !grow(flagValues(flag), { $0.flags[flag] = $1 }) {
            return anyOut ? nil : Assignment()
        }
        for fact in freeFacts.names where readFacts.contains(fact) && !grow(freeFacts.values(of: fact), { $0.facts[fact] = $1 }) {
            return anyOut ? nil : Assignment()
        }
        return assignments.first { assignment in
            !steps.contains { ways in
                ways.contains { way in
                    way.out && way.facts.allSatisfy { assignment.facts[$0.key] == $0.value }
                        && way.flags.allSatisfy { assignment.flags[$0.key] == $0.value }
                }
            }
        }
    }
}
