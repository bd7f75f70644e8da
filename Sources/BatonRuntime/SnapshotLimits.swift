import BatonModel

/// Limits on a snapshot handed to `FlowRuntime.restore(_:)`, far above what a real app holds
/// (a stack of tens of screens, hundreds of instances), checked before anything is built.
public enum SnapshotLimits {
    /// Entries of one stack or sequence, tabs of one tabs flow, kept branches of one switch.
    public static let maxEntries = 1_000
    /// Screen and flow instances in the whole snapshot.
    public static let maxInstances = 10_000
    /// The largest `nextInstanceID` accepted: a run that creates a million instances a second
    /// takes a century to get there, and counting on from it can never overflow.
    public static let maxInstanceID = 1 << 52
    /// Held deep links (`FlowRuntime.maxHeldLinks`).
    public static var maxHeldLinks: Int { FlowRuntime.maxHeldLinks }

    /// The first problem of `snapshot`: a limit passed, or (unless the root has finished) a
    /// stack, sequence, switch or tabs flow with nothing to show. nil when it is fine.
    static func problem(with snapshot: RuntimeSnapshot) -> String? {
        guard snapshot.nextInstanceID <= maxInstanceID else {
            return "nextInstanceID \(snapshot.nextInstanceID) is over the limit of \(maxInstanceID)"
        }
        guard snapshot.heldLinks.count <= FlowRuntime.maxHeldLinks else {
            return "\(snapshot.heldLinks.count) held links, over the limit of \(FlowRuntime.maxHeldLinks)"
        }
        let requireContent = snapshot.finished == nil
        var instances = 0
        var pending: [ItemSnapshot] = [.flow(snapshot.root)]
        while let item = pending.popLast() {
            instances += 1
            guard instances <= maxInstances else {
                return "more than the limit of \(maxInstances) screen and flow instances"
            }
            guard case .flow(let flow) = item else { continue }
            let counts = [("entries", flow.entries.count), ("tabs", flow.tabs.count), ("kept branches", flow.kept.count)]
            for (what, count) in counts where count > maxEntries {
                return "flow '\(flow.flow)' (id \(flow.id)) has \(count) \(what), over the limit of \(maxEntries)"
            }
            if requireContent, let empty = emptiness(of: flow) {
                return "flow '\(flow.flow)' (id \(flow.id)) \(empty), so nothing would be on screen"
            }
            pending += flow.entries
            pending += flow.tabs.compactMap(\.flow)
            pending += flow.kept
            if let branch = flow.branch { pending.append(branch) }
            if let modal = flow.presented { pending.append(modal.item) }
        }
        return nil
    }

    /// Why a flow shows nothing, or nil when it shows something.
    private static func emptiness(of flow: FlowSnapshot) -> String? {
        switch flow.kind {
        case "stack", "sequence": flow.entries.isEmpty ? "has an empty stack" : nil
        case "switch": flow.branch == nil ? "shows no branch" : nil
        case "tabs":
            if flow.tabs.isEmpty { "has no tabs" }
            else if let tab = flow.tabs.first(where: { $0.flow == nil }) { "has no flow in tab '\(tab.id)'" }
            else { nil }
        default: nil
        }
    }
}
