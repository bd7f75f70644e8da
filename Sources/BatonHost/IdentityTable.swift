import BatonRuntime

/// The identity of each instance in its present life: an instance keeps its identity for as
/// long as the runtime keeps its view model (a screen) or coordinator (a flow), the object it
/// is handed here as `life`. A restore makes new ones for every instance; a new flow keeps
/// those of the instances it keeps. Held strongly while the identity lives, so no other object
/// can take its address meanwhile.
@MainActor
final class IdentityTable {
    private var next = 1
    fileprivate var current: [Int: (identity: ViewIdentity, life: AnyObject)] = [:]

    /// The identity of `item` in the life of `life`: the one it has, else a new one.
    func identity(of item: LayoutItem, life: AnyObject) -> ViewIdentity {
        if let known = current[item.instance], known.life === life, known.identity.name == item.name {
            return known.identity
        }
        let made = ViewIdentity(serial: next, instance: item.instance, name: item.name)
        next += 1
        current[item.instance] = (made, life)
        return made
    }

    /// Forgets `identity` once nothing shows it; a newer identity of its instance stays.
    func release(_ identity: ViewIdentity) {
        if current[identity.instance]?.identity == identity { current[identity.instance] = nil }
    }
}

extension IdentityTable {
    /// Forgets every identity but `kept`: those planned and never made.
    func keep(only kept: Set<ViewIdentity>) {
        current = current.filter { kept.contains($0.value.identity) }
    }
}
