import BatonModel

/// The context facts a state need not remember. The app may set a fact at any moment, and
/// setting one that no following switch reads and no rollout buckets by changes nothing at
/// once: its value matters only to a step whose conditions read it. So a state stands for
/// itself under every value of these facts, and its key leaves them out; a step that reads one
/// is taken once under each of its values (as if the app had set it just before), and a step
/// to a state that must keep them (one that holds a link, or has a following switch out of
/// step, where setting any fact acts at once) is taken under each of their assignments. Without
/// this, every state was explored once per assignment of every fact, though most never read one.
/// A fact that may be absent is not free: once set, the app cannot take it away.
struct FreeFacts {
    /// The free facts in name order.
    private(set) var names: [String] = []
    private var valuesByName: [String: [Value]] = [:]
    /// Whether any switch has `follow: true` (then one may be out of step).
    let hasFollowingSwitches: Bool
    /// The flows whose content, as they start, depends on a free fact: a switch's branch, a
    /// sequence's first step or the tabs shown is chosen by a condition that reads one.
    private let flowsStartingOnThem: Set<String>

    init(spec: FlowSpec, domains: SettingDomains) {
        let bound = Self.boundFacts(of: spec)
        for (fact, values) in domains.facts where !bound.contains(fact) {
            let present = values.compactMap { $0 }
            guard present.count == values.count else { continue }
            names.append(fact)
            valuesByName[fact] = present
        }
        hasFollowingSwitches = spec.flows.contains(where: \.follow)
        let free = Set(names)
        flowsStartingOnThem = Set(spec.flows.filter { flow in
            Self.startConditions(of: flow.kind).contains { condition in
                SettingDomains.names(readBy: condition.expression).contains { name in
                    if case .context(let fact) = name { free.contains(fact) } else { false }
                }
            }
        }.map(\.name))
    }

    /// Whether a start or a step that read the facts `read` can have built a flow under a free
    /// fact: some flow's start reads one, and it read some fact. Asked before
    /// `madeUnderThem(_:reading:)`, which looks the facts up.
    func mayHaveBuiltUnderThem(reading read: [String]) -> Bool {
        !flowsStartingOnThem.isEmpty && !read.isEmpty
    }

    /// Whether `flow`, made by a start or a step that read the facts `read`, depends on the value
    /// a free fact had as it was made: its start reads a free fact, and one was read
    /// (`HiddenRegions`).
    func madeUnderThem(_ flow: String, reading read: [String]) -> Bool {
        flowsStartingOnThem.contains(flow) && read.contains(where: contains)
    }

    /// The conditions a flow of `kind` reads as it starts.
    private static func startConditions(of kind: FlowKind) -> [Condition] {
        switch kind {
        case .stack: []
        case .sequence(let steps), .switch(let steps): steps.compactMap(\.when)
        case .tabs(let tabs, _): tabs.compactMap(\.when)
        }
    }

    /// The facts a change of which acts at once, not only when a step reads them: those the
    /// conditions of a following switch read, and those a flag's rollout buckets by.
    private static func boundFacts(of spec: FlowSpec) -> Set<String> {
        var bound: Set<String> = []
        for flow in spec.flows where flow.follow {
            guard case .switch(let branches) = flow.kind else { continue }
            for condition in branches.compactMap(\.when) {
                for case .context(let fact) in SettingDomains.names(readBy: condition.expression) { bound.insert(fact) }
            }
        }
        for flag in spec.flags where !flag.rollout.isEmpty { bound.insert(flag.bucketFact) }
        return bound
    }

    var isEmpty: Bool { names.isEmpty }

    func contains(_ fact: String) -> Bool { valuesByName[fact] != nil }

    /// The values of `fact` that matter to the conditions reading it.
    func values(of fact: String) -> [Value] { valuesByName[fact] ?? [] }
}
