import BatonModel

/// One way a step taken from a state went, for the stuck check: the free facts it was taken
/// under (`FreeFacts`) and whether it leads away (a user step handled, or a fact set that
/// changes what is shown).
struct WayOut {
    var decided: [String: Value]
    var out: Bool

    /// The most assignments of free facts the stuck check tries; past it, a state counts as
    /// stuck only when no step leads away under any of them.
    static let maxAssignments = 4_096

    /// An assignment of free facts under which no step leads away, given each step's ways
    /// (`steps`); nil when there is none. A state whose key leaves free facts out stands for
    /// every value of them, and its user is stuck if under one of them nothing leads away.
    /// Each step's ways split the values of the facts it read, so under a full assignment
    /// exactly one way of each step applies.
    static func stuckAssignment(_ steps: [[WayOut]], freeFacts: FreeFacts) -> [String: Value]? {
        var read: Set<String> = []
        for way in steps.joined() {
            // A way out that read nothing leads away under every assignment.
            if way.out, way.decided.isEmpty { return nil }
            read.formUnion(way.decided.keys)
        }
        var assignments: [[String: Value]] = [[:]]
        for fact in freeFacts.names where read.contains(fact) {
            let values = freeFacts.values(of: fact)
            guard assignments.count * max(values.count, 1) <= maxAssignments else {
                return steps.joined().contains(where: \.out) ? nil : [:]
            }
            assignments = assignments.flatMap { partial in
                values.map { value in partial.merging([fact: value]) { _, new in new } }
            }
        }
        return assignments.first { assignment in
            !steps.contains { ways in
                ways.contains { way in way.out && way.decided.allSatisfy { assignment[$0.key] == $0.value } }
            }
        }
    }
}
