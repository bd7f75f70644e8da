import BatonModel

/// What restoring a snapshot taken under another version of the flow did: the two versions,
/// and what mapping the snapshot into this one dropped, and why (docs/EVOLUTION.md). The
/// runtime logs the same, one entry per loss.
public struct CrossVersionRestore: Sendable, Hashable {
    /// The flow the snapshot was taken under.
    public var takenUnder: FlowIdentity
    /// The flow it was restored under.
    public var restoredUnder: FlowIdentity
    /// Everything dropped, root first (`SnapshotMapping`); empty when all of it still fits.
    public var losses: [SnapshotLoss]

    /// A restore from `takenUnder` into `restoredUnder` that dropped `losses`.
    public init(takenUnder: FlowIdentity, restoredUnder: FlowIdentity, losses: [SnapshotLoss]) {
        self.takenUnder = takenUnder
        self.restoredUnder = restoredUnder
        self.losses = losses
    }

    /// Whether the user is where they were: the screen they saw is kept, where it was.
    public var keepsPlace: Bool { !losses.contains(where: \.losesPlace) }

    /// The log's entries for it: one saying what was mapped into what, then one per loss.
    func logEntries() -> [LogEntry] {
        let summary = losses.isEmpty ? "everything saved still fits"
            : "dropped \(losses.count) part\(losses.count == 1 ? "" : "s")" + (keepsPlace ? ", the user's place kept" : ", the user's place lost")
        var entries = [LogEntry(sequence: 0, trigger: "restore", action: "map \(takenUnder) → \(restoredUnder)",
                                result: "handled", message: summary)]
        for loss in losses {
            entries.append(LogEntry(sequence: 0, trigger: "restore", action: "drop \(loss.item ?? "held link")",
                                    result: "handled", message: "\(loss.cause.rawValue): \(loss.description)"))
        }
        return entries
    }
}
