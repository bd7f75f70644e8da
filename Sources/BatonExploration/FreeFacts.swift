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
    /// The switches with `follow: true`, by flow name.
    private let followingSwitches: Set<String>

    init(spec: FlowSpec, domains: SettingDomains) {
        for (name, values) in domains.freeFacts {
            names.append(name)
            valuesByName[name] = values
        }
        followingSwitches = Set(spec.flows.filter(\.follow).map(\.name))
    }

    var isEmpty: Bool { names.isEmpty }

    func contains(_ fact: String) -> Bool { valuesByName[fact] != nil }

    /// The values of `fact` that matter to the conditions reading it.
    func values(of fact: String) -> [Value] { valuesByName[fact] ?? [] }

    var hasFollowingSwitches: Bool { !followingSwitches.isEmpty }

    /// Whether flow `name` is a switch with `follow: true`.
    func follows(_ name: String) -> Bool { followingSwitches.contains(name) }
}
